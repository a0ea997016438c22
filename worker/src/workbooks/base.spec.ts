import type { Worksheet } from 'exceljs';
import { CertificateRecord, FLAGGED_CELL_ARGB, WarnedField } from '@cda/shared';
import { makeRecord, workedExample } from '../../../shared/src/simulation/testing';
import { buildBaseWorkbook, WorkbookFile } from './index';
import { WARNING_LEGEND } from './base';
import { computed, filledCells, formulasWithoutResult, noteText, openWorkbook, readTable, recalculate } from './workbook-testing';

function files(): WorkbookFile[] {
  const [a, b, c] = workedExample();
  const withDebts = {
    ...b,
    coDebtors: [{ name: 'FULANO DE TAL', document: '12345678909' }],
    pages: [2, 3, 4, 7],
    debts: [
      { period: '2019-Q1', dueDate: '2019-04-30', principal: 20_000_00, fine: 15_000_00, interest: 24_000_00 },
      { period: '2019-Q2', dueDate: null, principal: 30_000_00, fine: 22_500_00, interest: 36_000_00 },
    ],
    warnings: ['Soma das linhas difere do total impresso.'],
  };
  const municipal = makeRecord({ issuer: 'municipal', registrationNumber: '45/2020', principal: 1_234_56, registrationDate: null, debts: [] });
  return [
    { name: 'acme.pdf', pages: 9, extraction: { file: 'acme.pdf', certificates: [a, withDebts, c, municipal], error: null } },
    { name: 'vazio.pdf', pages: 1, extraction: { file: 'vazio.pdf', certificates: [], error: null } },
    { name: 'senha.pdf', pages: 0, extraction: { file: 'senha.pdf', certificates: [], error: 'PDF protegido por senha.' } },
  ];
}

