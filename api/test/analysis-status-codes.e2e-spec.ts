import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrations } from '../src/database/data-source';
import { AnalysisStatusCodes1763902900000 } from '../src/database/migrations/1763902900000-AnalysisStatusCodes';

/**
 * The status migration on a database holding analyses in every status: up turns the stored labels
 * into codes (rows, per-day counters, index, settlement function), down turns them back, and the
 * history counters stay equal to the rows throughout.
 */
describe('migration AnalysisStatusCodes', () => {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cda_test');
  const name = `${base.pathname.slice(1)}_status`;
  const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  const admin = () => new Client({ connectionString: Object.assign(new URL(base), { pathname: '/postgres' }).toString() });
  const before = migrations.slice(0, migrations.indexOf(AnalysisStatusCodes1763902900000));
  // Up to and including the status migration: down then undoes exactly it, whatever later migrations exist.
  const through = migrations.slice(0, migrations.indexOf(AnalysisStatusCodes1763902900000) + 1);
  let db: Client;

  const source = (list: typeof migrations) => new DataSource({ ...dataSourceOptions(url), migrations: list });
  const counts = async () =>
    (await db.query(`SELECT status, sum(n)::int AS n FROM analysis_day_counts GROUP BY status ORDER BY status`)).rows.map((r) => `${r.status}:${r.n}`);
  const statuses = async () => (await db.query(`SELECT status, count(*)::int AS n FROM analyses GROUP BY status ORDER BY status`)).rows.map((r) => `${r.status}:${r.n}`);
  const indexPredicate = async () => (await db.query(`SELECT pg_get_expr(indpred, indrelid) AS p FROM pg_index WHERE indexrelid = 'analyses_processing_idx'::regclass`)).rows[0].p;

  beforeAll(async () => {
    const a = admin();
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await a.query(`CREATE DATABASE "${name}"`);
    await a.end();
    const ds = await source(before).initialize();
    await ds.runMigrations({ transaction: 'each' });
    await ds.destroy();
    db = new Client({ connectionString: url });
    await db.connect();
    const [{ id: userId }] = (await db.query(`INSERT INTO users (email, name, password_hash) VALUES ('s@example.com', 'S', 'x') RETURNING id`)).rows;
    // Two finished, one failed (its tokens to refund), one still running, stored as the old labels.
    for (const [status, cost] of [['Concluída', 10], ['Concluída', 20], ['Erro', 30], ['Processando', 40]] as const) {
      await db.query(`INSERT INTO analyses (user_id, status, file_count, params, tokens_cost) VALUES ($1, $2, 1, '{}', $3)`, [userId, status, cost]);
    }
  });

  afterAll(async () => {
    await db?.end();
    const a = admin();
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await a.end();
  });

  it('up: labels become codes in the rows, the counters, the index and settle_analysis', async () => {
    expect(await statuses()).toEqual(['Concluída:2', 'Erro:1', 'Processando:1']);
    expect(await counts()).toEqual(['Concluída:2', 'Erro:1', 'Processando:1']);
    const ds = await source(through).initialize();
    const ran = await ds.runMigrations({ transaction: 'each' });
    await ds.destroy();
    expect(ran.map((m) => m.name)).toContain('AnalysisStatusCodes1763902900000');

    expect(await statuses()).toEqual(['done:2', 'error:1', 'processing:1']);
    expect(await counts()).toEqual(['done:2', 'error:1', 'processing:1']);
    expect(await indexPredicate()).toBe(`((status)::text = 'processing'::text)`);
    await expect(db.query(`UPDATE analyses SET status = 'Concluída' WHERE status = 'done'`)).rejects.toThrow(/analyses_status_check/);

    // The settlement function reads the codes: a failed analysis is refunded in full, a running one not at all.
    const [failed] = (await db.query(`SELECT id FROM analyses WHERE status = 'error'`)).rows;
    const [running] = (await db.query(`SELECT id FROM analyses WHERE status = 'processing'`)).rows;
    expect((await db.query(`SELECT settle_analysis($1) AS r`, [failed.id])).rows[0].r).toBe('30');
    expect((await db.query(`SELECT settle_analysis($1) AS r`, [running.id])).rows[0].r).toBe('0');
    // A status change after the migration still moves the counters (the trigger is back on).
    await db.query(`UPDATE analyses SET status = 'done' WHERE id = $1`, [running.id]);
    expect(await counts()).toEqual(['done:3', 'error:1', 'processing:0']);
  });

  it('down: codes go back to the labels everywhere', async () => {
    const ds = await source(through).initialize();
    await ds.undoLastMigration({ transaction: 'each' });
    await ds.destroy();
    expect(await statuses()).toEqual(['Concluída:3', 'Erro:1']);
    expect(await counts()).toEqual(['Concluída:3', 'Erro:1', 'Processando:0']);
    expect(await indexPredicate()).toBe(`((status)::text = 'Processando'::text)`);
    const def = (await db.query(`SELECT pg_get_functiondef('settle_analysis(uuid)'::regprocedure) AS d`)).rows[0].d;
    expect(def).toContain(`a.status = 'Erro'`);
    expect(def).not.toContain(`'error'`);
    // And up again from there: the round trip is lossless.
    const again = await source(migrations).initialize();
    await again.runMigrations({ transaction: 'each' });
    await again.destroy();
    expect(await statuses()).toEqual(['done:3', 'error:1']);
  });
});
