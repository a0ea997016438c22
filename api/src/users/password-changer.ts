import type { Session } from '../common/auth';

/**
 * The profile's password change answers a new session, which only AuthService can issue; AuthService
 * in turn needs UsersService. So the profile depends on this abstract class (also the injection token)
 * and AuthModule provides it (`useExisting: AuthService`): users/ does not import auth/.
 */
export abstract class PasswordChanger {
  /** Checks the current password, stores the new one, ends every earlier session and opens a new one. */
  abstract changePassword(userId: string, current: string, next: string, confirm: string, mfa?: boolean): Promise<Session>;
}
