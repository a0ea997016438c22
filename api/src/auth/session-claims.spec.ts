import { CLOCK_SKEW_S, sessionClaims } from './session-claims';

describe('sessionClaims', () => {
  const now = 1_800_000_000;
  const sub = '3f2b8c1e-9d4a-4e7b-8a6f-1c2d3e4f5a6b';
  const good = { sub, role: 'user', ver: 2, iat: now - 60, exp: now + 3600 };

  it('accepts a session as the API issues it', () => {
    expect(sessionClaims(good, now)).toEqual(good);
    // A signer whose clock is up to a minute ahead.
    expect(sessionClaims({ ...good, iat: now + CLOCK_SKEW_S }, now)).not.toBeNull();
  });

  it('refuses tokens that would never expire or are not ours', () => {
    const { exp: _exp, ...noExp } = good;
    const { iat: _iat, ...noIat } = good;
    expect(sessionClaims(noExp, now)).toBeNull();
    expect(sessionClaims(noIat, now)).toBeNull();
    expect(sessionClaims({ ...good, iat: now + CLOCK_SKEW_S + 1 }, now)).toBeNull();
    expect(sessionClaims({ ...good, exp: now }, now)).toBeNull();
    expect(sessionClaims({ ...good, exp: good.iat }, now)).toBeNull();
    expect(sessionClaims({ ...good, iat: String(good.iat) }, now)).toBeNull();
    expect(sessionClaims({ ...good, sub: 'admin' }, now)).toBeNull();
    expect(sessionClaims({ ...good, role: undefined }, now)).toBeNull();
    expect(sessionClaims('x', now)).toBeNull();
  });

  it('keeps the second-factor mark and refuses two-factor challenges', () => {
    expect(sessionClaims({ ...good, mfa: true }, now)).toEqual({ ...good, mfa: true });
    expect(sessionClaims({ ...good, mfa: 'yes' }, now)).toEqual(good);
    expect(sessionClaims({ ...good, purpose: '2fa-verify' }, now)).toBeNull();
  });
});
