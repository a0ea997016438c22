import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { PaymentCreateRequest } from 'mercadopago/dist/clients/payment/create/types';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes';
import { AppConfig, MERCADO_PAGO_API } from '@cda/shared';
import { SettingsService } from '../settings/settings.service';
import {
  CardPaymentInput,
  PaymentProvider,
  PreapprovalInput,
  ProviderAuthorizedPayment,
  ProviderPreapproval,
  PixPaymentInput,
  ProviderError,
  ProviderPayment,
} from './payment-provider';

export interface MercadoPagoCredentials {
  baseUrl: string;
  accessToken: string;
  publicKey: string;
  webhookSecret: string;
  notificationUrl: string;
  /** Talking to anything but the real API (the bundled fake), or with TEST- credentials. */
  testMode: boolean;
  /** Talking to anything but the real API: the bundled test provider (TEST- credentials on the real API are not). */
  testProvider: boolean;
}

/** The admin's payment settings win; the environment fills what they leave empty. */
@Injectable()
export class MercadoPagoCredentialsService {
  constructor(
    private readonly settings: SettingsService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  async get(): Promise<MercadoPagoCredentials> {
    const env = this.config.get('mercadoPago', { infer: true });
    const s = await this.settings.get('payment');
    const accessToken = s.mercadoPagoAccessToken || env.accessToken;
    // Credentials an admin saved are Mercado Pago's: the test provider `npm start` bundled for want of
    // any would refuse them, so the real API (and the real browser SDK) take over.
    const baseUrl = env.bundledTestProvider && s.mercadoPagoAccessToken ? MERCADO_PAGO_API : env.baseUrl.replace(/\/+$/, '');
    return {
      baseUrl,
      accessToken,
      publicKey: s.mercadoPagoPublicKey || env.publicKey,
      webhookSecret: s.mercadoPagoWebhookSecret || env.webhookSecret,
      notificationUrl: env.notificationUrl,
      testMode: baseUrl !== MERCADO_PAGO_API || accessToken.startsWith('TEST-'),
      testProvider: baseUrl !== MERCADO_PAGO_API,
    };
  }
}

const TIMEOUT_MS = 15_000;

/** `2026-05-30T23:59:59.000-03:00`: the provider wants an explicit offset; Brasília time reads well in its panel. */
export function toBrasiliaIso(date: Date): string {
  return new Date(date.getTime() - 3 * 3600_000).toISOString().replace('Z', '-03:00');
}

/**
 * A thin client over the few REST calls we use. The `mercadopago` SDK hard-codes its base URL and
 * its fetch, so it cannot reach a local fake; we keep its request/response types and its webhook
 * validator, and make the calls ourselves against MP_BASE_URL.
 */
@Injectable()
export class MercadoPagoProvider implements PaymentProvider {
  private readonly logger = new Logger(MercadoPagoProvider.name);

  constructor(private readonly credentials: MercadoPagoCredentialsService) {}

