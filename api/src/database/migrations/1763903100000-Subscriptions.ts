import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue #23: a paid plan lasts its paid period. One row per paid plan of an account, with its
 * current period, how it renews (a Mercado Pago preapproval for monthly card plans, paying again
 * otherwise), a downgrade waiting for the next cycle, and how it ended. At most one is active per
 * account. Orders say what they paid for (a purchase, a renewal charged by the provider, an
 * upgrade) and how much of them was refunded, so a partial (pro-rata) refund is on record too.
 *
 * Paid accounts that exist already get their active subscription from their last paid plan order
 * (renewing by paying again): from now on their `plan_expires_at` is enforced.
 */
export class Subscriptions1763903100000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        plan_id varchar(40) NOT NULL REFERENCES plans(id),
        billing_cycle varchar(10) NOT NULL CHECK (billing_cycle IN ('monthly', 'yearly')),
        method varchar(10) NOT NULL CHECK (method IN ('card', 'pix', 'boleto')),
        status varchar(10) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
        renewal varchar(12) NOT NULL DEFAULT 'manual' CHECK (renewal IN ('auto', 'retrying', 'manual', 'cancelled', 'failed', 'ended')),
        provider_preapproval_id varchar(64) UNIQUE,
        started_at timestamptz NOT NULL,
        current_period_start timestamptz NOT NULL,
        current_period_end timestamptz NOT NULL CHECK (current_period_end > current_period_start),
        pending_plan_id varchar(40) REFERENCES plans(id),
        pending_cycle varchar(10) CHECK (pending_cycle IN ('monthly', 'yearly')),
        renewal_failures int NOT NULL DEFAULT 0,
        cancel_requested_at timestamptz,
        preapproval_cancelled_at timestamptz,
        last_reminder_days int,
        last_reminder_for timestamptz,
        ended_at timestamptz,
        end_reason varchar(20),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT subscriptions_ended CHECK ((status = 'ended') = (ended_at IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX subscriptions_one_active_uq ON subscriptions (user_id) WHERE status = 'active'`);
    await q.query(`CREATE INDEX subscriptions_active_end_idx ON subscriptions (current_period_end) WHERE status = 'active'`);
    await q.query(`CREATE INDEX subscriptions_ended_at_idx ON subscriptions (ended_at) WHERE ended_at IS NOT NULL`);
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN subscription_id uuid REFERENCES subscriptions(id) ON DELETE SET NULL,
        ADD COLUMN purpose varchar(10) NOT NULL DEFAULT 'purchase' CHECK (purpose IN ('purchase', 'renewal', 'upgrade')),
        ADD COLUMN refunded_cents int NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents)`);
    await q.query(`CREATE INDEX orders_subscription_idx ON orders (subscription_id) WHERE subscription_id IS NOT NULL`);
    await q.query(`
      INSERT INTO subscriptions (user_id, plan_id, billing_cycle, method, renewal, started_at, current_period_start, current_period_end)
      SELECT u.id, u.plan, COALESCE(o.billing_cycle, 'monthly'), COALESCE(o.method, 'card'), 'manual',
             COALESCE(o.approved_at, u.plan_period_start), LEAST(COALESCE(o.approved_at, u.plan_period_start), u.plan_expires_at - interval '1 second'),
             u.plan_expires_at
      FROM users u
      LEFT JOIN LATERAL (
        SELECT billing_cycle, method, approved_at FROM orders
        WHERE user_id = u.id AND kind = 'plan' AND status = 'approved' AND plan_id = u.plan
        ORDER BY approved_at DESC NULLS LAST LIMIT 1
      ) o ON true
      WHERE u.plan <> 'free' AND u.plan_expires_at IS NOT NULL AND u.deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_subscription_idx`);
    await q.query(`ALTER TABLE orders DROP COLUMN refunded_cents, DROP COLUMN purpose, DROP COLUMN subscription_id`);
    await q.query(`DROP TABLE subscriptions`);
  }
}
