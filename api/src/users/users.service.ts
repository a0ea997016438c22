import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import * as argon2 from 'argon2';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  FREE_PLAN_TOKENS,
  NotificationPreferences,
  Profile,
  PublicUser,
  UserRole,
} from '@cda/shared';
import { User } from './user.entity';
import { EFFECTIVE_TOKEN_LIMIT } from '../tokens/tokens.service';

export interface NewUser {
  email: string;
  name: string;
  /** The password, or its hash when it was hashed earlier (a confirmed sign-up request). */
  password: string | { hash: string };
  whatsapp?: string | null;
  role?: UserRole;
}

export type ProfilePatch = Partial<Pick<User, 'name' | 'email' | 'phone' | 'whatsapp' | 'company' | 'position'>>;

/** What the token check needs on every request. */
export interface AuthState {
  role: UserRole;
  status: string;
  sessionVersion: number;
  mustChangePassword: boolean;
  lastLoginAt: Date | null;
}

const EMAIL_TAKEN = 'Este e-mail já está cadastrado.';

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOne({ where: { id } });
  }

  async authState(id: string): Promise<AuthState | null> {
    return this.users.findOne({ where: { id }, select: { role: true, status: true, sessionVersion: true, mustChangePassword: true, lastLoginAt: true } });
  }

  /** Includes the password hash and lockout state, which are otherwise never selected. */
  findByEmailWithSecret(email: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  async create(input: NewUser): Promise<User> {
    if (await this.emailTaken(input.email)) throw new ConflictException(EMAIL_TAKEN);
    const user = this.users.create({
      email: input.email.trim(),
      name: input.name.trim(),
      whatsapp: input.whatsapp ?? null,
      passwordHash: typeof input.password === 'string' ? await argon2.hash(input.password) : input.password.hash,
      role: input.role ?? 'user',
      plan: 'free',
      tokens: FREE_PLAN_TOKENS,
      notificationPrefs: DEFAULT_NOTIFICATION_PREFERENCES,
    });
    return this.uniqueEmail(() => this.users.save(user));
  }

  verifyPassword(user: User, password: string): Promise<boolean> {
    return argon2.verify(user.passwordHash, password);
  }

  async verifyPasswordOf(id: string, password: string): Promise<boolean> {
    const user = await this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOne();
    return !!user && (await this.verifyPassword(user, password));
  }

  /** "Último acesso": set when a session opens, and kept current while one is used (see `AuthService.verifyToken`). */
  async loginSucceeded(id: string): Promise<void> {
    await this.users.update({ id }, { lastLoginAt: new Date() });
  }

  /** Sets a new password and ends every session issued before (they carry the old version). */
  async setPassword(id: string, password: string): Promise<void> {
    await this.users
      .createQueryBuilder()
      .update(User)
      .set({
        passwordHash: await argon2.hash(password),
        sessionVersion: () => 'session_version + 1',
        mustChangePassword: false,
      })
      .where('id = :id', { id })
      .execute();
    // A new password (reset by e-mail, or changed) lifts every lock-out of the account.
    await this.users.query(`DELETE FROM login_failures WHERE user_id = $1`, [id]);
  }

  async updateProfile(id: string, patch: ProfilePatch): Promise<User> {
    if (patch.email !== undefined && (await this.emailTaken(patch.email, id))) throw new ConflictException(EMAIL_TAKEN);
    if (Object.keys(patch).length) await this.uniqueEmail(() => this.users.update({ id }, patch));
    return (await this.findById(id))!;
  }

  async updateNotifications(id: string, prefs: NotificationPreferences): Promise<NotificationPreferences> {
    const { emailAnalysis, emailMarketing, pushAnalysis, pushMarketing } = prefs;
    const value = { emailAnalysis, emailMarketing, pushAnalysis, pushMarketing };
    await this.users.update({ id }, { notificationPrefs: value });
    return value;
  }

  /** Allowance and non-expiring credits, read together with the balance they split. */
  private async tokenParts(userId: string): Promise<{ tokensPlan: number; creditTokens: number }> {
    const [row] = (await this.users.query(
      `SELECT ${EFFECTIVE_TOKEN_LIMIT} AS token_limit, u.credit_tokens FROM users u JOIN plans p ON p.id = u.plan WHERE u.id = $1`,
      [userId],
    )) as { token_limit: string; credit_tokens: string }[];
    return row ? { tokensPlan: Number(row.token_limit), creditTokens: Number(row.credit_tokens) } : { tokensPlan: 0, creditTokens: 0 };
  }

  async publicView(user: User): Promise<PublicUser> {
    const parts = await this.tokenParts(user.id);
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      plan: user.plan,
      role: user.role,
      status: user.status,
      tokens: user.tokens,
      tokensPlan: parts.tokensPlan,
      creditTokens: parts.creditTokens,
      mustChangePassword: user.mustChangePassword ?? false,
      createdAt: user.createdAt,
    };
  }

  async profileView(user: User): Promise<Profile> {
    return {
      ...(await this.publicView(user)),
      phone: user.phone,
      whatsapp: user.whatsapp,
      company: user.company,
      position: user.position,
      notifications: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...user.notificationPrefs },
    };
  }

  emailTaken(email: string, exceptId?: string): Promise<boolean> {
    const q = this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: email.trim() });
    if (exceptId) q.andWhere('u.id <> :exceptId', { exceptId });
    return q.getExists();
  }

  /** Two simultaneous writes of one e-mail: the unique index decides, and the loser gets the same message. */
  private async uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new ConflictException(EMAIL_TAKEN);
      throw err;
    }
  }
}
