import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import * as argon2 from 'argon2';
import { FREE_PLAN_TOKENS, UserRole } from '@cda/shared';
import { User } from './user.entity';

export interface NewUser {
  email: string;
  name: string;
  password: string;
  role?: UserRole;
}

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOne({ where: { id } });
  }

  /** Includes the password hash, which is otherwise never selected. */
  findByEmailWithSecret(email: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  async create(input: NewUser): Promise<User> {
    const existing = await this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email: input.email })
      .getExists();
    if (existing) throw new ConflictException('Este e-mail já está cadastrado.');
    const user = this.users.create({
      email: input.email.trim(),
      name: input.name.trim(),
      passwordHash: await argon2.hash(input.password),
      role: input.role ?? 'user',
      plan: 'free',
      tokens: FREE_PLAN_TOKENS,
    });
    try {
      return await this.users.save(user);
    } catch (err) {
      // Two simultaneous registrations with one e-mail: the unique index decides.
      if ((err as { code?: string }).code === '23505') throw new ConflictException('Este e-mail já está cadastrado.');
      throw err;
    }
  }

  verifyPassword(user: User, password: string): Promise<boolean> {
    return argon2.verify(user.passwordHash, password);
  }

  async touchLogin(id: string): Promise<void> {
    await this.users.update({ id }, { lastLoginAt: new Date() });
  }
}
