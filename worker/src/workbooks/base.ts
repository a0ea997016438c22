import ExcelJS, { Worksheet } from 'exceljs';
import type { CertificateRecord, DebtRow, FileExtraction, SimulationSummary, WarnedField } from '@cda/shared';
import {
  countFlaggedFields, describeFigures, exclusionReason, formatPercent, NATURE_LABEL, NOT_FEDERAL_LABEL, SIMULATION_TERMS,
} from '@cda/shared';
import {
  centavosToReais,
  formatDocument,
  formatPeriod,
  formatProcess,
  formatRegistrationNumber,
  isoToDate,
  ISSUER_LABEL,
  pageRanges,
} from './format';
import { Column, WARNING_FILL, workbookBuffer, writeTable } from './table';

/** One uploaded file: its extraction plus what the pipeline knows about it. Same shape as the pipeline's FileSummary. */
export interface WorkbookFile {
  name: string;
  pages: number;
  extraction: FileExtraction;
}

export const FILE_STATUS = {
  error: 'Erro',
  empty: 'Nenhuma certidão encontrada',
  done: 'Processado',
} as const;

export function fileStatus(f: WorkbookFile): string {
  if (f.extraction.error) return FILE_STATUS.error;
  return f.extraction.certificates.length ? FILE_STATUS.done : FILE_STATUS.empty;
}

interface CertificateRow {
  file: string;
  record: CertificateRecord;
}

interface DebtLine {
  record: CertificateRecord;
  file: string;
  debt: DebtRow;
}

const money = <R>(key: string, header: string, get: (r: R) => number): Column<R> => ({
  key, header, width: 16, kind: 'money', value: (r) => centavosToReais(get(r)), total: 'sum',
});

/** What the highlighted cells mean; hovering is how Excel and LibreOffice show a note. */
const LEGEND_SWATCH = 'Células destacadas';
const LEGEND_MEANING = 'conferir — passe o mouse sobre a célula para ver o motivo.';
export const WARNING_LEGEND = `${LEGEND_SWATCH}: ${LEGEND_MEANING}`;

/**
 * The Certidões column that shows each field that can be in doubt. A Record, so a field added to the
 * certificate type does not compile until it has its column.
 */
export const FIELD_COLUMN: Record<WarnedField, string> = {
  registrationNumber: 'number',
  issuer: 'issuer',
  issuerName: 'issuerName',
  nature: 'nature',
  debtorName: 'debtor',
  debtorDocument: 'document',
  coDebtors: 'coDebtors',
  revenueCode: 'revenueCode',
  revenueDescription: 'revenue',
  administrativeProcess: 'process',
  registrationDate: 'registered',
  legalBasis: 'legalBasis',
  status: 'status',
  principal: 'principal',
  fine: 'fine',
  interest: 'interest',
  legalCharge: 'legalCharge',
  total: 'total',
  consolidationDate: 'consolidated',
  debts: 'debts',
};

const FIELD_OF_COLUMN = new Map(Object.entries(FIELD_COLUMN).map(([field, key]) => [key, field as WarnedField]));

/** Each column that shows a record field gets that field's warning, if the record has one. */
function withFieldWarnings(columns: Column<CertificateRow>[]): Column<CertificateRow>[] {
  return columns.map((c) => {
    const field = FIELD_OF_COLUMN.get(c.key);
    return field ? { ...c, warning: (r) => r.record.fieldWarnings?.[field] } : c;
  });
}

