/**
 * Card data goes from the browser straight to Mercado Pago, which returns a single-use token; our
 * server only ever sees the token. The SDK is Mercado Pago's script from their CDN; tests provide
 * `window.MercadoPago` beforehand (a double whose tokens the fake provider understands), in which
 * case no script is loaded.
 */
const SDK_URL = 'https://sdk.mercadopago.com/js/v2';

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

function loadSdk(): Promise<void> {
  if (window.MercadoPago) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
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

export async function tokenizeCard(publicKey: string, card: CardFields): Promise<CardToken> {
  await loadSdk();
  if (!window.MercadoPago) throw new Error(CARD_SDK_ERROR);
  const mp = new window.MercadoPago(publicKey, { locale: 'pt-BR' });
  const number = card.number.replace(/\D/g, '');
  const [month, year] = card.expiry.split('/');
  const methods = await mp.getPaymentMethods({ bin: number.slice(0, 8) });
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
  });
  return { token: token.id, paymentMethodId: method.id, issuerId: method.issuer ? String(method.issuer.id) : undefined };
}
