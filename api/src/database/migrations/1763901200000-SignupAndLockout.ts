import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue #21 (enumeration and lock-out):
 *  - a sign-up is a request until its e-mail is confirmed, so the answer to "create this account" is
 *    the same whether or not the e-mail already has one (the owner is e-mailed instead);
 *  - failed logins are counted per account AND source address (was per account: anyone could lock
 *    any account, the administrator's included, from anywhere).
 */
export class SignupAndLockout1763901200000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signup_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        name varchar(200) NOT NULL,
        whatsapp varchar(11),
        password_hash text NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX signup_requests_email ON signup_requests (lower(email))`);
    await q.query(`CREATE INDEX signup_requests_expires ON signup_requests (expires_at)`);
    await q.query(`
      CREATE TABLE login_failures (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        source varchar(64) NOT NULL,
        failures int NOT NULL DEFAULT 0,
        lockouts int NOT NULL DEFAULT 0,
        locked_until timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, source)
      )`);
    await q.query(`CREATE INDEX login_failures_updated ON login_failures (updated_at)`);
    await q.query(`ALTER TABLE users DROP COLUMN failed_login_attempts, DROP COLUMN locked_until`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN failed_login_attempts int NOT NULL DEFAULT 0, ADD COLUMN locked_until timestamptz`);
    await q.query(`DROP TABLE login_failures`);
    await q.query(`DROP TABLE signup_requests`);
  }
}
