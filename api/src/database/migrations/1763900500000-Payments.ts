import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Token packs and orders paid through Mercado Pago. An order's amount is copied from the catalogue
 * when it is created, so a later price change never alters what a pending payment must match.
 * Crediting is guarded twice: a compare-and-set on the order's status, and a unique ledger row per
 * (order, type), so one payment can never credit or be reversed twice.
 */
export class Payments1763900500000 implements MigrationInterface {
  name = 'Payments1763900500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE token_packs (
        id varchar(40) PRIMARY KEY,
        name varchar(80) NOT NULL,
        tokens bigint NOT NULL CHECK (tokens > 0),
        price_cents int NOT NULL CHECK (price_cents > 0),
        popular boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        sort_order int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO token_packs (id, name, tokens, price_cents, popular, sort_order) VALUES
      ('basic', 'Básico', 1000000, 1900, false, 1),
      ('premium', 'Premium', 5000000, 7900, true, 2),
      ('enterprise', 'Enterprise', 10000000, 14900, false, 3)`);

    await q.query(`CREATE TYPE order_status AS ENUM ('pending', 'approved', 'rejected', 'cancelled', 'refunded')`);
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind varchar(20) NOT NULL CHECK (kind IN ('plan', 'token_pack')),
        plan_id varchar(40) REFERENCES plans(id),
        pack_id varchar(40) REFERENCES token_packs(id),
        billing_cycle varchar(10) CHECK (billing_cycle IN ('monthly', 'yearly')),
        item_name varchar(120) NOT NULL,
        tokens bigint NOT NULL,
        amount_cents int NOT NULL CHECK (amount_cents > 0),
        method varchar(10) NOT NULL CHECK (method IN ('card', 'pix', 'boleto')),
        installments int NOT NULL DEFAULT 1,
        status order_status NOT NULL DEFAULT 'pending',
        status_detail varchar(80),
        provider_payment_id varchar(40) UNIQUE,
        payer_email varchar(254) NOT NULL,
        pix jsonb,
        approved_at timestamptz,
        refunded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT orders_item CHECK (
          (kind = 'plan' AND plan_id IS NOT NULL AND pack_id IS NULL AND billing_cycle IS NOT NULL)
          OR (kind = 'token_pack' AND pack_id IS NOT NULL AND plan_id IS NULL))
      )`);
    await q.query(`CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC)`);

    // A refund of a purchase is its own ledger type, distinct from an analysis refund.
    await q.query(`ALTER TYPE token_tx_type ADD VALUE IF NOT EXISTS 'reversal'`);
    await q.query(`CREATE UNIQUE INDEX token_tx_order_type_uq ON token_transactions (order_id, type) WHERE order_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX token_tx_order_type_uq`);
    // Postgres cannot drop an enum value; 'reversal' stays harmless in token_tx_type.
    await q.query(`DROP TABLE orders`);
    await q.query(`DROP TYPE order_status`);
    await q.query(`DROP TABLE token_packs`);
  }
}
