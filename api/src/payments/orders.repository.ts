import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { BillingCycle, OrderKind, OrderStatus, PaymentMethodKind } from '@cda/shared';
import { returned } from '../common/sql-result';

/** With `orders o LEFT JOIN users u`: whether the order's account is deleted (or its row purged). */
const OWNER_GONE = '(u.id IS NULL OR u.deleted_at IS NOT NULL) AS owner_gone';

/** An order as the state machine reads it, locked, with its owner (bigints as strings). */
export interface OrderApplyRow {
  id: string;
  user_id: string;
  kind: OrderKind;
  plan_id: string | null;
  pack_id: string | null;
  billing_cycle: BillingCycle | null;
  item_name: string;
  tokens: string;
  amount_cents: number;
  status: OrderStatus;
  purpose: string;
  status_detail: string | null;
  provider_payment_id: string | null;
  method: PaymentMethodKind;
  installments: number;
  owner_name: string | null;
  owner_email: string | null;
  owner_gone: boolean;
}

/** An order the provider can be asked about. */
export interface ProviderCheckRow {
  id: string;
  status: OrderStatus;
  provider_payment_id: string | null;
  owner_gone: boolean;
}

export interface LedgerEntry {
  userId: string;
  type: 'purchase' | 'reversal';
  amount: number;
  creditAmount: number;
  orderId: string;
  description: string;
}

