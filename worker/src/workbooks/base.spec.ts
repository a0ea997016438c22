import type { Worksheet } from 'exceljs';
import { makeRecord, workedExample } from '../../../shared/src/simulation/testing';
import { buildBaseWorkbook, WorkbookFile } from './index';
import { computed, formulasWithoutResult, openWorkbook, readTable, recalculate } from './workbook-testing';

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
      'Data de consolidação': new Date(Date.UTC(2025, 9, 31)), 'Nº de débitos': 2, 'Alertas': 'Soma das linhas difere do total impresso.',
    });
    expect(rows[0]['Nº da inscrição']).toBe('37.123.456-7');
    expect(rows[3]).toMatchObject({ 'Nº da inscrição': '45/2020', 'Esfera': 'Municipal', 'Data de inscrição': null, 'Total': 1_234.56 });
    expect(rows[4]).toMatchObject({ 'Arquivo': 'Total', 'Principal': 231_234.56, 'Total': 508_234.56, 'Nº de débitos': 4 });
    expect(certs.getCell('T6').value).toMatchObject({ formula: 'SUM(T2:T5)' });
    expect(certs.getCell('P2').numFmt).toBe('[$R$-416] #,##0.00');
    expect(certs.getCell('M2').numFmt).toBe('dd/mm/yyyy');
    expect(typeof certs.getCell('H2').value).toBe('string');
    expect(certs.getRow(1).font?.bold).toBe(true);
    expect(certs.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(certs.autoFilter).toBe('A1:W5');
    expect(certs.getColumn(1).width).toBe(30);

    const debts = readTable(wb.getWorksheet('Débitos') as Worksheet);
    expect(debts.map((d) => [d['Nº da inscrição'], d['Período de apuração'], d['Vencimento'], d['Total']])).toEqual([
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
