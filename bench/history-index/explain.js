#!/usr/bin/env node
/*
 * Shows that the history query stays on its indexes at 1 million analyses: builds a scratch
 * database with the real migrations, fills it (1,000 users × 1,000 analyses), and prints
 * EXPLAIN ANALYZE for the queries GET /api/analyses runs. Run by hand: node bench/history-index/explain.js
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { Client } = require('pg');
const { ensureDatabase } = require('../../scripts/ensure-db');

const ROOT = path.resolve(__dirname, '../..');
const URL_ = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/cda_bench_history';
const USERS = Number(process.env.USERS || 1000);
const PER_USER = Number(process.env.PER_USER || 1000);

async function main() {
  await ensureDatabase(URL_, { recreate: true });
  execFileSync(process.execPath, [path.join(ROOT, 'api/dist/database/migrate.js')], { env: { ...process.env, DATABASE_URL: URL_ }, stdio: 'inherit' });
  const db = new Client({ connectionString: URL_ });
  await db.connect();
  const t0 = Date.now();
  await db.query(`INSERT INTO users (email, name, password_hash) SELECT 'u' || g || '@bench.local', 'Usuário ' || g, 'x' FROM generate_series(1, $1) g`, [USERS]);
  await db.query(`
    INSERT INTO analyses (user_id, status, file_count, processed_files, params, tokens_cost, created_at, updated_at)
    SELECT u.id, (ARRAY['done','done','done','error','processing'])[1 + (g % 5)], 1 + g % 10, 1 + g % 10, '{}',
           1000 * (1 + g % 10), now() - (g || ' minutes')::interval, now()
    FROM users u CROSS JOIN generate_series(1, $1) g`, [PER_USER]);
  await db.query('ANALYZE');
  const [{ count }] = (await db.query('SELECT count(*) FROM analyses')).rows;
  console.log(`filled ${count} analyses in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  const [{ id }] = (await db.query(`SELECT id FROM users ORDER BY email LIMIT 1 OFFSET 500`)).rows;

  const queries = {
    'page 1, no filter': [`SELECT a.id FROM analyses a WHERE a.user_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT 10 OFFSET 0`, [id]],
    'page 3, status = Erro, last 30 days': [
      `SELECT a.id FROM analyses a WHERE a.user_id = $1 AND a.status = 'error' AND a.created_at >= now() - interval '30 days'
       ORDER BY a.created_at DESC, a.id DESC LIMIT 10 OFFSET 20`, [id]],
    'count with status filter': [`SELECT count(*) FROM analyses a WHERE a.user_id = $1 AND a.status = 'done'`, [id]],
    'stuck-analysis sweep': [`SELECT id FROM analyses WHERE status = 'processing' AND updated_at < now() - interval '1 hour' ORDER BY updated_at LIMIT 500`, []],
  };
  for (const [name, [sql, args]] of Object.entries(queries)) {
    const plan = (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, args)).rows.map((r) => r['QUERY PLAN']);
    console.log(`-- ${name}\n${plan.join('\n')}\n`);
  }
  await db.end();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
