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
}

/** One input file's outcome, as the CLI prints it and the worker stores it. */
export interface FileExtraction {
  file: string;
  certificates: CertificateRecord[];
  /** pt-BR reason when the whole file could not be read; null otherwise. */
  error: string | null;
}
