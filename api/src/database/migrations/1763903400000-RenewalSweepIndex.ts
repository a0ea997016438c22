import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The monthly allowance sweep (TokensService.renewDueAllowances) looks for live accounts whose month
 * started at least 27 days ago. Without an index each run read every account (80 ms at 100k with
 * nothing due, every hour), and its batches re-read all accounts still due. With it, the sweep finds
 * the due accounts by one range read and an hour with nothing due costs a few index pages.
 */
export class RenewalSweepIndex1763903400000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX users_live_period_start_idx ON users (plan_period_start) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_live_period_start_idx`);
  }
}
