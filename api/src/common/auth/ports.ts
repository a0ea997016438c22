import type { ApiTokenUser, AuthUser, JwtClaims } from './auth-user';

/*
 * The guards in common/ need things that belong to modules above common: checking a session token
 * (auth), resolving a personal API token (api-tokens) and reading the settings (settings, see
 * ../settings-reader.ts). They depend on these abstract classes instead, which double as Nest
 * injection tokens; each owning module provides its service under the token
 * (`{ provide: SessionVerifier, useExisting: AuthService }`), so common/ imports no module folder.
 */

/** Provided by AuthModule. */
export abstract class SessionVerifier {
  /** The user a session token belongs to, as the database says now; null for anything not a live session. */
  abstract verifyToken(token: string): Promise<AuthUser | null>;
  /** Signature and claims only, without the database; null unless the token is a session we signed. */
  abstract verifiedClaims(token: string): JwtClaims | null;
}

/** One API token's per-minute counter after a request. */
export interface TokenLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetS: number;
  exceeded: boolean;
}

/** Provided by ApiTokensModule. */
export abstract class ApiTokenAuthenticator {
  /** The user a personal API token acts for; null when it is unknown, expired or revoked. */
  abstract authenticate(token: string): Promise<ApiTokenUser | null>;
  /** Counts one request of the token against its per-minute limit. */
  abstract hit(tokenId: string, limit: number): Promise<TokenLimitState>;
}
