import ExcelJS, { CellValue, Worksheet } from 'exceljs';
import {
  CashFlowMonth,
  CertificateSimulation,
  DebtNature,
  NATURE_LABEL,
  NOT_FEDERAL_LABEL,
  NotEligible,
  SIMULATION_TERMS,
  SIMULATION_TERM_ORDER,
  SimulationParams,
  SimulationResult,
  SimulationSettings,
  certificateTotal,
} from '@cda/shared';
import { brasiliaWallClock, centavosToReais, formatDocument, formatRegistrationNumber, ISSUER_LABEL } from './format';
import { At, Column, Kind, numFmt, TableLayout, workbookBuffer, writeTable } from './table';

export const SHEETS = {
  params: 'Parâmetros',
  byCertificate: 'Por CDA',
  summary: 'Resumo',
  cashFlow: 'Fluxo',
  notEligible: NOT_FEDERAL_LABEL,
} as const;

/** The texts the formulas compare against; Parâmetros offers them as drop-down lists. */
export const DEBTOR_SIZE_LABEL = { general: 'Geral', small: 'Pequeno porte', mei: 'MEI' } as const;
/** No rating given: the discount assumes C or D (docs/domain.md §4), and the cell says so. */
export const CAPAG_UNKNOWN = 'C/D (presumida)';
const CAPAG_OPTIONS = ['A', 'B', 'C', 'D', CAPAG_UNKNOWN] as const;
export const ENTRY_BASE_LABEL = { gross: 'Bruto', discounted: 'Com desconto' } as const;

const SOURCE = { user: 'Usuário (análise)', admin: 'Administrador (edital)', formula: 'Calculado' };

type ParamKey =
  | 'discountRequested' | 'debtorSize' | 'capGeneral' | 'capSmall' | 'discountApplied'
  | 'installmentsPrev' | 'installmentsOther' | 'termCapPrev' | 'termCapGeneral' | 'termCapSmall'
  | 'entryPercent' | 'entryMonths' | 'entryBase' | 'minimumInstallment' | 'capag';

interface ParamLine {
  key: ParamKey;
  label: string;
  value: CellValue;
  kind: Kind;
  source: string;
  note: string;
  options?: readonly string[];
}

const ratioOf = (t: { total: number; saving: number }) => (t.total === 0 ? 0 : t.saving / t.total);

const quote = (sheet: string) => `'${sheet.replace(/'/g, "''")}'`;

// Formulas work in whole centavos (ROUND(x*100,0)) so that every engine rounds the same half-centavo
// ties the exact integer simulation rounds; reais as binary floats would not.
const cents = (x: string) => `ROUND(${x}*100,0)`;
const percentOf = (x: string, pct: string) => `ROUND(${cents(x)}*${pct}/100,0)/100`;
const regularInstallment = (amount: string, count: string) =>
  `IF(${count}=1,${amount},MIN(ROUND(${cents(amount)}/${count},0),ROUNDDOWN(${cents(amount)}/(${count}-1),0))/100)`;