const CERTIFICATE_COLUMNS: Column<CertificateRow>[] = withFieldWarnings([
  { key: 'file', header: 'Arquivo', width: 30, kind: 'text', value: (r) => r.file },
  { key: 'pages', header: 'Páginas', width: 10, kind: 'text', value: (r) => pageRanges(r.record.pages) },
  { key: 'number', header: 'Nº da inscrição', width: 20, kind: 'text', value: (r) => formatRegistrationNumber(r.record.registrationNumber) },
  { key: 'issuer', header: 'Esfera', width: 11, kind: 'text', value: (r) => ISSUER_LABEL[r.record.issuer] },
  { key: 'issuerName', header: 'Órgão emissor', width: 30, kind: 'text', value: (r) => r.record.issuerName },
  { key: 'nature', header: 'Natureza', width: 15, kind: 'text', value: (r) => NATURE_LABEL[r.record.nature] },
  { key: 'debtor', header: 'Devedor', width: 32, kind: 'text', value: (r) => r.record.debtorName },
  { key: 'document', header: 'CPF/CNPJ', width: 20, kind: 'text', value: (r) => formatDocument(r.record.debtorDocument) },
  {
    key: 'coDebtors', header: 'Corresponsáveis', width: 40, kind: 'text',
    value: (r) => r.record.coDebtors.map((c) => `${c.name} – ${formatDocument(c.document)}`).join('; '),
  },
  { key: 'revenueCode', header: 'Receita', width: 9, kind: 'text', value: (r) => r.record.revenueCode },
  { key: 'revenue', header: 'Descrição da receita', width: 30, kind: 'text', value: (r) => r.record.revenueDescription },
  { key: 'process', header: 'Processo administrativo', width: 24, kind: 'text', value: (r) => formatProcess(r.record.administrativeProcess) },
  { key: 'registered', header: 'Data de inscrição', width: 12, kind: 'date', value: (r) => isoToDate(r.record.registrationDate) },
  { key: 'legalBasis', header: 'Fundamento legal', width: 40, kind: 'text', value: (r) => r.record.legalBasis },
  { key: 'status', header: 'Situação', width: 28, kind: 'text', value: (r) => r.record.status },
  money('principal', 'Principal', (r) => r.record.principal),
  money('fine', 'Multa', (r) => r.record.fine),
  money('interest', 'Juros', (r) => r.record.interest),
  money('legalCharge', 'Encargo legal', (r) => r.record.legalCharge),
  money('total', 'Total', (r) => r.record.total),
  { key: 'consolidated', header: 'Data de consolidação', width: 13, kind: 'date', value: (r) => isoToDate(r.record.consolidationDate) },
  { key: 'debts', header: 'Nº de débitos', width: 9, kind: 'integer', value: (r) => r.record.debts.length, total: 'sum' },
  {
    key: 'flagged', header: 'Campos a conferir', width: 10, kind: 'integer', headerNote: WARNING_LEGEND,
    value: (r) => countFlaggedFields([r.record]), total: 'sum',
  },
  { key: 'warnings', header: 'Alertas', width: 60, kind: 'text', value: (r) => r.record.warnings.join(' | ') },
  // Why the nature rule chose it (DEBCAD format, the receita's wording…): the 60-month cap depends on it.
  { key: 'natureReason', header: 'Motivo da natureza', width: 40, kind: 'text', value: (r) => r.record.natureReason ?? '' },
  // State and municipal debt is real debt: listed and summed here, simulated nowhere (issue #24, item 6).
  {
    key: 'federal', header: 'Transação federal', width: 28, kind: 'text',
    value: (r) => (r.record.issuer === 'federal' ? (exclusionReason(r.record) ?? 'Simulada') : NOT_FEDERAL_LABEL),
  },
]);

// A doubt about the debt rows covers each of their extracted cells (not the computed total).
const debtsWarning = (r: DebtLine) => r.record.fieldWarnings?.debts;

const DEBT_COLUMNS: Column<DebtLine>[] = [
  { key: 'number', header: 'Nº da inscrição', width: 20, kind: 'text', value: (r) => formatRegistrationNumber(r.record.registrationNumber) },
  { key: 'file', header: 'Arquivo', width: 30, kind: 'text', value: (r) => r.file },
  { key: 'period', header: 'Período de apuração', width: 14, kind: 'text', value: (r) => formatPeriod(r.debt.period), warning: debtsWarning },
  { key: 'due', header: 'Vencimento', width: 12, kind: 'date', value: (r) => isoToDate(r.debt.dueDate), warning: debtsWarning },
  { ...money<DebtLine>('principal', 'Principal', (r) => r.debt.principal), warning: debtsWarning },
  { ...money<DebtLine>('fine', 'Multa', (r) => r.debt.fine), warning: debtsWarning },
  { ...money<DebtLine>('interest', 'Juros', (r) => r.debt.interest), warning: debtsWarning },
  {
    // The debt rows carry no encargo legal (it is charged on the whole inscription), so the header says so.
    key: 'total', header: 'Total sem encargo legal', width: 16, kind: 'money', total: 'sum',
    headerNote: 'Principal + multa + juros da linha; o encargo legal aparece por certidão, na aba Certidões.',
    value: (r, at) => ({
      formula: `SUM(${at('principal')}:${at('interest')})`,
      result: centavosToReais(r.debt.principal + r.debt.fine + r.debt.interest),
    }),
  },
];

