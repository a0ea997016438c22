import { CanActivate, ExecutionContext, ForbiddenException, HttpException, HttpStatus, Injectable, Logger, SetMetadata, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { API_TOKEN_PREFIX, ApiTokenScope, PASSWORD_CHANGE_REQUIRED, scopeAllows } from '@cda/shared';
import { SESSION_INVALID, type AuthUser } from './auth-user';
import { API_TOKEN_SCOPE } from './api-token-scope.decorator';
import { bearerToken } from './bearer-token';
import { SettingsReader } from '../settings-reader';
import { ApiTokenAuthenticator, SessionVerifier } from './ports';

export const API_TOKEN_INVALID = 'Token de API inválido, expirado ou revogado.';
export const API_TOKEN_ROUTE_CLOSED = 'Tokens de API dão acesso apenas à API de análises.';
export const API_TOKEN_SCOPE_MISSING = 'Este token não tem permissão para esta operação (escopo necessário: %s).';
export const API_TOKEN_RATE_LIMITED = 'Limite de requisições por minuto deste token excedido. Tente novamente em instantes.';

const TEMPORARY_PASSWORD_OK = 'auth:temporaryPasswordOk';

/**
 * Marks the few routes an account still on its admin-issued temporary password may call: reading
 * who it is and changing the password. Everything else answers 403 until the change.
 */
export const AllowTemporaryPassword = () => SetMetadata(TEMPORARY_PASSWORD_OK, true);

@Injectable()
export class JwtAuthGuard implements CanActivate {
  private readonly logger = new Logger(JwtAuthGuard.name);

  constructor(
    private readonly auth: SessionVerifier,
    private readonly reflector: Reflector,
    private readonly apiTokens: ApiTokenAuthenticator,
    private readonly settings: SettingsReader,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthUser }>();
    const token = bearerToken(req.headers);
    if (token.startsWith(API_TOKEN_PREFIX)) {
      req.user = await this.apiTokenUser(ctx, token);
      return true;
    }
    const user = token ? await this.auth.verifyToken(token) : null;
    if (!user) throw new UnauthorizedException(SESSION_INVALID);
    if (user.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(TEMPORARY_PASSWORD_OK, [ctx.getHandler(), ctx.getClass()])) {
      throw new ForbiddenException({ statusCode: 403, message: PASSWORD_CHANGE_REQUIRED, code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    req.user = user;
    return true;
  }

  /**
   * A personal API token: valid (401 otherwise, checked first so a revoked token learns nothing
   * else), on a route opened to tokens with a scope it carries (403), within its per-minute limit
   * (429, with the IETF RateLimit headers on every answer).
   */
  private async apiTokenUser(ctx: ExecutionContext, token: string): Promise<AuthUser> {
    const user = await this.apiTokens.authenticate(token);
    if (!user) throw new UnauthorizedException(API_TOKEN_INVALID);
    const needed = this.reflector.getAllAndOverride<ApiTokenScope | undefined>(API_TOKEN_SCOPE, [ctx.getHandler(), ctx.getClass()]);
    if (!needed) throw new ForbiddenException({ statusCode: 403, message: API_TOKEN_ROUTE_CLOSED, code: 'API_TOKEN_ROUTE_CLOSED' });
    if (!scopeAllows(user.apiToken.scopes, needed)) {
      throw new ForbiddenException({ statusCode: 403, message: API_TOKEN_SCOPE_MISSING.replace('%s', needed), code: 'API_TOKEN_SCOPE' });
    }
    if (user.mustChangePassword) throw new ForbiddenException({ statusCode: 403, message: PASSWORD_CHANGE_REQUIRED, code: 'PASSWORD_CHANGE_REQUIRED' });
    const res = ctx.switchToHttp().getResponse<Response>();
    let state;
    try {
      const limit = (await this.settings.get('security')).apiTokenRateLimitPerMinute;
      state = await this.apiTokens.hit(user.apiToken.id, limit);
    } catch (err) {
      // Redis down must not stop the batch API: the request passes uncounted, the operator is told.
      this.logger.warn({ err: (err as Error).message }, 'API token rate limit not checked');
      return user;
    }
    res.setHeader('RateLimit-Limit', String(state.limit));
    res.setHeader('RateLimit-Remaining', String(state.remaining));
    res.setHeader('RateLimit-Reset', String(state.resetS));
    res.setHeader('RateLimit-Policy', `${state.limit};w=60`);
    if (state.exceeded) {
      res.setHeader('Retry-After', String(state.resetS));
      throw new HttpException({ statusCode: 429, error: 'Too Many Requests', message: API_TOKEN_RATE_LIMITED }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return user;
  }
}