function paramLines(result: SimulationResult, params: SimulationParams, settings: SimulationSettings, ref: (k: ParamKey) => string): ParamLine[] {
  const rp = result.params;
  const capped = (param: string) => {
    const a = rp.adjustments.find((x) => x.param === param);
    return a ? ` Limitado: ${a.message}` : '';
  };
  const months = (param: string) =>
    `Total de meses, entrada incluída (ex.: 60 = ${rp.entryMonths} de entrada + ${60 - rp.entryMonths} de saldo).${capped(param)}`;
  const small = `OR(${ref('debtorSize')}="${DEBTOR_SIZE_LABEL.small}",${ref('debtorSize')}="${DEBTOR_SIZE_LABEL.mei}")`;
  return [
    { key: 'discountRequested', label: 'Desconto pedido (%)', value: params.discount, kind: 'percent', source: SOURCE.user, note: 'Altere para simular outro desconto: Por CDA, Resumo e Fluxo recalculam.' },
    {
      key: 'debtorSize', label: 'Porte do devedor', value: DEBTOR_SIZE_LABEL[result.params.debtorSize], kind: 'text', source: SOURCE.user,
      note: 'Pequeno porte: pessoa física, ME, EPP, Santas Casas, cooperativas, OSCs e instituições de ensino (Lei 13.988/2020, art. 11, §3º); MEI: pequeno porte com parcela mínima de R$ 25,00.',
      options: Object.values(DEBTOR_SIZE_LABEL),
    },
    { key: 'capGeneral', label: 'Limite legal de desconto – geral (%)', value: settings.discountCapGeneral, kind: 'percent', source: SOURCE.admin, note: 'Lei 13.988/2020, art. 11, §2º, II: até 65% do valor total da inscrição; nunca sobre o principal.' },
    { key: 'capSmall', label: 'Limite legal de desconto – pequeno porte (%)', value: settings.discountCapSmall, kind: 'percent', source: SOURCE.admin, note: 'Lei 13.988/2020, art. 11, §3º: até 70%.' },
    {
      key: 'discountApplied', label: 'Desconto aplicado (%)', kind: 'percent', source: SOURCE.formula,
      value: {
        formula: `IF(OR(${ref('capag')}="A",${ref('capag')}="B"),0,MIN(${ref('discountRequested')},IF(${small},${ref('capSmall')},${ref('capGeneral')})))`,
        result: rp.discountApplied,
      },
      note: `O menor entre o desconto pedido e o limite do porte; zero com CAPAG A ou B.${capped('discount')}`,
    },
    { key: 'installmentsPrev', label: 'Parcelas – previdenciárias', value: rp.installments.previdenciaria, kind: 'integer', source: SOURCE.user, note: months('installmentsSocialSecurity') },
    { key: 'installmentsOther', label: 'Parcelas – demais', value: rp.installments.demais, kind: 'integer', source: SOURCE.user, note: months('installmentsOther') },
    { key: 'termCapPrev', label: 'Prazo máximo – previdenciárias (meses)', value: settings.termCapSocialSecurity, kind: 'integer', source: SOURCE.admin, note: 'CF, art. 195, §11 (EC 103/2019): 60 meses, qualquer que seja o porte.' },
    { key: 'termCapGeneral', label: 'Prazo máximo – demais, geral (meses)', value: settings.termCapGeneral, kind: 'integer', source: SOURCE.admin, note: 'Lei 13.988/2020, art. 11, §2º, III.' },
    { key: 'termCapSmall', label: 'Prazo máximo – demais, pequeno porte (meses)', value: settings.termCapSmall, kind: 'integer', source: SOURCE.admin, note: 'Lei 13.988/2020, art. 11, §3º.' },
    { key: 'entryPercent', label: 'Entrada (%)', value: settings.entryPercent, kind: 'percent', source: SOURCE.admin, note: 'Edital PGFN vigente.' },
    { key: 'entryMonths', label: 'Meses de entrada', value: rp.entryMonths, kind: 'integer', source: SOURCE.user, note: `Até ${rp.entryMonthsCap} meses para este porte (edital PGFN: 6, pequeno porte até 12).${capped('entryMonths')}` },
    {
      key: 'entryBase', label: 'Base da entrada', value: ENTRY_BASE_LABEL[rp.entryBase], kind: 'text', source: SOURCE.user,
      note: 'Bruto: entrada sobre o total sem desconto, paga sem desconto; o desconto alcança o saldo na mesma proporção. Com desconto: entrada sobre o total já descontado.',
      options: Object.values(ENTRY_BASE_LABEL),
    },
    { key: 'minimumInstallment', label: 'Parcela mínima', value: centavosToReais(rp.minimumInstallment), kind: 'money', source: SOURCE.admin, note: 'Edital PGFN vigente (R$ 25,00 para MEI); conferida por CDA (o edital pode aplicá-la por acordo).' },
    {
      key: 'capag', label: 'CAPAG', value: rp.capag ?? CAPAG_UNKNOWN, kind: 'text', source: SOURCE.user,
      note: 'Capacidade de pagamento (Portaria PGFN 6.757/2022, art. 24): A e B não têm desconto, só entrada e prazo; C e D têm. Sem informação, presume-se C ou D.',
      options: CAPAG_OPTIONS,
    },
  ];
}

