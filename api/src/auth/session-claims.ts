import { isUUID } from 'class-validator';
import type { JwtClaims } from '../common/auth';

/** Tolerated difference between the clocks of the API instances that sign and verify. */
export const CLOCK_SKEW_S = 60;

/**
 * The claims of a signature-checked token, or null when they cannot be ours: every session we issue
 * names a user id and carries `iat` and `exp`. The signature library only checks `exp` when present,
 * so a token without one, or issued in the future (whose age never grows), would never expire.
 * A two-factor challenge (signed with the same key, carrying a `purpose`) is never a session.
 */
export function sessionClaims(payload: unknown, nowS: number): JwtClaims | null {
  if (!payload || typeof payload !== 'object') return null;
  const c = payload as Record<string, unknown>;
  if (typeof c.sub !== 'string' || !isUUID(c.sub)) return null;
  if (typeof c.iat !== 'number' || typeof c.exp !== 'number' || !Number.isFinite(c.iat) || !Number.isFinite(c.exp)) return null;
  if (c.iat > nowS + CLOCK_SKEW_S || c.exp <= c.iat || c.exp <= nowS) return null;
  if (typeof c.role !== 'string') return null;
  if (c.purpose !== undefined) return null;
  return {
    sub: c.sub,
    role: c.role as JwtClaims['role'],
    ver: typeof c.ver === 'number' ? c.ver : 0,
    iat: c.iat,
    exp: c.exp,
    // Only a session completed with the second factor says so (AuthService.completeTwoFactorLogin).
    ...(c.mfa === true ? { mfa: true } : {}),
  };
}
