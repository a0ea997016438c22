import { createHash, randomBytes } from 'node:crypto';
import {
  BadRequestException,
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
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  ADMIN_ROLES,
  AppConfig,
  AuthPolicy,
  INVALID_LOGIN,
  LOCKOUT_MINUTES,
  PASSWORDS_DIFFER,
  PublicUser,
  RESET_TOKEN_TTL_MINUTES,
  passwordProblem,
} from '@cda/shared';
import { UsersService } from '../users/users.service';
import { User } from '../users/user.entity';
import { SettingsService } from '../settings/settings.service';
import { MailService } from '../mail/mail.service';
import { passwordResetMail } from '../mail/templates';
import type { AuthUser, JwtClaims } from './auth-user';
import { LoginDto, RegisterDto, ResetPasswordDto } from './dto/auth.dto';
import { PasswordResetToken } from './password-reset-token.entity';
import { sessionClaims } from './session-claims';

export interface Session {
  token: string;
  user: PublicUser;
}

export const SESSION_INVALID = 'Sessão expirada ou inválida. Entre novamente.';
export const MAINTENANCE_MESSAGE = 'O sistema está em manutenção. Tente novamente mais tarde.';
const LOCKED = `Conta bloqueada temporariamente após muitas tentativas sem sucesso. Tente novamente em ${LOCKOUT_MINUTES} minutos ou redefina sua senha.`;
const SUSPENDED = 'Sua conta está suspensa. Fale com o suporte.';
const RESET_INVALID = 'Link de redefinição inválido ou expirado. Peça um novo.';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    private readonly settings: SettingsService,
    private readonly mail: MailService,
    private readonly config: ConfigService<AppConfig, true>,
    @InjectRepository(PasswordResetToken) private readonly resets: Repository<PasswordResetToken>,
  ) {}

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

  async register(dto: RegisterDto): Promise<Session> {
    if (!(await this.settings.get('general')).registrationEnabled) {
      throw new ForbiddenException('O cadastro de novos usuários está desativado no momento.');
    }
    await this.assertPasswordAllowed(dto.password);
    const user = await this.users.create({ email: dto.email, name: dto.name, whatsapp: dto.whatsapp, password: dto.password });
    this.logger.log({ userId: user.id }, 'user registered');
    return this.sessionFor(user);
  }

  async login(dto: LoginDto): Promise<Session> {
    const user = await this.users.findByEmailWithSecret(dto.email.trim());
    // Unknown e-mail and wrong password get the same answer: never reveal which one failed.
    if (!user) throw new UnauthorizedException(INVALID_LOGIN);
    // A locked account is refused even with the right password, or the lock would only slow guessing.
    if (user.lockedUntil && user.lockedUntil > new Date()) throw new HttpException(LOCKED, HttpStatus.LOCKED);
    if (!(await this.users.verifyPassword(user, dto.password))) {
      const { maxLoginAttempts } = await this.settings.get('security');
      const lockedUntil = await this.users.recordFailedLogin(user.id, maxLoginAttempts);
      if (lockedUntil) {
        this.logger.warn({ userId: user.id, lockedUntil }, 'account locked after failed logins');
        throw new HttpException(LOCKED, HttpStatus.LOCKED);
      }
      throw new UnauthorizedException(INVALID_LOGIN);
    }
    if (user.status === 'suspended') throw new ForbiddenException(SUSPENDED);
    // Login stays reachable in maintenance so that admins can get in; everyone else is told why not.
    if ((await this.settings.get('general')).maintenanceMode && !ADMIN_ROLES.includes(user.role)) {
      throw new ServiceUnavailableException(MAINTENANCE_MESSAGE);
    }
    await this.users.loginSucceeded(user.id);
    return this.sessionFor(user);
  }

  /**
   * A token is good while it is within both its own expiry and the current session timeout (an admin
   * shortening the timeout ends older sessions), its session version is current and the account is
   * not suspended. The role comes from the database, so a demotion applies at once.
   */
  async verifyToken(token: string): Promise<AuthUser | null> {
    const claims = this.verifiedClaims(token);
    if (!claims) return null;
    const { sessionTimeoutHours } = await this.settings.get('security');
    if (Date.now() / 1000 - claims.iat! > sessionTimeoutHours * 3600) return null;
    const state = await this.users.authState(claims.sub);
    if (!state || state.status === 'suspended' || state.sessionVersion !== (claims.ver ?? 0)) return null;
    return { id: claims.sub, role: state.role, mustChangePassword: state.mustChangePassword };
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
  async forgotPassword(email: string): Promise<{ message: string }> {
    void this.sendResetLink(email).catch((err) => this.logger.error({ err: String(err) }, 'password reset e-mail failed'));
    return { message: 'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.' };
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
  async changePassword(userId: string, current: string, next: string, confirm: string): Promise<Session> {
    if (next !== confirm) throw new BadRequestException(PASSWORDS_DIFFER);
    await this.assertPasswordAllowed(next, 'A nova senha');
    if (!(await this.users.verifyPasswordOf(userId, current))) throw new BadRequestException('A senha atual está incorreta.');
    await this.users.setPassword(userId, next);
    return this.sessionFor((await this.users.findById(userId))!);
  }

  async sessionFor(user: User): Promise<Session> {
    const { sessionTimeoutHours } = await this.settings.get('security');
    const claims: JwtClaims = { sub: user.id, role: user.role, ver: user.sessionVersion ?? 0 };
    const token = await this.jwt.signAsync(claims, { expiresIn: sessionTimeoutHours * 3600 });
    return { token, user: await this.users.publicView(user) };
  }
}
