import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { accessLogCutoff, dataRetentionCutoff, paymentRecordsCutoff, storageKeys } from '@cda/shared';
import { StorageService } from '../storage/storage.service';
import { anonymiseAccount } from './privacy.service';
import { PrivacyRepository } from './privacy.repository';

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
    private readonly repo: PrivacyRepository,
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
      const due = await this.repo.deletedAccountsDue(cutoff, [...failed], BATCH);
      for (const id of due) {
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
    const analysisIds = await this.repo.analysisIdsOf(userId);
    const attachmentKeys = await this.repo.attachmentKeysOf(userId);
    const workbookKeys = (await this.storage.listObjects(`results/${userId}/`)).map((o) => o.key);
    const uploadKeys: string[] = [];
    for (const id of analysisIds) uploadKeys.push(...(await this.storage.listObjects(storageKeys.uploadPrefix(id))).map((o) => o.key));
    await this.storage.removeKeys([...workbookKeys, ...uploadKeys, ...attachmentKeys]);
    return this.db.transaction(async (tx) => {
      const { tickets, analyses } = await this.repo.deleteHistory(tx, userId);
      await anonymiseAccount(this.repo, tx, userId);
      await this.repo.markPurged(tx, userId, now);
      return { workbooks: workbookKeys.length, attachments: attachmentKeys.length, analyses, tickets };
    });
  }

  /** Access records older than the legal keep, in batches so a large backlog never holds a long lock. */
  async purgeAccessLogs(now = new Date()): Promise<{ accessLogs: number }> {
    const cutoff = accessLogCutoff(now);
    let deleted = 0;
    for (;;) {
      const n = await this.repo.deleteAccessLogsBefore(cutoff, LOG_BATCH);
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
      const { orders, ledger } = await this.repo.deleteExpiredPaymentRecords(tx, cutoff);
      const accounts = await this.repo.deleteEmptyAccounts(tx);
      return { orders, ledger, accounts };
    });
    this.logger.log({ rule: 'payment-records', cutoff, ...result }, 'retention run');
    return result;
  }
}
