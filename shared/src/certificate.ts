/**
 * The record of one extracted certificate (CDA). The worker, the workbooks and the CLI all use this
 * one type. Money is integer centavos; dates are ISO `YYYY-MM-DD`.
 */
export type Issuer = 'federal' | 'state' | 'municipal';
export type DebtNature = 'previdenciaria' | 'demais';

export interface CoDebtor {
  name: string;
  /** Digits only (CPF or CNPJ). */
  document: string;
}

export interface DebtRow {
  /** `YYYY-MM`, `YYYY-Qn` (for "1º TRI/2019"), `YYYY`, or a full `YYYY-MM-DD`. */
  period: string;
  dueDate: string | null;
  principal: number;
  fine: number;
  interest: number;
}

export interface CertificateRecord {
  /** Digits; municipal `N/AAAA` numbers keep their `/`. */
  registrationNumber: string;
  issuer: Issuer;
  issuerName: string;
  nature: DebtNature;
  /** Why the nature rule chose `nature` (pt-BR), e.g. the DEBCAD format or the receita's wording. */
  natureReason?: string;
  debtorName: string;
  /** Digits only (CPF or CNPJ). */
  debtorDocument: string;
  coDebtors: CoDebtor[];
  revenueCode: string;
  revenueDescription: string;
  /** Digits only. */
  administrativeProcess: string;
  registrationDate: string | null;
  legalBasis: string;
  /** Situação, upper case. */
  status: string;
  principal: number;
  fine: number;
  interest: number;
  legalCharge: number;
  /** 0 when not printed. */
  total: number;
  consolidationDate: string | null;
  debts: DebtRow[];
  /** 1-based page numbers of the source PDF. */
  pages: number[];
  /** pt-BR warnings: every failed check lands here, never a silent fix. */
  warnings: string[];
  /**
   * Per-field doubt: a field whose value no check confirmed, or that had a rival candidate, maps to
   * the pt-BR reason. The workbook highlights these cells and the analysis screen counts them.
   * Absent or empty when every field was confirmed.
   */
  fieldWarnings?: FieldWarnings;
}

/** Fields of a record that can carry a per-field warning. */
export type WarnedField = Exclude<keyof CertificateRecord, 'warnings' | 'fieldWarnings' | 'pages' | 'natureReason'>;
export type FieldWarnings = Partial<Record<WarnedField, string>>;

/** How many fields of the records need checking (the analysis screen's "campos a conferir"). */
export function countFlaggedFields(records: Array<Pick<CertificateRecord, 'fieldWarnings'>>): number {
  return records.reduce((n, r) => n + Object.keys(r.fieldWarnings ?? {}).length, 0);
}

/** One input file's outcome, as the CLI prints it and the worker stores it. */
export interface FileExtraction {
  file: string;
  certificates: CertificateRecord[];
  /** pt-BR reason when the whole file could not be read; null otherwise. */
  error: string | null;
}
