/**
 * What the order logic needs from a payment provider. Mercado Pago's types stay behind the
 * implementation, so the state machine and its tests speak only these.
 */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** The provider's own status vocabulary (Mercado Pago's, which is the only provider). */
export type ProviderStatus =
  | 'approved'
  | 'authorized'
  | 'in_process'
  | 'pending'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back'
  | (string & {});

export interface ProviderPayment {
  providerId: string;
  status: ProviderStatus;
  statusDetail: string | null;
  externalReference: string | null;
  amountCents: number;
  currency: string;
  pix?: { qrCode: string; qrCodeBase64: string; ticketUrl: string | null; expiresAt: string };
}

export interface Payer {
  email: string;
  firstName: string;
  lastName: string;
  cpf: string;
}

interface CommonInput {
  orderId: string;
  amountCents: number;
  description: string;
  payer: Payer;
  notificationUrl: string;
}

export interface CardPaymentInput extends CommonInput {
  token: string;
  installments: number;
  paymentMethodId: string;
  issuerId?: string;
}

export interface PixPaymentInput extends CommonInput {
  expiresAt: Date;
}

/** The provider answered with an error or could not be reached; nothing was (knowingly) charged. */
export class ProviderError extends Error {
  constructor(message: string, readonly httpStatus: number | null, readonly body?: unknown) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A recurring charge agreement (Mercado Pago's preapproval) for a monthly card plan. */
export interface ProviderPreapproval {
  id: string;
  /** pending, authorized, paused, cancelled, finished. */
  status: string;
  externalReference: string | null;
  amountCents: number;
  nextPaymentDate: string | null;
}

export interface PreapprovalInput {
  subscriptionId: string;
  reason: string;
  payerEmail: string;
  cardToken: string;
  amountCents: number;
  /** The first charge; then every month. */
  startDate: Date;
  notificationUrl: string;
  backUrl: string;
}

/** One charge of a preapproval (Mercado Pago's authorized payment). */
export interface ProviderAuthorizedPayment {
  id: string;
  preapprovalId: string;
  /** scheduled, processed, recycling (declined, will be retried), cancelled. */
  status: string;
  retryAttempt: number;
  payment: { id: string; status: string; statusDetail: string | null } | null;
}

export interface PaymentProvider {
  createCardPayment(input: CardPaymentInput, idempotencyKey: string): Promise<ProviderPayment>;
  createPixPayment(input: PixPaymentInput, idempotencyKey: string): Promise<ProviderPayment>;
  getPayment(providerId: string): Promise<ProviderPayment>;
  /** Refunds everything, or `amountCents` of it (a partial refund leaves the payment approved). */
  refund(providerId: string, idempotencyKey: string, amountCents?: number): Promise<void>;
  /** Cancels a payment not yet paid (pending, in process or authorized); answers the payment as it now is. */
  cancel(providerId: string): Promise<ProviderPayment>;
  createPreapproval(input: PreapprovalInput, idempotencyKey: string): Promise<ProviderPreapproval>;
  getPreapproval(id: string): Promise<ProviderPreapproval>;
  /** Cancels it, or changes the amount charged from the next charge on. */
  updatePreapproval(id: string, change: { status?: 'cancelled'; amountCents?: number }): Promise<ProviderPreapproval>;
  getAuthorizedPayment(id: string): Promise<ProviderAuthorizedPayment>;
}
