/**
 * Plan periods, renewals, changes and refunds: the pure rules behind issue #23. Every rule takes
 * `now`, so the API's jobs and the tests move time by passing another instant. Money is integer
 * centavos; every figure the cancellation policy promises comes from LEGAL.
 */
import { LEGAL } from './legal';
import type { BillingCycle } from './payments';

const DAY_MS = 24 * 60 * 60 * 1000;

export const SUBSCRIPTION_RULES = {
  /** Reminder e-mails before an expiry that will not renew by itself, in days before the end. */
  reminderDays: [7, 1] as const,
  /**
   * A monthly card plan is charged this many days before its period ends, so that the provider's
   * retries of a declined card (Mercado Pago: up to 4 attempts) finish inside the paid period and a
   * final refusal ends the plan at the period's end, never earlier and never with unpaid days.
   */
  renewalLeadDays: 3,
  /** Attempts the provider makes on one renewal charge before giving up (the first plus retries). */
  renewalAttempts: 4,
} as const;

/** How the account's plan renews: what Perfil → Plano and the back office show. */
export type RenewalState = 'auto' | 'retrying' | 'manual' | 'cancelled' | 'failed' | 'ended';
export const RENEWAL_STATES: readonly RenewalState[] = ['auto', 'retrying', 'manual', 'cancelled', 'failed', 'ended'];
export const RENEWAL_STATE_LABELS: Record<RenewalState, string> = {
  auto: 'Renovação automática',
  retrying: 'Cobrança recusada — nova tentativa',
  manual: 'Renova pagando novamente',
  cancelled: 'Renovação cancelada',
  failed: 'Renovação recusada',
  ended: 'Encerrada',
};
/** Whether the plan still renews by itself (no reminder e-mails then). */
export function renewsByItself(state: RenewalState): boolean {
  return state === 'auto' || state === 'retrying';
}

export type SubscriptionEndReason = 'expired' | 'refunded' | 'cancelled_refund' | 'changed' | 'admin' | 'account_deleted';
export const SUBSCRIPTION_END_LABELS: Record<SubscriptionEndReason, string> = {
  expired: 'Período terminou sem renovação',
  refunded: 'Cancelada com reembolso integral',
  cancelled_refund: 'Cancelada com reembolso proporcional',
  changed: 'Trocada por outro plano',
  admin: 'Encerrada pelo administrador',
  account_deleted: 'Conta excluída',
};

