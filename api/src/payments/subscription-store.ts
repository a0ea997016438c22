import { EntityManager } from 'typeorm';
import { BillingCycle, PaymentMethodKind, SubscriptionEndReason, cycleMonths, upgradeQuote, UpgradeQuote } from '@cda/shared';
import { returned } from '../common/sql-result';

/**
 * SQL shared by the order state machine (a paid plan opens or extends its subscription, a refund
 * ends it) and the subscriptions service. Plain functions over the caller's transaction, so the
 * order's credit and its subscription change commit together.
 */

type Queryable = Pick<EntityManager, 'query'>;

export interface SubscriptionRow {
  id: string;
  user_id: string;
  plan_id: string;
  billing_cycle: BillingCycle;
  method: PaymentMethodKind;
  status: 'active' | 'ended';
  renewal: string;
  provider_preapproval_id: string | null;
  started_at: Date;
  current_period_start: Date;
  current_period_end: Date;
  pending_plan_id: string | null;
  pending_cycle: BillingCycle | null;
  renewal_failures: number;
  cancel_requested_at: Date | null;
  preapproval_cancelled_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
}

export async function activeSubscription(q: Queryable, userId: string, lock = false): Promise<SubscriptionRow | null> {
  const [row] = await q.query(`SELECT * FROM subscriptions WHERE user_id = $1 AND status = 'active' ${lock ? 'FOR UPDATE' : ''}`, [userId]);
  return (row as SubscriptionRow) ?? null;
}

/** Ends the account's active subscription (if any); answers the ended row. */
export async function endActiveSubscription(q: Queryable, userId: string, reason: SubscriptionEndReason, now: Date): Promise<SubscriptionRow | null> {
  const rows = returned<SubscriptionRow>(await q.query(
    `UPDATE subscriptions SET status = 'ended', renewal = 'ended', ended_at = $3, end_reason = $2, updated_at = now()
     WHERE user_id = $1 AND status = 'active' RETURNING *`,
    [userId, reason, now],
  ));
  return rows[0] ?? null;
}

/**
 * A paid plan order was approved: the running subscription of the same plan and cycle is extended
 * to `periodEnd`; otherwise the running one (if any) ends as changed and a new one starts now.
 */
export async function recordPlanPeriod(
  q: Queryable,
  p: { userId: string; orderId: string; planId: string; cycle: BillingCycle; method: PaymentMethodKind; now: Date; periodEnd: Date; extendsRunning: boolean },
): Promise<string> {
  const current = await activeSubscription(q, p.userId, true);
  let id: string;
  if (current && p.extendsRunning && current.plan_id === p.planId && current.billing_cycle === p.cycle) {
    // Paying again early (PIX, annual, or a card plan renewed by hand) extends the same period.
    await q.query(`UPDATE subscriptions SET current_period_end = $2, updated_at = now() WHERE id = $1`, [current.id, p.periodEnd]);
    id = current.id;
  } else {
    if (current) await endActiveSubscription(q, p.userId, 'changed', p.now);
    const [row] = await q.query(
      `INSERT INTO subscriptions (user_id, plan_id, billing_cycle, method, renewal, started_at, current_period_start, current_period_end)
       VALUES ($1, $2, $3, $4, 'manual', $5, $5, $6) RETURNING id`,
      [p.userId, p.planId, p.cycle, p.method, p.now, p.periodEnd],
    );
    id = row.id;
  }
  await q.query(`UPDATE orders SET subscription_id = $2 WHERE id = $1`, [p.orderId, id]);
  return id;
}

/** The catalogue price of a plan for a cycle (0 when it cannot be bought). */
export async function planPrice(q: Queryable, planId: string, cycle: BillingCycle): Promise<{ name: string; priceCents: number; tokenLimit: number; isActive: boolean } | null> {
  const [p] = await q.query(`SELECT name, monthly_price_cents, yearly_price_cents, token_limit, is_active FROM plans WHERE id = $1`, [planId]);
  if (!p) return null;
  return { name: p.name, priceCents: cycle === 'yearly' ? p.yearly_price_cents : p.monthly_price_cents, tokenLimit: Number(p.token_limit), isActive: p.is_active };
}

/**
 * What an upgrade to `planId`/`cycle` costs now: the new price minus the unused whole days of the
 * current cycle, valued at the current plan's price for its cycle. Null when there is no running
 * paid period or the change is not an upgrade (a larger allowance).
 */
export async function upgradeQuoteFor(q: Queryable, userId: string, planId: string, cycle: BillingCycle, now: Date): Promise<UpgradeQuote | null> {
  const sub = await activeSubscription(q, userId);
  if (!sub || sub.current_period_end <= now) return null;
  const [current, next] = await Promise.all([planPrice(q, sub.plan_id, sub.billing_cycle), planPrice(q, planId, cycle)]);
  if (!current || !next || next.tokenLimit <= current.tokenLimit) return null;
  return upgradeQuote({ ...periodValue(sub, current.priceCents), newPriceCents: next.priceCents, now });
}

/**
 * What the current period is worth: the plan's price per cycle times the cycles it spans (a plan
 * paid again early spans two), from its start to its end.
 */
export function periodValue(sub: Pick<SubscriptionRow, 'current_period_start' | 'current_period_end' | 'billing_cycle'>, priceCents: number) {
  const periodStart = new Date(sub.current_period_start);
  const periodEnd = new Date(sub.current_period_end);
  const cycles = Math.max(1, Math.round((periodEnd.getTime() - periodStart.getTime()) / (cycleMonths(sub.billing_cycle) * 30.44 * 86400_000)));
  return { paidCents: priceCents * cycles, periodStart, periodEnd };
}
