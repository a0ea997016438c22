import { EntityManager } from 'typeorm';
import { BillingCycle, PaymentMethodKind, ReactivationView, SubscriptionEndReason, cycleMonths, reactivationOffer, upgradeQuote, UpgradeQuote } from '@cda/shared';
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
  reactivated_from: string | null;
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
  p: { userId: string; orderId: string; planId: string; cycle: BillingCycle; method: PaymentMethodKind; now: Date; periodEnd: Date; extendsRunning: boolean; reactivation?: boolean },
): Promise<string> {
  const current = await activeSubscription(q, p.userId, true);
  let id: string;
  if (current && p.extendsRunning && current.plan_id === p.planId && current.billing_cycle === p.cycle) {
    // Paying again early (PIX, annual, or a card plan renewed by hand) extends the same period.
    await q.query(`UPDATE subscriptions SET current_period_end = $2, updated_at = now() WHERE id = $1`, [current.id, p.periodEnd]);
    id = current.id;
  } else {
    if (current) await endActiveSubscription(q, p.userId, 'changed', p.now);
    // A reactivation order takes up the account's last ended subscription (the one the offer named).
    const [taken] = p.reactivation && !current
      ? await q.query(`SELECT id FROM subscriptions WHERE user_id = $1 AND status = 'ended' ORDER BY ended_at DESC LIMIT 1`, [p.userId])
      : [];
    const [row] = await q.query(
      `INSERT INTO subscriptions (user_id, plan_id, billing_cycle, method, renewal, started_at, current_period_start, current_period_end, reactivated_from)
       VALUES ($1, $2, $3, $4, 'manual', $5, $5, $6, $7) RETURNING id`,
      [p.userId, p.planId, p.cycle, p.method, p.now, p.periodEnd, taken?.id ?? null],
    );
    id = row.id;
    if (taken) {
      // In the same transaction as the grant, so it is recorded exactly once, with the payment.
      await q.query(`INSERT INTO audit_log (user_id, action, target, details) VALUES ($1, 'subscription.reactivate', $2, $3)`, [
        p.userId,
        id,
        JSON.stringify({ orderId: p.orderId, reactivatedFrom: taken.id, planId: p.planId, billingCycle: p.cycle }),
      ]);
    }
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

/**
 * The plan the account can take up again at `now` (cancellation policy §5, the rule in
 * reactivationOffer): its latest ended subscription, same plan and cycle at the plan's current
 * price. Null when not offered, or when that plan can no longer be bought for that cycle.
 */
export async function reactivationFor(q: Queryable, userId: string, now: Date): Promise<ReactivationView | null> {
  const [u] = await q.query(`SELECT plan FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
  if (!u) return null;
  const [last] = (await q.query(
    `SELECT plan_id, billing_cycle, ended_at, end_reason FROM subscriptions WHERE user_id = $1 AND status = 'ended' ORDER BY ended_at DESC LIMIT 1`,
    [userId],
  )) as Pick<SubscriptionRow, 'plan_id' | 'billing_cycle' | 'ended_at' | 'end_reason'>[];
  const onPaidPlan = u.plan !== 'free' || !!(await activeSubscription(q, userId));
  const offer = reactivationOffer({ now, last: last ? { endedAt: new Date(last.ended_at!), endReason: last.end_reason } : null, onPaidPlan });
  if (!offer) return null;
  const price = await planPrice(q, last.plan_id, last.billing_cycle);
  if (!price || !price.isActive || price.priceCents <= 0) return null;
  return {
    planId: last.plan_id,
    planName: price.name,
    billingCycle: last.billing_cycle,
    priceCents: price.priceCents,
    endedAt: new Date(last.ended_at!).toISOString(),
    until: offer.until.toISOString(),
  };
}
