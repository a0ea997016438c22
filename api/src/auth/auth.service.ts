import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { UsersService } from '../users/users.service';
import { User } from '../users/user.entity';
import type { AuthUser, JwtClaims } from './auth-user';
import { LoginDto, RegisterDto } from './dto/auth.dto';

export interface PublicUser {
  id: string;
  email: string;
  name: string;
  plan: string;
  role: User['role'];
  status: string;
  tokens: number;
  createdAt: Date;
}

export interface Session {
  token: string;
  user: PublicUser;
}

const INVALID_LOGIN = 'Usuário ou senha inválidos';

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
  ) {}

  async register(dto: RegisterDto): Promise<Session> {
    const user = await this.users.create({ email: dto.email, name: dto.name, password: dto.password });
    this.logger.log({ userId: user.id }, 'user registered');
    return this.sessionFor(user);
  }

  async login(dto: LoginDto): Promise<Session> {
    const user = await this.users.findByEmailWithSecret(dto.email);
    // Same answer for unknown e-mail and wrong password: never reveal which one failed.
    if (!user || !(await this.users.verifyPassword(user, dto.password))) {
      throw new UnauthorizedException(INVALID_LOGIN);
    }
    if (user.status === 'suspended') throw new UnauthorizedException('Sua conta está suspensa. Fale com o suporte.');
    await this.users.touchLogin(user.id);
    return this.sessionFor(user);
  }

  async verifyToken(token: string): Promise<AuthUser | null> {
    try {
      const claims = await this.jwt.verifyAsync<JwtClaims>(token);
      return { id: claims.sub, role: claims.role };
    } catch {
      return null;
    }
  }

  async me(id: string): Promise<PublicUser> {
    const user = await this.users.findById(id);
    if (!user) throw new UnauthorizedException('Sessão expirada ou inválida. Entre novamente.');
    return toPublicUser(user);
  }

  private async sessionFor(user: User): Promise<Session> {
    const claims: JwtClaims = { sub: user.id, role: user.role };
    return { token: await this.jwt.signAsync(claims), user: toPublicUser(user) };
  }
}

export function toPublicUser(u: User): PublicUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    plan: u.plan,
    role: u.role,
    status: u.status,
    tokens: u.tokens,
    createdAt: u.createdAt,
  };
}
