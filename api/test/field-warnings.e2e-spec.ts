import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { FLAGGED_CELL_ARGB, FieldWarnings, WORKBOOK_BASE, countFlaggedFields } from '@cda/shared';
import type { AnalysisView } from '@cda/shared';
import { Stack, downloadBinary, registerUser, startStack, waitForFinal } from './harness';

// The handbook's samples live beside the repository (CI checks them out there too).
const SAMPLES = path.resolve(__dirname, '../../../shared/samples/cda-reported');
const SCANNED = '14-digitalizada-previdenciaria-inss';
const IN_COURT = '05-pgfn-natureza4-previdenciaria-armadilha';

const sample = (name: string) => readFileSync(path.join(SAMPLES, `${name}.pdf`));
const expectedNumbers = (name: string): string[] =>
  JSON.parse(readFileSync(path.join(SAMPLES, `${name}.expected.json`), 'utf8')).certificates.map((c: { registrationNumber: string }) => c.registrationNumber);

/** What lawyers usually upload: the court file, whose first page is the petition and the CDA comes after it. */
async function courtFile(cda: Buffer): Promise<Buffer> {
  const out = await PDFDocument.create();
  const font = await out.embedFont(StandardFonts.Helvetica);
  const bold = await out.embedFont(StandardFonts.HelveticaBold);
  const page = out.addPage([595, 842]);
  page.drawText('PETIÇÃO INICIAL — EXECUÇÃO FISCAL', { x: 60, y: 770, size: 14, font: bold });
  [
    'EXCELENTÍSSIMO SENHOR JUIZ FEDERAL DA VARA DE EXECUÇÕES FISCAIS',
    'A UNIÃO (FAZENDA NACIONAL), pela Procuradoria-Geral da Fazenda Nacional, propõe a presente',
    'EXECUÇÃO FISCAL com base na Certidão de Dívida Ativa anexa (Lei 6.830/1980, art. 6º).',
    'Requer a citação do executado para pagar a dívida ou garantir a execução em cinco dias.',
    'Dá-se à causa o valor da certidão anexa.',
  ].forEach((line, i) => page.drawText(line, { x: 60, y: 720 - i * 18, size: 11, font }));
  const source = await PDFDocument.load(cda);
  for (const p of await out.copyPages(source, source.getPageIndices())) out.addPage(p);
  return Buffer.from(await out.save());
}

interface NotedCell {
  row: number;
  note: string;
}

const noteText = (cell: ExcelJS.Cell): string | null => {
  const note = cell.note as string | ExcelJS.Comment | undefined;
  if (!note) return null;
  return typeof note === 'string' ? note : (note.texts ?? []).map((t) => t.text).join('');
};

/** Data cells in the highlight colour that carry a note (the header row has its own fill and note). */
function highlighted(ws: ExcelJS.Worksheet): NotedCell[] {
  const cells: NotedCell[] = [];
  ws.eachRow((row, r) => {
    if (r === 1) return;
    row.eachCell((cell) => {
      const fill = cell.fill as ExcelJS.FillPattern | undefined;
      const note = noteText(cell);
      if (fill?.pattern === 'solid' && fill.fgColor?.argb === FLAGGED_CELL_ARGB && note !== null) cells.push({ row: r, note });
    });
  });
  return cells;
}

const byRowThenNote = (a: NotedCell, b: NotedCell) => a.row - b.row || a.note.localeCompare(b.note);

describe('fields in doubt: stored with the analysis, highlighted in the Base workbook', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
    await stack.startWorker();
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('a scan and a court file: one highlighted cell, with its reason as note, per stored field warning', async () => {
    const user = await registerUser(stack);
    const res = await stack.http
      .post('/api/analyses')
      .set('Authorization', `Bearer ${user.token}`)
      .attach('files', sample(SCANNED), 'digitalizada.pdf')
      .attach('files', await courtFile(sample(IN_COURT)), 'execucao-fiscal.pdf')
      .expect(202);
    // OCR of the scan takes a few seconds on a busy machine.
    const analysis: AnalysisView = await waitForFinal(stack, user.token, res.body.id, 120_000);
    expect(analysis).toMatchObject({ status: 'done', fileCount: 2 });

    // Both certificates are found, not refused: the scan's and the one after the petition page.
    const files = analysis.files!;
    expect(files.map((f) => [f.name, f.status, f.error, f.certificateCount])).toEqual([
      ['digitalizada.pdf', 'done', null, expectedNumbers(SCANNED).length],
      ['execucao-fiscal.pdf', 'done', null, expectedNumbers(IN_COURT).length],
    ]);
    // The stored warnings are one entry per certificate, and the analysis' count is theirs.
    files.forEach((f) => expect(f.fieldWarnings).toHaveLength(f.certificateCount));
    const stored: FieldWarnings[] = files.flatMap((f) => f.fieldWarnings);
    expect(analysis.flaggedFieldCount).toBe(countFlaggedFields(stored.map((fieldWarnings) => ({ fieldWarnings }))));

    const download = await downloadBinary(stack, `/api/analyses/${analysis.id}/files/${WORKBOOK_BASE}`, user.token);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(download.body as unknown as ArrayBuffer);
    const certs = wb.getWorksheet('Certidões')!;
    const header = (certs.getRow(1).values as ExcelJS.CellValue[]).map(String);
    const col = (h: string) => header.indexOf(h);

    // Rows follow the files and, within a file, the certificates in extraction order.
    const rows = stored.map((_, i) => certs.getRow(2 + i));
    expect(rows.map((r) => [r.getCell(col('Arquivo')).value, String(r.getCell(col('Nº da inscrição')).value).replace(/[^\d/]/g, ''), r.getCell(col('Páginas')).value])).toEqual([
      ...expectedNumbers(SCANNED).map((n) => ['digitalizada.pdf', n, '1']),
      // The petition is page 1 of the court file: the certificate starts on page 2.
      ...expectedNumbers(IN_COURT).map((n) => ['execucao-fiscal.pdf', n, '2']),
    ]);
    expect(rows.map((r) => r.getCell(col('Campos a conferir')).value)).toEqual(stored.map((w) => Object.keys(w).length));

    // As many highlighted cells with notes as stored warnings, each note the stored reason, in its certificate's row.
    const expected = stored.flatMap((w, i) => Object.values(w).map((note) => ({ row: 2 + i, note: note! })));
    const noted = highlighted(certs);
    expect(noted.length).toBe(analysis.flaggedFieldCount);
    expect([...noted].sort(byRowThenNote)).toEqual([...expected].sort(byRowThenNote));

    // In Débitos, only the rows of a certificate whose debts are in doubt are highlighted, with that reason.
    const debtReasons = new Set(stored.map((w) => w.debts).filter((r): r is string => Boolean(r)));
    for (const cell of highlighted(wb.getWorksheet('Débitos')!)) expect(debtReasons.has(cell.note)).toBe(true);
  }, 180_000);
});