  private async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const { baseUrl, accessToken } = await this.credentials.get();
    if (!accessToken) throw new ProviderError('Mercado Pago access token is not configured', null);
    const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    // Every POST carries the caller's key: a retried request must never charge twice.
    if (method === 'POST') headers['X-Idempotency-Key'] = idempotencyKey ?? '';
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ProviderError(`Mercado Pago unreachable: ${(err as Error).message}`, null);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text.slice(0, 500);
    }
    if (!res.ok) {
      this.logger.warn({ method, path, status: res.status, body: parsed }, 'mercado pago answered with an error');
      throw new ProviderError(`Mercado Pago ${method} ${path} answered ${res.status}`, res.status, parsed);
    }
    return parsed as T;
  }

  private basePayment(input: CardPaymentInput | PixPaymentInput): PaymentCreateRequest {
    return {
      transaction_amount: input.amountCents / 100,
      description: input.description,
      external_reference: input.orderId,
      notification_url: input.notificationUrl,
      payer: {
        email: input.payer.email,
        first_name: input.payer.firstName,
        last_name: input.payer.lastName,
        identification: { type: 'CPF', number: input.payer.cpf },
      },
    };
  }

  async createCardPayment(input: CardPaymentInput, idempotencyKey: string): Promise<ProviderPayment> {
    const body: PaymentCreateRequest = {
      ...this.basePayment(input),
      token: input.token,
      installments: input.installments,
      payment_method_id: input.paymentMethodId,
      ...(input.issuerId ? { issuer_id: Number(input.issuerId) } : {}),
    };
    return toProviderPayment(await this.call<PaymentResponse>('POST', '/v1/payments', body, idempotencyKey));
  }

  async createPixPayment(input: PixPaymentInput, idempotencyKey: string): Promise<ProviderPayment> {
    const body: PaymentCreateRequest = {
      ...this.basePayment(input),
      payment_method_id: 'pix',
      date_of_expiration: toBrasiliaIso(input.expiresAt),
    };
    const payment = toProviderPayment(await this.call<PaymentResponse>('POST', '/v1/payments', body, idempotencyKey));
    if (!payment.pix) throw new ProviderError('Mercado Pago returned a PIX payment without QR data', null);
    return payment;
  }

  async getPayment(providerId: string): Promise<ProviderPayment> {
    return toProviderPayment(await this.call<PaymentResponse>('GET', `/v1/payments/${encodeURIComponent(providerId)}`));
  }

  async refund(providerId: string, idempotencyKey: string, amountCents?: number): Promise<void> {
    const body = amountCents === undefined ? {} : { amount: amountCents / 100 };
    await this.call('POST', `/v1/payments/${encodeURIComponent(providerId)}/refunds`, body, idempotencyKey);
  }

  /** `POST /preapproval` with status authorized: Mercado Pago charges the card from `start_date` on, monthly. */
  async createPreapproval(input: PreapprovalInput, idempotencyKey: string): Promise<ProviderPreapproval> {
    const body = {
      reason: input.reason,
      external_reference: input.subscriptionId,
      payer_email: input.payerEmail,
      card_token_id: input.cardToken,
      back_url: input.backUrl,
      notification_url: input.notificationUrl,
      status: 'authorized',
      auto_recurring: {
        frequency: 1,
        frequency_type: 'months',
        start_date: input.startDate.toISOString(),
        transaction_amount: input.amountCents / 100,
        currency_id: 'BRL',
      },
    };
    return toPreapproval(await this.call<PreapprovalResponse>('POST', '/preapproval', body, idempotencyKey));
  }

  async getPreapproval(id: string): Promise<ProviderPreapproval> {
    return toPreapproval(await this.call<PreapprovalResponse>('GET', `/preapproval/${encodeURIComponent(id)}`));
  }

  async updatePreapproval(id: string, change: { status?: 'cancelled'; amountCents?: number }): Promise<ProviderPreapproval> {
    const body: Record<string, unknown> = {};
    if (change.status) body.status = change.status;
    if (change.amountCents !== undefined) body.auto_recurring = { transaction_amount: change.amountCents / 100, currency_id: 'BRL' };
    return toPreapproval(await this.call<PreapprovalResponse>('PUT', `/preapproval/${encodeURIComponent(id)}`, body));
  }

  async getAuthorizedPayment(id: string): Promise<ProviderAuthorizedPayment> {
    const a = await this.call<AuthorizedPaymentResponse>('GET', `/authorized_payments/${encodeURIComponent(id)}`);
    if (a?.id === undefined || !a.preapproval_id) throw new ProviderError('Mercado Pago returned an authorized payment without id', null, a);
    return {
      id: String(a.id),
      preapprovalId: a.preapproval_id,
      status: a.status ?? 'scheduled',
      retryAttempt: Number(a.retry_attempt ?? 0),
      payment: a.payment?.id ? { id: String(a.payment.id), status: a.payment.status ?? '', statusDetail: a.payment.status_detail ?? null } : null,
    };
  }

  async cancel(providerId: string): Promise<ProviderPayment> {
    return toProviderPayment(await this.call<PaymentResponse>('PUT', `/v1/payments/${encodeURIComponent(providerId)}`, { status: 'cancelled' }));
  }
}

/** The fields of Mercado Pago's preapproval and authorized-payment answers that we read. */
interface PreapprovalResponse {
  id?: string;
  status?: string;
  external_reference?: string | null;
  next_payment_date?: string | null;
  auto_recurring?: { transaction_amount?: number };
}

interface AuthorizedPaymentResponse {
  id?: number | string;
  preapproval_id?: string;
  status?: string;
  retry_attempt?: number;
  payment?: { id?: number | string; status?: string; status_detail?: string | null } | null;
}

function toPreapproval(p: PreapprovalResponse): ProviderPreapproval {
  if (!p?.id || !p.status) throw new ProviderError('Mercado Pago returned a preapproval without id or status', null, p);
  return {
    id: p.id,
    status: p.status,
    externalReference: p.external_reference ?? null,
    amountCents: Math.round(Number(p.auto_recurring?.transaction_amount ?? 0) * 100),
    nextPaymentDate: p.next_payment_date ?? null,
  };
}

export function toProviderPayment(p: PaymentResponse): ProviderPayment {
  if (p?.id === undefined || p.id === null || !p.status) throw new ProviderError('Mercado Pago returned a payment without id or status', null, p);
  const tx = p.point_of_interaction?.transaction_data;
  return {
    providerId: String(p.id),
    status: p.status,
    statusDetail: p.status_detail ?? null,
    externalReference: p.external_reference ?? null,
    amountCents: Math.round(Number(p.transaction_amount ?? 0) * 100),
    currency: p.currency_id ?? 'BRL',
    pix:
      tx?.qr_code && tx.qr_code_base64
        ? {
            qrCode: tx.qr_code,
            qrCodeBase64: tx.qr_code_base64,
            ticketUrl: tx.ticket_url ?? null,
            expiresAt: p.date_of_expiration ? new Date(p.date_of_expiration).toISOString() : '',
          }
        : undefined,
  };
}
