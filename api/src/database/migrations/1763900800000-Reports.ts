import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin reports. Per-day aggregates filter analyses by creation time and orders by approval time over
 * all users, which the existing per-user indexes cannot serve; the worker now records how long each
 * file took, for the p50/p95 processing-time figures.
 */
export class Reports1763900800000 implements MigrationInterface {
  name = 'Reports1763900800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE analysis_files ADD COLUMN IF NOT EXISTS processing_ms int`);
    await q.query(`CREATE INDEX IF NOT EXISTS analyses_created_idx ON analyses (created_at)`);
    await q.query(`CREATE INDEX IF NOT EXISTS orders_approved_idx ON orders (approved_at) WHERE status = 'approved'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS orders_approved_idx`);
    await q.query(`DROP INDEX IF EXISTS analyses_created_idx`);
    await q.query(`ALTER TABLE analysis_files DROP COLUMN IF EXISTS processing_ms`);
  }
}
