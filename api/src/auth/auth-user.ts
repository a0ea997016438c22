import type { UserRole } from '@cda/shared';

/** Who the caller is, as the database says now (the role is never taken from the token alone). */
export interface AuthUser {
  id: string;
  role: UserRole;
  /** Still on an admin-issued temporary password (see AllowTemporaryPassword). */
  mustChangePassword?: boolean;
}

export interface JwtClaims {
  sub: string;
  role: UserRole;
  /** The user's session version when the token was issued; a password change bumps it. */
  ver: number;
  iat?: number;
  exp?: number;
}
