import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * LGPD in practice: access records (Marco Civil art. 15, kept six months) and the state of a deleted
 * account's data (anonymised at once, files purged after the retention window).
 */
export class Privacy1763900900000 implements MigrationInterface {
  name = 'Privacy1763900900000';

  async up(q: QueryRunner): Promise<void> {
    // The admin soft delete adds the same column; whichever migration runs first creates it.
    await q.query(`ALTER TABLE users ADD COLUMN IF NOT EXISTS deleted_at timestamptz`);
    await q.query(`ALTER TABLE users ADD COLUMN data_purged_at timestamptz`);
    await q.query(`CREATE INDEX users_deleted_pending_purge_idx ON users (deleted_at) WHERE deleted_at IS NOT NULL AND data_purged_at IS NULL`);
    await q.query(`
      CREATE TABLE access_logs (
        id bigserial PRIMARY KEY,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        event varchar(40) NOT NULL,
        ip varchar(64),
        user_agent varchar(300),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX access_logs_created_idx ON access_logs (created_at)`);
    await q.query(`CREATE INDEX access_logs_user_idx ON access_logs (user_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE access_logs`);
    await q.query(`DROP INDEX users_deleted_pending_purge_idx`);
    await q.query(`ALTER TABLE users DROP COLUMN data_purged_at`);
  }
}
