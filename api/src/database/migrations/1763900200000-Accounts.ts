import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts: profile fields, login lockout, a session version (bumped on password change so every
 * older token stops working), notification preferences, single-use password reset tokens (only their
 * SHA-256 is stored, so a database leak yields no usable link) and the outbox of every e-mail.
 */
export class Accounts1763900200000 implements MigrationInterface {
  name = 'Accounts1763900200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users
      ADD COLUMN whatsapp varchar(11),
      ADD COLUMN phone varchar(11),
      ADD COLUMN company varchar(200),
      ADD COLUMN position varchar(120),
      ADD COLUMN failed_login_attempts int NOT NULL DEFAULT 0,
      ADD COLUMN locked_until timestamptz,
      ADD COLUMN session_version int NOT NULL DEFAULT 0,
      ADD COLUMN notification_prefs jsonb NOT NULL
        DEFAULT '{"emailAnalysis": true, "emailMarketing": false, "pushAnalysis": true, "pushMarketing": false}'`);

    await q.query(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id)`);

    // status: pending (being sent), sent, failed (SMTP refused), unsent (no SMTP configured: logged only).
    // The body is kept only while a mail has not been delivered, so an admin can act on it.
    await q.query(`
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        kind varchar(40) NOT NULL,
        dedupe_key varchar(200) UNIQUE,
        to_address varchar(254) NOT NULL,
        subject varchar(300) NOT NULL,
        text_body text,
        html_body text,
        status varchar(20) NOT NULL DEFAULT 'pending',
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await q.query(`CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_outbox`);
    await q.query(`DROP TABLE password_reset_tokens`);
    await q.query(`ALTER TABLE users DROP COLUMN whatsapp, DROP COLUMN phone, DROP COLUMN company, DROP COLUMN position,
      DROP COLUMN failed_login_attempts, DROP COLUMN locked_until, DROP COLUMN session_version, DROP COLUMN notification_prefs`);
  }
}
