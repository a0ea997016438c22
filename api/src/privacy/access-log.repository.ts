import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AccessEvent } from './access-log.service';

export interface AccessLogRow {
  event: AccessEvent;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
}

/** The SQL of the access records (access_logs); their deletion after the legal keep is PrivacyRepository's. */
@Injectable()
export class AccessLogRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(userId: string | null, event: AccessEvent, ip: string | null, userAgent: string | null, at: Date): Promise<void> {
    await this.db.query(`INSERT INTO access_logs (user_id, event, ip, user_agent, created_at) VALUES ($1, $2, $3, $4, $5)`, [userId, event, ip, userAgent, at]);
  }

  /** The account's access records, newest first. */
  async forUser(userId: string): Promise<AccessLogRow[]> {
    return this.db.query(`SELECT event, ip, user_agent, created_at FROM access_logs WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [userId]);
  }
}
