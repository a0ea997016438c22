import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An admin's deletion keeps the account's row (ledger, payments and analyses stay consistent and
 * auditable) and marks it deleted. The e-mail becomes free for a new account, so uniqueness only
 * binds accounts that are not deleted.
 */
export class SoftDeleteUsers1763900700000 implements MigrationInterface {
  name = 'SoftDeleteUsers1763900700000';

  async up(q: QueryRunner): Promise<void> {
    // The LGPD migration adds the same column for self-deletion; whichever runs first creates it.
    await q.query(`ALTER TABLE users ADD COLUMN IF NOT EXISTS deleted_at timestamptz`);
    await q.query(`DROP INDEX IF EXISTS users_email_lower_uq`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_uq ON users (lower(email)) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM users WHERE deleted_at IS NOT NULL`);
    await q.query(`DROP INDEX users_email_lower_uq`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_uq ON users (lower(email))`);
    await q.query(`ALTER TABLE users DROP COLUMN deleted_at`);
  }
}
