import type { CertificateRecord } from '../certificate';
import type { DebtorSize } from './types';

/**
 * Limits of the transação by adesão that depend on who the debtor is (docs/domain.md §4). The law's caps
 * (65/70 %, 120/145 months, 60 for previdenciárias) are admin settings because editais restate
 * them; these are the edital figures the simulator form needs before any setting is read.
 */

/** Entry months: 6 in the general modality, up to 12 for PF/ME/EPP and the other small-debtor groups [edital]. */
export const ENTRY_MONTHS_CAP_GENERAL = 6;
export const ENTRY_MONTHS_CAP_SMALL = 12;
/** Minimum instalment for an MEI (R$ 25); the others use the edital's setting (R$ 100). */
export const MEI_MINIMUM_INSTALLMENT = 2_500;

export const isSmallDebtor = (size: DebtorSize): boolean => size !== 'general';

export const entryMonthsCap = (size: DebtorSize): number => (isSmallDebtor(size) ? ENTRY_MONTHS_CAP_SMALL : ENTRY_MONTHS_CAP_GENERAL);

export const minimumInstallmentFor = (size: DebtorSize, editalMinimum: number): number =>
  size === 'mei' ? Math.min(MEI_MINIMUM_INSTALLMENT, editalMinimum) : editalMinimum;

export const DEBTOR_SIZE_OPTIONS: ReadonlyArray<{ value: DebtorSize; label: string }> = [
  { value: 'general', label: 'Demais pessoas jurídicas (65% / 120 meses)' },
  { value: 'small', label: 'Pessoa física, ME, EPP e demais de pequeno porte (70% / 145 meses)' },
  { value: 'mei', label: 'MEI (70% / 145 meses, parcela mínima R$ 25,00)' },
];

export interface DebtorSizeSuggestion {
  size: DebtorSize;
  /** pt-BR: why, or that nothing in the data pointed to a small debtor. */
  reason: string;
}

// Whole words only: "ME" inside "COMERCIO" or "EPP" inside a longer word says nothing.
const MEI = /(^|[^A-Z0-9])MEI([^A-Z0-9]|$)/;
const ME_EPP = /(^|[^A-Z0-9])(ME|EPP)([^A-Z0-9]|$)/;

/**
 * Debtor size from the extracted certificates: a CPF is a pessoa física; "MEI", "ME" or "EPP" as a
 * word of the name marks a small company. Only a suggestion: the size is declared by the user,
 * and a company can be small without saying so in its name.
 */
export function suggestDebtorSize(records: Array<Pick<CertificateRecord, 'debtorName' | 'debtorDocument'>>): DebtorSizeSuggestion {
  for (const r of records) {
    const name = r.debtorName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
    if (MEI.test(name)) return { size: 'mei', reason: `"MEI" no nome do devedor (${r.debtorName}).` };
  }
  for (const r of records) {
    if (/^\d{11}$/.test(r.debtorDocument)) return { size: 'small', reason: 'Devedor identificado por CPF: pessoa física.' };
    const name = r.debtorName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
    const m = ME_EPP.exec(name);
    if (m) return { size: 'small', reason: `"${m[2]}" no nome do devedor (${r.debtorName}).` };
  }
  return { size: 'general', reason: 'Nada nos dados indica pequeno porte; altere se o devedor for ME, EPP ou MEI.' };
}
