import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { SUBSCRIPTION_RULES, addMonths } from '@cda/shared';
import { MP_TEST_CARDHOLDERS } from '@cda/shared';
import { STAND_IN_SDK } from './sdk-stand-in';

/**
 * A stand-in for the slice of Mercado Pago's API that the app uses, on loopback. Tests and
 * `npm start` without credentials ("Modo de teste") talk to it through MP_BASE_URL. Outcomes follow
 * Mercado Pago's own test rules (the cardholder name decides: APRO, CONT, FUND, ...), so nothing
 * here is random. State changes that Mercado Pago would announce are sent to the app as webhooks
 * signed exactly as the real ones are.
 */

export interface FakePayment {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  currency_id: string;
  description?: string;
  external_reference?: string;
  payment_method_id: string;
  payment_type_id: string;
  installments: number;
  date_created: string;
  date_approved: string | null;
  date_of_expiration: string | null;
  payer: unknown;
  notification_url?: string;
  point_of_interaction?: { type: string; transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string } };
}

/** A subscription with authorized payment (`POST /preapproval`, status authorized, with a card token). */
export interface FakePreapproval {
  id: string;
  status: 'authorized' | 'paused' | 'cancelled' | 'finished';
  reason: string;
  payer_email: string;
  external_reference?: string;
  back_url?: string;
  notification_url?: string;
  auto_recurring: { frequency: number; frequency_type: string; transaction_amount: number; currency_id: string; start_date: string };
  next_payment_date: string;
  date_created: string;
  last_modified: string;
  /** The test cardholder name of the card on file: it decides every charge (APRO approves). */
  card_name: string;
}

/** One charge of a preapproval, as `GET /authorized_payments/:id` answers it. */
export interface FakeAuthorizedPayment {
  id: number;
  preapproval_id: string;
  type: 'recurring';
  status: 'scheduled' | 'processed' | 'recycling' | 'cancelled';
  date_created: string;
  debit_date: string;
  next_retry_date: string | null;
  retry_attempt: number;
  transaction_amount: number;
  currency_id: string;
  reason: string;
  external_reference?: string;
  payment: { id: number; status: string; status_detail: string } | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: unknown;
}

export interface FakeMercadoPagoOptions {
  port?: number;
  host?: string;
  accessToken?: string;
  /** The public key the browser's card tokenizer must present (any when unset). */
  publicKey?: string;
  webhookSecret: string;
  /** Where webhooks go when the payment has no notification_url, or always when `forceWebhookUrl`. */
  webhookUrl?: string;
  forceWebhookUrl?: boolean;
  /** Send a `payment.created` webhook after each creation, as Mercado Pago does (default true). */
  webhookOnCreate?: boolean;
}

export interface WebhookDelivery {
  /** The notified resource's id (a payment's for `payment`, hence the name). */
  paymentId: number | string;
  status: number | null;
  action: string;
  type: string;
}

/** Hours between the attempts at a declined renewal charge: all of them fit before the period ends. */
const RETRY_HOURS = (SUBSCRIPTION_RULES.renewalLeadDays * 24) / SUBSCRIPTION_RULES.renewalAttempts;

/** Mercado Pago's documented test cardholder names and what each one produces (one table, in shared/). */
export const CARD_OUTCOMES: Record<string, [string, string]> = Object.fromEntries(MP_TEST_CARDHOLDERS.map((c) => [c.name, [c.status, c.statusDetail]]));

/** Card brands by BIN, as Mercado Pago's payment_methods/search answers for its test cards (and common ranges). */
function paymentMethodFor(bin: string): { id: string; name: string; issuer: { id: number; name: string } } | null {
  if (/^(506776|50904|6504|6505|6516|6550|4011|4389|4514|4576|6277)/.test(bin)) return { id: 'debelo', name: 'Elo Débito', issuer: { id: 687, name: 'Elo' } };
  if (/^3[47]/.test(bin)) return { id: 'amex', name: 'American Express', issuer: { id: 310, name: 'Amex' } };
  if (/^4/.test(bin)) return { id: 'visa', name: 'Visa', issuer: { id: 25, name: 'Visa' } };
  if (/^(5[1-5]|50|2[2-7])/.test(bin)) return { id: 'master', name: 'Mastercard', issuer: { id: 24, name: 'Mastercard' } };
  return null;
}

