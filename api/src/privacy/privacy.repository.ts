import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { NotificationPreferences } from '@cda/shared';

/** Rows of the holder's data copy, as stored (they go into the archive's JSON files as they are). */
export interface TicketExportRow {
  id: string;
  number: number;
  title: string;
  description: string;
  category: string;
  status: string;
  priority: string;
  created_at: Date;
  updated_at: Date;
}

export interface TicketMessageExportRow {
  ticket_id: string;
  author: string;
  author_name: string;
  content: string;
  created_at: Date;
}

export interface TicketAttachmentExportRow {
  ticket_id: string;
  position: number;
  name: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_at: Date;
}

/** An order in the data copy (bigint `tokens` arrives as a string). */
export interface OrderExportRow {
  id: string;
  kind: string;
  plan_id: string | null;
  pack_id: string | null;
  billing_cycle: string | null;
  item_name: string;
  tokens: string;
  amount_cents: number;
  method: string;
  installments: number;
  status: string;
  status_detail: string | null;
  provider_payment_id: string | null;
  payer_email: string;
  approved_at: Date | null;
  refunded_at: Date | null;
  created_at: Date;
}

/** A ledger row in the data copy (bigints arrive as strings). */
export interface LedgerExportRow {
  type: string;
  amount: string;
  credit_amount: string;
  analysis_id: string | null;
  order_id: string | null;
  description: string;
  created_at: Date;
}

/** What replaces the person's data on an anonymised account. */
export interface AnonymousIdentity {
  name: string;
  email: string;
  passwordHash: string;
  notificationPrefs: NotificationPreferences;
}

/** Affected row count of a write (TypeORM's postgres driver answers UPDATE/DELETE with [rows, count]). */
async function affected(run: Promise<unknown>): Promise<number> {
  const [, n] = (await run) as [unknown, number];
  return n;
}

/**
 * The SQL of the holder's rights (data copy, deletion) and of the retention rules. Methods that take
 * `tx` run inside the caller's transaction; what is kept, for how long and in which order stays in
 * PrivacyService and RetentionService.
 */
