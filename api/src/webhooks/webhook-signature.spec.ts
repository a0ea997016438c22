import { signWebhook, verifyWebhook } from './webhook-signature';

// Computed independently: printf '%s' '1795000000.{"id":"evt_1","type":"webhook.test"}' | openssl dgst -sha256 -hmac 'whsec_exemplo'
const BODY = '{"id":"evt_1","type":"webhook.test"}';
const EXPECTED = 'af5d6614da1be9052fa0aac64dce795367307fc4c0d98d7c4498bebe0d34cfbd';

describe('webhook signature', () => {
  it('is HMAC-SHA256 of "<t>.<raw body>" in hex, after t=', () => {
    expect(signWebhook('whsec_exemplo', 1795000000, BODY)).toBe(`t=1795000000,v1=${EXPECTED}`);
  });

  it('verifies within the tolerance, and refuses another body, another secret, an old or future timestamp', () => {
    const header = `t=1795000000,v1=${EXPECTED}`;
    expect(verifyWebhook('whsec_exemplo', header, BODY, 1795000000)).toBe(true);
    expect(verifyWebhook('whsec_exemplo', header, BODY, 1795000300)).toBe(true);
    expect(verifyWebhook('whsec_exemplo', header, BODY, 1795000301)).toBe(false);
    expect(verifyWebhook('whsec_exemplo', header, BODY, 1794999699)).toBe(false);
    expect(verifyWebhook('whsec_exemplo', header, BODY.replace('evt_1', 'evt_2'), 1795000000)).toBe(false);
    expect(verifyWebhook('whsec_outro', header, BODY, 1795000000)).toBe(false);
    expect(verifyWebhook('whsec_exemplo', `t=1795000001,v1=${EXPECTED}`, BODY, 1795000000)).toBe(false);
    expect(verifyWebhook('whsec_exemplo', 'lixo', BODY, 1795000000)).toBe(false);
  });
});
