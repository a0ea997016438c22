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

/**
 * A token amount in words, as sentences use it: `1 milhão de tokens`, `1,5 milhão de tokens`,
 * `5 milhões de tokens`, `250.000 tokens`, `1 token` (below a million the exact figure reads best). Portuguese takes the singular "milhão" below
 * two million and "de" before the noun only after milhão/milhões.
 */
export function formatTokenAmount(n: number): string {
  const fmt = (v: number) => v.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  const abs = Math.abs(n);
  if (abs >= 1_000_000) {
    const v = Math.trunc(n / 100_000) / 10;
    return `${fmt(v)} ${Math.abs(v) < 2 ? 'milhão' : 'milhões'} de tokens`;
  }
  return `${n.toLocaleString('pt-BR')} ${abs === 1 ? 'token' : 'tokens'}`;
}

/** What the account's balance columns hold: `tokens` (the whole balance), `credit_tokens` and the period's allowance. */
export interface TokenBalance {
  /** The whole balance: allowance left this period plus credits. */
  tokens: number;
  /** The part that never expires (purchases, grants). */
  creditTokens: number;
  /** The plan's (or the account's own) allowance per period. */
  allowance: number;
}

/**
 * The one definition of "tokens restantes / total" shown on the dashboard, header, plans page, simulator,
 * out-of-tokens dialog and the admin users list. The total counts the credits too, so the remaining
 * can never read more than the total ("6M / 5M total" with 1M of credits on a 5M plan):
 * - credits = the non-expiring part of the balance (never more than the balance);
 * - allowanceLeft = the rest of the balance, at most the allowance;
 * - remaining = allowanceLeft + credits; total = allowance + credits;
 * - allowanceUsed = allowance − allowanceLeft (the usage bar measures the plan, not the credits).
 */
export interface TokenStanding {
  remaining: number;
  total: number;
  credits: number;
  allowance: number;
  allowanceLeft: number;
  allowanceUsed: number;
  /** Share of the allowance used, 0–100, rounded (100 when there is no allowance). */
  usedPercent: number;
}

export function tokenStanding({ tokens, creditTokens, allowance }: TokenBalance): TokenStanding {
  const balance = Math.max(0, tokens);
  const allowanceTotal = Math.max(0, allowance);
  const credits = Math.min(Math.max(0, creditTokens), balance);
  const allowanceLeft = Math.min(balance - credits, allowanceTotal);
  const allowanceUsed = allowanceTotal - allowanceLeft;
  return {
    remaining: allowanceLeft + credits,
    total: allowanceTotal + credits,
    credits,
    allowance: allowanceTotal,
    allowanceLeft,
    allowanceUsed,
    usedPercent: allowanceTotal > 0 ? Math.min(100, Math.round((allowanceUsed / allowanceTotal) * 100)) : 100,
  };
}

/** A plan allowance at or above this reads "ilimitado" (the Enterprise plan's 999.999.999). */
export const UNLIMITED_ALLOWANCE = 999_999_999;

/**
 * The ledger's words for an entry that sets the period balance to a plan's allowance, so the amount
 * (the difference from the old balance, e.g. +4.018.000 after 982.000 of Free were left) explains
 * itself: `Plano Basic: saldo ajustado para 5M (compra mensal)`.
 */
export function planBalanceDescription(planName: string, allowance: number, reason?: string): string {
  const to = allowance >= UNLIMITED_ALLOWANCE ? 'ilimitado' : formatTokens(allowance);
  return `Plano ${planName}: saldo ajustado para ${to}${reason ? ` (${reason})` : ''}`;
}
