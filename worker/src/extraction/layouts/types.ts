import type { DebtNature, Issuer } from '@cda/shared';

/**
 * A layout family as data. Every pattern runs on folded text (lower case, accents removed, one
 * character per character of the original), so labels are written without accents.
 */
export type FieldName =
  | 'debtorName'
  | 'debtorDocument'
  | 'revenue'
  | 'revenueCode'
  | 'revenueDescription'
  | 'administrativeProcess'
  | 'registrationDate'
  | 'legalBasis'
  | 'status'
  | 'principal'
  | 'fine'
  | 'interest'
  | 'legalCharge'
  | 'total'
  | 'consolidationDate';

export type DebtColumn = 'principal' | 'fine' | 'interest' | 'other';

export interface LayoutRule {
  id: string;
  issuer: Issuer;
  /** Detection: the segment must reach `minScore` from these weighted cues to be this layout. */
  cues: Array<{ pattern: RegExp; weight: number }>;
  minScore: number;
  /** Lines that open a certificate (title lines); a new number after one of them starts a new record. */
  startCue: RegExp;
  registration: {
    labels: RegExp[];
    /** The number itself (on the original text; OCR lookalikes allowed where the layout says so). */
    pattern: RegExp;
    keepSlash?: boolean;
    /** Labels whose numbers look like an inscription but are not it (e.g. "PGFN de Origem"). */
    decoys?: RegExp[];
  };
  /** Header lines naming the issuing body; the first match, upper-cased, is `issuerName`. */
  issuerName: RegExp[];
  fields: Partial<Record<FieldName, RegExp[]>>;
  coDebtors: RegExp[];
  /** Labels of content outside the record (address, livro/folha…): known so they end blocks and values. */
  otherLabels: RegExp[];
  table: {
    /** A header line holds one of these and at least two money columns. */
    periodHeader: RegExp;
    columns: Array<{ column: DebtColumn; pattern: RegExp }>;
    dueHeader: RegExp;
    /** Columns printed before the period (e.g. receita code) whose leading token a row carries. */
    leadingCode?: RegExp;
  };
  /** What a number alone says about the nature (cda.md §3: DEBCAD is previdenciária). */
  natureFromNumber?: (digits: string) => DebtNature | null;
}