const FILE_COLUMNS: Column<WorkbookFile>[] = [
  { key: 'file', header: 'Arquivo', width: 40, kind: 'text', value: (f) => f.name },
  { key: 'pages', header: 'Páginas', width: 10, kind: 'integer', value: (f) => f.pages, total: 'sum' },
  { key: 'found', header: 'Certidões encontradas', width: 13, kind: 'integer', value: (f) => f.extraction.certificates.length, total: 'sum' },
  { key: 'status', header: 'Situação', width: 28, kind: 'text', value: fileStatus },
  { key: 'error', header: 'Erro', width: 60, kind: 'text', value: (f) => f.extraction.error ?? '' },
];

/** A table with totals and, when any of its cells is highlighted, the legend a blank row below the totals. */
function writeWithLegend<R>(ws: Worksheet, columns: Column<R>[], rows: R[]): void {
  const { totalsRow, flagged } = writeTable(ws, columns, rows, { totalsLabel: 'Total' });
  if (!flagged) return;
  // The Certidões header note says it too, but only whoever hovers the header sees a note. The
  // words in the first cell are the colour sample; the meaning runs on over the empty cells beside it.
  const swatch = ws.getCell(totalsRow! + 2, 1);
  swatch.value = LEGEND_SWATCH;
  swatch.fill = WARNING_FILL;
  ws.getCell(totalsRow! + 2, 2).value = LEGEND_MEANING;
}

export const SIMULATION_SHEET = 'Simulação';

/**
 * The simulation's six figures with the same names and values as the screen, the e-mail and the
 * simulation workbook (vocabulary.ts), plus the limits applied and the debt left out of the transação.
 */
function writeSimulation(ws: Worksheet, s: SimulationSummary): void {
  ws.columns = [{ width: 34 }, { width: 20 }, { width: 110 }];
  ws.addRow(['Resumo da simulação (detalhes em Simulacao_Classificacao.xlsx)']).font = { bold: true, size: 13 };
  ws.addRow([]);
  ws.addRow(['Termo', 'Valor', 'Definição']).font = { bold: true };
  for (const f of describeFigures(s)) {
    const row = ws.addRow([f.label, f.value / 100, SIMULATION_TERMS[f.term].definition]);
    row.getCell(2).numFmt = '[$R$-416] #,##0.00';
  }
  ws.addRow([]);
  const outside = ws.addRow([`${NOT_FEDERAL_LABEL} (${s.outside.count})`, s.outside.total / 100, 'Certidões estaduais e municipais (ou sem valor): contadas no total, não simuladas.']);
  outside.getCell(2).numFmt = '[$R$-416] #,##0.00';
  const all = ws.addRow(['Total das certidões', s.allCertificatesTotal / 100, 'Valor bruto simulado + certidões fora da transação federal.']);
  all.getCell(2).numFmt = '[$R$-416] #,##0.00';
  ws.addRow([]);
  ws.addRow(['Desconto aplicado', formatPercent(s.params.discountApplied), '']);
  for (const a of s.adjustments) ws.addRow(['Limite aplicado', '', a.message]);
}

/** `Base_Certidoes_Divida_Ativa.xlsx`: every extracted field, one row per certificate, debt row and file. */
export async function buildBaseWorkbook(files: WorkbookFile[], simulation: SimulationSummary | null = null): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'CDA Extractor';
  const certificates = files.flatMap((f) => f.extraction.certificates.map((record) => ({ file: f.name, record })));
  writeWithLegend(wb.addWorksheet('Certidões'), CERTIFICATE_COLUMNS, certificates);
  const debts = certificates.flatMap(({ file, record }) => record.debts.map((debt) => ({ record, file, debt })));
  writeWithLegend(wb.addWorksheet('Débitos'), DEBT_COLUMNS, debts);
  writeTable(wb.addWorksheet('Arquivos'), FILE_COLUMNS, files, { totalsLabel: 'Total' });
  if (simulation) writeSimulation(wb.addWorksheet(SIMULATION_SHEET), simulation);
  return workbookBuffer(wb);
}
