import type { ApiTokenScope, PublicUser, UserRole } from '@cda/shared';

/** Who the caller is, as the database says now (the role is never taken from the token alone). */
export interface AuthUser {
  id: string;
  role: UserRole;
  /** Still on an admin-issued temporary password (see AllowTemporaryPassword). */
  mustChangePassword?: boolean;
  /** The session was opened with the second factor. */
  mfa?: boolean;
  /** Set when the caller is a personal API token acting as this user (never the back office). */
  apiToken?: { id: string; scopes: ApiTokenScope[] };
}

/** The claims of a session token we signed (see auth/session-claims.ts). */
export interface JwtClaims {
  sub: string;
  role: UserRole;
  /** The user's session version when the token was issued; a password change bumps it. */
  ver: number;
  /** The session was opened with the second factor (TOTP or a recovery code). */
  mfa?: boolean;
  /** Set on a two-factor challenge, which is never a session. */
  purpose?: string;
  iat?: number;
  exp?: number;
}

/** A personal API token resolved to the user it acts for. */
export type ApiTokenUser = AuthUser & { apiToken: { id: string; scopes: ApiTokenScope[] } };

// What login, signup confirmation and a password change answer.
export interface Session {
  token: string;
  user: PublicUser;
}

export const SESSION_INVALID = 'Sessão expirada ou inválida. Entre novamente.';
export const MAINTENANCE_MESSAGE = 'O sistema está em manutenção. Tente novamente mais tarde.';
