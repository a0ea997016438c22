/** Token rules shared by the API, the worker and the screens. */
export const TokenTransactionType = {
  Reserve: 'reserve',
  Settle: 'settle',
  Refund: 'refund',
  Purchase: 'purchase',
  AdminGrant: 'admin_grant',
  Bonus: 'bonus',
  Renewal: 'renewal',
  /** Takes back what a refunded or charged-back order gave. */
  Reversal: 'reversal',
} as const;
export type TokenTransactionType = (typeof TokenTransactionType)[keyof typeof TokenTransactionType];

export type PlanId = 'free' | 'basic' | 'premium' | 'enterprise';

/** Cost of an analysis: every file costs at least one page, so an uncountable file is never free. */
export function analysisCost(pagesPerFile: number[], tokensPerPage: number): { perFile: number[]; total: number } {
  const perFile = pagesPerFile.map((p) => Math.max(1, p) * tokensPerPage);
  return { perFile, total: perFile.reduce((a, b) => a + b, 0) };
}

/** `1,5M`, `250K`, `999`: how balances are shown in cards and headers. */
export function formatTokens(n: number): string {
  const fmt = (v: number) => v.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  if (Math.abs(n) >= 1_000_000) return `${fmt(Math.floor(n / 100_000) / 10)}M`;
  if (Math.abs(n) >= 1_000) return `${fmt(Math.floor(n / 100) / 10)}K`;
  return String(n);
}

export const TYPE_ANALYSIS = 'Extração de CDA';
