import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { accessLogCutoff, dataRetentionCutoff, paymentRecordsCutoff, storageKeys } from '@cda/shared';
import { StorageService } from '../storage/storage.service';
import { anonymiseAccount } from './privacy.service';

export interface AccountPurgeCounts {
  accounts: number;
  workbooks: number;
  attachments: number;
  analyses: number;
  tickets: number;
  failed: number;
}

const BATCH = 100;
const LOG_BATCH = 5000;

/**
 * The retention promised by the privacy and cancellation policies, as cut-offs from shared/legal.ts.
 * Every rule takes `now`, so tests move the clock instead of waiting months.
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger(RetentionService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: StorageService,
  ) {}

  /**
   * Accounts deleted longer ago than the retention window lose their files and history: workbooks
   * and leftover uploads in storage, ticket attachments, then the analyses, tickets and usage ledger
   * rows. Payment records (orders and their ledger rows) and access records stay for their own
   * periods. Storage goes first: if it fails the account is retried on the next run, never marked done.
   */
  async purgeDeletedAccounts(now = new Date()): Promise<AccountPurgeCounts> {
    const counts: AccountPurgeCounts = { accounts: 0, workbooks: 0, attachments: 0, analyses: 0, tickets: 0, failed: 0 };
    const cutoff = dataRetentionCutoff(now);
    const failed = new Set<string>();
    for (;;) {
      const due = (await this.db.query(
        `SELECT id FROM users WHERE deleted_at IS NOT NULL AND data_purged_at IS NULL AND deleted_at <= $1 AND NOT (id = ANY($2::uuid[]))
         ORDER BY deleted_at LIMIT $3`,
        [cutoff, [...failed], BATCH],
      )) as { id: string }[];
      for (const { id } of due) {
        try {
          const c = await this.purgeAccount(id, now);
          counts.accounts++;
          counts.workbooks += c.workbooks;
          counts.attachments += c.attachments;
          counts.analyses += c.analyses;
          counts.tickets += c.tickets;
        } catch (err) {
          failed.add(id);
          counts.failed++;
          this.logger.error({ userId: id, err: String(err) }, 'retention: account data not purged, retried next run');
        }
      }
      if (due.length < BATCH) break;
    }
    this.logger.log({ rule: 'deleted-accounts', cutoff, ...counts }, 'retention run');
    return counts;
  }

  private async purgeAccount(userId: string, now: Date): Promise<Omit<AccountPurgeCounts, 'accounts' | 'failed'>> {
    const analyses = (await this.db.query(`SELECT id FROM analyses WHERE user_id = $1`, [userId])) as { id: string }[];
    const attachmentKeys = (
      (await this.db.query(`SELECT a.storage_key FROM ticket_attachments a JOIN tickets t ON t.id = a.ticket_id WHERE t.user_id = $1`, [userId])) as {
        storage_key: string;
      }[]
    ).map((r) => r.storage_key);
    const workbookKeys = (await this.storage.listObjects(`results/${userId}/`)).map((o) => o.key);
    const uploadKeys: string[] = [];
    for (const a of analyses) uploadKeys.push(...(await this.storage.listObjects(storageKeys.uploadPrefix(a.id))).map((o) => o.key));
    await this.storage.removeKeys([...workbookKeys, ...uploadKeys, ...attachmentKeys]);
    return this.db.transaction(async (tx) => {
      const [, tickets] = (await tx.query(`DELETE FROM tickets WHERE user_id = $1`, [userId])) as [unknown, number];
      const [, analysesDeleted] = (await tx.query(`DELETE FROM analyses WHERE user_id = $1`, [userId])) as [unknown, number];
      await tx.query(`DELETE FROM token_transactions WHERE user_id = $1 AND order_id IS NULL`, [userId]);
      await anonymiseAccount(tx, userId);
      await tx.query(`UPDATE users SET data_purged_at = $2 WHERE id = $1`, [userId, now]);
      return { workbooks: workbookKeys.length, attachments: attachmentKeys.length, analyses: analysesDeleted, tickets };
    });
  }

  /** Access records older than the legal keep, in batches so a large backlog never holds a long lock. */
  async purgeAccessLogs(now = new Date()): Promise<{ accessLogs: number }> {
    const cutoff = accessLogCutoff(now);
    let deleted = 0;
    for (;;) {
      const [, n] = (await this.db.query(
        `DELETE FROM access_logs WHERE id IN (SELECT id FROM access_logs WHERE created_at < $1 ORDER BY created_at LIMIT $2)`,
        [cutoff, LOG_BATCH],
      )) as [unknown, number];
      deleted += n;
      if (n < LOG_BATCH) break;
    }
    this.logger.log({ rule: 'access-logs', cutoff, accessLogs: deleted }, 'retention run');
    return { accessLogs: deleted };
  }

  /**
   * Payment records of deleted accounts once past the tax keep; then the account row itself, when
   * its data is purged and nothing else (orders, access records) still refers to it.
   */
  async purgePaymentRecords(now = new Date()): Promise<{ orders: number; ledger: number; accounts: number }> {
    const cutoff = paymentRecordsCutoff(now);
    const result = await this.db.transaction(async (tx) => {
      const expired = `SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.deleted_at IS NOT NULL AND o.created_at < $1`;
      const [, ledger] = (await tx.query(`DELETE FROM token_transactions WHERE order_id IN (${expired})`, [cutoff])) as [unknown, number];
      const [, orders] = (await tx.query(`DELETE FROM orders WHERE id IN (${expired})`, [cutoff])) as [unknown, number];
      const [, accounts] = (await tx.query(
        `DELETE FROM users u WHERE u.deleted_at IS NOT NULL AND u.data_purged_at IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
           AND NOT EXISTS (SELECT 1 FROM access_logs l WHERE l.user_id = u.id)
           AND NOT EXISTS (SELECT 1 FROM token_transactions t WHERE t.user_id = u.id)`,
      )) as [unknown, number];
      return { orders, ledger, accounts };
    });
    this.logger.log({ rule: 'payment-records', cutoff, ...result }, 'retention run');
    return result;
  }
}
