import { HttpStatus, Injectable, Logger, NestMiddleware, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NextFunction, Request, Response } from 'express';
import Redis from 'ioredis';
import { ADMIN_ROLES, API_TOKEN_PREFIX, AppConfig, redisOptionsFromUrl } from '@cda/shared';
import { hashToken } from '../api-tokens/api-tokens.service';
import { SettingsService } from '../settings/settings.service';
import { SessionVerifier, bearerToken } from '../common/auth';

/** Separate header names: the auth routes' per-minute throttler writes the X-RateLimit-* ones. */
/**
 * Probes, metrics and the payment provider's webhook must never be refused for volume; nor may the
 * pages' own telemetry (config read and usage events, a few per page) eat into a user's hourly quota —
 * the events route has its own per-address throttle (telemetry.controller.ts).
 */
const EXEMPT = ['/api/health', '/api/metrics', '/api/payments/webhook', '/api/telemetry'];
const HOUR_S = 3600;
export const RATE_LIMIT_MESSAGE = 'Limite de requisições por hora excedido. Tente novamente mais tarde.';

/**
 * The security setting `apiRateLimitPerHour`, read per request so a change applies at once. Counted
 * per signed-in user (per client address for anonymous calls) in one-hour windows kept in Redis, so
 * every API instance shares the count.
 */
@Injectable()
export class RateLimitCounter implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(config: ConfigService<AppConfig, true>) {
    // Redis down: give up on counting after 1 s (the request passes, see below) instead of waiting for it.
    this.redis = new Redis({ ...redisOptionsFromUrl(config.get('redisUrl', { infer: true })), commandTimeout: 1000 });
    this.prefix = `${config.get('queuePrefix', { infer: true })}:ratelimit`;
  }

  /** Counts one request of this client in the current hour window. */
  async hit(client: string, window: number): Promise<number> {
    const key = `${this.prefix}:${client}:${window}`;
    const [[err, n]] = (await this.redis.multi().incr(key).expire(key, HOUR_S + 60).exec()) as [[Error | null, number]];
    if (err) throw err;
    return n;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

@Injectable()
export class RateLimitMiddleware implements NestMiddleware {
  private readonly logger = new Logger(RateLimitMiddleware.name);

  constructor(
    private readonly settings: SettingsService,
    private readonly auth: SessionVerifier,
    private readonly counter: RateLimitCounter,
  ) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    const path = req.originalUrl.split('?')[0];
    if (req.method === 'OPTIONS' || !path.startsWith('/api/') || EXEMPT.some((p) => path === p || path.startsWith(`${p}/`))) return next();
    let client: string | null;
    let count: number;
    let limit: number;
    const window = Math.floor(Date.now() / 1000 / HOUR_S);
    try {
      client = await this.client(req);
      if (client === null) return next();
      limit = (await this.settings.get('security')).apiRateLimitPerHour;
      count = await this.counter.hit(client, window);
    } catch (err) {
      // Redis (or, for an admin's token, the database) down must not take the whole API with it: the
      // request passes, the operator sees why.
      this.logger.warn({ err: (err as Error).message }, 'rate limit not checked');
      return next();
    }
    const resetIn = (window + 1) * HOUR_S - Math.floor(Date.now() / 1000);
    res.setHeader('X-RateLimit-Hourly-Limit', String(limit));
    res.setHeader('X-RateLimit-Hourly-Remaining', String(Math.max(0, limit - count)));
    res.setHeader('X-RateLimit-Hourly-Reset', String(resetIn));
    if (count <= limit) return next();
    if (count === limit + 1) this.logger.warn({ client, limit, path }, 'hourly API rate limit reached');
    res.setHeader('Retry-After', String(resetIn));
    res.status(HttpStatus.TOO_MANY_REQUESTS).json({ statusCode: 429, error: 'Too Many Requests', message: RATE_LIMIT_MESSAGE });
  }

  /**
   * A valid token's user (signature and claims checked, no database read); otherwise the client
   * address. Nobody for administrators: a limit set too low must never lock out the people who can
   * raise it. That exemption is confirmed against the database (only for tokens claiming an admin
   * role), so a token naming a role its user does not have, or no existing user, gains nothing.
   */
  private async client(req: Request): Promise<string | null> {
    const token = bearerToken(req.headers);
    // A personal API token counts on its own (its hash, no database read here); an unknown one is
    // refused by the guard anyway. Its per-minute limit is applied by JwtAuthGuard.
    if (token.startsWith(API_TOKEN_PREFIX)) return `pat:${hashToken(token).slice(0, 32)}`;
    const claims = token ? this.auth.verifiedClaims(token) : null;
    // An invalid or expired token counts against the address it came from.
    if (!claims) return `ip:${req.ip ?? 'unknown'}`;
    if (ADMIN_ROLES.includes(claims.role)) {
      const user = await this.auth.verifyToken(token);
      if (!user) return `ip:${req.ip ?? 'unknown'}`;
      if (ADMIN_ROLES.includes(user.role)) return null;
    }
    return `u:${claims.sub}`;
  }
}
