import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { ADMIN_ROLES } from '@cda/shared';
import type { AuthUser } from './auth-user';

/**
 * Admin access is decided here from the verified token's role, never from anything the client
 * sends. Use after JwtAuthGuard: `@UseGuards(JwtAuthGuard, AdminGuard)`.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user || !ADMIN_ROLES.includes(user.role)) throw new ForbiddenException('Acesso restrito a administradores.');
    return true;
  }
}