function assumptions(result: SimulationResult): string[] {
  return [
    result.params.capag
      ? `CAPAG informada: ${result.params.capag} (Portaria PGFN 6.757/2022, art. 24); com CAPAG A ou B não há desconto, apenas entrada e prazo.`
      : 'CAPAG: o simulador não calcula a Capacidade de Pagamento. O desconto pressupõe classificação C ou D (Portaria PGFN 6.757/2022, art. 24); com CAPAG A ou B não há desconto, apenas entrada e prazo.',
    'Desconto por CDA = o menor entre (desconto aplicado × total) e (multa + juros + encargo legal): nunca sobre o principal (Lei 13.988/2020, art. 11, §2º, I).',
    `Apenas CDAs federais (PGFN) entram na transação federal; as estaduais e municipais estão em "${NOT_FEDERAL_LABEL}", com seus valores.`,
    ...SIMULATION_TERM_ORDER.map((t) => `${SIMULATION_TERMS[t].label}: ${SIMULATION_TERMS[t].definition}`),
    'CDAs suspensas, garantidas ou já parceladas foram simuladas, mas o edital exige desistir dessa situação antes da adesão (ver alertas em "Por CDA").',
    'Previdenciárias e demais costumam formar acordos separados; o prazo das previdenciárias é limitado a 60 meses.',
    'Entrada e saldo em parcelas mensais iguais, arredondadas ao centavo (metade para cima); a última parcela absorve a diferença.',
    'Valores sem atualização: na prática cada parcela é corrigida pela SELIC acumulada desde a consolidação + 1% no mês do pagamento.',
    // The spreading of entry and discount is the assumed method of docs/domain.md §5.
    'Método de rateio presumido: confira com a simulação oficial do Regularize antes de aderir.',
    `O fluxo mensal cobre ${result.cashFlow.length} meses; aumentar o nº de parcelas além disso exige gerar nova simulação.`,
    'Para recalcular, altere nesta planilha o desconto, o porte, as parcelas ou a entrada.',
  ];
}

/** Neither LibreOffice nor Excel grows a row for wrapped text written by exceljs, so the height is set from the text. */
function wrapTall(ws: Worksheet, row: number, col: number, widthChars: number) {
  const cell = ws.getCell(row, col);
  const lines = Math.ceil(String(cell.value ?? '').length / (widthChars * 1.15));
  cell.alignment = { ...cell.alignment, wrapText: true, vertical: 'top' };
  if (lines > 1) ws.getRow(row).height = 13 * lines + 2;
}

function writeParams(ws: Worksheet, result: SimulationResult, params: SimulationParams, settings: SimulationSettings, generatedAt: Date) {
  ws.getCell('A1').value = 'Simulação de transação tributária federal (por adesão)';
  ws.getCell('A1').font = { bold: true, size: 14 };
  ws.getCell('A2').value = 'Gerado em (horário de Brasília)';
  ws.getCell('B2').value = brasiliaWallClock(generatedAt);
  ws.getCell('B2').numFmt = numFmt('datetime') ?? '';
  ws.getCell('B2').alignment = { horizontal: 'left' };

  const headerRow = 4;
  const rows = new Map<ParamKey, number>();
  const ref = (k: ParamKey) => `${quote(SHEETS.params)}!$B$${rows.get(k)}`;
  // Row numbers are known before the lines exist, because the lines' formulas refer to one another.
  const keys = paramLines(result, params, settings, () => '').map((l) => l.key);
  keys.forEach((k, i) => rows.set(k, headerRow + 1 + i));
  const lines = paramLines(result, params, settings, ref);
  const columns: Column<ParamLine>[] = [
    { key: 'label', header: 'Parâmetro', width: 44, kind: 'text', value: (l) => l.label },
    { key: 'value', header: 'Valor', width: 18, kind: 'text', value: (l) => l.value },
    { key: 'source', header: 'Origem', width: 24, kind: 'text', value: (l) => l.source },
    { key: 'note', header: 'Base legal e observações', width: 100, kind: 'text', value: (l) => l.note },
  ];
  const layout = writeTable(ws, columns, lines, { headerRow });
  lines.forEach((l, i) => {
    wrapTall(ws, layout.first + i, 4, 100);
    const cell = ws.getCell(layout.first + i, 2);
    cell.numFmt = numFmt(l.kind) ?? 'General';
    cell.alignment = { horizontal: 'right', vertical: 'top' };
    if (l.source !== SOURCE.formula) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
    if (l.options) cell.dataValidation = { type: 'list', allowBlank: false, formulae: [`"${l.options.join(',')}"`] };
  });

  let r = layout.last + 2;
  const section = (title: string, texts: string[]) => {
    ws.getCell(r, 1).value = title;
    ws.getCell(r, 1).font = { bold: true, size: 12 };
    r += 1;
    for (const text of texts) {
      ws.mergeCells(r, 1, r, 4);
      ws.getCell(r, 1).value = `• ${text}`;
      wrapTall(ws, r, 1, 186);
      r += 1;
    }
    r += 1;
  };
  section('Premissas e base legal', assumptions(result));
  if (result.warnings.length) section('Alertas da simulação', result.warnings);
  return ref;
}

