import type { UserRole } from './analysis';
import { formatPhone } from './phone';

/**
 * Account rules shared by the API (which enforces them) and the screens (which explain them before a
 * round trip). Messages are the pt-BR texts users see.
 */

/** Which e-mails and pushes a user wants; defaults are what a new account gets. */
export interface NotificationPreferences {
  emailAnalysis: boolean;
  emailMarketing: boolean;
  pushAnalysis: boolean;
  pushMarketing: boolean;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailAnalysis: true,
  emailMarketing: false,
  pushAnalysis: true,
  pushMarketing: false,
};

/** An anonymised (deleted) account: every channel off, under the same keys the settings read. */
export const NO_NOTIFICATIONS: NotificationPreferences = {
  emailAnalysis: false,
  emailMarketing: false,
  pushAnalysis: false,
  pushMarketing: false,
};

/**
 * Failed logins are counted per account AND source address, so a stranger guessing from elsewhere
 * never locks the owner out. Every `maxLoginAttempts` failures from one address lock that pair for
 * 1, 2, 4 … minutes, doubling with each lock-out up to LOCKOUT_MAX_MINUTES; a success from the pair,
 * or a day without failures, forgets its count.
 */
export const LOCKOUT_MAX_MINUTES = 60;
export const LOGIN_FAILURE_MEMORY_HOURS = 24;

export interface LoginFailureCount {
  failures: number;
  lockouts: number;
}

/** The n-th lock-out (1-based) of a pair, in minutes. */
export function lockoutMinutes(n: number): number {
  return Math.min(LOCKOUT_MAX_MINUTES, 2 ** Math.max(0, n - 1));
}

/** The pair's count after one more failure, and how long it is now locked (null: not locked). */
export function afterFailedLogin(count: LoginFailureCount, maxAttempts: number): LoginFailureCount & { lockMinutes: number | null } {
  const failures = count.failures + 1;
  if (failures < maxAttempts) return { failures, lockouts: count.lockouts, lockMinutes: null };
  const lockouts = count.lockouts + 1;
  return { failures: 0, lockouts, lockMinutes: lockoutMinutes(lockouts) };
}

/** What a locked pair is told (pt-BR), with the minutes left rounded up. */
export function lockedOutMessage(msLeft: number): string {
  const minutes = Math.max(1, Math.ceil(msLeft / 60000));
  return `Muitas tentativas sem sucesso a partir deste endereço. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} ou redefina sua senha.`;
}

/** The one answer to a sign-up, whether the e-mail is new (a confirmation link) or taken (a notice to its owner). */
export const SIGNUP_CHECK_EMAIL =
  'Verifique seu e-mail: enviamos uma mensagem com o link para confirmar o cadastro. O link vale por 24 horas.';
/**
 * The sign-up answer while this server cannot send e-mail (SMTP unset or not answering): the same for
 * every e-mail, and no claim that a link went out. The request stays valid; an admin can resend it.
 */
export const SIGNUP_MAIL_UNAVAILABLE =
  'Recebemos seu cadastro, mas o envio de e-mails está indisponível no momento e o link de confirmação não pôde ser enviado. Tente novamente mais tarde ou fale com o suporte.';
export const SIGNUP_REQUEST_TTL_HOURS = 24;
export const RESET_TOKEN_TTL_MINUTES = 60;

/** Public part of the security settings: what the register and password screens need to know. */
export interface PasswordPolicy {
  minPasswordLength: number;
  requireSpecialChars: boolean;
}

export interface AuthPolicy extends PasswordPolicy {
  registrationEnabled: boolean;
}

const SPECIAL = /[^A-Za-z0-9]/;

/**
 * The first rule a password breaks, or null. `subject` distinguishes the sign-up text ("A senha")
 * from the password-change text ("A nova senha").
 */
export function passwordProblem(password: string, policy: PasswordPolicy, subject: 'A senha' | 'A nova senha' = 'A senha'): string | null {
  if (password.length < policy.minPasswordLength) return `${subject} deve ter pelo menos ${policy.minPasswordLength} caracteres`;
  if (policy.requireSpecialChars && !SPECIAL.test(password)) return `${subject} deve conter pelo menos um caractere especial (ex.: ! @ # $ %)`;
  return null;
}

export const PASSWORDS_DIFFER = 'As senhas não coincidem';
export const INVALID_LOGIN = 'Usuário ou senha inválidos';

/** Brazilian phone/WhatsApp with area code: 10 (landline) or 11 (mobile) digits, as stored. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}
export const PHONE_DIGITS = /^\d{10,11}$/;

/** Stored digits as people write them (see `formatPhone` in phone.ts, which this names for older callers). */
export function displayPhone(digits: string | null | undefined): string {
  return formatPhone(digits);
}

/** What every auth answer carries about the signed-in account. */
export interface PublicUser {
  id: string;
  email: string;
  name: string;
  plan: string;
  role: UserRole;
  status: string;
  /** Remaining balance. */
  tokens: number;
  /** The plan's allowance per period. */
  tokensPlan: number;
  /** The non-expiring part of `tokens` (purchases, grants); with the two above it makes `tokenStanding`. */
  creditTokens: number;
  /** An admin-created account still on its temporary password: only the password change is allowed. */
  mustChangePassword: boolean;
  createdAt: string | Date;
}

/** The API's refusal while the temporary password has not been changed yet. */
export const PASSWORD_CHANGE_REQUIRED = 'Troque a senha temporária para continuar.';

export interface Profile extends PublicUser {
  phone: string | null;
  whatsapp: string | null;
  company: string | null;
  position: string | null;
  notifications: NotificationPreferences;
}

/**
 * Login of an administrator with two-factor authentication: instead of a session, the password step
 * answers a short-lived challenge for the next step — `verify` (a code from the authenticator app or a
 * recovery code) or `enroll` (first set it up: required by the security settings).
 */
export type TwoFactorStep = 'verify' | 'enroll';
export interface TwoFactorChallenge {
  twoFactor: TwoFactorStep;
  challenge: string;
}

/** What the enrolment screen shows: the QR code (PNG data URL) and the same secret to type by hand. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

export const RECOVERY_CODE_COUNT = 10;
export const TWO_FACTOR_CHALLENGE_MINUTES = 10;
export const TWO_FACTOR_INVALID_CODE = 'Código inválido. Use o código de 6 dígitos do aplicativo autenticador ou um código de recuperação.';
