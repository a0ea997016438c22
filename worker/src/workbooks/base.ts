import ExcelJS from 'exceljs';
import type { CertificateRecord, DebtRow, FileExtraction } from '@cda/shared';
import { NATURE_LABEL } from '@cda/shared';
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
import { Column, workbookBuffer, writeTable } from './table';

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

const CERTIFICATE_COLUMNS: Column<CertificateRow>[] = [
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
  { key: 'warnings', header: 'Alertas', width: 60, kind: 'text', value: (r) => r.record.warnings.join(' | ') },
];

const DEBT_COLUMNS: Column<DebtLine>[] = [
  { key: 'number', header: 'Nº da inscrição', width: 20, kind: 'text', value: (r) => formatRegistrationNumber(r.record.registrationNumber) },
  { key: 'file', header: 'Arquivo', width: 30, kind: 'text', value: (r) => r.file },
  { key: 'period', header: 'Período de apuração', width: 14, kind: 'text', value: (r) => formatPeriod(r.debt.period) },
  { key: 'due', header: 'Vencimento', width: 12, kind: 'date', value: (r) => isoToDate(r.debt.dueDate) },
  money('principal', 'Principal', (r) => r.debt.principal),
  money('fine', 'Multa', (r) => r.debt.fine),
  money('interest', 'Juros', (r) => r.debt.interest),
  {
    key: 'total', header: 'Total', width: 16, kind: 'money', total: 'sum',
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

/** `Base_Certidoes_Divida_Ativa.xlsx`: every extracted field, one row per certificate, debt row and file. */
export async function buildBaseWorkbook(files: WorkbookFile[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'CDA Extractor';
  const certificates = files.flatMap((f) => f.extraction.certificates.map((record) => ({ file: f.name, record })));
  writeTable(wb.addWorksheet('Certidões'), CERTIFICATE_COLUMNS, certificates, { totalsLabel: 'Total' });
  const debts = certificates.flatMap(({ file, record }) => record.debts.map((debt) => ({ record, file, debt })));
  writeTable(wb.addWorksheet('Débitos'), DEBT_COLUMNS, debts, { totalsLabel: 'Total' });
  writeTable(wb.addWorksheet('Arquivos'), FILE_COLUMNS, files, { totalsLabel: 'Total' });
  return workbookBuffer(wb);
}