/** The check digit every real card number carries. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Test card tokens are `fake-<NAME>[-anything]`, as made by the browser SDK's test double. */
export function fakeCardToken(cardholderName: string): string {
  return `fake-${cardholderName.trim().toUpperCase()}-${randomUUID().slice(0, 8)}`;
}

/** The signature Mercado Pago puts on a webhook: HMAC-SHA256 over `id:…;request-id:…;ts:…;`. */
export function signWebhook(secret: string, dataId: string, requestId: string, ts = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
  return `ts=${ts},v1=${v1}`;
}

export class FakeMercadoPago {
  readonly payments = new Map<number, FakePayment>();
  readonly requests: RecordedRequest[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  readonly preapprovals = new Map<string, FakePreapproval>();
  readonly authorizedPayments = new Map<number, FakeAuthorizedPayment>();
  /** The test clock: how far this provider's "now" runs ahead of the machine's. */
  private clockOffsetMs = 0;
  private nextAuthorizedId = 7_000_000_000;
  /** When true every /v1 call answers 503, as during an outage. */
  down = false;
  private server?: Server;
  /**
   * Ids start from the clock, as real ones grow: suites sharing a database (and a restarted `npm
   * start`) must not hand out a payment id an earlier run's order already holds.
   */
  private nextId = 2_000_000_000 + (Date.now() % 1_000_000_000) * 10;
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  /** Card tokens made by the browser tokenizer: single use, as Mercado Pago's are. */
  readonly cardTokens = new Map<string, { holder: string; lastFour: string; used: boolean; expiresAt: number }>();
  url = '';

  constructor(readonly options: FakeMercadoPagoOptions) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((err: Error) => send(res, 500, { message: err.message, status: 500 }));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://${this.options.host ?? '127.0.0.1'}:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Marks a pending PIX (or in-review card) payment paid and notifies the app. */
  approve(id: number): Promise<FakePayment> {
    return this.change(id, { status: 'approved', status_detail: 'accredited', date_approved: new Date().toISOString() });
  }

  /** PIX never paid: Mercado Pago cancels it at its expiry. */
  expire(id: number): Promise<FakePayment> {
    return this.change(id, { status: 'cancelled', status_detail: 'expired' });
  }

  refund(id: number): Promise<FakePayment> {
    const p = this.mustGet(id);
    return this.change(id, { status: 'refunded', status_detail: 'refunded', transaction_amount_refunded: p.transaction_amount });
  }

  /** The provider's "now": the machine's clock moved forward by the test clock. */
  now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  /**
   * Moves the test clock forward to `to` (never back), then does what Mercado Pago's subscription
   * engine would have done meanwhile: charges every preapproval whose date came, retries declined
   * charges, and notifies the app of each (awaited, so the caller sees the app's state after them).
   */
  async advanceClock(to: Date): Promise<Date> {
    const ahead = to.getTime() - Date.now();
    if (ahead > this.clockOffsetMs) this.clockOffsetMs = ahead;
    await this.runSubscriptions();
    return this.now();
  }

  /** Declines (or approves) the next charges of a preapproval, as a card that stopped working would. */
  setPreapprovalCard(id: string, cardholderName: string): FakePreapproval {
    const pre = this.preapprovals.get(id);
    if (!pre) throw new Error(`fake mercado pago: no preapproval ${id}`);
    pre.card_name = cardholderName.trim().toUpperCase();
    return pre;
  }

  private async runSubscriptions(): Promise<void> {
    const now = this.now();
    for (const a of [...this.authorizedPayments.values()]) {
      while (a.status === 'recycling' && a.next_retry_date && new Date(a.next_retry_date) <= now) await this.attempt(a);
    }
    for (const pre of [...this.preapprovals.values()]) {
      while (pre.status === 'authorized' && new Date(pre.next_payment_date) <= now) {
        const debit = pre.next_payment_date;
        pre.next_payment_date = addMonths(new Date(debit), pre.auto_recurring.frequency).toISOString();
        const a: FakeAuthorizedPayment = {
          id: this.nextAuthorizedId++,
          preapproval_id: pre.id,
          type: 'recurring',
          status: 'scheduled',
          date_created: debit,
          debit_date: debit,
          next_retry_date: null,
          retry_attempt: 0,
          transaction_amount: pre.auto_recurring.transaction_amount,
          currency_id: 'BRL',
          reason: pre.reason,
          external_reference: pre.external_reference,
          payment: null,
        };
        this.authorizedPayments.set(a.id, a);
        await this.attempt(a);
        // Later retries of this charge may also be due already.
        while (a.status === 'recycling' && a.next_retry_date && new Date(a.next_retry_date) <= now) await this.attempt(a);
      }
    }
  }

  /** One attempt at a charge: a card payment with the card on file; declined ones are retried later, up to the limit. */
  private async attempt(a: FakeAuthorizedPayment): Promise<void> {
    const pre = this.preapprovals.get(a.preapproval_id)!;
    const [status, detail] = CARD_OUTCOMES[pre.card_name] ?? CARD_OUTCOMES.OTHE;
    const at = a.next_retry_date ?? a.debit_date;
    const payment: FakePayment = {
      id: this.nextId++,
      status,
      status_detail: detail,
      transaction_amount: a.transaction_amount,
      transaction_amount_refunded: 0,
      currency_id: 'BRL',
      description: pre.reason,
      external_reference: pre.external_reference,
      payment_method_id: 'master',
      payment_type_id: 'credit_card',
      installments: 1,
      date_created: at,
      date_approved: status === 'approved' ? at : null,
      date_of_expiration: null,
      payer: { email: pre.payer_email },
      notification_url: pre.notification_url,
    };
    this.payments.set(payment.id, payment);
    a.payment = { id: payment.id, status, status_detail: detail };
    a.retry_attempt += 1;
    if (status === 'approved') {
      a.status = 'processed';
      a.next_retry_date = null;
    } else if (a.retry_attempt < SUBSCRIPTION_RULES.renewalAttempts) {
      a.status = 'recycling';
      a.next_retry_date = new Date(new Date(a.debit_date).getTime() + a.retry_attempt * RETRY_HOURS * 3600_000).toISOString();
    } else {
      // The last attempt failed: the charge is closed with its rejected payment.
      a.status = 'processed';
      a.next_retry_date = null;
    }
    await this.sendWebhook(payment.id, 'payment.created');
    await this.notify('subscription_authorized_payment', String(a.id), 'updated', pre.notification_url);
  }

  private async change(id: number, patch: Partial<FakePayment>): Promise<FakePayment> {
    Object.assign(this.mustGet(id), patch);
    await this.sendWebhook(id, 'payment.updated');
    return this.mustGet(id);
  }

  private mustGet(id: number): FakePayment {
    const p = this.payments.get(id);
    if (!p) throw new Error(`fake mercado pago: no payment ${id}`);
    return p;
  }

  /** Delivers one signed notification for the payment, as Mercado Pago would (returns the app's HTTP status). */
  async sendWebhook(id: number, action = 'payment.updated', secret = this.options.webhookSecret): Promise<number | null> {
    const p = this.mustGet(id);
    return this.notify('payment', String(id), action, p.notification_url, secret);
  }

  /** A signed notification of any topic (payment, subscription_preapproval, subscription_authorized_payment). */
  async notify(type: string, id: string, action: string, notificationUrl?: string, secret = this.options.webhookSecret): Promise<number | null> {
    const target = this.options.forceWebhookUrl || !notificationUrl ? this.options.webhookUrl : notificationUrl;
    if (!target) return null;
    const requestId = randomUUID();
    const url = new URL(target);
    url.searchParams.set('data.id', String(id));
    url.searchParams.set('type', type);
    let status: number | null = null;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-signature': signWebhook(secret, String(id), requestId), 'x-request-id': requestId },
        body: JSON.stringify({
          id: Date.now(),
          live_mode: false,
          type,
          date_created: this.now().toISOString(),
          user_id: 123456,
          api_version: 'v1',
          action,
          data: { id: String(id) },
        }),
      });
      status = res.status;
    } catch {
      status = null;
    }
    this.deliveries.push({ paymentId: type === 'payment' ? Number(id) : id, status, action, type });
    return status;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readJson(req);
    const idempotencyKey = header(req, 'x-idempotency-key');
    this.requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, body });

    const control = /^\/__test\/payments\/(\d+)\/(approve|expire|refund)$/.exec(url.pathname);
    if (req.method === 'POST' && control) {
      const id = Number(control[1]);
      if (!this.payments.has(id)) return send(res, 404, { message: 'not found' });
      return send(res, 200, await this[control[2] as 'approve' | 'expire' | 'refund'](id));
    }
    if (req.method === 'POST' && url.pathname === '/__test/down') {
      this.down = Boolean((body as { down?: boolean } | null)?.down);
      return send(res, 200, { down: this.down });
    }
    if (req.method === 'GET' && url.pathname === '/__test/payments') return send(res, 200, [...this.payments.values()]);
    if (req.method === 'POST' && url.pathname === '/__test/clock') {
      const b = (body ?? {}) as { to?: string; advanceMs?: number };
      const to = b.to ? new Date(b.to) : new Date(this.now().getTime() + Number(b.advanceMs ?? 0));
      if (Number.isNaN(to.getTime())) return send(res, 400, { message: 'invalid date' });
      return send(res, 200, { now: (await this.advanceClock(to)).toISOString() });
    }
    if (req.method === 'GET' && url.pathname === '/__test/clock') return send(res, 200, { now: this.now().toISOString() });
    if (req.method === 'GET' && url.pathname === '/__test/preapprovals') return send(res, 200, [...this.preapprovals.values()]);
    const card = /^\/__test\/preapprovals\/([\w-]+)\/card$/.exec(url.pathname);
    if (req.method === 'POST' && card) {
      if (!this.preapprovals.has(card[1])) return send(res, 404, { message: 'not found' });
      return send(res, 200, this.setPreapprovalCard(card[1], String((body as { cardholderName?: string } | null)?.cardholderName ?? 'APRO')));
    }

    // The browser side (the SDK stand-in and the calls it makes with the public key), from the app's
    // origin: CORS as Mercado Pago's own endpoints answer it.
    if (url.pathname === '/js/v2' || url.pathname === '/v1/card_tokens' || url.pathname === '/v1/payment_methods/search') {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      if (req.method === 'GET' && url.pathname === '/js/v2') {
        res.writeHead(200, { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
        return void res.end(STAND_IN_SDK);
      }
      if (this.down) return send(res, 503, { message: 'service unavailable', status: 503 });
      const publicKey = url.searchParams.get('public_key') ?? '';
      if (!publicKey || (this.options.publicKey && publicKey !== this.options.publicKey)) {
        return send(res, 401, { message: 'invalid public_key', error: 'unauthorized', status: 401, cause: [{ code: '1', description: 'invalid public_key' }] });
      }
      if (req.method === 'GET' && url.pathname === '/v1/payment_methods/search') {
        const bin = (url.searchParams.get('bins') ?? url.searchParams.get('bin') ?? '').replace(/\D/g, '').slice(0, 8);
        const method = bin.length >= 6 ? paymentMethodFor(bin) : null;
        const results = method ? [{ ...method, payment_type_id: method.id === 'debelo' ? 'debit_card' : 'credit_card', status: 'active' }] : [];
        return send(res, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
      }
      if (req.method === 'POST' && url.pathname === '/v1/card_tokens') return this.createCardToken(res, (body ?? {}) as Record<string, unknown>);
      return send(res, 405, { message: 'method not allowed', status: 405 });
    }

    const subscriptionApi = url.pathname.startsWith('/preapproval') || url.pathname.startsWith('/authorized_payments');
    if (!url.pathname.startsWith('/v1/') && !subscriptionApi) return send(res, 404, { message: 'not found', status: 404 });
    if (this.down) return send(res, 503, { message: 'service unavailable', status: 503 });
    if (this.options.accessToken && header(req, 'authorization') !== `Bearer ${this.options.accessToken}`) {
      return send(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401 });
    }
    if (req.method === 'POST') {
      if (!idempotencyKey) return send(res, 400, { message: 'X-Idempotency-Key header is required', status: 400 });
      // Same key, same answer, nothing charged twice: what Mercado Pago promises.
      const key = `${url.pathname}|${idempotencyKey}`;
      const seen = this.idempotent.get(key);
      if (seen) return send(res, seen.status, seen.body);
      const answer = await this.post(url.pathname, body as Record<string, unknown>);
      this.idempotent.set(key, answer);
      return send(res, answer.status, answer.body);
    }
    const pre = /^\/preapproval\/([\w-]+)$/.exec(url.pathname);
    if (pre && (req.method === 'GET' || req.method === 'PUT')) {
      const p = this.preapprovals.get(pre[1]);
      if (!p) return send(res, 404, { message: 'Preapproval not found', error: 'not_found', status: 404 });
      if (req.method === 'PUT') return send(res, 200, this.updatePreapproval(p, (body ?? {}) as Record<string, unknown>));
      return send(res, 200, p);
    }
    const auth = /^\/authorized_payments\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && auth) {
      const a = this.authorizedPayments.get(Number(auth[1]));
      return a ? send(res, 200, a) : send(res, 404, { message: 'Authorized payment not found', error: 'not_found', status: 404 });
    }
    const get = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && get) {
      const p = this.payments.get(Number(get[1]));
      return p ? send(res, 200, p) : send(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
    }
    if (req.method === 'PUT' && get) {
      const p = this.payments.get(Number(get[1]));
      if (!p) return send(res, 404, { message: 'Payment not found', error: 'not_found', status: 404 });
      if ((body as { status?: string } | null)?.status !== 'cancelled') return send(res, 400, { message: 'Invalid status for update', status: 400, cause: [{ code: 2016 }] });
      // Mercado Pago cancels only what is not paid yet (error 2018 otherwise).
      if (!['pending', 'in_process', 'authorized'].includes(p.status)) {
        return send(res, 400, { message: 'The action requested is not valid for the current payment state', status: 400, cause: [{ code: 2018 }] });
      }
      Object.assign(p, { status: 'cancelled', status_detail: 'by_collector' });
      this.later(p.id, 'payment.updated');
      return send(res, 200, p);
    }
    return send(res, 404, { message: 'not found', status: 404 });
  }

  private async post(path: string, body: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    if (path === '/v1/payments') return this.createPayment(body);
    if (path === '/preapproval') return this.createPreapproval(body);
    const refund = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path);
    if (refund) {
      const p = this.payments.get(Number(refund[1]));
      if (!p) return { status: 404, body: { message: 'Payment not found', status: 404 } };
      if (p.status !== 'approved') return { status: 400, body: { message: 'Payment not refundable', status: 400 } };
      // A partial refund (body.amount) leaves the payment approved; the rest of it can still be refunded.
      const left = Math.round((p.transaction_amount - p.transaction_amount_refunded) * 100) / 100;
      const amount = body?.amount === undefined ? left : Number(body.amount);
      if (!(amount > 0) || amount > left + 1e-9) return { status: 400, body: { message: 'Invalid refund amount', status: 400 } };
      const refunded = Math.round((p.transaction_amount_refunded + amount) * 100) / 100;
      const full = refunded >= p.transaction_amount;
      Object.assign(p, { status: full ? 'refunded' : 'approved', status_detail: full ? 'refunded' : 'partially_refunded', transaction_amount_refunded: refunded });
      this.later(p.id, 'payment.updated');
      return { status: 201, body: { id: this.nextId++, payment_id: p.id, amount, status: 'approved' } };
    }
    return { status: 404, body: { message: 'not found', status: 404 } };
  }

  /**
   * POST /v1/card_tokens: what Mercado Pago checks before it issues a token (its error codes: E301
   * number, 325/326 expiry month/year, E302 security code, 221 holder name, 324 document). The
   * token is opaque and single use; the cardholder name it was made with decides the payment.
   */
  private createCardToken(res: ServerResponse, body: Record<string, unknown>): void {
    const number = String(body.card_number ?? '').replace(/\D/g, '');
    const holder = (body.cardholder ?? {}) as { name?: string; identification?: { type?: string; number?: string } };
    const month = Number(body.expiration_month);
    const year = Number(body.expiration_year);
    const cvv = String(body.security_code ?? '');
    const now = new Date();
    const causes: { code: string; description: string }[] = [];
    if (number.length < 13 || number.length > 19 || !luhn(number) || !paymentMethodFor(number.slice(0, 8))) causes.push({ code: 'E301', description: 'invalid card number' });
    if (!Number.isInteger(month) || month < 1 || month > 12) causes.push({ code: '325', description: 'invalid expiration_month' });
    if (!Number.isInteger(year) || year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) causes.push({ code: '326', description: 'invalid expiration_year' });
    const amex = /^3[47]/.test(number);
    if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(cvv)) causes.push({ code: 'E302', description: 'invalid security_code' });
    if (!holder.name || !holder.name.trim()) causes.push({ code: '221', description: 'parameter cardholder.name can not be null/empty' });
    if (holder.identification && holder.identification.number !== undefined && !/^\d{11}$|^\d{14}$/.test(String(holder.identification.number))) {
      causes.push({ code: '324', description: 'invalid cardholder.identification.number' });
    }
    if (causes.length) return send(res, 400, { message: 'invalid parameters', error: 'bad_request', status: 400, cause: causes });
    const id = randomUUID().replace(/-/g, '');
    const expiresAt = Date.now() + 7 * 24 * 3600_000;
    this.cardTokens.set(id, { holder: holder.name!.trim().toUpperCase(), lastFour: number.slice(-4), used: false, expiresAt });
    send(res, 201, {
      id,
      public_key: this.options.publicKey ?? null,
      first_six_digits: number.slice(0, 6),
      last_four_digits: number.slice(-4),
      expiration_month: month,
      expiration_year: year,
      cardholder: { name: holder.name, identification: holder.identification ?? null },
      status: 'active',
      date_created: now.toISOString(),
      date_due: new Date(expiresAt).toISOString(),
      live_mode: false,
      luhn_validation: true,
      card_number_length: number.length,
      security_code_length: cvv.length,
    });
  }

  private createPayment(body: Record<string, unknown>): { status: number; body: unknown } {
    const amount = Number(body.transaction_amount);
    if (!(amount > 0)) return { status: 400, body: { message: 'transaction_amount is required', status: 400, cause: [{ code: 4037 }] } };
    const now = new Date();
    const base = {
      id: this.nextId++,
      transaction_amount: amount,
      transaction_amount_refunded: 0,
      currency_id: 'BRL',
      description: body.description as string | undefined,
      external_reference: body.external_reference as string | undefined,
      payer: body.payer,
      notification_url: body.notification_url as string | undefined,
      date_created: now.toISOString(),
    };
    let payment: FakePayment;
    if (body.payment_method_id === 'pix') {
      const expiry = typeof body.date_of_expiration === 'string' ? new Date(body.date_of_expiration) : new Date(now.getTime() + 24 * 3600_000);
      if (Number.isNaN(expiry.getTime())) return { status: 400, body: { message: 'Invalid date_of_expiration', status: 400, cause: [{ code: 23 }] } };
      const qrCode = pixCode(base.id, amount);
      payment = {
        ...base,
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        payment_method_id: 'pix',
        payment_type_id: 'bank_transfer',
        installments: 1,
        date_approved: null,
        date_of_expiration: expiry.toISOString(),
        point_of_interaction: {
          type: 'PIX',
          transaction_data: { qr_code: qrCode, qr_code_base64: qrPng(qrCode).toString('base64'), ticket_url: `${this.url}/pix/${base.id}` },
        },
      };
    } else {
      const token = String(body.token ?? '');
      // A token from the browser tokenizer (used once), or a test's `fake-<NAME>` shortcut.
      const issued = this.cardTokens.get(token);
      if (issued && (issued.used || issued.expiresAt < Date.now())) {
        return { status: 400, body: { message: 'Card Token not found', error: 'bad_request', status: 400, cause: [{ code: 2006 }] } };
      }
      if (issued) issued.used = true;
      const name = issued ? issued.holder.slice(0, 4) : /^fake-([A-Z]{4})/.exec(token)?.[1];
      if (!name) return { status: 400, body: { message: 'Invalid card_token_id', error: 'bad_request', status: 400, cause: [{ code: 2006 }] } };
      const [status, detail] = CARD_OUTCOMES[name] ?? CARD_OUTCOMES.OTHE;
      payment = {
        ...base,
        status,
        status_detail: detail,
        payment_method_id: String(body.payment_method_id ?? 'master'),
        payment_type_id: 'credit_card',
        installments: Number(body.installments ?? 1),
        date_approved: status === 'approved' ? now.toISOString() : null,
        date_of_expiration: null,
      };
    }
    this.payments.set(payment.id, payment);
    if (this.options.webhookOnCreate !== false) this.later(payment.id, 'payment.created');
    if (payment.date_of_expiration) this.expireAt(payment);
    return { status: 201, body: payment };
  }

  private createPreapproval(body: Record<string, unknown>): { status: number; body: unknown } {
    const recurring = (body.auto_recurring ?? {}) as Record<string, unknown>;
    const amount = Number(recurring.transaction_amount);
    if (!(amount > 0)) return { status: 400, body: { message: 'auto_recurring.transaction_amount is required', status: 400 } };
    if (!body.payer_email || !body.reason) return { status: 400, body: { message: 'payer_email and reason are required', status: 400 } };
    if (body.status !== 'authorized') return { status: 400, body: { message: 'only subscriptions with authorized payment are simulated', status: 400 } };
    // A token from the browser tokenizer (used once), or a test's `fake-<NAME>` shortcut.
    const cardToken = String(body.card_token_id ?? '');
    const issued = this.cardTokens.get(cardToken);
    if (issued && (issued.used || issued.expiresAt < Date.now())) {
      return { status: 400, body: { message: 'Card Token not found', error: 'bad_request', status: 400, cause: [{ code: 2006 }] } };
    }
    if (issued) issued.used = true;
    const name = issued ? issued.holder.slice(0, 4) : /^fake-([A-Z]{4})/.exec(cardToken)?.[1];
    if (!name) return { status: 400, body: { message: 'Invalid card_token_id', error: 'bad_request', status: 400, cause: [{ code: 2006 }] } };
    const now = this.now().toISOString();
    const start = typeof recurring.start_date === 'string' ? new Date(recurring.start_date) : this.now();
    if (Number.isNaN(start.getTime())) return { status: 400, body: { message: 'Invalid start_date', status: 400 } };
    const pre: FakePreapproval = {
      id: randomUUID().replace(/-/g, ''),
      status: 'authorized',
      reason: String(body.reason),
      payer_email: String(body.payer_email),
      external_reference: body.external_reference as string | undefined,
      back_url: body.back_url as string | undefined,
      notification_url: body.notification_url as string | undefined,
      auto_recurring: {
        frequency: Number(recurring.frequency ?? 1),
        frequency_type: String(recurring.frequency_type ?? 'months'),
        transaction_amount: amount,
        currency_id: String(recurring.currency_id ?? 'BRL'),
        start_date: start.toISOString(),
      },
      next_payment_date: start.toISOString(),
      date_created: now,
      last_modified: now,
      card_name: name,
    };
    this.preapprovals.set(pre.id, pre);
    return { status: 201, body: pre };
  }

  private updatePreapproval(p: FakePreapproval, body: Record<string, unknown>): FakePreapproval {
    if (body.status === 'cancelled' || body.status === 'paused' || body.status === 'authorized') {
      if (p.status !== 'cancelled') p.status = body.status;
    }
    const amount = Number((body.auto_recurring as { transaction_amount?: number } | undefined)?.transaction_amount);
    if (amount > 0) p.auto_recurring.transaction_amount = amount;
    p.last_modified = this.now().toISOString();
    setTimeout(() => void this.notify('subscription_preapproval', p.id, 'updated', p.notification_url), 20);
    return p;
  }

  /** An unpaid PIX is cancelled by the provider at its expiry, as Mercado Pago does (the app hears it by webhook). */
  private expireAt(p: FakePayment): void {
    const ms = new Date(p.date_of_expiration!).getTime() - Date.now();
    // Timers hold at most ~24.8 days; a later expiry is simply never reached here.
    if (ms > 2 ** 31 - 1) return;
    setTimeout(() => p.status === 'pending' && void this.expire(p.id).catch(() => undefined), Math.max(0, ms)).unref();
  }

  /** Webhooks go out after the response, as Mercado Pago's do; they may overtake the app's own handling. */
  private later(id: number, action: string): void {
    setTimeout(() => void this.sendWebhook(id, action), 20);
  }
}

