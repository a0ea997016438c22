import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's E-mails page (issue #22): how many times each mail was handed to the SMTP server
 * (a resend adds one) and when it was last tried, beside the server's reply already kept in `error`.
 */
export class MailAttempts1763903200000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_outbox ADD COLUMN attempts int NOT NULL DEFAULT 0, ADD COLUMN last_attempt_at timestamptz`);
    // Rows written before: a sent or failed mail was tried once.
    await q.query(`UPDATE mail_outbox SET attempts = 1, last_attempt_at = COALESCE(sent_at, created_at) WHERE status IN ('sent', 'failed')`);
    await q.query(`CREATE INDEX mail_outbox_status_idx ON mail_outbox (status)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX mail_outbox_status_idx`);
    await q.query(`ALTER TABLE mail_outbox DROP COLUMN attempts, DROP COLUMN last_attempt_at`);
  }
}
