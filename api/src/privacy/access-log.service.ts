import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AccessLogRepository } from './access-log.repository';

export type AccessEvent = 'login' | 'login_failed' | 'register' | 'data_export' | 'account_deleted';

export interface AccessRecord {
  event: AccessEvent;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
}

/** Where the request came from, as the access record keeps it (proxies are trusted in bootstrap). */
export function requestOrigin(req: Request): { ip: string | null; userAgent: string | null } {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null };
}

/**
 * Application access records (who, when, from which IP): the Marco Civil da Internet makes us keep
 * them six months, and the retention job deletes them after that.
 */
@Injectable()
export class AccessLogService {
  constructor(private readonly repo: AccessLogRepository) {}

  async record(userId: string | null, event: AccessEvent, origin: { ip: string | null; userAgent: string | null }, at = new Date()): Promise<void> {
    await this.repo.insert(userId, event, origin.ip, origin.userAgent, at);
  }

  async forUser(userId: string): Promise<AccessRecord[]> {
    const rows = await this.repo.forUser(userId);
    return rows.map((r) => ({ event: r.event, ip: r.ip, userAgent: r.user_agent, createdAt: r.created_at }));
  }
}