export async function startFakeMercadoPago(options: FakeMercadoPagoOptions): Promise<FakeMercadoPago> {
  return new FakeMercadoPago(options).start();
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A PIX "copia e cola" string shaped like the real EMV payload (not payable anywhere). */
function pixCode(id: number, amount: number): string {
  const value = amount.toFixed(2);
  return `00020126580014br.gov.bcb.pix0136fake-${id}-teste-cda-extractor52040000530398654${String(value.length).padStart(2, '0')}${value}5802BR5913CDA EXTRACTOR6009SAO PAULO62070503***6304ABCD`;
}

/** A QR-looking PNG (finder squares plus modules from a hash of the code); only for showing on screen. */
function qrPng(text: string, modules = 29, scale = 6): Buffer {
  const size = (modules + 8) * scale;
  const bits = createHash('sha512').update(text).digest();
  const dark = (x: number, y: number): boolean => {
    for (const [fx, fy] of [[0, 0], [modules - 7, 0], [0, modules - 7]]) {
      const dx = x - fx;
      const dy = y - fy;
      if (dx >= 0 && dx < 7 && dy >= 0 && dy < 7) return dx === 0 || dx === 6 || dy === 0 || dy === 6 || (dx >= 2 && dx <= 4 && dy >= 2 && dy <= 4);
    }
    const i = y * modules + x;
    return ((bits[i % bits.length] >> (i % 8)) & 1) === 1;
  };
  const raw = Buffer.alloc(size * (size + 1), 255);
  for (let py = 0; py < size; py++) {
    raw[py * (size + 1)] = 0; // filter: none
    const my = Math.floor(py / scale) - 4;
    for (let px = 0; px < size; px++) {
      const mx = Math.floor(px / scale) - 4;
      if (mx >= 0 && my >= 0 && mx < modules && my < modules && dark(mx, my)) raw[py * (size + 1) + 1 + px] = 0;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
