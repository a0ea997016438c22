import type { CertificateRecord, DebtNature } from '../certificate';

export const NATURE_LABEL: Record<DebtNature, string> = {
  previdenciaria: 'Previdenciária',
  demais: 'Demais',
};

export const NOT_FEDERAL_REASON = 'Transação federal não abrange dívida estadual/municipal';
export const NO_VALUE_REASON = 'Certidão sem valor identificado: nada a simular';
export const INVALID_VALUE_REASON = 'Valores da certidão inválidos (não são centavos inteiros e não negativos)';

const MONEY_FIELDS = ['principal', 'fine', 'interest', 'legalCharge', 'total'] as const;

/** Why a record stays out of the simulation, or null when it is simulated. */
export function exclusionReason(record: CertificateRecord): string | null {
  if (record.issuer !== 'federal') return NOT_FEDERAL_REASON;
  if (MONEY_FIELDS.some((f) => !Number.isSafeInteger(record[f]) || record[f] < 0)) return INVALID_VALUE_REASON;
  if (record.principal + record.fine + record.interest + record.legalCharge === 0 && record.total === 0) {
    return NO_VALUE_REASON;
  }
  return null;
}

// Editais exclude these debts unless the debtor first gives the situation up (docs/domain.md §2), so the
// simulation keeps them in and says so instead of guessing the debtor's choice.
const STATUS_RULES: { pattern: RegExp; what: string; giveUp: string }[] = [
  { pattern: /SUSPENS/, what: 'exigibilidade suspensa por decisão judicial', giveUp: 'desistir da ação ou da suspensão' },
  { pattern: /GARANTI|PENHORA/, what: 'débito garantido', giveUp: 'liberar ou renunciar à garantia' },
  { pattern: /PARCELAD|PARCELAMENTO|NEGOCIAD|SISPAR/, what: 'já parcelada ou negociada', giveUp: 'desistir do parcelamento ou negociação' },
];

export function statusWarnings(status: string): string[] {
  const normalized = status.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
  return STATUS_RULES.filter((r) => r.pattern.test(normalized)).map(
    (r) => `Situação "${status}" (${r.what}): o edital exige ${r.giveUp} antes da adesão.`,
  );
}
