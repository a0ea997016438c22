import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_S, parseWebhookSignature, webhookSignatureHeader, webhookSignedPayload } from '@cda/shared';

/** The X-CDA-Signature value for a raw body: HMAC-SHA256 of "<t>.<body>" with the endpoint's secret, in hex. */
export function signWebhook(secret: string, timestampS: number, rawBody: string): string {
  const hex = createHmac('sha256', secret).update(webhookSignedPayload(timestampS, rawBody), 'utf8').digest('hex');
  return webhookSignatureHeader(timestampS, hex);
}

/**
 * The receiver's side, exactly as the README's recipe tells customers to do it (the tests verify our
 * deliveries with it): recompute the HMAC over the raw body, compare in constant time, and refuse
 * timestamps more than `toleranceS` away from now (replays).
 */
export function verifyWebhook(secret: string, header: string, rawBody: string, nowS = Math.floor(Date.now() / 1000), toleranceS = WEBHOOK_TOLERANCE_S): boolean {
  const parsed = parseWebhookSignature(header);
  if (!parsed || Math.abs(nowS - parsed.timestamp) > toleranceS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${parsed.timestamp}.${rawBody}`, 'utf8').digest('hex'), 'hex');
  return parsed.signatures.some((s) => {
    const got = Buffer.from(s, 'hex');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}
