import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { AuthUser } from './auth-user';

/** The caller JwtAuthGuard resolved for this request. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