function byCertificateColumns(result: SimulationResult, p: (k: ParamKey) => string): Column<CertificateSimulation>[] {
  const money = (key: string, header: string, value: Column<CertificateSimulation>['value'], summed = true): Column<CertificateSimulation> => ({
    key, header, width: 16, kind: 'money', value, ...(summed ? { total: 'sum' as const } : {}),
  });
  const formula = (kind: Kind, key: keyof CertificateSimulation, build: (at: At) => string) =>
    (c: CertificateSimulation, at: At): CellValue => {
      const v = c[key] as number;
      return { formula: build(at), result: kind === 'money' ? centavosToReais(v) : v };
    };
  const m = (key: keyof CertificateSimulation & string, header: string, build: (at: At) => string) =>
    money(key, header, formula('money', key, build));
  // An instalment's value added over certificates in different phases means nothing: no total.
  const installment = (key: keyof CertificateSimulation & string, header: string, build: (at: At) => string) =>
    money(key, header, formula('money', key, build), false);
  const n = (key: keyof CertificateSimulation & string, header: string, build: (at: At) => string): Column<CertificateSimulation> => ({
    key, header, width: 10, kind: 'integer', value: formula('integer', key, build),
  });
  const gross = `${p('entryBase')}="${ENTRY_BASE_LABEL.gross}"`;
  return [
    { key: 'number', header: 'Nº da inscrição', width: 20, kind: 'text', value: (c) => formatRegistrationNumber(c.record.registrationNumber) },
    { key: 'debtor', header: 'Devedor', width: 30, kind: 'text', value: (c) => c.record.debtorName },
    { key: 'document', header: 'CPF/CNPJ', width: 20, kind: 'text', value: (c) => formatDocument(c.record.debtorDocument) },
    { key: 'nature', header: 'Natureza', width: 15, kind: 'text', value: (c) => NATURE_LABEL[c.record.nature] },
    { key: 'status', header: 'Situação', width: 24, kind: 'text', value: (c) => c.record.status },
    money('principal', 'Principal', (c) => centavosToReais(c.record.principal)),
    money('fine', 'Multa', (c) => centavosToReais(c.record.fine)),
    money('interest', 'Juros', (c) => centavosToReais(c.record.interest)),
    money('legalCharge', 'Encargo legal', (c) => centavosToReais(c.record.legalCharge)),
    money('total', `${SIMULATION_TERMS.gross.label} (T)`, (c) => centavosToReais(c.total)),
    m('discountable', 'Descontável (multa + juros + encargo)', (at) => `${at('fine')}+${at('interest')}+${at('legalCharge')}`),
    m('discount', `${SIMULATION_TERMS.discountGranted.label} (d)`, (at) => `MIN(${percentOf(at('total'), p('discountApplied'))},${at('discountable')})`),
    m('amountToPay', 'Valor com desconto (T − d)', (at) => `${at('total')}-${at('discount')}`),
    m('entry', SIMULATION_TERMS.entry.label, (at) => `IF(${gross},${percentOf(at('total'), p('entryPercent'))},${percentOf(at('amountToPay'), p('entryPercent'))})`),
    n('months', 'Nº de parcelas (total)', (at) => `IF(${at('nature')}="${NATURE_LABEL.previdenciaria}",${p('installmentsPrev')},${p('installmentsOther')})`),
    n('entryMonths', 'Meses de entrada', (at) => `MIN(${p('entryMonths')},${at('months')})`),
    installment('entryInstallment', 'Parcela da entrada', (at) => regularInstallment(at('entry'), at('entryMonths'))),
    installment('entryLastInstallment', 'Última parcela da entrada', (at) =>
      `${at('entry')}-${at('entryInstallment')}*(${at('entryMonths')}-1)+IF(${at('balanceMonths')}=0,${at('balance')},0)`),
    m('balance', SIMULATION_TERMS.balance.label, (at) =>
      `IF(${gross},ROUND(${cents(`(${at('total')}-${at('entry')})`)}*${cents(at('amountToPay'))}/${cents(at('total'))},0)/100,${at('amountToPay')}-${at('entry')})`),
    n('balanceMonths', 'Parcelas do saldo', (at) => `${at('months')}-${at('entryMonths')}`),
    installment('balanceInstallment', 'Parcela do saldo', (at) => `IF(${at('balanceMonths')}=0,0,${regularInstallment(at('balance'), at('balanceMonths'))})`),
    installment('balanceLastInstallment', 'Última parcela do saldo', (at) =>
      `IF(${at('balanceMonths')}=0,0,${at('balance')}-${at('balanceInstallment')}*(${at('balanceMonths')}-1))`),
    m('totalPaid', SIMULATION_TERMS.toPay.label, (at) => `${at('entry')}+${at('balance')}`),
    m('saving', SIMULATION_TERMS.saving.label, (at) => `${at('total')}-${at('totalPaid')}`),
    {
      key: 'savingRate', header: 'Economia (%)', width: 11, kind: 'ratio',
      value: formula('ratio', 'savingRate', (at) => `IF(${at('total')}=0,0,${at('saving')}/${at('total')})`),
      total: (at) => ({ formula: `IF(${at('total')}=0,0,${at('saving')}/${at('total')})`, result: ratioOf(result.totals.overall) }),
    },
    { key: 'warnings', header: 'Alertas', width: 60, kind: 'text', value: (c) => c.warnings.join(' | ') },
  ];
}

