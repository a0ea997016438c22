import type { Worksheet } from 'exceljs';
import {
  CertificateRecord,
  DEFAULT_SIMULATION_SETTINGS,
  simulate,
  SimulationParams,
  SimulationResult,
  SimulationSettings,
} from '@cda/shared';
import { makeRecord, workedExample } from '../../../shared/src/simulation/testing';
import { buildSimulationWorkbook, SIMULATION_SHEETS as SHEETS } from './index';
import { computed, computedTable, formulasWithoutResult, openWorkbook, readTable, recalculate } from './workbook-testing';

const PARAMS: SimulationParams = { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 120 };
const GENERATED_AT = new Date('2026-11-22T17:05:00Z');
const reais = (centavos: number) => centavos / 100;
const MONEY_FMT = '[$R$-416] #,##0.00';

function examplePlus(): CertificateRecord[] {
  const records = workedExample();
  records[1] = { ...records[1], status: 'ATIVA AJUIZADA - GARANTIA - PENHORA' };
  return [...records, makeRecord({ issuer: 'state', registrationNumber: '1234567', principal: 5_000_00, issuerName: 'PGE-SP' })];
}

/** Deterministic pseudo-random records with odd centavos, so that half-centavo ties and remainders occur. */
function randomRecords(seed: number, n: number): CertificateRecord[] {
  let s = seed;
  const next = (max: number) => { s = (s * 1_103_515_245 + 12_345) % 2_147_483_648; return s % max; };
  return Array.from({ length: n }, (_, i) =>
    makeRecord({
      registrationNumber: String(8_061_900_000_000 + i),
      nature: next(3) === 0 ? 'previdenciaria' : 'demais',
      principal: next(50_000_000),
      fine: next(10_000_000),
      interest: next(30_000_000),
      legalCharge: next(15_000_000),
      status: next(5) === 0 ? 'ATIVA EM COBRANCA - PARCELADA' : 'ATIVA AJUIZADA',
    }),
  );
}

async function build(records: CertificateRecord[], params = PARAMS, settings: Partial<SimulationSettings> = {}) {
  const result = simulate(records, params, settings);
  const buffer = await buildSimulationWorkbook(result, params, result.settings, GENERATED_AT);
  return { result, buffer, wb: await openWorkbook(buffer) };
}

function expectedByCertificate(r: SimulationResult) {
  return r.certificates.map((c) => ({
    'Principal': reais(c.principal), 'Multa': reais(c.record.fine), 'Juros': reais(c.record.interest),
    'Encargo legal': reais(c.record.legalCharge), 'Valor bruto (T)': reais(c.total),
    'Descontável (multa + juros + encargo)': reais(c.discountable), 'Desconto concedido (d)': reais(c.discount),
    'Valor com desconto (T − d)': reais(c.amountToPay), 'Entrada': reais(c.entry), 'Nº de parcelas (total)': c.months,
    'Meses de entrada': c.entryMonths, 'Parcela da entrada': reais(c.entryInstallment),
    'Última parcela da entrada': reais(c.entryLastInstallment), 'Saldo': reais(c.balance),
    'Parcelas do saldo': c.balanceMonths, 'Parcela do saldo': reais(c.balanceInstallment),
    'Última parcela do saldo': reais(c.balanceLastInstallment), 'Total a pagar': reais(c.totalPaid),
    'Economia': reais(c.saving), 'Economia (%)': expect.closeTo(c.savingRate, 9),
  }));
}

/** Money to the centavo; anything else as is. */
function centavos(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' && !k.includes('%') ? Math.round(v * 100) / 100 : v]));
}

const pick = (row: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));

function checkComputed(
  hf: ReturnType<typeof recalculate>['hf'],
  expected: SimulationResult,
) {
  const byCert = computedTable(hf, SHEETS.byCertificate);
  const want = expectedByCertificate(expected);
  want.forEach((row, i) => expect(centavos(pick(byCert[i], Object.keys(row)))).toEqual(row));
  const flow = computedTable(hf, SHEETS.cashFlow);
  expect(flow.slice(0, expected.cashFlow.length).map((f) => Math.round(Number(f['Total do mês']) * 100))).toEqual(expected.cashFlow.map((m) => m.total));
}

