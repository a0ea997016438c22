import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automation for firms (issue #26):
 *  - personal API tokens, kept as SHA-256 hashes (a token is 32 random bytes: a slow hash adds
 *    nothing, and every API call looks one up), revocable at once;
 *  - idempotency keys of uploads, per user, with the hash of the request they named, so a retried
 *    upload returns the analysis it created instead of charging again;
 *  - webhook endpoints (the HMAC secret sealed with SETTINGS_ENCRYPTION_KEY: it must be read back to
 *    sign) and the log of every delivery attempt.
 */
export class Automation1763902600000 implements MigrationInterface {
  name = 'Automation1763902600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(80) NOT NULL,
        scopes text[] NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        display_prefix varchar(24) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz,
        revoked_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE idempotency_keys (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        key varchar(255) NOT NULL,
        request_hash char(64) NOT NULL,
        analysis_id uuid NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)`);
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        url text NOT NULL,
        description varchar(200) NOT NULL DEFAULT '',
        events text[] NOT NULL,
        secret text NOT NULL,
        secret_prefix varchar(24) NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id)`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id bigserial PRIMARY KEY,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        event_type varchar(40) NOT NULL,
        analysis_id uuid,
        attempt int NOT NULL,
        status_code int,
        success boolean NOT NULL,
        error text,
        duration_ms int NOT NULL,
        next_retry_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_user_idx ON webhook_deliveries (user_id, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_endpoints`);
    await q.query(`DROP TABLE idempotency_keys`);
    await q.query(`DROP TABLE api_tokens`);
  }
}