/**
 * The hand-written SQL of the order state machine and its reconcile job. Methods that take `tx`
 * run inside the caller's transaction (the order's move and its credit commit together); which
 * moves are allowed stays in OrdersService.
 */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The order and its owner, the order's row locked; null when there is no such order. */
  async lockForApply(tx: EntityManager, orderId: string): Promise<OrderApplyRow | null> {
    const [row] = (await tx.query(
      `SELECT o.id, o.user_id, o.kind, o.plan_id, o.pack_id, o.billing_cycle, o.item_name, o.tokens, o.amount_cents, o.status, o.purpose,
         o.status_detail, o.provider_payment_id, o.method, o.installments, u.name AS owner_name, u.email AS owner_email,
         ${OWNER_GONE}
       FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1 FOR UPDATE OF o`,
      [orderId],
    )) as OrderApplyRow[];
    return row ?? null;
  }

  /** Moves the order to `to` with the provider's detail and payment id, stamping approval or refund. */
  async moveStatus(tx: EntityManager, orderId: string, to: OrderStatus, statusDetail: string | null, providerPaymentId: string): Promise<void> {
    await tx.query(
      `UPDATE orders SET status = $2::order_status, status_detail = $3, provider_payment_id = $4, updated_at = now(),
         approved_at = CASE WHEN $2::order_status = 'approved' THEN now() ELSE approved_at END,
         refunded_at = CASE WHEN $2::order_status = 'refunded' THEN now() ELSE refunded_at END
       WHERE id = $1`,
      [orderId, to, statusDetail, providerPaymentId],
    );
  }

  /** The buyer's plan as it stands, the row locked. */
  async lockPlanHolder(tx: EntityManager, userId: string): Promise<{ tokens: string; plan: string; plan_expires_at: Date | null }> {
    const [u] = await tx.query(`SELECT tokens, plan, plan_expires_at FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return u;
  }

  /**
   * Puts the account on the paid plan for a period from `start` to `end`: credits plus the allowance
   * (buying the same plan again keeps an admin's per-user limit, a new plan clears it). Answers the
   * balance's movement, the allowance granted and the plan's name.
   */
  async startPaidPeriod(
    tx: EntityManager,
    p: { userId: string; planId: string; allowance: number; start: Date; end: Date },
  ): Promise<{ delta: number; allowance: number; planName: string }> {
    const [r] = returned<{ delta: string; allowance: string; plan_name: string }>(await tx.query(
      `WITH old AS (SELECT tokens, plan FROM users WHERE id = $1)
       UPDATE users u SET plan = $2::varchar, plan_period_start = $4,
         token_limit_override = CASE WHEN old.plan = $2::varchar THEN u.token_limit_override END,
         tokens = u.credit_tokens + CASE WHEN old.plan = $2::varchar THEN COALESCE(u.token_limit_override, $3) ELSE $3 END,
         plan_expires_at = $5
       FROM old WHERE u.id = $1
       RETURNING (u.tokens - old.tokens)::text AS delta, (u.tokens - u.credit_tokens)::text AS allowance,
         (SELECT name FROM plans WHERE id = u.plan) AS plan_name`,
      [p.userId, p.planId, p.allowance, p.start, p.end],
    ));
    return { delta: Number(r.delta), allowance: Number(r.allowance), planName: r.plan_name };
  }

  /** Adds non-expiring credit (a token pack). */
  async addCredit(tx: EntityManager, userId: string, tokens: number): Promise<void> {
    await tx.query(`UPDATE users SET tokens = tokens + $2, credit_tokens = credit_tokens + $2 WHERE id = $1`, [userId, tokens]);
  }

  /** Back to the free plan at once, keeping credits and at most the free allowance of the unused plan tokens. Answers the balance's movement. */
  async planBackToFree(tx: EntityManager, userId: string): Promise<number> {
    const [r] = returned<{ delta: string }>(await tx.query(
      `WITH old AS (SELECT tokens FROM users WHERE id = $1 FOR UPDATE)
       UPDATE users u SET plan = 'free', plan_expires_at = NULL, plan_period_start = now(), token_limit_override = NULL,
         tokens = u.credit_tokens + LEAST(u.tokens - u.credit_tokens, (SELECT token_limit FROM plans WHERE id = 'free'))
       FROM old WHERE u.id = $1
       RETURNING (u.tokens - old.tokens)::text AS delta`,
      [userId],
    ));
    return Number(r.delta);
  }

  /** Ends the account's active subscription of `planId` because its order was refunded. */
  async endRefundedSubscription(tx: EntityManager, userId: string, planId: string | null, now: Date): Promise<void> {
    await tx.query(
      `UPDATE subscriptions SET status = 'ended', renewal = 'ended', ended_at = $3, end_reason = 'refunded', updated_at = now()
       WHERE user_id = $1 AND status = 'active' AND plan_id = $2`,
      [userId, planId, now],
    );
  }

  /** Takes back up to `tokens` of credit (never more than the account still has). Answers how much was taken. */
  async removeCredit(tx: EntityManager, userId: string, tokens: number): Promise<number> {
    const [r] = returned<{ removed: string }>(await tx.query(
      `WITH old AS (SELECT credit_tokens FROM users WHERE id = $1 FOR UPDATE)
       UPDATE users u SET tokens = u.tokens - LEAST($2, old.credit_tokens), credit_tokens = u.credit_tokens - LEAST($2, old.credit_tokens)
       FROM old WHERE u.id = $1
       RETURNING LEAST($2, old.credit_tokens)::text AS removed`,
      [userId, tokens],
    ));
    return Number(r.removed);
  }

  /** The ledger row of an order's grant or reversal (unique per order and type). */
  async recordLedger(tx: EntityManager, e: LedgerEntry): Promise<void> {
    await tx.query(
      `INSERT INTO token_transactions (user_id, type, amount, credit_amount, order_id, description) VALUES ($1, $2, $3, $4, $5, $6)`,
      [e.userId, e.type, e.amount, e.creditAmount, e.orderId, e.description],
    );
  }

  async findForCheck(orderId: string): Promise<ProviderCheckRow | null> {
    const [row] = (await this.db.query(
      `SELECT o.id, o.status, o.provider_payment_id, ${OWNER_GONE} FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
      [orderId],
    )) as ProviderCheckRow[];
    return row ?? null;
  }

  /** Cancels, with `statusDetail`, the pending orders created before `createdBefore` that never got a payment. Answers how many. */
  async closeWithoutPayment(statusDetail: string, createdBefore: Date): Promise<number> {
    const [, closed] = (await this.db.query(
      `UPDATE orders SET status = 'cancelled', status_detail = $1, updated_at = now()
       WHERE status = 'pending' AND provider_payment_id IS NULL AND created_at < $2`,
      [statusDetail, createdBefore],
    )) as [unknown, number];
    return closed;
  }

  /**
   * Orders with a payment to ask the provider about, least recently touched first: pending ones
   * created after `pendingSince` whose webhook is quiet since `quietBefore` (or whose account is
   * gone), and those closed with `deletedDetail` (account deleted) after `deletedSince`.
   */
  async dueForReconcile(p: {
    pendingSince: Date;
    quietBefore: Date;
    deletedDetail: string;
    deletedSince: Date;
    limit: number;
  }): Promise<Array<ProviderCheckRow & { provider_payment_id: string }>> {
    return (await this.db.query(
      `SELECT o.id, o.status, o.provider_payment_id, ${OWNER_GONE}
       FROM orders o LEFT JOIN users u ON u.id = o.user_id
       WHERE o.provider_payment_id IS NOT NULL AND (
         (o.status = 'pending' AND o.created_at > $1 AND (o.updated_at < $2 OR u.id IS NULL OR u.deleted_at IS NOT NULL))
         OR (o.status = 'cancelled' AND o.status_detail = $3 AND o.updated_at > $4))
       ORDER BY o.updated_at LIMIT $5`,
      [p.pendingSince, p.quietBefore, p.deletedDetail, p.deletedSince, p.limit],
    )) as Array<ProviderCheckRow & { provider_payment_id: string }>;
  }
}
