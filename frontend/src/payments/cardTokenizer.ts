/**
 * Card data goes from the browser straight to Mercado Pago, which returns a single-use token; our
 * server only ever sees the token. The script comes from the checkout configuration: Mercado Pago's
 * SDK from their CDN, or in test mode the bundled test provider's stand-in with the same interface.
 * A page that already has `window.MercadoPago` (a test's double) loads no script.
 */

interface MercadoPagoSdk {
  createCardToken(data: {
    cardNumber: string;
    cardholderName: string;
    cardExpirationMonth: string;
    cardExpirationYear: string;
    securityCode: string;
    identificationType: string;
    identificationNumber: string;
  }): Promise<{ id: string }>;
  getPaymentMethods(data: { bin: string }): Promise<{ results: { id: string; issuer?: { id: number | string } }[] }>;
}

declare global {
  interface Window {
    MercadoPago?: new (publicKey: string, options: { locale: string }) => MercadoPagoSdk;
  }
}

export const CARD_SDK_ERROR = 'Não foi possível carregar o formulário de pagamento com cartão. Tente novamente ou pague com PIX.';

let loading: Promise<void> | null = null;

function loadSdk(url: string): Promise<void> {
  if (window.MercadoPago) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error(CARD_SDK_ERROR));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export interface CardFields {
  number: string;
  holder: string;
  /** MM/AA */
  expiry: string;
  cvv: string;
  cpf: string;
}

export interface CardToken {
  token: string;
  paymentMethodId: string;
  issuerId?: string;
}

/** Mercado Pago's card-token error codes, as the form says them. */
const CARD_ERRORS: Record<string, string> = {
  '205': 'Informe o número do cartão.',
  E301: 'Número do cartão inválido.',
  '208': 'Mês de validade inválido.',
  '325': 'Mês de validade inválido.',
  '209': 'Ano de validade inválido.',
  '326': 'Data de validade inválida.',
  '221': 'Informe o nome impresso no cartão.',
  '316': 'Nome impresso no cartão inválido.',
  '224': 'Informe o código de segurança.',
  E302: 'Código de segurança inválido.',
  E203: 'Código de segurança inválido.',
  '214': 'CPF inválido.',
  '324': 'CPF inválido.',
};

/** The SDK rejects with the API's `cause` list (or a bare error): one pt-BR sentence per problem. */
export function cardErrorMessage(err: unknown): string {
  const causes = (err as { cause?: unknown })?.cause ?? (Array.isArray(err) ? err : []);
  const texts = Array.isArray(causes) ? [...new Set(causes.map((c) => CARD_ERRORS[String((c as { code?: unknown }).code)]).filter(Boolean))] : [];
  return texts.length ? texts.join(' ') : 'Não foi possível validar os dados do cartão. Confira-os e tente novamente.';
}

export async function tokenizeCard(sdkUrl: string, publicKey: string, card: CardFields): Promise<CardToken> {
  await loadSdk(sdkUrl);
  if (!window.MercadoPago) throw new Error(CARD_SDK_ERROR);
  const mp = new window.MercadoPago(publicKey, { locale: 'pt-BR' });
  const number = card.number.replace(/\D/g, '');
  const [month, year] = card.expiry.split('/');
  let methods: Awaited<ReturnType<MercadoPagoSdk['getPaymentMethods']>>;
  try {
    methods = await mp.getPaymentMethods({ bin: number.slice(0, 8) });
  } catch {
    throw new Error(CARD_SDK_ERROR);
  }
  const method = methods.results[0];
  if (!method) throw new Error('Número do cartão inválido');
  const token = await mp.createCardToken({
    cardNumber: number,
    cardholderName: card.holder.trim(),
    cardExpirationMonth: month,
    cardExpirationYear: `20${year}`,
    securityCode: card.cvv,
    identificationType: 'CPF',
    identificationNumber: card.cpf.replace(/\D/g, ''),
  }).catch((err: unknown) => {
    throw new Error(cardErrorMessage(err));
  });
  return { token: token.id, paymentMethodId: method.id, issuerId: method.issuer ? String(method.issuer.id) : undefined };
}