/** Summary figures per nature, as SUMIF over Por CDA so they follow any change in Parâmetros. */
const SUMMARY_KEYS: [keyof SimulationResult['totals']['overall'] & string, string][] = [
  ['total', SIMULATION_TERMS.gross.label],
  ['discountable', 'Descontável'],
  ['discount', SIMULATION_TERMS.discountGranted.label],
  ['amountToPay', 'Valor com desconto'],
  ['entry', SIMULATION_TERMS.entry.label],
  ['balance', SIMULATION_TERMS.balance.label],
  ['totalPaid', SIMULATION_TERMS.toPay.label],
  ['saving', SIMULATION_TERMS.saving.label],
];

function summaryColumns(result: SimulationResult, byCert: TableLayout): Column<DebtNature>[] {
  const sheet = quote(SHEETS.byCertificate);
  const range = (key: string) => `${sheet}!${byCert.range(key)}`;
  const ratio = (at: At) => `IF(${at('total')}=0,0,${at('saving')}/${at('total')})`;
  return [
    { key: 'nature', header: 'Natureza', width: 16, kind: 'text', value: (n) => NATURE_LABEL[n] },
    {
      key: 'count', header: 'Nº de CDAs', width: 10, kind: 'integer', total: 'sum',
      value: (n, at) => ({ formula: `COUNTIF(${range('nature')},${at('nature')})`, result: result.totals[n].count }),
    },
    ...SUMMARY_KEYS.map(([key, header]): Column<DebtNature> => ({
      key, header, width: 17, kind: 'money', total: 'sum',
      value: (n, at) => ({ formula: `SUMIF(${range('nature')},${at('nature')},${range(key)})`, result: centavosToReais(result.totals[n][key]) }),
    })),
    {
      key: 'savingRate', header: 'Economia (%)', width: 11, kind: 'ratio',
      value: (n, at) => ({ formula: ratio(at), result: ratioOf(result.totals[n]) }),
      total: (at) => ({ formula: ratio(at), result: ratioOf(result.totals.overall) }),
    },
  ];
}


