import { CanActivate, ExecutionContext, ForbiddenException, Injectable, SetMetadata, UnauthorizedException, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PASSWORD_CHANGE_REQUIRED } from '@cda/shared';
import { AuthService, SESSION_INVALID } from './auth.service';
import type { AuthUser } from './auth-user';

export function bearerToken(headers: Record<string, string | string[] | undefined>): string {
  const header = headers['authorization'];
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
}

const TEMPORARY_PASSWORD_OK = 'auth:temporaryPasswordOk';

/**
 * Marks the few routes an account still on its admin-issued temporary password may call: reading
 * who it is and changing the password. Everything else answers 403 until the change.
 */
export const AllowTemporaryPassword = () => SetMetadata(TEMPORARY_PASSWORD_OK, true);

@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthUser }>();
    const token = bearerToken(req.headers);
    const user = token ? await this.auth.verifyToken(token) : null;
    if (!user) throw new UnauthorizedException(SESSION_INVALID);
    if (user.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(TEMPORARY_PASSWORD_OK, [ctx.getHandler(), ctx.getClass()])) {
      throw new ForbiddenException({ statusCode: 403, message: PASSWORD_CHANGE_REQUIRED, code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    req.user = user;
    return true;
  }
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
