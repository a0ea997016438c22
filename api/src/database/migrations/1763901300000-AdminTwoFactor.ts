import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * TOTP for administrators (issue #21). The secrets are sealed with SETTINGS_ENCRYPTION_KEY (as the
 * settings' secrets are); recovery codes are kept as SHA-256 hashes and spent once.
 */
export class AdminTwoFactor1763901300000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN totp_secret text,
        ADD COLUMN totp_pending_secret text,
        ADD COLUMN totp_enabled_at timestamptz,
        ADD COLUMN totp_last_step bigint`);
    await q.query(`
      CREATE TABLE recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, code_hash)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE recovery_codes`);
    await q.query(`ALTER TABLE users DROP COLUMN totp_secret, DROP COLUMN totp_pending_secret, DROP COLUMN totp_enabled_at, DROP COLUMN totp_last_step`);
  }
}