describe('Simulacao_Classificacao.xlsx', () => {
  it('holds every simulated value, formatted, in its sheets', async () => {
    const { result, wb } = await build(examplePlus());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Parâmetros', 'Por CDA', 'Resumo', 'Fluxo', 'Fora da transação federal']);

    const byCert = wb.getWorksheet(SHEETS.byCertificate) as Worksheet;
    const rows = readTable(byCert);
    expect(rows.slice(0, 3).map((r) => [r['Nº da inscrição'], r['Natureza'], r['CPF/CNPJ']])).toEqual([
      ['37.123.456-7', 'Previdenciária', '12.345.678/0001-95'],
      ['80 6 19 123456-78', 'Demais', '12.345.678/0001-95'],
      ['80 7 19 234567-89', 'Demais', '12.345.678/0001-95'],
    ]);
    expectedByCertificate(result).forEach((want, i) => expect(pick(rows[i], Object.keys(want))).toEqual(want));
    expect(rows[1]['Alertas']).toMatch(/^Situação "ATIVA AJUIZADA - GARANTIA - PENHORA"/);
    expect(rows[3]).toMatchObject({ 'Nº da inscrição': 'Total', 'Valor bruto (T)': 507_000, 'Total a pagar': 257_853, 'Economia': 249_147 });
    expect(byCert.getCell('J4').numFmt).toBe(MONEY_FMT);
    expect(byCert.getCell('L2').formula).toContain("'Parâmetros'!$B$");
    expect(byCert.getRow(1).font?.bold).toBe(true);
    expect(byCert.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(byCert.autoFilter).toBeTruthy();
    expect(byCert.getColumn(2).width).toBe(30);

    const summary = readTable(wb.getWorksheet(SHEETS.summary) as Worksheet);
    expect(summary.map((s) => [s['Natureza'], s['Nº de CDAs'], s['Valor bruto'], s['Total a pagar'], s['Economia']])).toEqual([
      ['Previdenciária', 1, 186_000, 105_160, 80_840],
      ['Demais', 2, 321_000, 152_693, 168_307],
      ['Total', 3, 507_000, 257_853, 249_147],
    ]);

    const flow = readTable(wb.getWorksheet(SHEETS.cashFlow) as Worksheet);
    expect(flow).toHaveLength(121);
    result.cashFlow.forEach((m, i) =>
      expect(centavos(flow[i])).toMatchObject({ 'Mês': m.month, 'Previdenciárias': reais(m.previdenciaria), 'Demais': reais(m.demais), 'Total do mês': reais(m.total) }),
    );
    expect(flow[119]['Acumulado']).toBe(257_853);
    expect(flow[120]).toMatchObject({ 'Mês': 'Total', 'Total do mês': 257_853 });

    expect(readTable(wb.getWorksheet(SHEETS.notEligible) as Worksheet)[0]).toEqual({
      'Nº da inscrição': '1234567', 'Esfera': 'Estadual', 'Órgão emissor': 'PGE-SP', 'Devedor': 'ACME COMERCIO LTDA',
      'CPF/CNPJ': '12.345.678/0001-95', 'Total': 5_000, 'Motivo': 'Transação federal não abrange dívida estadual/municipal',
    });

    const params = wb.getWorksheet(SHEETS.params) as Worksheet;
    const table = readTable(params, 4).slice(0, 14);
    expect(Object.fromEntries(table.map((r) => [r['Parâmetro'], r['Valor']]))).toEqual({
      'Desconto pedido (%)': 65, 'Porte do devedor': 'Geral', 'Limite legal de desconto – geral (%)': 65,
      'Limite legal de desconto – pequeno porte (%)': 70, 'Desconto aplicado (%)': 65, 'Parcelas – previdenciárias': 60,
      'Parcelas – demais': 120, 'Prazo máximo – previdenciárias (meses)': 60, 'Prazo máximo – demais, geral (meses)': 120,
      'Prazo máximo – demais, pequeno porte (meses)': 145, 'Entrada (%)': 6, 'Meses de entrada': 6, 'Base da entrada': 'Bruto',
      'Parcela mínima': 100,
    });
    expect(params.getCell('B2').value).toEqual(new Date(Date.UTC(2026, 10, 22, 14, 5)));
    const text = params.getColumn(1).values.join('\n');
    expect(text).toContain('pressupõe classificação C ou D');
    expect(text).toContain('nunca sobre o principal');
  });

  it.each([
    ['the worked example', examplePlus(), PARAMS, {}],
    ['random records, gross entry', randomRecords(7, 40), { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 114 }, {}],
    ['random records, discounted entry', randomRecords(11, 40), { discount: 50, installmentsSocialSecurity: 7, installmentsOther: 145, debtorSize: 'small' as const }, { entryBase: 'discounted' as const }],
    ['a single instalment', randomRecords(3, 10), { discount: 65, installmentsSocialSecurity: 1, installmentsOther: 1 }, { entryPercent: 6.5 }],
  ])('recalculates to the cached values with an independent engine: %s', async (_name, records, params, settings) => {
    const { result, wb, buffer } = await build(records, params, settings);
    expect(await formulasWithoutResult(buffer)).toEqual([]);
    const { hf, formulas } = recalculate(wb);
    expect(formulas.length).toBeGreaterThan(20 * result.certificates.length);
    for (const f of formulas) {
      const value = computed(hf, f.sheet, f.row, f.col);
      const where = `${f.sheet}!${f.address}`;
      expect([where, typeof value]).toEqual([where, 'number']);
      expect([where, Math.round((value as number) * 100)]).toEqual([where, Math.round((f.cached as number) * 100)]);
      expect(Math.abs((value as number) - (f.cached as number))).toBeLessThan(1e-6);
    }
    checkComputed(hf, result);
  });

  it('recomputes when the discount, the debtor size or the entry base change in Parâmetros', async () => {
    const records = [...examplePlus(), ...randomRecords(5, 12)];
    const { wb } = await build(records);
    const { hf } = recalculate(wb);
    const sheet = hf.getSheetId(SHEETS.params) as number;
    const set = (row: number, value: string | number) => hf.setCellContents({ sheet, row: row - 1, col: 1 }, value);
    const settings = (changes: Partial<SimulationSettings>) => ({ ...DEFAULT_SIMULATION_SETTINGS, ...changes });

    set(5, 40);
    checkComputed(hf, simulate(records, { ...PARAMS, discount: 40 }));
    set(6, 'Pequeno porte');
    set(5, 90);
    checkComputed(hf, simulate(records, { ...PARAMS, discount: 90, debtorSize: 'small' }));
    set(17, 'Com desconto');
    set(11, 72);
    checkComputed(hf, simulate(records, { ...PARAMS, discount: 90, debtorSize: 'small', installmentsOther: 72 }, settings({ entryBase: 'discounted' })));
  });

  it('writes a valid workbook when no certificate is eligible', async () => {
    const { result, wb, buffer } = await build([makeRecord({ issuer: 'municipal', registrationNumber: '45/2020', principal: 100_00 })]);
    expect(result.certificates).toHaveLength(0);
    expect(await formulasWithoutResult(buffer)).toEqual([]);
    const { hf, formulas } = recalculate(wb);
    for (const f of formulas) expect([f.sheet, f.address, computed(hf, f.sheet, f.row, f.col)]).toEqual([f.sheet, f.address, f.cached]);
    expect(readTable(wb.getWorksheet(SHEETS.summary) as Worksheet)[2]).toMatchObject({ 'Natureza': 'Total', 'Valor bruto': 0 });
  });
});
