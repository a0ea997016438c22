import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Back office I. The admin's user search matches any part of a name or e-mail (`LIKE '%term%'`),
 * which only trigram indexes can serve; the credits screen lists the whole ledger newest first. An
 * account created by an admin carries a temporary password and is flagged to change it at first login.
 */
export class AdminBackOffice1763900600000 implements MigrationInterface {
  name = 'AdminBackOffice1763900600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX IF NOT EXISTS users_name_trgm_idx ON users USING gin (lower(name) gin_trgm_ops)`);
    await q.query(`CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (lower(email) gin_trgm_ops)`);
    await q.query(`CREATE INDEX IF NOT EXISTS users_created_idx ON users (created_at DESC, id)`);
    await q.query(`CREATE INDEX IF NOT EXISTS token_tx_created_idx ON token_transactions (created_at DESC, id DESC)`);
    await q.query(`ALTER TABLE users ADD COLUMN IF NOT EXISTS must_change_password boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS must_change_password`);
    await q.query(`DROP INDEX IF EXISTS token_tx_created_idx`);
    await q.query(`DROP INDEX IF EXISTS users_created_idx`);
    await q.query(`DROP INDEX IF EXISTS users_email_trgm_idx`);
    await q.query(`DROP INDEX IF EXISTS users_name_trgm_idx`);
  }
}
