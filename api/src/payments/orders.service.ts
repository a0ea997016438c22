import { BadRequestException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { ConfigService } from '@nestjs/config';
import { DataSource, EntityManager, FindOptionsWhere, ILike, Repository } from 'typeorm';
import {
  AppConfig,
  BillingCycle,
  LEGAL,
  ORDER_STATUS_EVENT,
  OrderKind,
  OrderStatus,
  OrderStatusEvent,
  OrderView,
  PublicOrderView,
  MERCADO_PAGO_SDK_URL,
  ORDER_DETAIL_ACCOUNT_DELETED,
  PAYMENT_ERRORS,
  PIX_EXPIRY_MINUTES,
  PaymentMethodKind,
  TokenPackView,
  isValidCpf,
  planBalanceDescription,
  maxInstallments,
  periodAfterPurchase,
  rejectionReason,
  rooms,
} from '@cda/shared';
import { PlansService } from '../plans/plans.service';
import { SettingsService } from '../settings/settings.service';
import { MetricsService } from '../metrics/metrics.service';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { AuditService } from '../audit/audit.service';
import { MailService } from '../mail/mail.service';
import { orderMail } from '../mail/templates';
import { Order } from './order.entity';
import { TokenPack } from './token-pack.entity';
import { MercadoPagoCredentialsService } from './mercadopago.provider';
import { PAYMENT_PROVIDER, Payer, PaymentProvider, ProviderError, ProviderPayment } from './payment-provider';
import { ClockService } from './clock.service';
import { reactivationFor, recordPlanPeriod, upgradeQuoteFor } from './subscription-store';
import { OrderApplyRow, OrdersRepository } from './orders.repository';

/** Marks an order whose payment could not be created; a late approval of it is still honoured. */
const PROVIDER_ERROR = 'provider_error';

/** Provider statuses of a payment that may still be paid, and so can still be cancelled. */
const UNPAID: readonly string[] = ['pending', 'in_process', 'authorized'];

/** What the reconcile job looks at, and how long it keeps looking. */
const RECONCILE = {
  /** A pending order is asked about once its webhook is this late. */
  quietMs: 10 * 60_000,
  /** Card reviews take days at most; older pending orders are left to an administrator. */
  pendingMaxAgeMs: 30 * 24 * 3600_000,
  /** Orders closed by an account deletion: long enough for any PIX or review started before it. */
  deletedWindowMs: 3 * 24 * 3600_000,
  /** An order that never got a payment (the API stopped mid-request) is closed after this. */
  noPaymentMs: 60 * 60_000,
  batch: 200,
};

export interface PurchaseItem {
  kind: OrderKind;
  itemId: string;
  billingCycle?: BillingCycle;
  /** An upgrade of the running plan: charged its price minus the unused part of the current period. */
  change?: boolean;
  /** Taking up the last plan again within LEGAL.reactivationDays of its end: same plan and cycle, current price. */
  reactivate?: boolean;
}

export interface PayerInput {
  email: string;
  fullName: string;
  cpf: string;
}

export interface CardInput {
  token: string;
  installments: number;
  paymentMethodId: string;
  issuerId?: string;
}

/** The provider's payment does not belong to the order it names (amount, currency, reference or id). */
export class PaymentMismatchError extends HttpException {
  constructor(readonly reasons: string[]) {
    super({ statusCode: 422, message: 'Pagamento não confere com o pedido', reasons }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}

/** Which order status a provider status leads to; `authorized` (not captured) and in-review stay pending. */
function targetStatus(providerStatus: string): OrderStatus {
  switch (providerStatus) {
    case 'approved':
      return 'approved';
    case 'rejected':
      return 'rejected';
    case 'cancelled':
      return 'cancelled';
    case 'refunded':
    case 'charged_back':
      return 'refunded';
    default:
      return 'pending';
  }
}

/** Allowed previous states for each target: the order state machine in one place. */
function canMove(from: { status: OrderStatus; statusDetail: string | null }, to: OrderStatus): boolean {
  const unconfirmed = from.status === 'pending' || (from.status === 'cancelled' && from.statusDetail === PROVIDER_ERROR);
  const closedByDeletion = from.status === 'cancelled' && from.statusDetail === ORDER_DETAIL_ACCOUNT_DELETED;
  switch (to) {
    case 'approved':
    case 'rejected':
      return unconfirmed;
    case 'cancelled':
      return from.status === 'pending';
    case 'refunded':
      return from.status === 'approved' || unconfirmed || closedByDeletion;
    case 'pending':
      return from.status === 'pending';
  }
}

function splitName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

@Injectable()
export class OrdersService {
  private readonly logger = new Logger(OrdersService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    private readonly sql: OrdersRepository,
    @InjectRepository(TokenPack) private readonly packs: Repository<TokenPack>,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly credentials: MercadoPagoCredentialsService,
    private readonly plans: PlansService,
    private readonly settings: SettingsService,
    private readonly metrics: MetricsService,
    private readonly gateway: RealtimeGateway,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly clock: ClockService,
  ) {}

  async listPacks(): Promise<TokenPackView[]> {
    const packs = await this.packs.find({ where: { isActive: true }, order: { sortOrder: 'ASC' } });
    return packs.map(({ id, name, tokens, priceCents, popular }) => ({ id, name, tokens, priceCents, popular }));
  }

  async paymentConfig() {
    const [creds, s] = await Promise.all([this.credentials.get(), this.settings.get('payment')]);
    return {
      publicKey: creds.publicKey,
      testMode: creds.testMode,
      testProvider: creds.testProvider,
      // The bundled provider serves a stand-in of the SDK (same interface); real credentials get the real one.
      cardSdkUrl: creds.testProvider ? `${creds.baseUrl}/js/v2` : MERCADO_PAGO_SDK_URL,
      // Boleto is never offered (no boleto flow; the settings screen has no toggle for it).
      methods: { card: s.cardEnabled, pix: s.pixEnabled, boleto: false },
    };
  }

  /** Price, name and tokens come from our tables; the client only says what it wants. */
  private async price(item: PurchaseItem, userId: string): Promise<Pick<Order, 'kind' | 'planId' | 'packId' | 'billingCycle' | 'itemName' | 'tokens' | 'amountCents' | 'purpose'>> {
    if (item.kind === 'plan') {
      const plan = await this.plans.get(item.itemId);
      const cycle = item.billingCycle;
      if (!cycle) throw new BadRequestException('Escolha a cobrança mensal ou anual.');
      const cents = plan ? (cycle === 'yearly' ? plan.yearlyPriceCents : plan.monthlyPriceCents) : 0;
      if (!plan || !plan.isActive || cents <= 0) throw new NotFoundException('Plano não encontrado');
      const name = `Plano ${plan.name} - ${cycle === 'yearly' ? 'Anual' : 'Mensal'}`;
      if (item.change) {
        const quote = await upgradeQuoteFor(this.db.manager, userId, plan.id, cycle, this.clock.now());
        if (!quote) throw new BadRequestException('Só um plano maior pode ser contratado agora; planos menores começam no próximo ciclo.');
        if (quote.chargeCents <= 0) throw new BadRequestException('O crédito do período atual cobre este plano: escolha a mudança no próximo ciclo.');
        return { kind: 'plan', planId: plan.id, packId: null, billingCycle: cycle, itemName: `Mudança para o ${name}`, tokens: plan.tokenLimit, amountCents: quote.chargeCents, purpose: 'upgrade' };
      }
      if (item.reactivate) {
        // Enforced here, not only shown: the same plan and cycle, while the window is open.
        const offer = await reactivationFor(this.db.manager, userId, this.clock.now());
        if (!offer || offer.planId !== plan.id || offer.billingCycle !== cycle) {
          throw new BadRequestException(`A reativação não está disponível para este plano: ela vale por ${LEGAL.reactivationDays} dias após o fim do plano, para o mesmo plano e a mesma cobrança. Você pode contratar um plano normalmente.`);
        }
        return { kind: 'plan', planId: plan.id, packId: null, billingCycle: cycle, itemName: `Reativação: ${name}`, tokens: plan.tokenLimit, amountCents: cents, purpose: 'reactivation' };
      }
      return { kind: 'plan', planId: plan.id, packId: null, billingCycle: cycle, itemName: name, tokens: plan.tokenLimit, amountCents: cents, purpose: 'purchase' };
    }
    const pack = await this.packs.findOne({ where: { id: item.itemId, isActive: true } });
    if (!pack) throw new NotFoundException('Pacote não encontrado');
    return { kind: 'token_pack', planId: null, packId: pack.id, billingCycle: null, itemName: `Pacote ${pack.name} de tokens`, tokens: pack.tokens, amountCents: pack.priceCents, purpose: 'purchase' };
  }

  private async checkMethod(method: PaymentMethodKind): Promise<void> {
    const s = await this.settings.get('payment');
    const enabled = { card: s.cardEnabled, pix: s.pixEnabled, boleto: false }[method];
    if (!enabled) throw new BadRequestException('Forma de pagamento indisponível.');
  }

  private payer(input: PayerInput): Payer {
    const cpf = input.cpf.replace(/\D/g, '');
    if (!isValidCpf(cpf)) throw new BadRequestException('CPF inválido');
    const { firstName, lastName } = splitName(input.fullName);
    if (!firstName) throw new BadRequestException('Informe o nome completo');
    return { email: input.email.trim().toLowerCase(), firstName, lastName, cpf };
  }

  private async open(userId: string, item: PurchaseItem, method: PaymentMethodKind, email: string, installments = 1): Promise<Order> {
    await this.checkMethod(method);
    const priced = await this.price(item, userId);
    if (installments < 1 || installments > maxInstallments(priced.billingCycle)) {
      throw new BadRequestException(`Número de parcelas inválido (máximo ${maxInstallments(priced.billingCycle)}).`);
    }
    return this.orders.save(this.orders.create({ ...priced, userId, method, installments, payerEmail: email, status: 'pending' }));
  }

  /**
   * The provider could not create the payment. The order is closed (never left pending without a
   * payment), but a late approval of it is still honoured, as the request may have reached them.
   */
  private async providerFailed(order: Order, err: unknown, message: string): Promise<never> {
    this.logger.error({ orderId: order.id, err: (err as Error).message, status: (err as ProviderError).httpStatus }, 'payment creation failed');
    await this.orders.update({ id: order.id, status: 'pending' }, { status: 'cancelled', statusDetail: PROVIDER_ERROR });
    this.metrics.payments.inc({ status: 'provider_error' });
    throw new HttpException({ statusCode: 502, message, orderId: order.id }, HttpStatus.BAD_GATEWAY);
  }

  async payByCard(userId: string, item: PurchaseItem, payerInput: PayerInput, card: CardInput): Promise<OrderView> {
    const payer = this.payer(payerInput);
    const order = await this.open(userId, item, 'card', payer.email, card.installments);
    const { notificationUrl } = await this.credentials.get();
    let payment: ProviderPayment;
    try {
      payment = await this.provider.createCardPayment(
        { orderId: order.id, amountCents: order.amountCents, description: order.itemName, payer, notificationUrl, ...card },
        `order:${order.id}:card`,
      );
    } catch (err) {
      return this.providerFailed(order, err, PAYMENT_ERRORS.card);
    }
    // The webhook may already have applied this payment; the compare-and-set makes the second a no-op.
    await this.apply(order.id, payment, 'card-response');
    return this.view(await this.orders.findOneByOrFail({ id: order.id }));
  }

  async payByPix(userId: string, item: PurchaseItem, payerInput: PayerInput): Promise<OrderView> {
    const payer = this.payer(payerInput);
    const order = await this.open(userId, item, 'pix', payer.email);
    const { notificationUrl } = await this.credentials.get();
    const expiresAt = new Date(Date.now() + PIX_EXPIRY_MINUTES * 60_000);
    let payment: ProviderPayment;
    try {
      payment = await this.provider.createPixPayment(
        { orderId: order.id, amountCents: order.amountCents, description: order.itemName, payer, notificationUrl, expiresAt },
        `order:${order.id}:pix`,
      );
    } catch (err) {
      return this.providerFailed(order, err, PAYMENT_ERRORS.pix);
    }
    const pix = { ...payment.pix!, expiresAt: payment.pix!.expiresAt || expiresAt.toISOString() };
    await this.orders.update({ id: order.id }, { pix });
    await this.apply(order.id, payment, 'pix-response');
    return this.view(await this.orders.findOneByOrFail({ id: order.id }));
  }

  /** A webhook told us about a payment: ask the provider for the truth, then apply it. */
  async onPaymentNotification(
    providerPaymentId: string,
    quietIfUnknown = false,
  ): Promise<{ orderId: string | null; status: OrderStatus | null; payment?: ProviderPayment }> {
    const payment = await this.provider.getPayment(providerPaymentId);
    const ref = payment.externalReference ?? '';
    const order = /^[0-9a-f-]{36}$/i.test(ref) ? await this.orders.findOneBy({ id: ref }) : null;
    if (!order) {
      // Not ours (another integration on the same account, or a renewal charge the caller handles):
      // acknowledge so the provider stops retrying.
      if (!quietIfUnknown) this.logger.warn({ providerPaymentId, externalReference: ref }, 'payment notification for an unknown order');
      return { orderId: null, status: null, payment };
    }
    const status = await this.apply(order.id, payment, 'webhook');
    return { orderId: order.id, status };
  }

  /**
   * Applies the provider's view of a payment to its order, exactly once per transition: the order
   * row is locked, the move is checked against the state machine, and the grant or reversal is
   * written in the same transaction (the ledger's unique (order_id, type) backs this up).
   */
  async apply(orderId: string, payment: ProviderPayment, source: string): Promise<OrderStatus> {
    const target = targetStatus(payment.status);
    const result = await this.db.transaction(async (tx) => {
      const row = await this.sql.lockForApply(tx, orderId);
      if (!row) throw new NotFoundException('Pedido não encontrado');
      const mismatch = this.mismatches(row, payment);
      if (mismatch.length) {
        this.logger.error({ orderId, providerPaymentId: payment.providerId, mismatch, source }, 'payment does not match its order; refused');
        this.metrics.payments.inc({ status: 'mismatch' });
        throw new PaymentMismatchError(mismatch);
      }
      const from = { status: row.status, statusDetail: row.status_detail };
      // Money paid for an account that no longer exists goes back to the payer, never into the account.
      const orphan = target === 'approved' && row.owner_gone && (canMove(from, 'approved') || from.statusDetail === ORDER_DETAIL_ACCOUNT_DELETED);
      const to: OrderStatus = orphan ? 'cancelled' : target;
      if (!orphan && !canMove(from, target)) return { moved: false, orphan, previous: from.status, status: from.status, userId: row.user_id, row };
      await this.sql.moveStatus(tx, orderId, to, orphan ? ORDER_DETAIL_ACCOUNT_DELETED : payment.statusDetail, payment.providerId);
      if (to === 'approved') await this.grant(tx, row, this.clock.now());
      if (to === 'refunded' && from.status === 'approved') await this.reverse(tx, row, this.clock.now());
      return { moved: to !== from.status, orphan, previous: from.status, status: to, userId: row.user_id, row };
    });
    if (result.moved) {
      this.logger.log({ orderId, from: result.previous, to: result.status, source, providerPaymentId: payment.providerId }, 'order status changed');
      this.metrics.payments.inc({ status: result.status });
      const event: OrderStatusEvent = { id: orderId, status: result.status, statusDetail: payment.statusDetail };
      // Through the Redis adapter: the user's browser may be connected to another API instance.
      this.gateway.server?.to(rooms.user(result.userId)).emit(ORDER_STATUS_EVENT, event);
      // Not awaited: a slow SMTP server must not hold the checkout's answer or the provider's webhook.
      if ((result.status === 'approved' || result.status === 'refunded') && !result.row.owner_gone) {
        void this.mailOrder(result.row, result.status, payment.providerId);
      }
    }
    return result.orphan ? this.refundOrphan(orderId, payment.providerId) : result.status;
  }

  /** The receipt or the refund notice, once per order and event (the outbox's dedupe key); a mail problem never undoes a payment. */
  private async mailOrder(row: OrderApplyRow, event: 'approved' | 'refunded', providerPaymentId: string): Promise<void> {
    try {
      const { siteName } = await this.settings.get('general');
      const id = row.id;
      const publicUrl = this.config.get('publicUrl', { infer: true });
      const link = event === 'approved' ? `${publicUrl}/payment/success?order=${id}` : `${publicUrl}/profile?tab=pagamentos`;
      const order = {
        id,
        kind: row.kind,
        itemName: row.item_name,
        amountCents: Number(row.amount_cents),
        method: row.method,
        installments: Number(row.installments),
        providerPaymentId,
      };
      await this.mail.send({
        ...orderMail(siteName, row.owner_name ?? '', order, event, link),
        to: row.owner_email ?? '',
        kind: `order-${event}`,
        dedupeKey: `order-${event}:${id}`,
      });
    } catch (err) {
      this.logger.error({ orderId: row.id, event, err: (err as Error).message }, 'order e-mail failed');
    }
  }

  /**
   * Refunds at the provider a payment approved after its account was deleted; the provider's answer
   * then moves the order to refunded. If the provider cannot be reached, the reconcile job retries.
   */
  private async refundOrphan(orderId: string, providerPaymentId: string): Promise<OrderStatus> {
    try {
      await this.provider.refund(providerPaymentId, `order:${orderId}:refund`);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      this.logger.error({ orderId, providerPaymentId, err: err.message }, 'could not refund a payment made after its account was deleted; will retry');
      return 'cancelled';
    }
    this.logger.warn({ orderId, providerPaymentId }, 'payment made after its account was deleted: refunded to the payer');
    this.metrics.payments.inc({ status: 'refunded_account_deleted' });
    return this.apply(orderId, await this.provider.getPayment(providerPaymentId), 'account-deleted-refund');
  }

  /** The provider's view of one order, applied; an unpaid payment of a deleted account is cancelled first. */
  private async reconcileOne(orderId: string, providerPaymentId: string, ownerGone: boolean, source: string): Promise<OrderStatus> {
    let payment = await this.provider.getPayment(providerPaymentId);
    if (ownerGone && UNPAID.includes(payment.status)) payment = await this.provider.cancel(providerPaymentId);
    return this.apply(orderId, payment, source);
  }

  /** Support's "ask Mercado Pago now" for one order (a customer says they paid): what the job would do, at once. */
  async syncWithProvider(orderId: string, adminId: string): Promise<OrderView> {
    const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await this.sql.findForCheck(orderId) : null;
    if (!order) throw new NotFoundException('Pedido não encontrado');
    if (!order.provider_payment_id) throw new BadRequestException('Este pedido não tem pagamento no Mercado Pago.');
    try {
      await this.reconcileOne(order.id, order.provider_payment_id, order.owner_gone, 'admin-sync');
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      this.logger.error({ orderId, err: err.message }, 'order check at the provider failed');
      throw new HttpException({ statusCode: 502, message: 'Não foi possível consultar o Mercado Pago agora. Tente novamente em instantes.' }, HttpStatus.BAD_GATEWAY);
    }
    await this.audit.record(adminId, 'order.sync', order.id, { before: order.status });
    return this.view(await this.orders.findOneByOrFail({ id: order.id }));
  }

  /**
   * Asks the provider about the orders a lost or late webhook could have left behind, and applies
   * its answer as a webhook would: pending orders whose notification is overdue (an approval, or a
   * PIX the provider cancelled at its expiry), and orders of deleted accounts, whose unpaid payment
   * is cancelled at the provider (a paid one is refunded by `apply`). Runs as a maintenance job.
   */
  async reconcile(now = new Date()): Promise<{ checked: number; changed: number; failed: number; closedWithoutPayment: number }> {
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const closedWithoutPayment = await this.sql.closeWithoutPayment(PROVIDER_ERROR, ago(RECONCILE.noPaymentMs));
    const rows = await this.sql.dueForReconcile({
      pendingSince: ago(RECONCILE.pendingMaxAgeMs),
      quietBefore: ago(RECONCILE.quietMs),
      deletedDetail: ORDER_DETAIL_ACCOUNT_DELETED,
      deletedSince: ago(RECONCILE.deletedWindowMs),
      limit: RECONCILE.batch,
    });
    let changed = 0;
    let failed = 0;
    for (const r of rows) {
      try {
        if ((await this.reconcileOne(r.id, r.provider_payment_id, r.owner_gone, 'reconcile')) !== r.status) changed++;
      } catch (err) {
        failed++;
        this.logger.warn({ orderId: r.id, providerPaymentId: r.provider_payment_id, err: (err as Error).message }, 'could not reconcile an order');
      }
    }
    if (closedWithoutPayment || changed || failed) this.logger.log({ checked: rows.length, changed, failed, closedWithoutPayment }, 'orders reconciled with the provider');
    return { checked: rows.length, changed, failed, closedWithoutPayment };
  }

  private mismatches(row: { id: string; amount_cents: number; provider_payment_id: string | null }, p: ProviderPayment): string[] {
    const out: string[] = [];
    if (p.externalReference !== row.id) out.push(`reference ${p.externalReference ?? '(none)'}`);
    if (p.amountCents !== Number(row.amount_cents)) out.push(`amount ${p.amountCents} != ${row.amount_cents}`);
    if (p.currency !== 'BRL') out.push(`currency ${p.currency}`);
    if (row.provider_payment_id && row.provider_payment_id !== p.providerId) out.push(`payment id ${p.providerId} != ${row.provider_payment_id}`);
    return out;
  }

  /**
   * Plan: the plan, a fresh allowance and the paid period (with its subscription). Pack: non-expiring
   * credit. `now` is the rules' clock, so the period is where the tests' moved time says it is.
   */
  private async grant(tx: EntityManager, o: OrderApplyRow, now: Date) {
    if (o.kind === 'plan') {
      // A plan order always names its plan and cycle (price() sets both).
      const planId = o.plan_id!;
      const cycle = o.billing_cycle!;
      const u = await this.sql.lockPlanHolder(tx, o.user_id);
      // The same plan bought again while its period runs extends it; an upgrade starts a new period now.
      const extendsRunning = u.plan === planId && o.purpose !== 'upgrade';
      const period = periodAfterPurchase(now, cycle, { samePlan: extendsRunning, expiresAt: u.plan_expires_at });
      // The allowance replaces the unused plan tokens (as a renewal does). A new plan starts from its
      // own limit (an admin's per-user limit is cleared); buying the same plan again keeps that limit.
      const r = await this.sql.startPaidPeriod(tx, { userId: o.user_id, planId, allowance: Number(o.tokens), start: now, end: period.end });
      // The amount is the difference from the old balance; the words say what it was set to and why.
      const reason = cycle === 'yearly' ? 'compra anual' : 'compra mensal';
      await this.sql.recordLedger(tx, {
        userId: o.user_id,
        type: 'purchase',
        amount: r.delta,
        creditAmount: 0,
        orderId: o.id,
        description: planBalanceDescription(r.planName, r.allowance, reason),
      });
      await recordPlanPeriod(tx, {
        userId: o.user_id, orderId: o.id, planId, cycle, method: o.method, now, periodEnd: period.end, extendsRunning,
        reactivation: o.purpose === 'reactivation',
      });
      return;
    }
    await this.sql.addCredit(tx, o.user_id, Number(o.tokens));
    await this.sql.recordLedger(tx, { userId: o.user_id, type: 'purchase', amount: Number(o.tokens), creditAmount: Number(o.tokens), orderId: o.id, description: `Compra: ${o.item_name}` });
  }

  /**
   * Takes back what the order gave, as far as it is still there (spent tokens cannot be recovered,
   * and the balance never goes negative). A refunded plan falls back to the free plan.
   */
  private async reverse(tx: EntityManager, o: OrderApplyRow, now: Date) {
    let delta: number;
    let creditDelta = 0;
    if (o.kind === 'plan') {
      delta = await this.sql.planBackToFree(tx, o.user_id);
      // The refunded plan's subscription ends with it (its preapproval is cancelled by the subscriptions job).
      await this.sql.endRefundedSubscription(tx, o.user_id, o.plan_id, now);
    } else {
      delta = -(await this.sql.removeCredit(tx, o.user_id, Number(o.tokens)));
      creditDelta = delta;
    }
    await this.sql.recordLedger(tx, { userId: o.user_id, type: 'reversal', amount: delta, creditAmount: creditDelta, orderId: o.id, description: `Estorno: ${o.item_name}` });
  }

  /**
   * Refunds an approved order in full at the provider; the provider's answer (not ours) then moves
   * the order and reverses the credit. Throws ProviderError when the provider fails.
   */
  async refundThroughProvider(orderId: string, source: string): Promise<Order> {
    const order = await this.orders.findOneBy({ id: orderId });
    if (!order) throw new NotFoundException('Pedido não encontrado');
    if (order.status !== 'approved' || !order.providerPaymentId) throw new BadRequestException('Só pedidos aprovados podem ser estornados.');
    await this.provider.refund(order.providerPaymentId, `order:${order.id}:refund`);
    await this.apply(order.id, await this.provider.getPayment(order.providerPaymentId), source);
    return order;
  }

  /** Admin refund: the provider refunds, then its answer (not ours) moves the order and reverses the credit. */
  async refund(orderId: string, adminId: string): Promise<OrderView> {
    let order: Order;
    try {
      order = await this.refundThroughProvider(orderId, 'admin-refund');
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      this.logger.error({ orderId, err: err.message }, 'refund failed at the provider');
      throw new HttpException({ statusCode: 502, message: 'Erro ao estornar pagamento' }, HttpStatus.BAD_GATEWAY);
    }
    await this.audit.record(adminId, 'order.refund', order.id, { amountCents: order.amountCents });
    return this.view(await this.orders.findOneByOrFail({ id: orderId }));
  }

  async getForUser(orderId: string, user: { id: string; isAdmin: boolean }): Promise<OrderView> {
    const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await this.orders.findOneBy({ id: orderId }) : null;
    // Someone else's order is as invisible as a missing one.
    if (!order || (order.userId !== user.id && !user.isAdmin)) throw new NotFoundException('Pedido não encontrado');
    return this.view(order);
  }

  /**
   * The payment result pages open without signing in (a link in an e-mail, Mercado Pago's redirect):
   * the order's id (a random UUID) shows what was bought and how the payment stands, nothing about
   * who paid (no e-mail, no provider payment id, no PIX code).
   */
  async getPublic(orderId: string): Promise<PublicOrderView> {
    const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await this.orders.findOneBy({ id: orderId }) : null;
    if (!order) throw new NotFoundException('Pedido não encontrado');
    const v = this.view(order);
    return {
      id: v.id,
      kind: v.kind,
      itemId: v.itemId,
      itemName: v.itemName,
      billingCycle: v.billingCycle,
      tokens: v.tokens,
      amountCents: v.amountCents,
      method: v.method,
      installments: v.installments,
      status: v.status,
      statusDetail: v.statusDetail,
      reason: v.reason,
      approvedAt: v.approvedAt,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
    };
  }

  async list(filter: { userId?: string; status?: OrderStatus; kind?: OrderKind; method?: PaymentMethodKind; email?: string; page: number; pageSize: number }) {
    const where: FindOptionsWhere<Order> = {};
    if (filter.userId) where.userId = filter.userId;
    if (filter.status) where.status = filter.status;
    if (filter.kind) where.kind = filter.kind;
    if (filter.method) where.method = filter.method;
    if (filter.email) where.payerEmail = ILike(`%${filter.email.replace(/[%_\\]/g, '\\$&')}%`);
    const [rows, total] = await this.orders.findAndCount({
      where,
      order: { createdAt: 'DESC' },
      skip: (filter.page - 1) * filter.pageSize,
      take: filter.pageSize,
    });
    return { items: rows.map((o) => this.view(o)), total, page: filter.page, pageCount: Math.max(1, Math.ceil(total / filter.pageSize)) };
  }

  view(o: Order): OrderView {
    return {
      id: o.id,
      kind: o.kind,
      itemId: (o.kind === 'plan' ? o.planId : o.packId) ?? '',
      itemName: o.itemName,
      billingCycle: o.billingCycle,
      tokens: o.tokens,
      amountCents: o.amountCents,
      method: o.method,
      installments: o.installments,
      status: o.status,
      statusDetail: o.statusDetail,
      reason: o.status === 'rejected' || o.status === 'cancelled' ? rejectionReason(o.statusDetail) : null,
      providerPaymentId: o.providerPaymentId,
      pix: o.pix,
      approvedAt: o.approvedAt?.toISOString() ?? null,
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
      payerEmail: o.payerEmail,
    };
  }
}
