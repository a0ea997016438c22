import { SOCKET_EVENTS } from './contracts/socket';
/** Orders, payment methods and the texts shown for them: shared by the API and the checkout screens. */

export const OrderStatus = {
  Pending: 'pending',
  Approved: 'approved',
  Rejected: 'rejected',
  Cancelled: 'cancelled',
  Refunded: 'refunded',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(OrderStatus);

/** How an order's status reads to its buyer (the receipt and the account's payment list). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Aguardando pagamento',
  approved: 'Confirmado',
  rejected: 'Recusado',
  cancelled: 'Cancelado',
  refunded: 'Estornado',
};

export type OrderKind = 'plan' | 'token_pack';
export const ORDER_KINDS: readonly OrderKind[] = ['plan', 'token_pack'];
export type PaymentMethodKind = 'card' | 'pix' | 'boleto';
export const PAYMENT_METHODS: readonly PaymentMethodKind[] = ['card', 'pix', 'boleto'];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodKind, string> = { card: 'Cartão de crédito', pix: 'PIX', boleto: 'Boleto' };
export type BillingCycle = 'monthly' | 'yearly';
export const BILLING_CYCLES: readonly BillingCycle[] = ['monthly', 'yearly'];

/**
 * status_detail of an order closed because its account was deleted: its payment is cancelled at the
 * provider, and one paid anyway is refunded to the payer instead of credited.
 */
export const ORDER_DETAIL_ACCOUNT_DELETED = 'account_deleted';

/** The provider's minimum PIX validity; the PIX screen counts it down. */
export const PIX_EXPIRY_MINUTES = 30;

/** Interest-free instalments: monthly plans and packs up to 12, yearly plans are charged at once. */
export function maxInstallments(cycle: BillingCycle | null): number {
  return cycle === 'yearly' ? 1 : 12;
}

/** Socket.io event telling the owner's browsers that an order changed (the PIX screen waits for it). */
export const ORDER_STATUS_EVENT = SOCKET_EVENTS.orderStatus;
export interface OrderStatusEvent {
  id: string;
  status: OrderStatus;
  statusDetail: string | null;
}

/** What the API returns for an order: everything the result pages show comes from here, never from the URL. */
export interface OrderView {
  id: string;
  kind: OrderKind;
  /** Plan or pack id and its display name. */
  itemId: string;
  itemName: string;
  billingCycle: BillingCycle | null;
  /** Tokens granted: the plan's monthly allowance or the pack's size. */
  tokens: number;
  amountCents: number;
  method: PaymentMethodKind;
  installments: number;
  status: OrderStatus;
  statusDetail: string | null;
  /** Text for the failure page, mapped from statusDetail. */
  reason: string | null;
  providerPaymentId: string | null;
  pix: { qrCode: string; qrCodeBase64: string; ticketUrl: string | null; expiresAt: string } | null;
  approvedAt: string | null;
  createdAt: string;
  updatedAt: string;
  payerEmail: string;
}

/** What the public payment result pages may show by the order's id alone: nothing about the payer. */
export type PublicOrderView = Omit<OrderView, 'payerEmail' | 'providerPaymentId' | 'pix'>;

/** A plan as `/api/plans` lists it to users (the back office's view adds its administration fields). */
export interface PlanView {
  id: string;
  name: string;
  description: string;
  monthlyPriceCents: number;
  yearlyPriceCents: number;
  tokenLimit: number;
  features: string[];
  popular: boolean;
}

export interface TokenPackView {
  id: string;
  name: string;
  tokens: number;
  priceCents: number;
  popular: boolean;
}

/** Public checkout configuration: which methods to offer and whether the provider is the test double. */
export interface PaymentConfigView {
  publicKey: string;
  testMode: boolean;
  /**
   * The bundled test provider answers instead of Mercado Pago (npm start and tests without real
   * credentials): the checkout loads its stand-in of the card tokenizer and lists the test cards.
   */
  testProvider: boolean;
  /** The card tokenizer script: Mercado Pago's SDK, or the test provider's stand-in with the same interface. */
  cardSdkUrl: string;
  methods: { card: boolean; pix: boolean; boleto: boolean };
}

const REJECTION_REASONS: Record<string, string> = {
  cc_rejected_insufficient_amount: 'Cartão sem limite suficiente',
  cc_rejected_bad_filled_card_number: 'Número do cartão inválido',
  cc_rejected_bad_filled_date: 'Data de validade inválida',
  cc_rejected_bad_filled_security_code: 'Código de segurança inválido',
  cc_rejected_blacklist: 'Cartão bloqueado pelo banco',
  cc_rejected_card_disabled: 'Cartão bloqueado pelo banco',
  expired: 'O prazo para pagar o PIX terminou sem pagamento',
  by_collector: 'Pagamento cancelado',
  [ORDER_DETAIL_ACCOUNT_DELETED]: 'Pedido cancelado com a exclusão da conta',
};
export const GENERIC_REJECTION = 'Não foi possível processar o pagamento';

/** The failure page's reason for a provider status_detail. */
export function rejectionReason(statusDetail: string | null | undefined): string {
  return (statusDetail && REJECTION_REASONS[statusDetail]) || GENERIC_REJECTION;
}

/** Messages when the provider cannot be reached or refuses the request: nothing is faked in their place. */
export const PAYMENT_ERRORS = {
  pix: 'Erro ao criar pagamento PIX',
  card: 'Erro ao processar pagamento',
} as const;

/** CPF check digits (digits only, 11 of them, not all equal). */
export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(value[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return digit(9) === Number(value[9]) && digit(10) === Number(value[10]);
}

/** `000.000.000-00` as the user types. */
export function formatCpf(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 11);
  return d.replace(/^(\d{3})(\d)/, '$1.$2').replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3').replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** Whole-percent discount of paying a year at once instead of twelve months. */
export function yearlyDiscountPercent(monthlyCents: number, yearlyCents: number): number {
  if (monthlyCents <= 0 || yearlyCents <= 0) return 0;
  return Math.round((1 - yearlyCents / (monthlyCents * 12)) * 100);
}

/**
 * Mercado Pago's documented test cardholder names (Brazil): in test mode the name printed on the card
 * chooses the outcome. The bundled test provider follows this table and the checkout lists it.
 * Source: mercadopago.com.br/developers/en/docs/checkout-bricks/integration-test/test-cards.
 */
export interface TestCardholder {
  name: string;
  status: 'approved' | 'in_process' | 'rejected';
  statusDetail: string;
  /** What the checkout's list says it does (pt-BR). */
  label: string;
}

export const MP_TEST_CARDHOLDERS: readonly TestCardholder[] = [
  { name: 'APRO', status: 'approved', statusDetail: 'accredited', label: 'Pagamento aprovado' },
  { name: 'OTHE', status: 'rejected', statusDetail: 'cc_rejected_other_reason', label: 'Recusado por erro geral' },
  { name: 'CONT', status: 'in_process', statusDetail: 'pending_contingency', label: 'Pagamento pendente (em análise)' },
  { name: 'CALL', status: 'rejected', statusDetail: 'cc_rejected_call_for_authorize', label: 'Recusado com validação para autorizar' },
  { name: 'FUND', status: 'rejected', statusDetail: 'cc_rejected_insufficient_amount', label: 'Recusado por saldo insuficiente' },
  { name: 'SECU', status: 'rejected', statusDetail: 'cc_rejected_bad_filled_security_code', label: 'Recusado por código de segurança inválido' },
  { name: 'EXPI', status: 'rejected', statusDetail: 'cc_rejected_bad_filled_date', label: 'Recusado por problema com a data de vencimento' },
  { name: 'FORM', status: 'rejected', statusDetail: 'cc_rejected_bad_filled_other', label: 'Recusado por erro no formulário' },
  { name: 'CARD', status: 'rejected', statusDetail: 'cc_rejected_bad_filled_card_number', label: 'Recusado: número do cartão' },
  { name: 'INST', status: 'rejected', statusDetail: 'cc_rejected_invalid_installments', label: 'Recusado: parcelas inválidas' },
  { name: 'DUPL', status: 'rejected', statusDetail: 'cc_rejected_duplicated_payment', label: 'Recusado: pagamento duplicado' },
  { name: 'LOCK', status: 'rejected', statusDetail: 'cc_rejected_card_disabled', label: 'Recusado: cartão desabilitado' },
  { name: 'CTNA', status: 'rejected', statusDetail: 'cc_rejected_card_type_not_allowed', label: 'Recusado: tipo de cartão não permitido' },
  { name: 'ATTE', status: 'rejected', statusDetail: 'cc_rejected_max_attempts', label: 'Recusado: tentativas de senha excedidas' },
  { name: 'BLAC', status: 'rejected', statusDetail: 'cc_rejected_blacklist', label: 'Recusado: cartão na lista negra' },
];

/** The names the checkout shows first (the common outcomes); the rest work the same way. */
export const MP_TEST_CARDHOLDERS_SHOWN = ['APRO', 'OTHE', 'CONT', 'CALL', 'FUND', 'SECU', 'EXPI', 'FORM'] as const;

/** Mercado Pago's Brazilian test cards (any future expiry works; these are the documented ones). */
export const MP_TEST_CARDS: readonly { brand: string; paymentMethodId: string; number: string; cvv: string; expiry: string }[] = [
  { brand: 'Mastercard', paymentMethodId: 'master', number: '5031 4332 1540 6351', cvv: '123', expiry: '11/30' },
  { brand: 'Visa', paymentMethodId: 'visa', number: '4235 6477 2802 5682', cvv: '123', expiry: '11/30' },
  { brand: 'American Express', paymentMethodId: 'amex', number: '3753 651535 56885', cvv: '1234', expiry: '11/30' },
  { brand: 'Elo Débito', paymentMethodId: 'debelo', number: '5067 7667 8388 8311', cvv: '123', expiry: '11/30' },
];

/** The CPF Mercado Pago's test docs use with APRO and OTHE (valid check digits). */
export const MP_TEST_CPF = '123.456.789-09';

/** Mercado Pago's browser SDK (the real one, used whenever the real API is configured). */
export const MERCADO_PAGO_SDK_URL = 'https://sdk.mercadopago.com/js/v2';
