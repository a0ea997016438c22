import { createHash, randomBytes } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { IsNull, Repository } from 'typeorm';
import {
  API_TOKEN_DISPLAY_LENGTH,
  API_TOKEN_PREFIX,
  AppConfig,
  ApiTokenScope,
  ApiTokenView,
  CreatedApiToken,
  MAX_API_TOKENS_PER_USER,
  UserRole,
  redisOptionsFromUrl,
} from '@cda/shared';
import { AuditService } from '../audit/audit.service';
import { ApiTokenAuthenticator, type ApiTokenUser, type AuthUser, type TokenLimitState } from '../common/auth';
import { ApiToken } from './api-token.entity';
import { CreateApiTokenDto } from './dto/api-token.dto';

export const API_TOKEN_NOT_FOUND = 'Token não encontrado.';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Last use is written at most once a minute per token: a busy script must not turn every read into a write. */
const LAST_USED_RESOLUTION = `interval '1 minute'`;

/**
 * Personal API tokens: 32 random bytes behind a recognisable prefix, kept as a SHA-256 hash. Every
 * request looks the token up (no cache), so a revocation or an expiry holds from the next request.
 */
@Injectable()
export class ApiTokensService implements ApiTokenAuthenticator, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(
    @InjectRepository(ApiToken) private readonly tokens: Repository<ApiToken>,
    private readonly audit: AuditService,
    config: ConfigService<AppConfig, true>,
  ) {
    // Redis down: give up counting within 1 s (the request passes, see ApiTokenAuth) rather than hang.
    this.redis = new Redis({ ...redisOptionsFromUrl(config.get('redisUrl', { infer: true })), commandTimeout: 1000, lazyConnect: true });
    this.prefix = `${config.get('queuePrefix', { infer: true })}:pat-rate`;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }

  async create(userId: string, dto: CreateApiTokenDto): Promise<CreatedApiToken> {
    const expiresAt = dto.expiresAt ? new Date(dto.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw new BadRequestException('A data de expiração deve estar no futuro.');
    const live = await this.tokens.count({ where: { userId, revokedAt: IsNull() } });
    if (live >= MAX_API_TOKENS_PER_USER) {
      throw new BadRequestException(`Limite de ${MAX_API_TOKENS_PER_USER} tokens ativos atingido. Revogue um token antes de criar outro.`);
    }
    const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const saved = await this.tokens.save(
      this.tokens.create({
        userId,
        name: dto.name,
        scopes: [...new Set(dto.scopes)],
        tokenHash: hashToken(token),
        displayPrefix: token.slice(0, API_TOKEN_DISPLAY_LENGTH),
        expiresAt,
      }),
    );
    return { ...toView(saved), token };
  }

  /** Newest first, revoked ones included (with when), so the owner sees what was cut off. */
  async list(userId: string): Promise<ApiTokenView[]> {
    const rows = await this.tokens.find({ where: { userId }, order: { createdAt: 'DESC' } });
    return rows.map(toView);
  }

  /** The owner's revocation; another user's token is "not found". */
  async revoke(userId: string, id: string): Promise<ApiTokenView> {
    const token = await this.tokens.findOne({ where: { id, userId } });
    if (!token) throw new NotFoundException(API_TOKEN_NOT_FOUND);
    return this.markRevoked(token, userId);
  }

  /** An administrator's revocation of anyone's token, recorded in the audit log. */
  async revokeAsAdmin(actor: AuthUser, id: string): Promise<ApiTokenView> {
    const token = await this.tokens.findOne({ where: { id } });
    if (!token) throw new NotFoundException(API_TOKEN_NOT_FOUND);
    const view = await this.markRevoked(token, actor.id);
    await this.audit.record(actor.id, 'api-token.revoke', `user:${token.userId}`, { tokenId: token.id, name: token.name });
    return view;
  }

  private async markRevoked(token: ApiToken, by: string): Promise<ApiTokenView> {
    if (!token.revokedAt) {
      await this.tokens.update({ id: token.id, revokedAt: IsNull() }, { revokedAt: () => 'now()', revokedBy: by } as never);
    }
    return toView((await this.tokens.findOne({ where: { id: token.id } }))!);
  }

  /**
   * The owner a live token acts as, with its scopes; null when unknown, revoked, expired, or the
   * owner is suspended or deleted. Records the use (at most once a minute).
   */
  async authenticate(token: string): Promise<ApiTokenUser | null> {
    if (!token.startsWith(API_TOKEN_PREFIX)) return null;
    const rows: { id: string; user_id: string; scopes: ApiTokenScope[]; role: UserRole; must_change_password: boolean }[] = await this.tokens.query(
      `SELECT t.id, t.user_id, t.scopes, u.role, u.must_change_password
         FROM api_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())
          AND u.deleted_at IS NULL AND u.status <> 'suspended'`,
      [hashToken(token)],
    );
    const row = rows[0];
    if (!row) return null;
    await this.tokens.query(
      `UPDATE api_tokens SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - ${LAST_USED_RESOLUTION})`,
      [row.id],
    );
    return { id: row.user_id, role: row.role, mustChangePassword: row.must_change_password, apiToken: { id: row.id, scopes: row.scopes } };
  }

  /** Counts one request of the token in the current one-minute window. */
  async hit(tokenId: string, limit: number): Promise<TokenLimitState> {
    const nowS = Date.now() / 1000;
    const window = Math.floor(nowS / 60);
    const key = `${this.prefix}:${tokenId}:${window}`;
    const [[err, n]] = (await this.redis.multi().incr(key).expire(key, 120).exec()) as [[Error | null, number]];
    if (err) throw err;
    return { limit, remaining: Math.max(0, limit - n), resetS: Math.max(1, Math.ceil((window + 1) * 60 - nowS)), exceeded: n > limit };
  }

  /** For the back office: one user's tokens. */
  listForUser(userId: string): Promise<ApiTokenView[]> {
    return this.list(userId);
  }
}

export function toView(t: ApiToken): ApiTokenView {
  return {
    id: t.id,
    name: t.name,
    scopes: t.scopes,
    displayPrefix: t.displayPrefix,
    createdAt: t.createdAt.toISOString(),
    expiresAt: t.expiresAt?.toISOString() ?? null,
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  };
}
