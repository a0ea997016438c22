import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cancellation policy §5: within LEGAL.reactivationDays of its end a plan can be taken up again. The
 * order that does it says so (purpose 'reactivation'), and the subscription it opens points at the
 * one it takes up, so the audit and the monthly report tell a reactivation from a new customer.
 */
export class Reactivation1763903300000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_purpose_check`);
    await q.query(`ALTER TABLE orders ALTER COLUMN purpose TYPE varchar(12)`);
    await q.query(`ALTER TABLE orders ADD CONSTRAINT orders_purpose_check CHECK (purpose IN ('purchase', 'renewal', 'upgrade', 'reactivation'))`);
    await q.query(`ALTER TABLE subscriptions ADD COLUMN reactivated_from uuid REFERENCES subscriptions(id) ON DELETE SET NULL`);
    // The offer reads an account's latest ended subscription.
    await q.query(`CREATE INDEX subscriptions_user_ended_idx ON subscriptions (user_id, ended_at DESC) WHERE ended_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX subscriptions_user_ended_idx`);
    await q.query(`ALTER TABLE subscriptions DROP COLUMN reactivated_from`);
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_purpose_check`);
    // A reactivation was a purchase of the plan before this migration.
    await q.query(`UPDATE orders SET purpose = 'purchase' WHERE purpose = 'reactivation'`);
    await q.query(`ALTER TABLE orders ALTER COLUMN purpose TYPE varchar(10)`);
    await q.query(`ALTER TABLE orders ADD CONSTRAINT orders_purpose_check CHECK (purpose IN ('purchase', 'renewal', 'upgrade'))`);
  }
}
