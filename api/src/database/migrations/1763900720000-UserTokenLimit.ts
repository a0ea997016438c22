import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An administrator may give one account an allowance other than its plan's. NULL means the plan's
 * `token_limit` applies; every reader takes COALESCE(users.token_limit_override, plans.token_limit).
 * A plan change (admin, purchase, refund) clears it, so a new plan always starts from its own limit.
 */
export class UserTokenLimit1763900720000 implements MigrationInterface {
  name = 'UserTokenLimit1763900720000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN token_limit_override bigint NULL CONSTRAINT users_token_limit_override_check CHECK (token_limit_override >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN token_limit_override`);
  }
}