describe('Base_Certidoes_Divida_Ativa.xlsx', () => {
  it('has every record field with real types and formats', async () => {
    const buffer = await buildBaseWorkbook(files());
    const wb = await openWorkbook(buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Certidões', 'Débitos', 'Arquivos']);

    const certs = wb.getWorksheet('Certidões') as Worksheet;
    const rows = readTable(certs);
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual({
      'Arquivo': 'acme.pdf', 'Páginas': '2–4, 7', 'Nº da inscrição': '80 6 19 123456-78', 'Esfera': 'Federal',
      'Órgão emissor': 'PROCURADORIA-GERAL DA FAZENDA NACIONAL', 'Natureza': 'Demais', 'Devedor': 'ACME COMERCIO LTDA',
      'CPF/CNPJ': '12.345.678/0001-95', 'Corresponsáveis': 'FULANO DE TAL – 123.456.789-09', 'Receita': '2172',
      'Descrição da receita': 'COFINS', 'Processo administrativo': '10880.123456/2019-11',
      'Data de inscrição': new Date(Date.UTC(2019, 7, 12)), 'Fundamento legal': 'Lei 10.833/03, art. 1º', 'Situação': 'ATIVA AJUIZADA',
      'Principal': 50_000, 'Multa': 37_500, 'Juros': 60_000, 'Encargo legal': 29_500, 'Total': 177_000,
      'Data de consolidação': new Date(Date.UTC(2025, 9, 31)), 'Nº de débitos': 2, 'Campos a conferir': 0, 'Alertas': 'Soma das linhas difere do total impresso.',
      'Motivo da natureza': null, 'Transação federal': 'Simulada',
    });
    expect(rows[0]['Nº da inscrição']).toBe('37.123.456-7');
    expect(rows[3]).toMatchObject({
      'Nº da inscrição': '45/2020', 'Esfera': 'Municipal', 'Data de inscrição': null, 'Total': 1_234.56, 'Transação federal': 'Fora da transação federal',
    });
    expect(rows[4]).toMatchObject({ 'Arquivo': 'Total', 'Principal': 231_234.56, 'Total': 508_234.56, 'Nº de débitos': 4 });
    expect(certs.getCell('T6').value).toMatchObject({ formula: 'SUM(T2:T5)' });
    expect(certs.getCell('P2').numFmt).toBe('[$R$-416] #,##0.00');
    expect(certs.getCell('M2').numFmt).toBe('dd/mm/yyyy');
    expect(typeof certs.getCell('H2').value).toBe('string');
    expect(certs.getRow(1).font?.bold).toBe(true);
    expect(certs.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(certs.autoFilter).toBe('A1:Z5');
    expect(certs.getColumn(1).width).toBe(30);

    const debts = readTable(wb.getWorksheet('Débitos') as Worksheet);
    expect(debts.map((d) => [d['Nº da inscrição'], d['Período de apuração'], d['Vencimento'], d['Total sem encargo legal']])).toEqual([
      ['37.123.456-7', '03/2018', new Date(Date.UTC(2018, 3, 25)), 155_000],
      ['80 6 19 123456-78', '1º TRI/2019', new Date(Date.UTC(2019, 3, 30)), 59_000],
      ['80 6 19 123456-78', '2º TRI/2019', null, 88_500],
      ['80 7 19 234567-89', '03/2018', new Date(Date.UTC(2018, 3, 25)), 120_000],
      ['Total', null, null, 422_500],
    ]);

    expect(readTable(wb.getWorksheet('Arquivos') as Worksheet)).toEqual([
      { 'Arquivo': 'acme.pdf', 'Páginas': 9, 'Certidões encontradas': 4, 'Situação': 'Processado', 'Erro': null },
      { 'Arquivo': 'vazio.pdf', 'Páginas': 1, 'Certidões encontradas': 0, 'Situação': 'Nenhuma certidão encontrada', 'Erro': null },
      { 'Arquivo': 'senha.pdf', 'Páginas': 0, 'Certidões encontradas': 0, 'Situação': 'Erro', 'Erro': 'PDF protegido por senha.' },
      { 'Arquivo': 'Total', 'Páginas': 10, 'Certidões encontradas': 4, 'Situação': null, 'Erro': null },
    ]);
  });

  it('recalculates its totals to the cached values with an independent engine', async () => {
    const buffer = await buildBaseWorkbook(files());
    expect(await formulasWithoutResult(buffer)).toEqual([]);
    const { hf, formulas } = recalculate(await openWorkbook(buffer));
    expect(formulas.length).toBeGreaterThan(10);
    for (const f of formulas) {
      expect([f.sheet, f.address, Math.round((computed(hf, f.sheet, f.row, f.col) as number) * 100)]).toEqual([
        f.sheet, f.address, Math.round((f.cached as number) * 100),
      ]);
    }
  });

  it('writes a valid workbook with no files at all', async () => {
    const wb = await openWorkbook(await buildBaseWorkbook([]));
    expect(readTable(wb.getWorksheet('Certidões') as Worksheet)).toEqual([expect.objectContaining({ 'Arquivo': null }), expect.objectContaining({ 'Arquivo': 'Total', 'Total': 0 })]);
  });
});

describe('Base_Certidoes_Divida_Ativa.xlsx: fields in doubt', () => {
  const AMBER = FLAGGED_CELL_ARGB;
  const one = (records: CertificateRecord[]): WorkbookFile[] => [
    { name: 'lote.pdf', pages: 3, extraction: { file: 'lote.pdf', certificates: records, error: null } },
  ];
  const header = (ws: Worksheet, col: number) => String(ws.getRow(1).getCell(col).value);

  it('highlights each flagged cell with its reason as a note, and nothing else', async () => {
    const [a, b] = workedExample();
    const doubtful: CertificateRecord = {
      ...b,
      registrationDate: null,
      coDebtors: [{ name: 'FULANO DE TAL', document: '12345678909' }],
      debts: [
        { period: '2019-Q1', dueDate: '2019-04-30', principal: 20_000_00, fine: 15_000_00, interest: 24_000_00 },
        { period: '2019-Q2', dueDate: null, principal: 30_000_00, fine: 22_500_00, interest: 36_000_00 },
      ],
      fieldWarnings: {
        principal: 'Dois valores de principal na página 1; usado o da tabela.',
        registrationDate: 'Data de inscrição não encontrada.',
        coDebtors: 'Corresponsável lido por OCR com baixa confiança.',
        debts: 'A soma das linhas difere do total impresso.',
      },
    };
    const wb = await openWorkbook(await buildBaseWorkbook(one([a, doubtful, { ...a, fieldWarnings: {} }])));

    const certs = wb.getWorksheet('Certidões') as Worksheet;
    const flagged = filledCells(certs).filter((c) => c.note !== null);
    // Row 3 is the second certificate; its empty date cell is highlighted too.
    expect(flagged.map((c) => [c.row, header(certs, c.col), c.argb, c.note])).toEqual([
      [3, 'Corresponsáveis', AMBER, 'Corresponsável lido por OCR com baixa confiança.'],
      [3, 'Data de inscrição', AMBER, 'Data de inscrição não encontrada.'],
      [3, 'Principal', AMBER, 'Dois valores de principal na página 1; usado o da tabela.'],
      [3, 'Nº de débitos', AMBER, 'A soma das linhas difere do total impresso.'],
    ]);
    // The only other filled cell is the legend, two rows under the totals (row 5).
    expect(filledCells(certs).filter((c) => c.note === null).map((c) => [c.address, c.argb])).toEqual([['A7', AMBER]]);
    expect([certs.getCell('A7').value, certs.getCell('B7').value].join(': ')).toBe(WARNING_LEGEND);
    // The same column one row up (P = Principal) is a plain cell.
    expect((certs.getCell('P2').fill as { pattern?: string } | undefined)?.pattern ?? 'none').toBe('none');
    expect(noteText(certs.getCell('P2'))).toBeNull();
    expect(noteText(certs.getCell('P3'))).toBe('Dois valores de principal na página 1; usado o da tabela.');

    const rows = readTable(certs);
    expect(rows.map((r) => r['Campos a conferir'])).toEqual([0, 4, 0, 4, null, null]);
    const countHeader = certs.getCell('W1');
    expect(countHeader.value).toBe('Campos a conferir');
    expect(noteText(countHeader)).toBe(WARNING_LEGEND);

    // The doubt about the debts covers the extracted cells of that certificate's debt rows, not their computed total.
    const debts = wb.getWorksheet('Débitos') as Worksheet;
    const debtCells = filledCells(debts);
    expect(debtCells.filter((c) => c.note !== null).map((c) => [c.row, header(debts, c.col), c.note])).toEqual(
      [3, 4].flatMap((row) =>
        ['Período de apuração', 'Vencimento', 'Principal', 'Multa', 'Juros'].map((h) => [row, h, 'A soma das linhas difere do total impresso.']),
      ),
    );
    expect(debtCells.filter((c) => c.note === null).map((c) => debts.getCell(c.address).value)).toEqual(['Células destacadas']);

    expect(filledCells(wb.getWorksheet('Arquivos') as Worksheet)).toEqual([]);
  });

  it('gives every field that can be in doubt its own column', async () => {
    const headers: Record<WarnedField, string> = {
      registrationNumber: 'Nº da inscrição', issuer: 'Esfera', issuerName: 'Órgão emissor', nature: 'Natureza',
      debtorName: 'Devedor', debtorDocument: 'CPF/CNPJ', coDebtors: 'Corresponsáveis', revenueCode: 'Receita',
      revenueDescription: 'Descrição da receita', administrativeProcess: 'Processo administrativo',
      registrationDate: 'Data de inscrição', legalBasis: 'Fundamento legal', status: 'Situação', principal: 'Principal',
      fine: 'Multa', interest: 'Juros', legalCharge: 'Encargo legal', total: 'Total', consolidationDate: 'Data de consolidação',
      debts: 'Nº de débitos',
    };
    const fieldWarnings = Object.fromEntries(Object.keys(headers).map((f) => [f, `motivo: ${f}`]));
    const wb = await openWorkbook(await buildBaseWorkbook(one([makeRecord({ fieldWarnings })])));
    const certs = wb.getWorksheet('Certidões') as Worksheet;
    const noted = filledCells(certs).filter((c) => c.note !== null);
    expect(Object.fromEntries(noted.map((c) => [c.note!.replace('motivo: ', ''), header(certs, c.col)]))).toEqual(headers);
    expect(noted).toHaveLength(20);
    expect(readTable(certs)[0]['Campos a conferir']).toBe(20);
  });

  it('leaves a workbook without doubts unfilled and without legend', async () => {
    const wb = await openWorkbook(await buildBaseWorkbook(files()));
    for (const ws of wb.worksheets) expect([ws.name, filledCells(ws)]).toEqual([ws.name, []]);
  });
});
