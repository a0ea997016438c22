import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LOGIN_FAILURE_MEMORY_HOURS, afterFailedLogin } from '@cda/shared';

/**
 * Failed logins per (account, source address), in Postgres so every API instance shares them. The
 * rule (how many failures, how long each lock-out) is `afterFailedLogin` in shared.
 */
@Injectable()
export class LoginLockoutService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** When the pair's lock-out ends, or null when it is not locked. */
  async lockedUntil(userId: string, source: string, now = new Date()): Promise<Date | null> {
    const [row] = await this.db.query(`SELECT locked_until FROM login_failures WHERE user_id = $1 AND source = $2`, [userId, source]);
    const until: Date | null = row?.locked_until ?? null;
    return until && until > now ? until : null;
  }

  /**
   * Counts one failure under a row lock (parallel guesses cannot slip past the limit); returns the
   * end of the lock-out this failure started, or null. A pair idle for a day starts from zero.
   */
  async recordFailure(userId: string, source: string, maxAttempts: number, now = new Date()): Promise<Date | null> {
    return this.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO login_failures (user_id, source, updated_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [userId, source, now]);
      const [row] = await tx.query(
        `SELECT failures, lockouts, updated_at < $3::timestamptz - make_interval(hours => $4) AS stale
         FROM login_failures WHERE user_id = $1 AND source = $2 FOR UPDATE`,
        [userId, source, now, LOGIN_FAILURE_MEMORY_HOURS],
      );
      const next = afterFailedLogin(row.stale ? { failures: 0, lockouts: 0 } : row, maxAttempts);
      const until = next.lockMinutes ? new Date(now.getTime() + next.lockMinutes * 60_000) : null;
      await tx.query(
        `UPDATE login_failures SET failures = $3, lockouts = $4, locked_until = COALESCE($5, locked_until), updated_at = $6
         WHERE user_id = $1 AND source = $2`,
        [userId, source, next.failures, next.lockouts, until, now],
      );
      return until;
    });
  }

  /** A success from the pair forgets its failures and lock-outs. */
  async clear(userId: string, source: string): Promise<void> {
    await this.db.query(`DELETE FROM login_failures WHERE user_id = $1 AND source = $2`, [userId, source]);
  }

  /** Housekeeping: pairs idle for a day hold nothing worth keeping. */
  async purgeIdle(now = new Date()): Promise<number> {
    const [, count] = await this.db.query(
      `DELETE FROM login_failures WHERE updated_at < $1::timestamptz - make_interval(hours => $2) AND (locked_until IS NULL OR locked_until < $1)`,
      [now, LOGIN_FAILURE_MEMORY_HOURS],
    );
    return count;
  }
}
