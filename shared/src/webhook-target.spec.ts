import { isPublicAddress, webhookUrlProblem, PRIVATE_TARGET } from './webhook-target';
import { parseWebhookSignature, scopeAllows, webhookSignatureHeader, webhookSignedPayload } from './automation';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['200.160.2.3', true],
    ['172.15.255.255', true], // just below 172.16/12
    ['172.32.0.1', true], // just above it
    ['100.63.255.255', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.0.0.5', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false], // cloud metadata
    ['100.64.0.1', false], // carrier-grade NAT
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['198.18.0.1', false],
    ['2606:4700:4700::1111', true],
    ['::1', false],
    ['::', false],
    ['fd12:3456::1', false],
    ['fe80::1%eth0', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['::ffff:7f00:1', false], // ::ffff:127.0.0.1 in hex groups
    ['64:ff9b::10.0.0.1', false],
    ['not-an-ip', false],
    ['256.1.1.1', false],
  ])('%s → %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe('webhookUrlProblem', () => {
  it('outside development: HTTPS to a public host only', () => {
    expect(webhookUrlProblem('https://sistema.escritorio.com.br/hooks/cda', false)).toBeNull();
    expect(webhookUrlProblem('https://203.0.114.7/x', false)).toBeNull();
    expect(webhookUrlProblem('http://sistema.escritorio.com.br/hooks', false)).toBe('O endereço do webhook deve usar HTTPS.');
    expect(webhookUrlProblem('https://127.0.0.1:8443/x', false)).toBe(PRIVATE_TARGET);
    expect(webhookUrlProblem('https://[::1]/x', false)).toBe(PRIVATE_TARGET);
    expect(webhookUrlProblem('https://localhost/x', false)).toBe(PRIVATE_TARGET);
    expect(webhookUrlProblem('https://api.localhost/x', false)).toBe(PRIVATE_TARGET);
    expect(webhookUrlProblem('https://intranet/x', false)).toBe(PRIVATE_TARGET);
    expect(webhookUrlProblem('https://169.254.169.254/latest/meta-data', false)).toBe(PRIVATE_TARGET);
    expect(webhookUrlProblem('https://user:pw@example.com/x', false)).toContain('Não inclua usuário ou senha');
    expect(webhookUrlProblem('ftp://example.com/x', false)).toBe('O endereço do webhook deve usar HTTPS.');
    expect(webhookUrlProblem('exemplo', false)).toContain('Informe uma URL completa');
  });

  it('in development or a test stack: http and loopback too', () => {
    expect(webhookUrlProblem('http://127.0.0.1:4000/hook', true)).toBeNull();
    expect(webhookUrlProblem('ftp://127.0.0.1/hook', true)).toBe('O endereço do webhook deve usar HTTPS.');
  });
});

describe('webhook signature format', () => {
  it('signs "<t>.<body>" and parses the header back', () => {
    expect(webhookSignedPayload(1795000000, '{"a":1}')).toBe('1795000000.{"a":1}');
    const hex = 'a'.repeat(64);
    expect(webhookSignatureHeader(1795000000, hex)).toBe(`t=1795000000,v1=${hex}`);
    expect(parseWebhookSignature(`t=1795000000,v1=${hex}`)).toEqual({ timestamp: 1795000000, signatures: [hex] });
    expect(parseWebhookSignature(`t=1795000000, v1=${hex}, v1=${'b'.repeat(64)}`)!.signatures).toHaveLength(2);
    expect(parseWebhookSignature(`v1=${hex}`)).toBeNull();
    expect(parseWebhookSignature('t=1795000000,v1=zz')).toBeNull();
  });
});

describe('scopeAllows', () => {
  it('write implies read, read never implies write', () => {
    expect(scopeAllows(['analyses:write'], 'analyses:read')).toBe(true);
    expect(scopeAllows(['analyses:read'], 'analyses:write')).toBe(false);
    expect(scopeAllows(['analyses:read'], 'analyses:read')).toBe(true);
    expect(scopeAllows([], 'analyses:read')).toBe(false);
  });
});
