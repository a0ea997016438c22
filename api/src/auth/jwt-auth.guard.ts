import { CanActivate, ExecutionContext, Injectable, UnauthorizedException, createParamDecorator } from '@nestjs/common';
import { AuthService, SESSION_INVALID } from './auth.service';
import type { AuthUser } from './auth-user';

export function bearerToken(headers: Record<string, string | string[] | undefined>): string {
  const header = headers['authorization'];
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
}

@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(private readonly auth: AuthService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthUser }>();
    const token = bearerToken(req.headers);
    const user = token ? await this.auth.verifyToken(token) : null;
    if (!user) throw new UnauthorizedException(SESSION_INVALID);
    req.user = user;
    return true;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
