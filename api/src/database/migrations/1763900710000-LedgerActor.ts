import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A grant in the ledger names the administrator who made it, so the credits screen answers "who gave
 * these tokens" from the ledger itself. Null for movements nobody made by hand (purchases, analyses).
 */
export class LedgerActor1763900710000 implements MigrationInterface {
  name = 'LedgerActor1763900710000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE token_transactions ADD COLUMN actor_id uuid REFERENCES users(id) ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE token_transactions DROP COLUMN actor_id`);
  }
}
