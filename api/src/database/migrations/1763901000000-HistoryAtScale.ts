import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The history list at a million analyses per account (bench/history-index): its total came from
 * count(*) over every row of the user (270–470 ms at 1M rows) and deep pages sorted after the scan.
 *  - Per user, status and Brasília calendar day, how many analyses exist, kept by triggers; a total
 *    is a sum over at most a few thousand day rows plus, for a rolling period, the rows of the one
 *    day the period starts in.
 *  - The list's indexes end with `id DESC`, its tie-break, so a page is read straight from the index.
 */
export class HistoryAtScale1763901000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE analysis_day_counts (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status varchar(20) NOT NULL,
        day date NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (user_id, status, day)
      )`);
    await q.query(`
      CREATE FUNCTION analysis_day_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE analysis_day_counts SET n = n - 1
           WHERE user_id = OLD.user_id AND status = OLD.status AND day = (OLD.created_at AT TIME ZONE 'America/Sao_Paulo')::date;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO analysis_day_counts (user_id, status, day, n)
          VALUES (NEW.user_id, NEW.status, (NEW.created_at AT TIME ZONE 'America/Sao_Paulo')::date, 1)
          ON CONFLICT (user_id, status, day) DO UPDATE SET n = analysis_day_counts.n + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER analyses_day_counts_insert_delete AFTER INSERT OR DELETE ON analyses FOR EACH ROW EXECUTE FUNCTION analysis_day_counts_track()`);
    await q.query(`
      CREATE TRIGGER analyses_day_counts_update AFTER UPDATE OF user_id, status, created_at ON analyses FOR EACH ROW
      WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
      EXECUTE FUNCTION analysis_day_counts_track()`);
    await q.query(`
      CREATE FUNCTION analysis_day_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN TRUNCATE analysis_day_counts; RETURN NULL; END $$`);
    await q.query(`CREATE TRIGGER analyses_day_counts_truncate AFTER TRUNCATE ON analyses FOR EACH STATEMENT EXECUTE FUNCTION analysis_day_counts_truncate()`);
    await q.query(`
      INSERT INTO analysis_day_counts (user_id, status, day, n)
      SELECT user_id, status, (created_at AT TIME ZONE 'America/Sao_Paulo')::date, count(*) FROM analyses GROUP BY 1, 2, 3`);

    await q.query(`CREATE INDEX analyses_user_created_id_idx ON analyses (user_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX analyses_user_status_created_id_idx ON analyses (user_id, status, created_at DESC, id DESC)`);
    await q.query(`DROP INDEX analyses_user_created_idx`);
    await q.query(`DROP INDEX analyses_user_status_created_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX analyses_user_status_created_idx ON analyses (user_id, status, created_at DESC)`);
    await q.query(`CREATE INDEX analyses_user_created_idx ON analyses (user_id, created_at DESC)`);
    await q.query(`DROP INDEX analyses_user_status_created_id_idx`);
    await q.query(`DROP INDEX analyses_user_created_id_idx`);
    await q.query(`DROP TRIGGER analyses_day_counts_truncate ON analyses`);
    await q.query(`DROP TRIGGER analyses_day_counts_update ON analyses`);
    await q.query(`DROP TRIGGER analyses_day_counts_insert_delete ON analyses`);
    await q.query(`DROP FUNCTION analysis_day_counts_truncate()`);
    await q.query(`DROP FUNCTION analysis_day_counts_track()`);
    await q.query(`DROP TABLE analysis_day_counts`);
  }
}
