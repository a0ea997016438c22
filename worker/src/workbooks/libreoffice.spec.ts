import { execFileSync, spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { FLAGGED_CELL_ARGB, simulate, SimulationParams } from '@cda/shared';
import { workedExample } from '../../../shared/src/simulation/testing';
import { buildBaseWorkbook, buildSimulationWorkbook, SIMULATION_SHEETS as SHEETS } from './index';
import { filledCells, openWorkbook } from './workbook-testing';

const hasLibreOffice = spawnSync('soffice', ['--version']).status === 0;
const PARAMS: SimulationParams = { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 120 };

// LibreOffice keeps cached results of xlsx files unless told to recalculate on load.
const PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>`;

/** Runs LibreOffice headless on an xlsx file with a conversion filter; `read` gets the output folder. */
function withLibreOffice<T>(xlsx: Buffer, filter: string, read: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'lo-'));
  try {
    mkdirSync(join(dir, 'profile', 'user'), { recursive: true });
    writeFileSync(join(dir, 'profile', 'user', 'registrymodifications.xcu'), PROFILE);
    mkdirSync(join(dir, 'in'));
    writeFileSync(join(dir, 'in', 'book.xlsx'), xlsx);
    execFileSync('soffice', [
      `-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', filter,
      '--outdir', dir, join(dir, 'in', 'book.xlsx'),
    ], { stdio: 'ignore', timeout: 120_000 });
    return read(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each sheet as rows of cells, as LibreOffice recalculated and exported them (`;`-separated, `.` decimals). */
function recalculateWithLibreOffice(xlsx: Buffer): Record<string, string[][]> {
  // 59 = `;`, 34 = `"`, 76 = UTF-8; the last field -1 exports every sheet to its own file.
  return withLibreOffice(xlsx, 'csv:Text - txt - csv (StarCalc):59,34,76,1,,1033,false,true,false,false,false,-1', (dir) => {
    const sheets: Record<string, string[][]> = {};
    for (const name of Object.values(SHEETS)) {
      sheets[name] = readFileSync(join(dir, `book-${name}.csv`), 'utf8').trim().split('\n').map((l) => l.split(';'));
    }
    return sheets;
  });
}

const centavos = (cell: string) => Math.round(Number(cell) * 100);

// scripts/setup.sh installs libreoffice-calc: a missing soffice is a failure, not a reason to skip.
describe('Simulacao_Classificacao.xlsx in LibreOffice', () => {
  it('has LibreOffice available', () => {
    expect(hasLibreOffice).toBe(true);
  });

  it('recomputes every sheet when the discount changes in Parâmetros', async () => {
    const first = simulate(workedExample(), PARAMS);
    const wb = await openWorkbook(await buildSimulationWorkbook(first, PARAMS, first.settings, new Date()));
    wb.getWorksheet(SHEETS.params)!.getCell('B5').value = 40;
    wb.calcProperties.fullCalcOnLoad = true;
    const sheets = recalculateWithLibreOffice(Buffer.from(await wb.xlsx.writeBuffer()));

    const expected = simulate(workedExample(), { ...PARAMS, discount: 40 });
    const [header, ...rows] = sheets[SHEETS.byCertificate];
    const col = (h: string) => header.indexOf(h);
    expected.certificates.forEach((c, i) => {
      expect([rows[i][col('Desconto concedido (d)')], rows[i][col('Saldo')], rows[i][col('Total a pagar')]].map(centavos)).toEqual([c.discount, c.balance, c.totalPaid]);
    });
    const flow = sheets[SHEETS.cashFlow].slice(1, 1 + expected.cashFlow.length);
    expect(flow.map((r) => centavos(r[3]))).toEqual(expected.cashFlow.map((m) => m.total));
    const total = sheets[SHEETS.summary].find((r) => r[0] === 'Total')!;
    expect(centavos(total[8])).toBe(expected.totals.overall.totalPaid);
    expect(expected.totals.overall.totalPaid).toBe(316_368_00);
  });
});

describe('Base_Certidoes_Divida_Ativa.xlsx in LibreOffice', () => {
  it('keeps the highlighted cells and their notes when LibreOffice opens and saves it', async () => {
    const [a, b] = workedExample();
    const flagged = { ...b, fieldWarnings: { total: 'Total impresso difere da soma dos valores.', debtorDocument: 'CNPJ com dígito verificador inválido.' } };
    const xlsx = await buildBaseWorkbook([{ name: 'a.pdf', pages: 2, extraction: { file: 'a.pdf', certificates: [a, flagged], error: null } }]);
    const saved = withLibreOffice(xlsx, 'xlsx:Calc MS Excel 2007 XML', (dir) => readFileSync(join(dir, 'book.xlsx')));
    const ws = (await openWorkbook(saved)).getWorksheet('Certidões')!;
    const noted = filledCells(ws).filter((c) => c.note !== null).map((c) => [c.address, c.argb, c.note]);
    expect(noted).toEqual([
      ['H3', FLAGGED_CELL_ARGB, 'CNPJ com dígito verificador inválido.'],
      ['T3', FLAGGED_CELL_ARGB, 'Total impresso difere da soma dos valores.'],
    ]);
  });
});