function daysInMonthUtc(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * `start` plus `months` calendar months in UTC, the day clamped to the target month's last day
 * (31 Jan + 1 month = 28/29 Feb), as Postgres adds `interval '1 month'`.
 */
export function addMonths(start: Date, months: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const ty = y + Math.floor(m / 12);
  const tm = ((m % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), daysInMonthUtc(ty, tm));
  return new Date(Date.UTC(ty, tm, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()));
}

export function cycleMonths(cycle: BillingCycle): number {
  return cycle === 'yearly' ? 12 : 1;
}

/** The end of a period of `cycle` that starts at `start`. */
export function addCycle(start: Date, cycle: BillingCycle, count = 1): Date {
  return addMonths(start, cycleMonths(cycle) * count);
}

/**
 * The paid period a purchase of a plan buys: a still-running period of the same plan is extended
 * from its end (paying again early loses no days); anything else starts now.
 */
export function periodAfterPurchase(now: Date, cycle: BillingCycle, running: { samePlan: boolean; expiresAt: Date | null }): { start: Date; end: Date } {
  const from = running.samePlan && running.expiresAt && running.expiresAt > now ? running.expiresAt : now;
  return { start: now, end: addCycle(from, cycle) };
}

/** When the provider charges the renewal of a period ending at `periodEnd`. */
export function renewalChargeDate(periodEnd: Date): Date {
  return new Date(periodEnd.getTime() - SUBSCRIPTION_RULES.renewalLeadDays * DAY_MS);
}

/**
 * The reminder due at `now` for a period ending at `periodEnd` (7 or 1 days before), or null. Past
 * the 1-day mark only the 1-day reminder is due: a late job never sends both at once.
 */
export function dueReminder(now: Date, periodEnd: Date): 7 | 1 | null {
  if (now >= periodEnd) return null;
  const left = periodEnd.getTime() - now.getTime();
  if (left <= 1 * DAY_MS) return 1;
  if (left <= 7 * DAY_MS) return 7;
  return null;
}

/** When each reminder is due for a period ending at `periodEnd`. */
export function reminderDueDates(periodEnd: Date): { days: number; at: Date }[] {
  return SUBSCRIPTION_RULES.reminderDays.map((days) => ({ days, at: new Date(periodEnd.getTime() - days * DAY_MS) }));
}

/** Whole days left until `end` (a started day is used, so it does not count). */
export function unusedWholeDays(now: Date, end: Date): number {
  return Math.max(0, Math.floor((end.getTime() - now.getTime()) / DAY_MS));
}

/** Calendar months of the period begun by `now` (the month in course counts as used). */
export function monthsStarted(periodStart: Date, now: Date): number {
  if (now < periodStart) return 0;
  let k = 0;
  while (addMonths(periodStart, k) <= now) k++;
  return k;
}

export interface UpgradeQuote {
  /** Days of the current period not used yet, out of its length in days. */
  unusedDays: number;
  periodDays: number;
  /** The unused part of what was paid for the current period. */
  creditCents: number;
  newPriceCents: number;
  /** What the new plan costs now: its price minus the credit (never below zero). */
  chargeCents: number;
}

/**
 * An upgrade takes effect at once; the unused whole days of the current period are credited pro
 * rata (rounded down to the centavo) against the new plan's price.
 */
export function upgradeQuote(input: { paidCents: number; periodStart: Date; periodEnd: Date; newPriceCents: number; now: Date }): UpgradeQuote {
  const periodDays = Math.max(1, Math.round((input.periodEnd.getTime() - input.periodStart.getTime()) / DAY_MS));
  const unusedDays = Math.min(periodDays, unusedWholeDays(input.now, input.periodEnd));
  const creditCents = Math.floor((input.paidCents * unusedDays) / periodDays);
  return { unusedDays, periodDays, creditCents, newPriceCents: input.newPriceCents, chargeCents: Math.max(0, input.newPriceCents - creditCents) };
}

export type RefundKind = 'full' | 'annual_pro_rata' | 'none';

export interface RefundQuote {
  kind: RefundKind;
  /** Until when the satisfaction guarantee (full refund) holds. */
  guaranteeEndsAt: Date;
  /** Annual plans after the guarantee: whole months not used yet, out of 12. */
  unusedMonths: number;
  /** The unused months' share of the price (annual), or everything paid (guarantee). */
  proRataCents: number;
  /** The administrative fee on the pro-rata share (annual after the guarantee). */
  feeCents: number;
  refundCents: number;
}

/**
 * What cancelling now gives back, as the cancellation policy says: everything paid within
 * LEGAL.guaranteeDays of the first payment; after that, an annual plan gets the whole months not
 * used yet, minus LEGAL.annualCancellationFeePercent of that amount; a monthly plan gets nothing.
 */
export function refundQuote(input: {
  cycle: BillingCycle;
  /** All that was paid for the plan since its first payment (guarantee) or for the current annual period. */
  paidCents: number;
  periodPaidCents: number;
  firstPaymentAt: Date;
  periodStart: Date;
  now: Date;
}): RefundQuote {
  const guaranteeEndsAt = new Date(input.firstPaymentAt.getTime() + LEGAL.guaranteeDays * DAY_MS);
  if (input.now <= guaranteeEndsAt) {
    return { kind: 'full', guaranteeEndsAt, unusedMonths: 0, proRataCents: input.paidCents, feeCents: 0, refundCents: input.paidCents };
  }
  if (input.cycle !== 'yearly') return { kind: 'none', guaranteeEndsAt, unusedMonths: 0, proRataCents: 0, feeCents: 0, refundCents: 0 };
  const unusedMonths = Math.max(0, 12 - monthsStarted(input.periodStart, input.now));
  const proRataCents = Math.floor((input.periodPaidCents * unusedMonths) / 12);
  const feeCents = Math.round((proRataCents * LEGAL.annualCancellationFeePercent) / 100);
  const refundCents = proRataCents - feeCents;
  return { kind: refundCents > 0 ? 'annual_pro_rata' : 'none', guaranteeEndsAt, unusedMonths, proRataCents, feeCents, refundCents };
}

/**
 * Ends after which the same plan can be taken up again (cancellation policy §5): the period ran
 * out (renewal cancelled, refused by the card, or never paid again) or the plan was cancelled with a
 * refund. Not a plan swapped for another (the account has a plan), an administrator's end (a
 * decision about the account, not the customer's) or a deleted account.
 */
export const REACTIVATABLE_END_REASONS: readonly SubscriptionEndReason[] = ['expired', 'refunded', 'cancelled_refund'];

/** The instant the reactivation offer of a plan that ended at `endedAt` lapses (not included). */
export function reactivationDeadline(endedAt: Date): Date {
  return new Date(endedAt.getTime() + LEGAL.reactivationDays * DAY_MS);
}

/**
 * Whether the account can reactivate its last paid plan at `now`, and until when: for
 * LEGAL.reactivationDays days from the plan's end (the period's end, or the moment of a refund), only
 * while the account has no paid plan, and only after an end in REACTIVATABLE_END_REASONS. Null when
 * not offered.
 */
export function reactivationOffer(input: {
  now: Date;
  /** The account's most recently ended subscription, if any. */
  last: { endedAt: Date; endReason: string | null } | null;
  /** A running paid plan (a subscription, or a plan an administrator set) leaves nothing to reactivate. */
  onPaidPlan: boolean;
}): { until: Date } | null {
  const { now, last } = input;
  if (input.onPaidPlan || !last) return null;
  if (!REACTIVATABLE_END_REASONS.includes(last.endReason as SubscriptionEndReason)) return null;
  const until = reactivationDeadline(last.endedAt);
  return now >= last.endedAt && now < until ? { until } : null;
}

/** The plan Perfil → Plano offers to take up again: same plan and cycle, at the plan's current price. */
export interface ReactivationView {
  planId: string;
  planName: string;
  billingCycle: BillingCycle;
  priceCents: number;
  endedAt: string;
  /** The offer lapses at this instant. */
  until: string;
}

/** What Perfil → Plano and the dashboard show for the account's plan. */
export interface SubscriptionView {
  id: string | null;
  planId: string;
  planName: string;
  billingCycle: BillingCycle | null;
  method: 'card' | 'pix' | 'boleto' | null;
  renewal: RenewalState | null;
  periodStart: string | null;
  periodEnd: string | null;
  /** Auto-renewing plans: when and how much the provider will charge next. */
  nextChargeAt: string | null;
  nextChargeCents: number | null;
  /** A downgrade waiting for the next cycle. */
  pendingPlanId: string | null;
  pendingPlanName: string | null;
  pendingCycle: BillingCycle | null;
  paidCents: number;
  refund: { kind: RefundKind; refundCents: number; proRataCents: number; feeCents: number; unusedMonths: number; guaranteeEndsAt: string } | null;
  /** Only without a paid plan: the last one, which can still be taken up again (LEGAL.reactivationDays). */
  reactivation: ReactivationView | null;
}

export interface PlanChangeOption {
  planId: string;
  planName: string;
  billingCycle: BillingCycle;
  priceCents: number;
  /** Upgrade: at once, paid now (chargeCents), with the credit shown; downgrade: at the next cycle, nothing to pay. */
  kind: 'upgrade' | 'downgrade';
  quote: UpgradeQuote | null;
}

/** Reports: subscription movements per month. */
export interface SubscriptionMonthRow {
  month: string;
  /** Active paid plans at the start of the month. */
  activeAtStart: number;
  /** Plans started this month, reactivations excepted. */
  newSubscriptions: number;
  renewals: number;
  /** Plans taken up again within LEGAL.reactivationDays of their end (not counted as new). */
  reactivations: number;
  cancellations: number;
  ended: number;
  /** Ended ÷ active at start, in percent with one decimal (0 when none were active). */
  churnPercent: number;
}

export function churnPercent(ended: number, activeAtStart: number): number {
  return activeAtStart > 0 ? Math.round((ended / activeAtStart) * 1000) / 10 : 0;
}

const dateOnly = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' });

/** `24/12/2026` in Brasília time: how plan dates read in e-mails, Perfil → Plano and the dashboard. */
export function formatPlanDate(value: string | Date): string {
  return dateOnly.format(typeof value === 'string' ? new Date(value) : value);
}
