#!/usr/bin/env node
/*
 * History at scale through the real API: 1,000,000 analyses (each with its file row) for ONE user,
 * then GET /api/analyses page 1 and page 5,000, with and without filters, timed from a client on
 * loopback (p50/p95 of REQUESTS sequential calls after a warm-up), and the query plans behind them.
 *   node bench/history-index/api-latency.js      (target: p95 ≤ 50 ms)
 * Requires `npm run build`. Options: ROWS, REQUESTS, HISTORY_PORT_BASE, KEEP_DB=1 (reuse the seeded database).
 */
const { Client } = require('pg');
const { benchStack } = require('../lib/stack');
const { percentile, report, load } = require('../lib/stats');

const ROWS = Number(process.env.ROWS || 1_000_000);
const REQUESTS = Number(process.env.REQUESTS || 40);
const TARGET_MS = 50;
const DB = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/cda_bench_history_api';

const CASES = [
  ['page 1, no filter', 'page=1'],
  ['page 1, done, last 30 days', 'page=1&status=done&period=month'],
  ['page 5,000, no filter', 'page=5000'],
  ['page 5,000, done, last 30 days', 'page=5000&status=done&period=month'],
];

async function seed(db, userId) {
  const t0 = Date.now();
  // Spread over the last 23 days (one every 2 s) so that "last 30 days" keeps all of them and page
  // 5,000 exists with the filter; three in five Concluída as in real use.
  await db.query(
    `INSERT INTO analyses (user_id, status, file_count, processed_files, params, tokens_cost, created_at, updated_at, completed_at, settled_at)
     SELECT $1, (ARRAY['done','done','done','error','done'])[1 + (g % 5)], 1, 1, '{}', 5000,
            now() - (g * 2 || ' seconds')::interval, now(), now(), now()
     FROM generate_series(1, $2) g`,
    [userId, ROWS],
  );
  await db.query(
    `INSERT INTO analysis_files (analysis_id, position, name, size_bytes, pages, storage_key, status, certificate_count, tokens)
     SELECT id, 1, 'cda.pdf', 50000, 5, 'uploads/' || id || '/1.pdf', 'done', 1, 5000 FROM analyses WHERE user_id = $1`,
    [userId],
  );
  await db.query('VACUUM ANALYZE analyses');
  await db.query('VACUUM ANALYZE analysis_files');
  console.log(`seeded ${ROWS.toLocaleString('en')} analyses in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

async function main() {
  const stack = await benchStack({ name: 'history', portBase: Number(process.env.HISTORY_PORT_BASE || 5610), workers: 0, env: { DATABASE_URL: DB }, recreateDb: !process.env.KEEP_DB, storageProxy: false });
  const db = new Client({ connectionString: DB });
  await db.connect();
  try {
    let user;
    const [existing] = (await db.query(`SELECT user_id, count(*)::int AS n FROM analyses GROUP BY user_id ORDER BY n DESC LIMIT 1`)).rows;
    if (process.env.KEEP_DB && existing?.n >= ROWS) {
      // Reuse: log in again as the seeded user.
      const [{ email }] = (await db.query(`SELECT email FROM users WHERE id = $1`, [existing.user_id])).rows;
      const res = await fetch(`${stack.apiUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'senha-bench-1' }) }).then((r) => r.json());
      user = { id: existing.user_id, token: res.token };
    } else {
      user = await stack.user(0);
      await seed(db, user.id);
    }
    const results = [];
    for (const [name, qs] of CASES) {
      const url = `${stack.apiUrl}/api/analyses?${qs}`;
      const get = async () => {
        const t0 = performance.now();
        const res = await fetch(url, { headers: { Authorization: `Bearer ${user.token}` } });
        const body = await res.json();
        const ms = performance.now() - t0;
        if (res.status !== 200 || body.items.length !== 10) throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
        return { ms, total: body.total };
      };
      for (let i = 0; i < 5; i++) await get();
      const times = [];
      let total = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const r = await get();
        times.push(r.ms);
        total = r.total;
      }
      const row = { name, total, p50: +percentile(times, 50).toFixed(1), p95: +percentile(times, 95).toFixed(1), min: +Math.min(...times).toFixed(1), max: +Math.max(...times).toFixed(1) };
      results.push(row);
      console.log(JSON.stringify(row));
    }
    console.log('\n| request | rows matching | p50 ms | p95 ms | min–max ms |\n|---|---|---|---|---|');
    for (const r of results) console.log(`| ${r.name} | ${r.total.toLocaleString('en')} | ${r.p50} | ${r.p95} | ${r.min}–${r.max} |`);
    console.log(`load average ${load()}`);

    // The plans of the statements the API runs for the heaviest case.
    const plans = await explainApiQueries(db, user.id);
    for (const [name, plan] of plans) console.log(`\n-- ${name}\n${plan.join('\n')}`);
    const worst = Math.max(...results.map((r) => r.p95));
    report({ bench: 'history', target: `p95 ≤ ${TARGET_MS} ms`, rows: ROWS, cases: results, worstP95: worst, pass: worst <= TARGET_MS });
  } finally {
    await db.end();
    await stack.stop();
  }
}

/** EXPLAIN ANALYZE of the list's statements for page 5,000 with the filters (the SQL AnalysesService.list runs). */
async function explainApiQueries(db, userId) {
  const start = `now() - interval '30 days'`;
  const tz = `'America/Sao_Paulo'`;
  const queries = [
    ["total for the pager (per-day counters + the first day's rows)", `WITH d AS (SELECT s.start, (s.start AT TIME ZONE ${tz})::date AS day FROM (SELECT ${start} AS start) s)
       SELECT (SELECT COALESCE(SUM(c.n), 0) FROM analysis_day_counts c, d WHERE c.user_id = $1 AND c.status = 'done' AND c.day > d.day)
            + (SELECT count(*) FROM analyses a, d WHERE a.user_id = $1 AND a.status = 'done'
                 AND a.created_at >= d.start AND a.created_at < ((d.day + 1)::timestamp AT TIME ZONE ${tz})) AS n`],
    ['page 5,000 ids', `SELECT a.id FROM analyses a WHERE a.user_id = $1 AND a.status = 'done' AND a.created_at >= ${start}
       ORDER BY a.created_at DESC, a.id DESC LIMIT 10 OFFSET 49990`],
  ];
  const out = [];
  for (const [name, sql] of queries) {
    out.push([name, (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [userId])).rows.map((r) => r['QUERY PLAN'])]);
  }
  return out;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
