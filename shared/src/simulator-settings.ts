import type { AnalysisParams } from './analysis';
import type { Capag, DebtorSize, EntryBase } from './simulation/types';

/** Limits of the simulator's settings, enforced by the screen and again by the API. */
export const DISCOUNT_MAX = 100;
export const DISCOUNT_DECIMALS = 2;
export const INSTALLMENTS_MIN = 1;
export const INSTALLMENTS_MAX = 180;
/** `100,00` plus the `%` suffix shown beside it: seven characters. */
export const DISCOUNT_INPUT_MAX_LENGTH = 6;

export type SimulatorField = 'discount' | 'installmentsSocialSecurity' | 'installmentsOther';
export type SimulatorInput = Record<SimulatorField, string>;

const DISCOUNT_SHAPE = /^\d{0,3}(,\d{0,2})?$/;

/** `65,5` → 65.5; null for an empty or malformed text. */
export function parseDiscount(text: string): number | null {
  if (!/^\d{1,3}(,\d{1,2})?$/.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/**
 * What the discount box keeps while the user types: digits, at most one comma with two decimals,
 * never above 100. A `.` becomes the pt-BR comma and a typed `%` is dropped (the suffix is drawn
 * beside the box); anything else leaves the previous text in place.
 */
export function filterDiscountInput(next: string, previous: string): string {
  const text = next.replace(/[%\s]/g, '').replace('.', ',');
  if (text.length > DISCOUNT_INPUT_MAX_LENGTH || !DISCOUNT_SHAPE.test(text)) return previous;
  const value = Number(text.replace(',', '.') || '0');
  return value > DISCOUNT_MAX ? previous : text;
}

/** Installment boxes keep digits only, up to three, and refuse a value above the maximum. */
export function filterInstallmentsInput(next: string, previous: string): string {
  const text = next.replace(/\D/g, '');
  if (text.length > 3) return previous;
  return text !== '' && Number(text) > INSTALLMENTS_MAX ? previous : text;
}

export const INSTALLMENTS_HELP = `Mínimo: ${INSTALLMENTS_MIN}, Máximo: ${INSTALLMENTS_MAX}`;

export function simulatorInputFrom(p: AnalysisParams): SimulatorInput {
  return {
    discount: String(p.discount).replace('.', ','),
    installmentsSocialSecurity: String(p.installmentsSocialSecurity),
    installmentsOther: String(p.installmentsOther),
  };
}

/** The simulator's settings as typed, checked: the numbers to send, or a pt-BR message per field. */
export function validateSimulatorInput(input: SimulatorInput):
  | { ok: true; params: Pick<AnalysisParams, SimulatorField> }
  | { ok: false; errors: Partial<Record<SimulatorField, string>> } {
  const errors: Partial<Record<SimulatorField, string>> = {};
  const discount = parseDiscount(input.discount.trim());
  if (input.discount.trim() === '') errors.discount = 'Informe o desconto.';
  else if (discount === null) errors.discount = 'Use números com até 2 casas decimais (ex.: 65,5).';
  else if (discount > DISCOUNT_MAX) errors.discount = `O desconto não pode passar de ${DISCOUNT_MAX}%.`;
  const installments = (field: 'installmentsSocialSecurity' | 'installmentsOther') => {
    const text = input[field].trim();
    const n = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(n) || n < INSTALLMENTS_MIN || n > INSTALLMENTS_MAX) {
      errors[field] = `Informe um número inteiro de parcelas entre ${INSTALLMENTS_MIN} e ${INSTALLMENTS_MAX}.`;
    }
    return n;
  };
  const installmentsSocialSecurity = installments('installmentsSocialSecurity');
  const installmentsOther = installments('installmentsOther');
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, params: { discount: discount!, installmentsSocialSecurity, installmentsOther } };
}

/**
 * The simulator's other inputs (issue #24): debtor size, CAPAG, entry base and entry months. Empty
 * CAPAG, entry base or months mean "not said": C/D presumed, the edital's base and months.
 */
export interface SimulatorChoices {
  debtorSize: DebtorSize;
  capag: Capag | '';
  entryBase: EntryBase | '';
  entryMonths: string;
}

export const DEFAULT_SIMULATOR_CHOICES: SimulatorChoices = { debtorSize: 'general', capag: '', entryBase: '', entryMonths: '' };

export const CAPAG_OPTIONS: ReadonlyArray<{ value: Capag | ''; label: string }> = [
  { value: '', label: 'Não sei (presumir C ou D)' },
  { value: 'A', label: 'A — sem desconto' },
  { value: 'B', label: 'B — sem desconto' },
  { value: 'C', label: 'C — com desconto' },
  { value: 'D', label: 'D — com desconto' },
];

export const ENTRY_BASE_OPTIONS: ReadonlyArray<{ value: EntryBase | ''; label: string }> = [
  { value: '', label: 'Padrão do edital' },
  { value: 'gross', label: 'Valor bruto (sem desconto)' },
  { value: 'discounted', label: 'Valor com desconto' },
];

export function simulatorChoicesFrom(p: AnalysisParams): SimulatorChoices {
  return {
    debtorSize: p.debtorSize ?? 'general',
    capag: p.capag ?? '',
    entryBase: p.entryBase ?? '',
    entryMonths: p.entryMonths === undefined ? '' : String(p.entryMonths),
  };
}

/** The choices as params, or the pt-BR message of the entry months box. */
export function paramsWithChoices<P extends object>(params: P, c: SimulatorChoices): { ok: true; params: P & Partial<AnalysisParams> } | { ok: false; error: string } {
  const months = c.entryMonths.trim();
  if (months !== '' && (!/^\d{1,2}$/.test(months) || Number(months) < 1)) {
    return { ok: false, error: 'Informe os meses de entrada como um número inteiro (ex.: 6).' };
  }
  return {
    ok: true,
    params: {
      ...params,
      debtorSize: c.debtorSize,
      ...(c.capag ? { capag: c.capag } : {}),
      ...(c.entryBase ? { entryBase: c.entryBase } : {}),
      ...(months ? { entryMonths: Number(months) } : {}),
    },
  };
}
