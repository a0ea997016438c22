import type { UserRole } from '@cda/shared';

/** What a verified JWT tells us about the caller. */
export interface AuthUser {
  id: string;
  role: UserRole;
}

export interface JwtClaims {
  sub: string;
  role: UserRole;
}