function cashFlowColumns(result: SimulationResult, byCert: TableLayout): Column<CashFlowMonth>[] {
  const range = (key: string) => `${quote(SHEETS.byCertificate)}!${byCert.range(key)}`;
  // A certificate pays in month m: its entry instalment while m is before its last entry month, the
  // last entry instalment in that month, then balance instalments, and the last one in its final month.
  const due = (nature: DebtNature, m: string) => {
    const isNature = `${range('nature')},"${NATURE_LABEL[nature]}"`;
    return [
      `SUMIFS(${range('entryInstallment')},${isNature},${range('entryMonths')},">"&${m})`,
      `SUMIFS(${range('entryLastInstallment')},${isNature},${range('entryMonths')},${m})`,
      `SUMIFS(${range('balanceInstallment')},${isNature},${range('entryMonths')},"<"&${m},${range('months')},">"&${m})`,
      `SUMIFS(${range('balanceLastInstallment')},${isNature},${range('months')},${m},${range('balanceMonths')},">0")`,
    ].join('+');
  };
  const natureColumn = (nature: DebtNature, header: string): Column<CashFlowMonth> => ({
    key: nature, header, width: 18, kind: 'money', total: 'sum',
    value: (f, at) => ({ formula: due(nature, at('month')), result: centavosToReais(f[nature]) }),
  });
  let running = 0;
  const cumulative = result.cashFlow.map((f) => (running += f.total));
  return [
    { key: 'month', header: 'Mês', width: 8, kind: 'integer', value: (f) => f.month },
    natureColumn('previdenciaria', 'Previdenciárias'),
    natureColumn('demais', 'Demais'),
    {
      key: 'total', header: 'Total do mês', width: 18, kind: 'money', total: 'sum',
      value: (f, at) => ({ formula: `${at('previdenciaria')}+${at('demais')}`, result: centavosToReais(f.total) }),
    },
    {
      key: 'cumulative', header: 'Acumulado', width: 18, kind: 'money',
      value: (f, at) => ({
        formula: f.month === 1 ? at('total') : `${at('cumulative', -1)}+${at('total')}`,
        result: centavosToReais(cumulative[f.month - 1]),
      }),
    },
  ];
}

const NOT_ELIGIBLE_COLUMNS: Column<NotEligible>[] = [
  { key: 'number', header: 'Nº da inscrição', width: 20, kind: 'text', value: (n) => formatRegistrationNumber(n.record.registrationNumber) },
  { key: 'issuer', header: 'Esfera', width: 11, kind: 'text', value: (n) => ISSUER_LABEL[n.record.issuer] },
  { key: 'issuerName', header: 'Órgão emissor', width: 30, kind: 'text', value: (n) => n.record.issuerName },
  { key: 'debtor', header: 'Devedor', width: 30, kind: 'text', value: (n) => n.record.debtorName },
  { key: 'document', header: 'CPF/CNPJ', width: 20, kind: 'text', value: (n) => formatDocument(n.record.debtorDocument) },
  { key: 'total', header: 'Total', width: 16, kind: 'money', value: (n) => centavosToReais(certificateTotal(n.record)), total: 'sum' },
  { key: 'reason', header: 'Motivo', width: 60, kind: 'text', value: (n) => n.reason },
];

/**
 * `Simulacao_Classificacao.xlsx`. Por CDA, Resumo and Fluxo are formulas over Parâmetros with the
 * simulation's values cached, so viewers that do not recalculate still show the numbers.
 */
export async function buildSimulationWorkbook(
  result: SimulationResult,
  params: SimulationParams,
  settings: SimulationSettings,
  generatedAt: Date,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'CDA Extractor';
  wb.calcProperties.fullCalcOnLoad = true;
  const paramsSheet = wb.addWorksheet(SHEETS.params);
  const byCertSheet = wb.addWorksheet(SHEETS.byCertificate);
  const summarySheet = wb.addWorksheet(SHEETS.summary);
  const cashFlowSheet = wb.addWorksheet(SHEETS.cashFlow);
  const notEligibleSheet = wb.addWorksheet(SHEETS.notEligible);

  const p = writeParams(paramsSheet, result, params, settings, generatedAt);
  const byCert = writeTable(byCertSheet, byCertificateColumns(result, p), result.certificates, { totalsLabel: 'Total' });
  writeTable(summarySheet, summaryColumns(result, byCert), ['previdenciaria', 'demais'] as DebtNature[], { totalsLabel: 'Total' });
  writeTable(cashFlowSheet, cashFlowColumns(result, byCert), result.cashFlow, { totalsLabel: 'Total' });
  writeTable(notEligibleSheet, NOT_ELIGIBLE_COLUMNS, result.notEligible, { totalsLabel: 'Total' });
  return workbookBuffer(wb);
}