@Injectable()
export class PrivacyRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  // ------------------------------------------------------------------ data copy

  async ticketsOf(userId: string): Promise<TicketExportRow[]> {
    return this.db.query(
      `SELECT id, number, title, description, category, status, priority, created_at, updated_at FROM tickets WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );
  }

  async ticketMessages(ticketIds: string[]): Promise<TicketMessageExportRow[]> {
    return this.db.query(
      `SELECT ticket_id, author, author_name, content, created_at FROM ticket_messages WHERE ticket_id = ANY($1::uuid[]) ORDER BY created_at`,
      [ticketIds],
    );
  }

  async ticketAttachments(ticketIds: string[]): Promise<TicketAttachmentExportRow[]> {
    return this.db.query(
      `SELECT ticket_id, position, name, content_type, size, storage_key, created_at FROM ticket_attachments WHERE ticket_id = ANY($1::uuid[]) ORDER BY position`,
      [ticketIds],
    );
  }

  async ordersOf(userId: string): Promise<OrderExportRow[]> {
    return this.db.query(
      `SELECT id, kind, plan_id, pack_id, billing_cycle, item_name, tokens, amount_cents, method, installments, status, status_detail,
              provider_payment_id, payer_email, approved_at, refunded_at, created_at
       FROM orders WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );
  }

  async ledgerOf(userId: string): Promise<LedgerExportRow[]> {
    return this.db.query(
      `SELECT type, amount, credit_amount, analysis_id, order_id, description, created_at FROM token_transactions WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
  }

  // ------------------------------------------------------------------ deletion

  /** Replaces the person's data on the account, in ticket messages' author names, and drops their browsers' push endpoints. */
  async anonymise(tx: EntityManager, userId: string, who: AnonymousIdentity): Promise<void> {
    await tx.query(
      `UPDATE users SET name = $2, email = $3, whatsapp = NULL, phone = NULL, company = NULL, position = NULL,
         password_hash = $4, notification_prefs = $5, updated_at = now()
       WHERE id = $1`,
      [userId, who.name, who.email, who.passwordHash, JSON.stringify(who.notificationPrefs)],
    );
    await tx.query(`UPDATE ticket_messages SET author_name = $2 WHERE author_id = $1`, [userId, who.name]);
    await tx.query(`DELETE FROM push_subscriptions WHERE user_id = $1`, [userId]);
  }

  /** Locks a live (not deleted) account's row; false when there is none. */
  async lockLiveUser(tx: EntityManager, userId: string): Promise<boolean> {
    const [locked] = (await tx.query(`SELECT id FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [userId])) as unknown[];
    return locked !== undefined;
  }

  /** Marks the account deleted at `at`, back on the free plan, every session ended. */
  async closeAccount(tx: EntityManager, userId: string, at: Date): Promise<void> {
    await tx.query(
      `UPDATE users SET deleted_at = $2, plan = 'free', plan_expires_at = NULL, session_version = session_version + 1
       WHERE id = $1`,
      [userId, at],
    );
  }

  async deleteLoginFailures(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`DELETE FROM login_failures WHERE user_id = $1`, [userId]);
  }

  /** Cancels the account's pending orders with `statusDetail`; answers how many. */
  async cancelPendingOrders(tx: EntityManager, userId: string, statusDetail: string): Promise<number> {
    return affected(
      tx.query(`UPDATE orders SET status = 'cancelled', status_detail = $2, updated_at = now() WHERE user_id = $1 AND status = 'pending'`, [userId, statusDetail]),
    );
  }

  /** Closes the account's open tickets; answers how many. */
  async closeOpenTickets(tx: EntityManager, userId: string): Promise<number> {
    return affected(tx.query(`UPDATE tickets SET status = 'closed', updated_at = now() WHERE user_id = $1 AND status <> 'closed'`, [userId]));
  }

  async deleteResetTokens(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`DELETE FROM password_reset_tokens WHERE user_id = $1`, [userId]);
  }

  /** Deletes the kept copies of e-mails sent to this address (compared without case); answers how many. */
  async deleteMailCopies(tx: EntityManager, email: string): Promise<number> {
    return affected(tx.query(`DELETE FROM mail_outbox WHERE lower(to_address) = lower($1)`, [email]));
  }

  // ------------------------------------------------------------------ retention

  /** Up to `limit` accounts deleted by `cutoff` whose data is not purged yet, oldest deletion first, leaving out `skip`. */
  async deletedAccountsDue(cutoff: Date, skip: string[], limit: number): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT id FROM users WHERE deleted_at IS NOT NULL AND data_purged_at IS NULL AND deleted_at <= $1 AND NOT (id = ANY($2::uuid[]))
       ORDER BY deleted_at LIMIT $3`,
      [cutoff, skip, limit],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  async analysisIdsOf(userId: string): Promise<string[]> {
    const rows = (await this.db.query(`SELECT id FROM analyses WHERE user_id = $1`, [userId])) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Storage keys of every attachment of the account's tickets. */
  async attachmentKeysOf(userId: string): Promise<string[]> {
    const rows = (await this.db.query(`SELECT a.storage_key FROM ticket_attachments a JOIN tickets t ON t.id = a.ticket_id WHERE t.user_id = $1`, [userId])) as {
      storage_key: string;
    }[];
    return rows.map((r) => r.storage_key);
  }

  /**
   * Deletes the account's tickets and analyses and its ledger rows not tied to an order (payment
   * records keep theirs). Answers how many tickets and analyses went.
   */
  async deleteHistory(tx: EntityManager, userId: string): Promise<{ tickets: number; analyses: number }> {
    const tickets = await affected(tx.query(`DELETE FROM tickets WHERE user_id = $1`, [userId]));
    const analyses = await affected(tx.query(`DELETE FROM analyses WHERE user_id = $1`, [userId]));
    await tx.query(`DELETE FROM token_transactions WHERE user_id = $1 AND order_id IS NULL`, [userId]);
    return { tickets, analyses };
  }

  async markPurged(tx: EntityManager, userId: string, at: Date): Promise<void> {
    await tx.query(`UPDATE users SET data_purged_at = $2 WHERE id = $1`, [userId, at]);
  }

  /** Deletes up to `limit` access records older than `cutoff`, oldest first; answers how many. */
  async deleteAccessLogsBefore(cutoff: Date, limit: number): Promise<number> {
    return affected(
      this.db.query(`DELETE FROM access_logs WHERE id IN (SELECT id FROM access_logs WHERE created_at < $1 ORDER BY created_at LIMIT $2)`, [cutoff, limit]),
    );
  }

  /** Deletes the orders of deleted accounts created before `cutoff`, their ledger rows first; answers how many of each. */
  async deleteExpiredPaymentRecords(tx: EntityManager, cutoff: Date): Promise<{ orders: number; ledger: number }> {
    const expired = `SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.deleted_at IS NOT NULL AND o.created_at < $1`;
    const ledger = await affected(tx.query(`DELETE FROM token_transactions WHERE order_id IN (${expired})`, [cutoff]));
    const orders = await affected(tx.query(`DELETE FROM orders WHERE id IN (${expired})`, [cutoff]));
    return { orders, ledger };
  }

  /** Deletes the rows of deleted, purged accounts nothing refers to any more (orders, access records, ledger); answers how many. */
  async deleteEmptyAccounts(tx: EntityManager): Promise<number> {
    return affected(
      tx.query(
        `DELETE FROM users u WHERE u.deleted_at IS NOT NULL AND u.data_purged_at IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
           AND NOT EXISTS (SELECT 1 FROM access_logs l WHERE l.user_id = u.id)
           AND NOT EXISTS (SELECT 1 FROM token_transactions t WHERE t.user_id = u.id)`,
      ),
    );
  }
}
