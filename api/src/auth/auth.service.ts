import { createHash, randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import {
  ADMIN_ROLES,
  AppConfig,
  AuthPolicy,
  ForgotPasswordAnswer,
  INVALID_LOGIN,
  PASSWORDS_DIFFER,
  PublicUser,
  RESET_TOKEN_TTL_MINUTES,
  SIGNUP_CHECK_EMAIL,
  SIGNUP_MAIL_UNAVAILABLE,
  SIGNUP_REQUEST_TTL_HOURS,
  TWO_FACTOR_INVALID_CODE,
  TwoFactorChallenge,
  TwoFactorSetup,
  lockedOutMessage,
  passwordProblem,
} from '@cda/shared';
import { UsersService } from '../users/users.service';
import { User } from '../users/user.entity';
import { SettingsService } from '../settings/settings.service';
import { MailService } from '../mail/mail.service';
import { passwordResetMail, signupAttemptMail, signupConfirmMail } from '../mail/templates';
import { MAINTENANCE_MESSAGE, SESSION_INVALID, SessionVerifier, type AuthUser, type JwtClaims, type Session } from '../common/auth';
import { PasswordChanger } from '../users/password-changer';
import { LoginDto, RegisterDto, ResetPasswordDto } from './dto/auth.dto';
import { PasswordResetToken } from './password-reset-token.entity';
import { LoginLockoutService } from './login-lockout.service';
import { sessionClaims } from './session-claims';
import { TwoFactorService } from './two-factor.service';

const SIGNUP_LINK_INVALID = 'Link de confirmação inválido ou expirado. Faça o cadastro novamente.';
const SIGNUP_ALREADY_DONE = 'Este e-mail já tem uma conta. Entre com sua senha ou use "Esqueci minha senha".';
const SUSPENDED = 'Sua conta está suspensa. Fale com o suporte.';
const RESET_INVALID = 'Link de redefinição inválido ou expirado. Peça um novo.';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** How stale "Último acesso" may get while a session is in use (one write per user per interval at most). */
export const LAST_ACCESS_RESOLUTION_MS = 5 * 60_000;

@Injectable()
export class AuthService implements SessionVerifier, PasswordChanger {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly settings: SettingsService,
    private readonly mail: MailService,
    private readonly config: ConfigService<AppConfig, true>,
    @InjectRepository(PasswordResetToken) private readonly resets: Repository<PasswordResetToken>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly lockout: LoginLockoutService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /**
   * Verified against when the e-mail is unknown, so that answer costs what a wrong password costs
   * (was 11 ms against 184 ms: the e-mail's existence could be read off the clock).
   */
  private dummyHash?: Promise<string>;
  private verifyDummy(password: string): Promise<boolean> {
    this.dummyHash ??= argon2.hash(randomBytes(16).toString('hex'));
    return this.dummyHash.then((hash) => argon2.verify(hash, password));
  }

  /** What the sign-up and password screens need before they submit. */
  async policy(): Promise<AuthPolicy> {
    const [security, general] = await Promise.all([this.settings.get('security'), this.settings.get('general')]);
    return {
      minPasswordLength: security.minPasswordLength,
      requireSpecialChars: security.requireSpecialChars,
      registrationEnabled: general.registrationEnabled,
    };
  }

  /** Throws the pt-BR message of the first password rule broken. */
  async assertPasswordAllowed(password: string, subject: 'A senha' | 'A nova senha' = 'A senha'): Promise<void> {
    const problem = passwordProblem(password, await this.settings.get('security'), subject);
    if (problem) throw new BadRequestException(problem);
  }

  private assertRegistrationOpen = async () => {
    if (!(await this.settings.get('general')).registrationEnabled) {
      throw new ForbiddenException('O cadastro de novos usuários está desativado no momento.');
    }
  };

  /**
   * A sign-up answers the same whether or not the e-mail has an account (status, body and time: the
   * password is hashed either way and the mail is sent after the answer). A new e-mail gets a link
   * that creates the account; an existing one gets a notice to its owner, at most once an hour.
   */
  async register(dto: RegisterDto): Promise<{ message: string }> {
    await this.assertRegistrationOpen();
    await this.assertPasswordAllowed(dto.password);
    const email = dto.email.trim();
    const [owner, passwordHash, delivery] = await Promise.all([this.users.findByEmailWithSecret(email), argon2.hash(dto.password), this.mail.deliveryStatus()]);
    const { siteName } = await this.settings.get('general');
    const publicUrl = this.config.get('publicUrl', { infer: true });
    const sendLater = (what: string, send: () => Promise<unknown>) =>
      void send().catch((err) => this.logger.error({ err: String(err) }, `${what} e-mail failed`));
    if (owner) {
      // Once an hour: the key stops two at once within a clock hour, the window one just past its turn.
      const hour = new Date().toISOString().slice(0, 13);
      sendLater('sign-up attempt', () =>
        this.mail.send({ ...signupAttemptMail(siteName, owner.name, `${publicUrl}/login`, `${publicUrl}/forgot-password`), to: owner.email, kind: 'signup-attempt', dedupeKey: `signup-attempt:${owner.id}:${hour}`, onceWithinSeconds: 3600 }),
      );
      this.logger.log({ userId: owner.id }, 'sign-up attempted with an existing e-mail; owner notified');
    } else {
      const token = randomBytes(32).toString('base64url');
      await this.db.query(
        `INSERT INTO signup_requests (email, name, whatsapp, password_hash, token_hash, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))`,
        [email, dto.name, dto.whatsapp ?? null, passwordHash, sha256(token), SIGNUP_REQUEST_TTL_HOURS],
      );
      sendLater('sign-up confirmation', () =>
        this.mail.send({ ...signupConfirmMail(siteName, dto.name, `${publicUrl}/confirm-email?token=${token}`), to: email, kind: 'signup-confirm' }),
      );
    }
    // Whether mail can leave is the server's state, the same for a new and a taken e-mail.
    return { message: delivery.configured && delivery.reachable !== false ? SIGNUP_CHECK_EMAIL : SIGNUP_MAIL_UNAVAILABLE };
  }

  /** The link of the confirmation e-mail: creates the account (spending the link) and signs in. */
  async confirmSignup(token: string): Promise<Session> {
    await this.assertRegistrationOpen();
    const [request] = (await this.db.query(
      `DELETE FROM signup_requests WHERE token_hash = $1 AND expires_at > now()
       RETURNING email, name, whatsapp, password_hash AS "passwordHash"`,
      [sha256(token)],
    ))[0] as { email: string; name: string; whatsapp: string | null; passwordHash: string }[];
    if (!request) throw new BadRequestException(SIGNUP_LINK_INVALID);
    // Other requests for the e-mail (sent twice, or by someone else) die with this one.
    await this.db.query(`DELETE FROM signup_requests WHERE lower(email) = lower($1)`, [request.email]);
    let user: User;
    try {
      user = await this.users.create({ email: request.email, name: request.name, whatsapp: request.whatsapp, password: { hash: request.passwordHash } });
    } catch (err) {
      if (err instanceof ConflictException) throw new ConflictException(SIGNUP_ALREADY_DONE);
      throw err;
    }
    this.logger.log({ userId: user.id }, 'user registered (e-mail confirmed)');
    // The confirmation link signs the new account in: that is its first access.
    await this.users.loginSucceeded(user.id);
    return this.sessionFor(user);
  }

  /**
   * `source` is the client address. Failures lock the (account, address) pair, never the account
   * everywhere: someone guessing from elsewhere cannot keep the owner out.
   */
  async login(dto: LoginDto, source: string): Promise<Session | TwoFactorChallenge> {
    const user = await this.users.findByEmailWithSecret(dto.email.trim());
    // Unknown e-mail and wrong password get the same answer, in the same time: never reveal which one failed.
    if (!user) {
      await this.verifyDummy(dto.password);
      throw new UnauthorizedException(INVALID_LOGIN);
    }
    // A locked pair is refused even with the right password, or the lock would only slow guessing.
    const locked = await this.lockout.lockedUntil(user.id, source);
    if (locked) throw new HttpException(lockedOutMessage(locked.getTime() - Date.now()), HttpStatus.LOCKED);
    if (!(await this.users.verifyPassword(user, dto.password))) {
      const { maxLoginAttempts } = await this.settings.get('security');
      const lockedUntil = await this.lockout.recordFailure(user.id, source, maxLoginAttempts);
      if (lockedUntil) {
        this.logger.warn({ userId: user.id, source, lockedUntil }, 'login locked for this account and address after failed attempts');
        throw new HttpException(lockedOutMessage(lockedUntil.getTime() - Date.now()), HttpStatus.LOCKED);
      }
      throw new UnauthorizedException(INVALID_LOGIN);
    }
    if (user.status === 'suspended') throw new ForbiddenException(SUSPENDED);
    // Login stays reachable in maintenance so that admins can get in; everyone else is told why not.
    if ((await this.settings.get('general')).maintenanceMode && !ADMIN_ROLES.includes(user.role)) {
      throw new ServiceUnavailableException(MAINTENANCE_MESSAGE);
    }
    // Administrators with two-factor authentication (or required to enrol) get a challenge, not a session.
    const step = await this.twoFactor.stepFor(user);
    if (step) return { twoFactor: step, challenge: await this.twoFactor.challenge(user, step) };
    await Promise.all([this.users.loginSucceeded(user.id), this.lockout.clear(user.id, source)]);
    return this.sessionFor(user);
  }

  /** The login's second step: a code from the app or a recovery code. Failures count like wrong passwords. */
  async verifyTwoFactor(challenge: string, code: string, source: string): Promise<Session> {
    const userId = await this.twoFactor.userOf(challenge, 'verify');
    const locked = await this.lockout.lockedUntil(userId, source);
    if (locked) throw new HttpException(lockedOutMessage(locked.getTime() - Date.now()), HttpStatus.LOCKED);
    if (!(await this.twoFactor.verify(userId, code))) {
      const { maxLoginAttempts } = await this.settings.get('security');
      const lockedUntil = await this.lockout.recordFailure(userId, source, maxLoginAttempts);
      if (lockedUntil) throw new HttpException(lockedOutMessage(lockedUntil.getTime() - Date.now()), HttpStatus.LOCKED);
      throw new UnauthorizedException(TWO_FACTOR_INVALID_CODE);
    }
    return this.completeTwoFactorLogin(userId, source);
  }

  /** Enrolment during login (required by the settings): a fresh secret as a QR code. */
  async setupTwoFactor(challenge: string): Promise<TwoFactorSetup> {
    return this.twoFactor.setup(await this.twoFactor.userOf(challenge, 'enroll'));
  }

  /** Confirms enrolment with a first code; answers the session and the recovery codes (shown once). */
  async enableTwoFactor(challenge: string, code: string, source: string): Promise<Session & { recoveryCodes: string[] }> {
    const userId = await this.twoFactor.userOf(challenge, 'enroll');
    const recoveryCodes = await this.twoFactor.enable(userId, code);
    if (!recoveryCodes) throw new BadRequestException(TWO_FACTOR_INVALID_CODE);
    return { ...(await this.completeTwoFactorLogin(userId, source)), recoveryCodes };
  }

  private async completeTwoFactorLogin(userId: string, source: string): Promise<Session> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException(SESSION_INVALID);
    await Promise.all([this.users.loginSucceeded(user.id), this.lockout.clear(user.id, source)]);
    return this.sessionFor(user, { mfa: true });
  }

  /**
   * A token is good while it is within both its own expiry and the current session timeout (an admin
   * shortening the timeout ends older sessions), its session version is current and the account is
   * not suspended. The role comes from the database, so a demotion applies at once.
   */
  async verifyToken(token: string): Promise<AuthUser | null> {
    // Null for a two-factor challenge too (no role, a purpose): it is not a session (session-claims.ts).
    const claims = this.verifiedClaims(token);
    if (!claims) return null;
    const { sessionTimeoutHours, requireAdmin2fa } = await this.settings.get('security');
    if (Date.now() / 1000 - claims.iat! > sessionTimeoutHours * 3600) return null;
    const state = await this.users.authState(claims.sub);
    if (!state || state.status === 'suspended' || state.sessionVersion !== (claims.ver ?? 0)) return null;
    // Once 2FA is required, an administrator's session opened without it ends (the next login enrols).
    if (requireAdmin2fa && ADMIN_ROLES.includes(state.role) && !claims.mfa) return null;
    // A remembered session can last for days without a new login: "Último acesso" follows its use,
    // written at most every few minutes (the state read above already tells when it was last written).
    if (!state.lastLoginAt || Date.now() - state.lastLoginAt.getTime() > LAST_ACCESS_RESOLUTION_MS) {
      void this.users.loginSucceeded(claims.sub).catch((err) => this.logger.warn({ err: String(err) }, 'last access not recorded'));
    }
    return { id: claims.sub, role: state.role, mustChangePassword: state.mustChangePassword, mfa: !!claims.mfa };
  }

  /**
   * Signature and claims only, without the database (the hourly rate limit keys on it): null unless
   * the token is signed with our key (HS256 only) and carries a user id, `iat` and `exp` (session-claims.ts).
   */
  verifiedClaims(token: string): JwtClaims | null {
    try {
      return sessionClaims(this.jwt.verify(token, { algorithms: ['HS256'] }), Date.now() / 1000);
    } catch {
      return null;
    }
  }

  async me(id: string): Promise<PublicUser> {
    const user = await this.users.findById(id);
    if (!user) throw new UnauthorizedException(SESSION_INVALID);
    return this.users.publicView(user);
  }

  /**
   * Answers identically whether or not the account exists, and sends without waiting so the response
   * time does not tell either.
   */
  async forgotPassword(email: string): Promise<ForgotPasswordAnswer> {
    // Whether this server can send mail at all (the SMTP server's state, the same for every e-mail
    // asked about): the screen must not promise a link that cannot leave. The account's existence
    // still changes nothing in the answer or its timing.
    const { configured, reachable } = await this.mail.deliveryStatus();
    void this.sendResetLink(email).catch((err) => this.logger.error({ err: String(err) }, 'password reset e-mail failed'));
    if (!configured || reachable === false) {
      return {
        delivery: 'unavailable',
        message: 'O envio de e-mails deste serviço está indisponível no momento, por isso nenhum link pôde ser enviado. Tente mais tarde ou fale com o suporte.',
      };
    }
    return { delivery: 'available', message: 'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.' };
  }

  private async sendResetLink(email: string): Promise<void> {
    const user = await this.users.findByEmailWithSecret(email);
    if (!user || user.status === 'suspended') return;
    const token = randomBytes(32).toString('base64url');
    await this.resets.insert({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    const link = `${this.config.get('publicUrl', { infer: true })}/reset-password?token=${token}`;
    const { siteName } = await this.settings.get('general');
    await this.mail.send({ ...passwordResetMail(siteName, user.name, link), to: user.email, kind: 'password-reset' });
  }

  async resetPassword(dto: ResetPasswordDto): Promise<{ message: string }> {
    // Checked before the token is spent, so a refused password can be corrected with the same link.
    await this.assertPasswordAllowed(dto.password, 'A nova senha');
    const [rows] = (await this.resets.query(
      `UPDATE password_reset_tokens SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [sha256(dto.token)],
    )) as [{ user_id: string }[], number];
    if (!rows.length) throw new BadRequestException(RESET_INVALID);
    const userId = rows[0].user_id;
    await this.users.setPassword(userId, dto.password);
    // Any other link still in someone's inbox dies with this one.
    await this.resets.query(`UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
    this.logger.log({ userId }, 'password reset');
    return { message: 'Senha redefinida com sucesso! Entre com a nova senha.' };
  }

  /** Profile's password change: a new session comes back, since the change ends every older one. */
  async changePassword(userId: string, current: string, next: string, confirm: string, mfa = false): Promise<Session> {
    if (next !== confirm) throw new BadRequestException(PASSWORDS_DIFFER);
    await this.assertPasswordAllowed(next, 'A nova senha');
    if (!(await this.users.verifyPasswordOf(userId, current))) throw new BadRequestException('A senha atual está incorreta.');
    await this.users.setPassword(userId, next);
    // The new session keeps the second factor the current one was opened with.
    return this.sessionFor((await this.users.findById(userId))!, { mfa });
  }

  async sessionFor(user: User, { mfa = false } = {}): Promise<Session> {
    const { sessionTimeoutHours } = await this.settings.get('security');
    const claims: JwtClaims = { sub: user.id, role: user.role, ver: user.sessionVersion ?? 0, ...(mfa ? { mfa: true } : {}) };
    const token = await this.jwt.signAsync(claims, { expiresIn: sessionTimeoutHours * 3600 });
    return { token, user: await this.users.publicView(user) };
  }
}
