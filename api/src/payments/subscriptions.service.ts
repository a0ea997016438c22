import { BadRequestException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import {
  AppConfig,
  BillingCycle,
  LEGAL,
  OrderView,
  PlanChangeOption,
  RefundQuote,
  SubscriptionMonthRow,
  SubscriptionView,
  addCycle,
  churnPercent,
  dueReminder,
  formatCentavos,
  formatPlanDate,
  planBalanceDescription,
  refundQuote,
  renewalChargeDate,
  upgradeQuote,
} from '@cda/shared';
import { returned } from '../common/sql-result';
import { MailService } from '../mail/mail.service';
import { orderMail } from '../mail/templates';
import { SettingsService } from '../settings/settings.service';
import { AuditService } from '../audit/audit.service';
import { TokensService } from '../tokens/tokens.service';
import { ClockService } from './clock.service';
import { CardInput, OrdersService, PayerInput, PaymentMismatchError, PurchaseItem } from './orders.service';
import { MercadoPagoCredentialsService } from './mercadopago.provider';
import { PAYMENT_PROVIDER, PaymentProvider, ProviderError, ProviderPayment } from './payment-provider';
import { SubscriptionRow, activeSubscription, periodValue, planPrice, reactivationFor } from './subscription-store';
import { planChangedMail, planEndedMail, planReminderMail, renewalFailedMail } from './subscription-mails';

const UUID = /^[0-9a-f-]{36}$/i;
/** An auto-renewing plan whose renewal never reported back is ended this long after its period. */
const LOST_RENEWAL_GRACE = '1 day';

type EndReasonForMail = 'expired' | 'failed';

/**
 * The plan period as the truth (issue #23): plans end when not paid, monthly card plans renew
 * through a Mercado Pago preapproval, and the account manages its plan itself. Every rule takes
 * `now` (the ClockService's, moved only in test mode), so tests move time.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly credentials: MercadoPagoCredentialsService,
    private readonly orders: OrdersService,
    private readonly clock: ClockService,
    private readonly mail: MailService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly tokens: TokensService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  // ---------------------------------------------------------------- checkout

  /**
   * A card purchase; a monthly plan paid with a second token of the same card (Mercado Pago's card
   * tokens are single-use) also gets its preapproval, so it renews by itself.
   */
  async payByCard(userId: string, item: PurchaseItem, payer: PayerInput, card: CardInput, recurringToken?: string): Promise<OrderView> {
    const order = await this.orders.payByCard(userId, item, payer, card);
    if (order.status === 'approved' && order.kind === 'plan' && order.billingCycle === 'monthly' && recurringToken) {
      await this.startRecurring(userId, order.payerEmail, recurringToken);
    }
    // An upgrade ended the previous subscription: its preapproval must stop charging.
    await this.cancelStalePreapprovals();
    return order;
  }

  private async startRecurring(userId: string, payerEmail: string, cardToken: string): Promise<void> {
    const sub = await activeSubscription(this.db.manager, userId);
    if (!sub || sub.billing_cycle !== 'monthly' || sub.method !== 'card' || sub.provider_preapproval_id) return;
    const price = await planPrice(this.db.manager, sub.plan_id, 'monthly');
    if (!price) return;
    const { notificationUrl } = await this.credentials.get();
    try {
      const pre = await this.provider.createPreapproval(
        {
          subscriptionId: sub.id,
          reason: `Plano ${price.name} - Mensal`,
          payerEmail,
          cardToken,
          amountCents: price.priceCents,
          startDate: renewalChargeDate(new Date(sub.current_period_end)),
          notificationUrl,
          backUrl: `${this.config.get('publicUrl', { infer: true })}/profile?tab=plano`,
        },
        `subscription:${sub.id}:preapproval`,
      );
      await this.db.query(`UPDATE subscriptions SET provider_preapproval_id = $2, renewal = 'auto', updated_at = now() WHERE id = $1 AND status = 'active'`, [sub.id, pre.id]);
    } catch (err) {
      // The plan is paid either way; without the preapproval it renews by paying again (and is reminded).
      this.logger.error({ subscriptionId: sub.id, err: (err as Error).message }, 'could not create the renewal preapproval; the plan renews by paying again');
    }
  }

  // ---------------------------------------------------------------- provider notifications

  /** Every webhook topic: payments (orders, or a renewal charge), preapprovals and their charges. */
  async onNotification(type: string, dataId: string): Promise<Record<string, unknown>> {
    if (type === 'subscription_authorized_payment') return this.onAuthorizedPayment(dataId);
    if (type === 'subscription_preapproval') return this.onPreapproval(dataId);
    if (type !== 'payment') return { ignored: true };
    const result = await this.orders.onPaymentNotification(dataId, true);
    if (result.orderId || !result.payment) return { orderId: result.orderId, status: result.status };
    // Not an order of ours: a renewal charge names its subscription instead.
    const ref = result.payment.externalReference ?? '';
    if (!UUID.test(ref) || result.payment.status !== 'approved') return { orderId: null, status: null };
    return this.applyRenewal(ref, result.payment);
  }

  private async byPreapproval(id: string): Promise<SubscriptionRow | null> {
    const [row] = await this.db.query(`SELECT * FROM subscriptions WHERE provider_preapproval_id = $1`, [id]);
    return row ?? null;
  }

  /** One charge of a preapproval: approved extends the period once; declined retries; the last refusal ends the renewal. */
  async onAuthorizedPayment(id: string): Promise<Record<string, unknown>> {
    const charge = await this.provider.getAuthorizedPayment(id);
    const sub = await this.byPreapproval(charge.preapprovalId);
    if (!sub) return { ignored: true };
    if (!charge.payment) return { subscriptionId: sub.id, status: charge.status };
    if (charge.payment.status === 'approved') return this.applyRenewal(sub.id, await this.provider.getPayment(charge.payment.id));
    if (charge.payment.status !== 'rejected') return { subscriptionId: sub.id, status: charge.status };
    if (charge.status === 'recycling') {
      await this.db.query(
        `UPDATE subscriptions SET renewal = 'retrying', renewal_failures = GREATEST(renewal_failures, $2), updated_at = now()
         WHERE id = $1 AND status = 'active' AND renewal IN ('auto', 'retrying')`,
        [sub.id, charge.retryAttempt],
      );
      return { subscriptionId: sub.id, renewal: 'retrying' };
    }
    // processed (or cancelled) with a rejected payment: the provider gave up on this charge.
    const [failed] = returned<SubscriptionRow>(await this.db.query(
      `UPDATE subscriptions SET renewal = 'failed', renewal_failures = GREATEST(renewal_failures, $2), updated_at = now()
       WHERE id = $1 AND status = 'active' AND renewal IN ('auto', 'retrying') RETURNING *`,
      [sub.id, charge.retryAttempt],
    ));
    if (failed) {
      this.logger.warn({ subscriptionId: sub.id, attempts: charge.retryAttempt }, 'renewal charge refused for good; the plan ends at its period end');
      await this.cancelStalePreapprovals(sub.id);
      const price = await planPrice(this.db.manager, failed.pending_plan_id ?? failed.plan_id, failed.pending_cycle ?? failed.billing_cycle);
      await this.mailUser(failed.user_id, `renewal-failed:${failed.id}:${new Date(failed.current_period_end).toISOString()}`, 'renewal-failed', (site, name, url) =>
        renewalFailedMail(site, name, price?.name ?? failed.plan_id, formatPlanDate(failed.current_period_end), price?.priceCents ?? 0, url),
      );
    }
    return { subscriptionId: sub.id, renewal: 'failed' };
  }

  /** The preapproval changed at the provider (e.g. cancelled there): stop counting on it. */
  async onPreapproval(id: string): Promise<Record<string, unknown>> {
    const pre = await this.provider.getPreapproval(id);
    const sub = await this.byPreapproval(pre.id);
    if (!sub) return { ignored: true };
    if (pre.status === 'cancelled') {
      await this.db.query(
        `UPDATE subscriptions SET renewal = CASE WHEN renewal_failures > 0 THEN 'failed' ELSE 'cancelled' END,
           preapproval_cancelled_at = COALESCE(preapproval_cancelled_at, now()), updated_at = now()
         WHERE id = $1 AND status = 'active' AND renewal IN ('auto', 'retrying')`,
        [sub.id],
      );
    }
    return { subscriptionId: sub.id, preapproval: pre.status };
  }

  /**
   * An approved renewal charge extends the period by one cycle from its end, exactly once: the
   * payment becomes an order (its provider id is unique) in the same transaction that moves the
   * period, under the subscription's row lock. The allowance of the new period arrives when the
   * period starts (the allowance job), not before.
   */
  async applyRenewal(subscriptionId: string, payment: ProviderPayment): Promise<Record<string, unknown>> {
    const now = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      const [s] = await tx.query(
        `SELECT s.*, u.email AS owner_email FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 FOR UPDATE OF s`,
        [subscriptionId],
      );
      if (!s) return { status: 'unknown' as const };
      const planId: string = s.pending_plan_id ?? s.plan_id;
      const cycle: BillingCycle = s.pending_cycle ?? s.billing_cycle;
      const price = await planPrice(tx, planId, cycle);
      const mismatch: string[] = [];
      if (payment.externalReference !== s.id) mismatch.push(`reference ${payment.externalReference ?? '(none)'}`);
      if (payment.currency !== 'BRL') mismatch.push(`currency ${payment.currency}`);
      if (!price || payment.amountCents !== price.priceCents) mismatch.push(`amount ${payment.amountCents} != ${price?.priceCents}`);
      if (mismatch.length) {
        this.logger.error({ subscriptionId, providerPaymentId: payment.providerId, mismatch }, 'renewal payment does not match its subscription; refused');
        throw new PaymentMismatchError(mismatch);
      }
      if (s.status !== 'active') return { status: 'not_active' as const };
      const name = `Renovação: Plano ${price!.name} - ${cycle === 'yearly' ? 'Anual' : 'Mensal'}`;
      const inserted = returned<{ id: string }>(await tx.query(
        `INSERT INTO orders (user_id, kind, plan_id, billing_cycle, item_name, tokens, amount_cents, method, installments, status, status_detail,
           provider_payment_id, payer_email, approved_at, subscription_id, purpose)
         VALUES ($1, 'plan', $2, $3, $4, $5, $6, 'card', 1, 'approved', $7, $8, $9, $10, $11, 'renewal')
         ON CONFLICT (provider_payment_id) DO NOTHING RETURNING id`,
        [s.user_id, planId, cycle, name, price!.tokenLimit, payment.amountCents, payment.statusDetail, payment.providerId, s.owner_email, now, s.id],
      ));
      if (!inserted.length) return { status: 'duplicate' as const };
      const orderId = inserted[0].id;
      const newEnd = addCycle(new Date(s.current_period_end), cycle);
      await tx.query(
        `UPDATE subscriptions SET plan_id = $2, billing_cycle = $3, pending_plan_id = NULL, pending_cycle = NULL,
           current_period_start = current_period_end, current_period_end = $4, renewal_failures = 0,
           renewal = CASE WHEN renewal IN ('retrying', 'failed') THEN 'auto' ELSE renewal END, updated_at = now()
         WHERE id = $1`,
        [s.id, planId, cycle, newEnd],
      );
      await tx.query(`UPDATE users SET plan_expires_at = $2 WHERE id = $1 AND plan_expires_at IS NOT NULL`, [s.user_id, newEnd]);
      // The payment's ledger mark (unique per order): no tokens now, the new period's allowance comes when it starts.
      await tx.query(
        `INSERT INTO token_transactions (user_id, type, amount, credit_amount, order_id, description) VALUES ($1, 'purchase', 0, 0, $2, $3)`,
        [s.user_id, orderId, name],
      );
      return { status: 'extended' as const, orderId, userId: s.user_id as string, periodEnd: newEnd, name, email: s.owner_email as string };
    });
    if (result.status === 'not_active') {
      // Charged after the plan ended (refunded, or ended by an administrator): the money goes back.
      this.logger.warn({ subscriptionId, providerPaymentId: payment.providerId }, 'renewal charged for an ended subscription; refunding it');
      await this.provider.refund(payment.providerId, `renewal:${payment.providerId}:refund`).catch((err: Error) =>
        this.logger.error({ providerPaymentId: payment.providerId, err: err.message }, 'could not refund a renewal of an ended subscription'),
      );
    }
    if (result.status === 'extended') {
      this.logger.log({ subscriptionId, orderId: result.orderId, periodEnd: result.periodEnd }, 'plan renewed by the provider');
      const publicUrl = this.config.get('publicUrl', { infer: true });
      await this.mailUser(result.userId, `order-approved:${result.orderId}`, 'order-approved', (site, name) =>
        orderMail(
          site,
          name,
          { id: result.orderId, kind: 'plan', itemName: result.name, amountCents: payment.amountCents, method: 'card', installments: 1, providerPaymentId: payment.providerId },
          'approved',
          `${publicUrl}/payment/success?order=${result.orderId}`,
        ),
      );
    }
    return { subscriptionId, renewal: result.status };
  }

  // ---------------------------------------------------------------- the job

  /** What the hourly maintenance tick does at `now`, in the order the rules need. */
  async runDue(now = this.clock.now()): Promise<{ switched: number; ended: number; reminded: number; renewed: number; preapprovalsCancelled: number }> {
    const switched = await this.applyScheduledPlans(now);
    const ended = await this.expireDue(now);
    const reminded = await this.sendReminders(now);
    const renewed = await this.tokens.renewDueAllowances(now);
    const preapprovalsCancelled = await this.cancelStalePreapprovals();
    return { switched, ended, reminded, renewed, preapprovalsCancelled };
  }

  /** A downgrade renewed by the provider takes effect when its period starts: plan and allowance of the new plan. */
  private async applyScheduledPlans(now: Date): Promise<number> {
    const rows: { id: string; user_id: string; plan_id: string }[] = await this.db.query(
      `SELECT s.id, s.user_id, s.plan_id FROM subscriptions s JOIN users u ON u.id = s.user_id
       WHERE s.status = 'active' AND u.plan <> s.plan_id AND u.plan <> 'free' AND u.plan_expires_at IS NOT NULL
         AND s.current_period_start <= $1 AND u.deleted_at IS NULL LIMIT 500`,
      [now],
    );
    for (const r of rows) {
      await this.db.transaction(async (tx) => {
        const [x] = returned<{ delta: string; name: string; allowance: string }>(await tx.query(
          `WITH old AS (SELECT tokens FROM users WHERE id = $1 FOR UPDATE)
           UPDATE users u SET plan = s.plan_id, token_limit_override = NULL, tokens = u.credit_tokens + p.token_limit, plan_period_start = s.current_period_start
           FROM old, subscriptions s, plans p
           WHERE u.id = $1 AND s.id = $2 AND s.status = 'active' AND p.id = s.plan_id AND u.plan <> s.plan_id
           RETURNING (u.tokens - old.tokens)::text AS delta, p.name, p.token_limit::text AS allowance`,
          [r.user_id, r.id],
        ));
        if (x) {
          await tx.query(`INSERT INTO token_transactions (user_id, type, amount, description) VALUES ($1, 'renewal', $2, $3)`, [
            r.user_id,
            Number(x.delta),
            planBalanceDescription(x.name, Number(x.allowance), 'mudança de plano no novo ciclo'),
          ]);
        }
      });
    }
    return rows.length;
  }

  /**
   * Plans whose paid period is over go back to Free: Free's allowance, credits untouched, a ledger
   * row and an e-mail. An auto-renewing plan gets a day more for a late renewal notice.
   */
  async expireDue(now: Date): Promise<number> {
    const due: { id: string }[] = await this.db.query(
      `SELECT s.id FROM subscriptions s JOIN users u ON u.id = s.user_id
       WHERE s.status = 'active' AND u.deleted_at IS NULL
         AND ((s.renewal NOT IN ('auto', 'retrying') AND s.current_period_end <= $1) OR s.current_period_end + interval '${LOST_RENEWAL_GRACE}' <= $1)
       ORDER BY s.current_period_end LIMIT 500`,
      [now],
    );
    let ended = 0;
    for (const { id } of due) {
      const done = await this.db.transaction(async (tx) => {
        const [s] = await tx.query(`SELECT * FROM subscriptions WHERE id = $1 AND status = 'active' FOR UPDATE`, [id]);
        if (!s || new Date(s.current_period_end) > now) return null;
        await tx.query(`UPDATE subscriptions SET status = 'ended', renewal = 'ended', ended_at = current_period_end, end_reason = 'expired', updated_at = now() WHERE id = $1`, [id]);
        await this.moveToFree(tx, s.user_id, s.plan_id, now, 'fim do plano pago');
        return s as SubscriptionRow;
      });
      if (!done) continue;
      ended++;
      const reason: EndReasonForMail = done.renewal === 'failed' ? 'failed' : 'expired';
      const price = await planPrice(this.db.manager, done.plan_id, done.billing_cycle);
      await this.mailUser(done.user_id, `plan-ended:${done.id}`, 'plan-ended', (site, name, url) =>
        planEndedMail(site, name, price?.name ?? done.plan_id, formatPlanDate(done.current_period_end), reason, url),
      );
    }
    if (ended) this.logger.log({ ended }, 'paid plans ended at their period end');
    return ended;
  }

  /**
   * The account goes to Free if it is still on the plan that ended (an administrator may have set
   * another): Free's allowance from now, credits untouched, the difference in the ledger.
   */
  private async moveToFree(tx: { query: DataSource['query'] }, userId: string, planId: string, now: Date, reason: string): Promise<void> {
    const [r] = returned<{ delta: string; allowance: string; plan_name: string }>(await tx.query(
      `WITH old AS (SELECT tokens FROM users WHERE id = $1 FOR UPDATE)
       UPDATE users u SET plan = 'free', plan_expires_at = NULL, plan_period_start = $3, token_limit_override = NULL,
         tokens = u.credit_tokens + (SELECT token_limit FROM plans WHERE id = 'free')
       FROM old WHERE u.id = $1 AND u.plan = $2 AND u.plan_expires_at IS NOT NULL
       RETURNING (u.tokens - old.tokens)::text AS delta, (u.tokens - u.credit_tokens)::text AS allowance, (SELECT name FROM plans WHERE id = 'free') AS plan_name`,
      [userId, planId, now],
    ));
    if (r) {
      await tx.query(`INSERT INTO token_transactions (user_id, type, amount, description) VALUES ($1, 'renewal', $2, $3)`, [
        userId,
        Number(r.delta),
        planBalanceDescription(r.plan_name, Number(r.allowance), reason),
      ]);
    }
  }

  /** 7 and 1 day before an end that will not renew by itself; each once per period (compare-and-set). */
  async sendReminders(now: Date): Promise<number> {
    const rows: SubscriptionRow[] = await this.db.query(
      `SELECT s.* FROM subscriptions s JOIN users u ON u.id = s.user_id
       WHERE s.status = 'active' AND s.renewal NOT IN ('auto', 'retrying') AND u.deleted_at IS NULL
         AND s.current_period_end > $1 AND s.current_period_end - interval '7 days' <= $1`,
      [now],
    );
    let sent = 0;
    for (const s of rows) {
      const days = dueReminder(now, new Date(s.current_period_end));
      if (!days) continue;
      const claimed = returned<{ id: string }>(await this.db.query(
        `UPDATE subscriptions SET last_reminder_days = $2, last_reminder_for = current_period_end
         WHERE id = $1 AND (last_reminder_for IS DISTINCT FROM current_period_end OR last_reminder_days > $2) RETURNING id`,
        [s.id, days],
      ));
      if (!claimed.length) continue;
      sent++;
      const price = await planPrice(this.db.manager, s.plan_id, s.billing_cycle);
      await this.mailUser(
        s.user_id,
        `plan-reminder-${days}:${s.id}:${new Date(s.current_period_end).toISOString()}`,
        `plan-reminder-${days}`,
        (site, name, url) => planReminderMail(site, name, price?.name ?? s.plan_id, days, formatPlanDate(s.current_period_end), url),
      );
    }
    return sent;
  }

  /** Preapprovals of ended or no-longer-renewing subscriptions are cancelled at the provider (retried until it answers). */
  async cancelStalePreapprovals(subscriptionId?: string): Promise<number> {
    const rows: { id: string; provider_preapproval_id: string }[] = await this.db.query(
      `SELECT id, provider_preapproval_id FROM subscriptions
       WHERE provider_preapproval_id IS NOT NULL AND preapproval_cancelled_at IS NULL
         AND (status = 'ended' OR renewal IN ('cancelled', 'failed', 'ended')) ${subscriptionId ? 'AND id = $1' : ''} LIMIT 200`,
      subscriptionId ? [subscriptionId] : [],
    );
    let cancelled = 0;
    for (const r of rows) {
      try {
        await this.provider.updatePreapproval(r.provider_preapproval_id, { status: 'cancelled' });
        await this.db.query(`UPDATE subscriptions SET preapproval_cancelled_at = now() WHERE id = $1`, [r.id]);
        cancelled++;
      } catch (err) {
        this.logger.warn({ subscriptionId: r.id, err: (err as Error).message }, 'could not cancel a preapproval; will retry');
      }
    }
    return cancelled;
  }

  // ---------------------------------------------------------------- self-service

  private async paidSums(subId: string): Promise<{ paid: number; lastPaid: number; lastOrderId: string | null }> {
    const [r] = await this.db.query(
      `SELECT COALESCE(SUM(amount_cents - refunded_cents), 0)::int AS paid,
         (SELECT amount_cents - refunded_cents FROM orders WHERE subscription_id = $1 AND status = 'approved' ORDER BY approved_at DESC LIMIT 1) AS last_paid,
         (SELECT id FROM orders WHERE subscription_id = $1 AND status = 'approved' ORDER BY approved_at DESC LIMIT 1) AS last_order
       FROM orders WHERE subscription_id = $1 AND status = 'approved'`,
      [subId],
    );
    return { paid: Number(r.paid), lastPaid: Number(r.last_paid ?? 0), lastOrderId: r.last_order ?? null };
  }

  private quoteRefund(sub: SubscriptionRow, sums: { paid: number; lastPaid: number }, now: Date): RefundQuote {
    return refundQuote({
      cycle: sub.billing_cycle,
      paidCents: sums.paid,
      periodPaidCents: sums.lastPaid,
      firstPaymentAt: new Date(sub.started_at),
      periodStart: new Date(sub.current_period_start),
      now,
    });
  }

  async view(userId: string, now = this.clock.now()): Promise<SubscriptionView> {
    const balance = await this.tokens.balance(userId);
    const sub = await activeSubscription(this.db.manager, userId);
    if (!sub) {
      return {
        id: null, planId: balance.planId, planName: balance.planName, billingCycle: null, method: null, renewal: null,
        periodStart: null, periodEnd: balance.planExpiresAt ? new Date(balance.planExpiresAt).toISOString() : null,
        nextChargeAt: null, nextChargeCents: null, pendingPlanId: null, pendingPlanName: null, pendingCycle: null, paidCents: 0, refund: null,
        reactivation: await reactivationFor(this.db.manager, userId, now),
      };
    }
    const sums = await this.paidSums(sub.id);
    const quote = this.quoteRefund(sub, sums, now);
    const auto = sub.renewal === 'auto' || sub.renewal === 'retrying';
    const nextPlan = await planPrice(this.db.manager, sub.pending_plan_id ?? sub.plan_id, sub.pending_cycle ?? sub.billing_cycle);
    const pending = sub.pending_plan_id ? await planPrice(this.db.manager, sub.pending_plan_id, sub.pending_cycle ?? sub.billing_cycle) : null;
    const end = new Date(sub.current_period_end);
    return {
      id: sub.id,
      planId: balance.planId,
      planName: balance.planName,
      billingCycle: sub.billing_cycle,
      method: sub.method,
      renewal: sub.renewal as SubscriptionView['renewal'],
      periodStart: new Date(sub.current_period_start).toISOString(),
      periodEnd: end.toISOString(),
      nextChargeAt: auto ? renewalChargeDate(end).toISOString() : null,
      nextChargeCents: auto ? (nextPlan?.priceCents ?? null) : null,
      pendingPlanId: sub.pending_plan_id,
      pendingPlanName: pending?.name ?? null,
      pendingCycle: sub.pending_plan_id ? (sub.pending_cycle ?? sub.billing_cycle) : null,
      paidCents: sums.paid,
      refund: { ...quote, guaranteeEndsAt: quote.guaranteeEndsAt.toISOString() },
      reactivation: null,
    };
  }

  /** Other paid plans and cycles: an upgrade (bigger allowance) with its pro-rata quote, or a downgrade for the next cycle. */
  async changeOptions(userId: string, now = this.clock.now()): Promise<PlanChangeOption[]> {
    const sub = await activeSubscription(this.db.manager, userId);
    if (!sub) return [];
    const current = await planPrice(this.db.manager, sub.plan_id, sub.billing_cycle);
    const plans: { id: string; name: string; monthly_price_cents: number; yearly_price_cents: number; token_limit: string }[] = await this.db.query(
      `SELECT id, name, monthly_price_cents, yearly_price_cents, token_limit FROM plans WHERE is_active AND (monthly_price_cents > 0 OR yearly_price_cents > 0) ORDER BY sort_order, token_limit`,
    );
    const auto = sub.renewal === 'auto' || sub.renewal === 'retrying';
    const out: PlanChangeOption[] = [];
    for (const p of plans) {
      for (const cycle of ['monthly', 'yearly'] as const) {
        const priceCents = cycle === 'yearly' ? p.yearly_price_cents : p.monthly_price_cents;
        if (priceCents <= 0 || (p.id === sub.plan_id && cycle === sub.billing_cycle)) continue;
        const upgrade = Number(p.token_limit) > (current?.tokenLimit ?? 0);
        // The card on file renews monthly: a downgrade to a yearly plan is bought by paying it at the next cycle.
        if (!upgrade && (auto ? cycle !== 'monthly' : false)) continue;
        if (!upgrade && p.id === sub.plan_id) continue;
        const quote = upgrade ? upgradeQuote({ ...periodValue(sub, current?.priceCents ?? 0), newPriceCents: priceCents, now }) : null;
        out.push({ planId: p.id, planName: p.name, billingCycle: cycle, priceCents, kind: upgrade ? 'upgrade' : 'downgrade', quote });
      }
    }
    return out;
  }

  /** A downgrade, from the next cycle on (no refund of the difference); the current plan again clears it. */
  async scheduleDowngrade(userId: string, planId: string, cycle: BillingCycle): Promise<SubscriptionView> {
    const sub = await activeSubscription(this.db.manager, userId);
    if (!sub) throw new NotFoundException('Você não tem um plano pago ativo.');
    const clear = planId === sub.plan_id && cycle === sub.billing_cycle;
    if (!clear) {
      const option = (await this.changeOptions(userId)).find((o) => o.planId === planId && o.billingCycle === cycle);
      if (!option) throw new BadRequestException('Plano indisponível para mudança.');
      if (option.kind === 'upgrade') throw new BadRequestException('Um plano maior começa na hora: contrate-o pelo pagamento da diferença.');
    }
    const next = await planPrice(this.db.manager, planId, cycle);
    if (sub.provider_preapproval_id && (sub.renewal === 'auto' || sub.renewal === 'retrying') && next) {
      // The provider charges the new price from the next charge on.
      await this.callProvider(() => this.provider.updatePreapproval(sub.provider_preapproval_id!, { amountCents: next.priceCents }));
    }
    await this.db.query(`UPDATE subscriptions SET pending_plan_id = $2, pending_cycle = $3, updated_at = now() WHERE id = $1`, [
      sub.id,
      clear ? null : planId,
      clear ? null : cycle,
    ]);
    return this.view(userId);
  }

  /** Cancelar renovação: the provider stops charging; the plan stays until its period ends. */
  async cancelRenewal(userId: string): Promise<SubscriptionView> {
    const sub = await activeSubscription(this.db.manager, userId);
    if (!sub) throw new NotFoundException('Você não tem um plano pago ativo.');
    if (sub.renewal !== 'auto' && sub.renewal !== 'retrying') throw new BadRequestException('Este plano não renova automaticamente.');
    if (sub.provider_preapproval_id) await this.callProvider(() => this.provider.updatePreapproval(sub.provider_preapproval_id!, { status: 'cancelled' }));
    await this.db.query(
      `UPDATE subscriptions SET renewal = 'cancelled', cancel_requested_at = $2, preapproval_cancelled_at = now(), updated_at = now() WHERE id = $1`,
      [sub.id, this.clock.now()],
    );
    const view = await this.view(userId);
    await this.mailUser(userId, `renewal-cancelled:${sub.id}`, 'renewal-cancelled', (site, name, url) =>
      planChangedMail(site, name, 'Renovação cancelada', [
        `A renovação automática do seu plano ${view.planName} foi cancelada. Nada mais será cobrado no cartão.`,
        `Você continua com o plano até ${formatPlanDate(sub.current_period_end)}; depois a conta volta ao plano Gratuito.`,
      ], url),
    );
    return view;
  }

  /**
   * Cancelar e pedir reembolso: within the guarantee everything paid goes back through the provider
   * and the account is on Free at once (the plan's tokens removed by the refund's reversal); an
   * annual plan after it gets its unused whole months minus the fee, and also ends at once.
   */
  async refund(userId: string): Promise<SubscriptionView> {
    const now = this.clock.now();
    const sub = await activeSubscription(this.db.manager, userId);
    if (!sub) throw new NotFoundException('Você não tem um plano pago ativo.');
    const sums = await this.paidSums(sub.id);
    const quote = this.quoteRefund(sub, sums, now);
    if (quote.kind === 'none') {
      throw new BadRequestException(`O prazo de ${LEGAL.guaranteeDays} dias para reembolso terminou. Você pode cancelar a renovação e usar o plano até o fim do período.`);
    }
    if (quote.kind === 'full') {
      const orders: { id: string }[] = await this.db.query(
        `SELECT id FROM orders WHERE subscription_id = $1 AND status = 'approved' AND provider_payment_id IS NOT NULL ORDER BY approved_at`,
        [sub.id],
      );
      for (const o of orders) await this.callProvider(() => this.orders.refundThroughProvider(o.id, 'customer-refund'));
      // Any order-less remainder (e.g. a plan from before subscriptions) still ends now.
      await this.db.transaction(async (tx) => {
        const [s] = await tx.query(`SELECT * FROM subscriptions WHERE id = $1 AND status = 'active' FOR UPDATE`, [sub.id]);
        if (!s) return;
        await tx.query(`UPDATE subscriptions SET status = 'ended', renewal = 'ended', ended_at = $2, end_reason = 'refunded', updated_at = now() WHERE id = $1`, [sub.id, now]);
        await this.moveToFree(tx, userId, sub.plan_id, now, 'plano cancelado com reembolso');
      });
    } else {
      const orderId = sums.lastOrderId!;
      const [o] = await this.db.query(`SELECT provider_payment_id, item_name, method FROM orders WHERE id = $1`, [orderId]);
      await this.callProvider(() => this.provider.refund(o.provider_payment_id, `order:${orderId}:pro-rata`, quote.refundCents));
      await this.db.transaction(async (tx) => {
        const claimed = returned<{ id: string }>(await tx.query(
          `UPDATE orders SET refunded_cents = refunded_cents + $2, status_detail = 'partially_refunded', refunded_at = $3, updated_at = now()
           WHERE id = $1 AND refunded_cents = 0 RETURNING id`,
          [orderId, quote.refundCents, now],
        ));
        if (!claimed.length) return;
        await tx.query(`UPDATE subscriptions SET status = 'ended', renewal = 'ended', ended_at = $2, end_reason = 'cancelled_refund', updated_at = now() WHERE id = $1 AND status = 'active'`, [sub.id, now]);
        // The plan's tokens are removed as a refund's reversal does (unique per order: once).
        const [r] = returned<{ delta: string }>(await tx.query(
          `WITH old AS (SELECT tokens FROM users WHERE id = $1 FOR UPDATE)
           UPDATE users u SET plan = 'free', plan_expires_at = NULL, plan_period_start = $2, token_limit_override = NULL,
             tokens = u.credit_tokens + LEAST(u.tokens - u.credit_tokens, (SELECT token_limit FROM plans WHERE id = 'free'))
           FROM old WHERE u.id = $1 RETURNING (u.tokens - old.tokens)::text AS delta`,
          [userId, now],
        ));
        await tx.query(
          `INSERT INTO token_transactions (user_id, type, amount, credit_amount, order_id, description) VALUES ($1, 'reversal', $2, 0, $3, $4)`,
          [userId, Number(r.delta), orderId, `Reembolso proporcional: ${o.item_name}`],
        );
      });
    }
    await this.audit.record(userId, 'subscription.refund', sub.id, { kind: quote.kind, refundCents: quote.refundCents, feeCents: quote.feeCents });
    await this.cancelStalePreapprovals(sub.id);
    const days = LEGAL.refundBusinessDays[sub.method === 'pix' ? 'pix' : 'card'];
    await this.mailUser(userId, `plan-refund:${sub.id}`, 'plan-refund', (site, name, url) =>
      planChangedMail(site, name, 'Plano cancelado com reembolso', [
        `O seu plano foi cancelado e ${formatCentavos(quote.refundCents)} serão devolvidos pelo mesmo meio de pagamento, em ${days[0]} a ${days[1]} dias úteis.`,
        quote.kind === 'annual_pro_rata'
          ? `Reembolso de ${quote.unusedMonths} meses não usados (${formatCentavos(quote.proRataCents)}), descontada a taxa administrativa de ${LEGAL.annualCancellationFeePercent}% (${formatCentavos(quote.feeCents)}).`
          : `Reembolso integral, dentro da garantia de ${LEGAL.guaranteeDays} dias.`,
        'A conta voltou ao plano Gratuito; seus créditos avulsos, o histórico e as planilhas continuam disponíveis.',
      ], url),
    );
    return this.view(userId);
  }

  // ---------------------------------------------------------------- back office

  /** Ends the account's subscription now (audited): Free at once, no refund (refunds are per order). */
  async adminEnd(userId: string, actorId: string): Promise<SubscriptionView> {
    const now = this.clock.now();
    const ended = await this.db.transaction(async (tx) => {
      const [s] = await tx.query(`SELECT * FROM subscriptions WHERE user_id = $1 AND status = 'active' FOR UPDATE`, [userId]);
      if (!s) return null;
      await tx.query(`UPDATE subscriptions SET status = 'ended', renewal = 'ended', ended_at = $2, end_reason = 'admin', updated_at = now() WHERE id = $1`, [s.id, now]);
      await this.moveToFree(tx, userId, s.plan_id, now, 'plano encerrado pelo administrador');
      return s as SubscriptionRow;
    });
    if (!ended) throw new NotFoundException('Este usuário não tem um plano pago ativo.');
    await this.audit.record(actorId, 'subscription.end', userId, { subscriptionId: ended.id, planId: ended.plan_id, periodEnd: ended.current_period_end });
    await this.cancelStalePreapprovals(ended.id);
    return this.view(userId);
  }

  /** Extends the current period by whole days (audited); the account keeps its plan until the new end. */
  async adminExtend(userId: string, days: number, actorId: string): Promise<SubscriptionView> {
    const moved = await this.db.transaction(async (tx) => {
      const [s] = returned<{ id: string; from: Date; to: Date }>(await tx.query(
        `UPDATE subscriptions s SET current_period_end = s.current_period_end + make_interval(days => $2), updated_at = now()
         FROM (SELECT id, current_period_end AS prev FROM subscriptions WHERE user_id = $1 AND status = 'active' FOR UPDATE) old
         WHERE s.id = old.id RETURNING s.id, old.prev AS "from", s.current_period_end AS "to"`,
        [userId, days],
      ));
      if (!s) return null;
      await tx.query(`UPDATE users SET plan_expires_at = $2 WHERE id = $1 AND plan_expires_at IS NOT NULL`, [userId, s.to]);
      return s;
    });
    if (!moved) throw new NotFoundException('Este usuário não tem um plano pago ativo.');
    await this.audit.record(actorId, 'subscription.extend', userId, { subscriptionId: moved.id, days, from: moved.from, to: moved.to });
    return this.view(userId);
  }

  /** New plans, reactivations, renewals, cancellations and churn per month, `from` to `to` (months, inclusive). */
  async monthlyReport(from: Date, to: Date): Promise<SubscriptionMonthRow[]> {
    const rows: { month: string; active_at_start: string; new_subs: string; renewals: string; reactivations: string; cancellations: string; ended: string }[] = await this.db.query(
      `WITH months AS (
         SELECT m, m + interval '1 month' AS n FROM generate_series(date_trunc('month', $1::timestamptz), date_trunc('month', $2::timestamptz), interval '1 month') m
       )
       SELECT to_char(m, 'YYYY-MM') AS month,
         (SELECT count(*) FROM subscriptions s WHERE s.started_at < m AND (s.ended_at IS NULL OR s.ended_at >= m)) AS active_at_start,
         (SELECT count(*) FROM subscriptions s WHERE s.started_at >= m AND s.started_at < n AND s.reactivated_from IS NULL) AS new_subs,
         (SELECT count(*) FROM subscriptions s WHERE s.started_at >= m AND s.started_at < n AND s.reactivated_from IS NOT NULL) AS reactivations,
         (SELECT count(*) FROM orders o WHERE o.purpose = 'renewal' AND o.status IN ('approved', 'refunded') AND o.approved_at >= m AND o.approved_at < n) AS renewals,
         (SELECT count(*) FROM subscriptions s WHERE (s.cancel_requested_at >= m AND s.cancel_requested_at < n)
            OR (s.end_reason IN ('refunded', 'cancelled_refund') AND s.ended_at >= m AND s.ended_at < n AND s.cancel_requested_at IS NULL)) AS cancellations,
         (SELECT count(*) FROM subscriptions s WHERE s.ended_at >= m AND s.ended_at < n AND s.end_reason <> 'changed') AS ended
       FROM months ORDER BY m`,
      [from, to],
    );
    return rows.map((r) => ({
      month: r.month,
      activeAtStart: Number(r.active_at_start),
      newSubscriptions: Number(r.new_subs),
      renewals: Number(r.renewals),
      reactivations: Number(r.reactivations),
      cancellations: Number(r.cancellations),
      ended: Number(r.ended),
      churnPercent: churnPercent(Number(r.ended), Number(r.active_at_start)),
    }));
  }

  // ---------------------------------------------------------------- helpers

  private async callProvider<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      this.logger.error({ err: err.message, status: err.httpStatus }, 'subscription call to the provider failed');
      throw new HttpException({ statusCode: 502, message: 'Não foi possível falar com o Mercado Pago agora. Tente novamente em instantes.' }, HttpStatus.BAD_GATEWAY);
    }
  }

  /** A plan e-mail to the account's owner, once per dedupe key; a mail problem never undoes a plan change. */
  private async mailUser(
    userId: string,
    dedupeKey: string,
    kind: string,
    build: (siteName: string, name: string, url: string) => { subject: string; text: string; html: string },
    path = '/profile?tab=plano',
  ): Promise<void> {
    try {
      const [u] = await this.db.query(`SELECT name, email FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
      if (!u) return;
      const { siteName } = await this.settings.get('general');
      const url = `${this.config.get('publicUrl', { infer: true })}${path}`;
      await this.mail.send({ ...build(siteName, u.name, url), to: u.email, kind, dedupeKey });
    } catch (err) {
      this.logger.error({ userId, kind, err: (err as Error).message }, 'plan e-mail failed');
    }
  }
}
