import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Request } from 'express';

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
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async record(userId: string | null, event: AccessEvent, origin: { ip: string | null; userAgent: string | null }, at = new Date()): Promise<void> {
    await this.db.query(`INSERT INTO access_logs (user_id, event, ip, user_agent, created_at) VALUES ($1, $2, $3, $4, $5)`, [
      userId,
      event,
      origin.ip,
      origin.userAgent,
      at,
    ]);
  }

  async forUser(userId: string): Promise<AccessRecord[]> {
    const rows = (await this.db.query(
      `SELECT event, ip, user_agent, created_at FROM access_logs WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
      [userId],
    )) as { event: AccessEvent; ip: string | null; user_agent: string | null; created_at: Date }[];
    return rows.map((r) => ({ event: r.event, ip: r.ip, userAgent: r.user_agent, createdAt: r.created_at }));
  }
}
