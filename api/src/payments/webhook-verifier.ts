import { InvalidWebhookSignatureError, WebhookSignatureValidator } from 'mercadopago';

export type VerifyResult = { ok: true } | { ok: false; reason: string };

/**
 * Mercado Pago signs `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with HMAC-SHA256; the SDK's
 * validator rebuilds the manifest and compares in constant time. No clock tolerance: the provider
 * retries for days, and a replayed delivery is harmless because crediting is idempotent.
 */
export function verifyWebhookSignature(input: { xSignature?: string; xRequestId?: string; dataId?: string; secret: string }): VerifyResult {
  if (!input.secret) return { ok: false, reason: 'NoSecretConfigured' };
  // The docs ask for alphanumeric ids in lower case; numeric payment ids are unaffected.
  const dataId = input.dataId && /[a-z]/i.test(input.dataId) ? input.dataId.toLowerCase() : input.dataId;
  try {
    WebhookSignatureValidator.validate({ xSignature: input.xSignature, xRequestId: input.xRequestId, dataId, secret: input.secret });
    return { ok: true };
  } catch (err) {
    if (err instanceof InvalidWebhookSignatureError) return { ok: false, reason: err.reason };
    throw err;
  }
}
