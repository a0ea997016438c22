#!/usr/bin/env node
/*
 * Status latency: from the worker's status write in Postgres (`completed_at`, set in the transaction
 * that ends the analysis) to the socket.io event arriving in a real browser page (Chromium, the
 * socket.io client served by the API). Same machine, same clock. The write's timestamp is taken at
 * the transaction's start, so the figure includes the commit: it errs on the slow side.
 *   node bench/status-latency/run.js    Options: ANALYSES (40 per run), RUNS (3). Target: p95 ≤ 250 ms.
 */
const { Client } = require('pg');
const { chromium } = require('@playwright/test');
const { makeCdaPdf, sampleCertificate } = require('../../scripts/cda-pdf');
const { benchStack } = require('../lib/stack');
const { percentile, summary, fmtRange, report, load } = require('../lib/stats');

const ANALYSES = Number(process.env.ANALYSES || 40);
const RUNS = Number(process.env.RUNS || 3);
const BASE = Number(process.env.STATUS_PORT_BASE || 5740);
const TARGET_MS = 250;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const pdf = await makeCdaPdf([sampleCertificate(7, { pages: 1 })]);
  const stack = await benchStack({ name: 'status', portBase: BASE, workers: 2, storageProxy: false });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const runs = [];
  try {
    const user = await stack.user(1_000_000_000);
    const page = await browser.newPage();
    await page.goto(stack.url);
    await page.addScriptTag({ url: `${stack.apiUrl}/socket.io/socket.io.js` });
    await page.evaluate(({ api, token }) => new Promise((resolve, reject) => {
      window.__events = [];
      const s = window.io(api, { auth: { token }, transports: ['websocket'] });
      s.on('analysis:status', (e) => window.__events.push({ id: e.id, status: e.status, at: Date.now() }));
      s.once('connect', resolve);
      s.once('connect_error', reject);
    }), { api: stack.apiUrl, token: user.token });
    for (let r = 0; r <= RUNS; r++) {
      const ids = [];
      // One small analysis every 250 ms: workers busy but not backlogged, as a user watching a batch.
      for (let i = 0; i < ANALYSES; i++) {
        const res = await stack.upload(user.token, [pdf]);
        if (res.status !== 202) throw new Error(`upload ${res.status} ${res.text}`);
        ids.push(res.body.id);
        await sleep(250);
      }
      const deadline = Date.now() + 120000;
      let events;
      for (;;) {
        events = (await page.evaluate(() => window.__events)).filter((e) => ids.includes(e.id) && e.status !== 'processing');
        if (events.length >= ids.length || Date.now() > deadline) break;
        await sleep(200);
      }
      const written = new Map((await db.query(`SELECT id, (extract(epoch from completed_at) * 1000)::float8 AS ms FROM analyses WHERE id = ANY($1)`, [ids])).rows.map((x) => [x.id, x.ms]));
      const lat = events.map((e) => e.at - written.get(e.id));
      if (r === 0) continue; // warm-up
      runs.push({ n: lat.length, p50: percentile(lat, 50), p95: percentile(lat, 95), max: Math.max(...lat), load: load() });
      console.log(JSON.stringify(runs.at(-1), (k, v) => (typeof v === 'number' ? +v.toFixed(1) : v)));
    }
  } finally {
    await browser.close();
    await db.end();
    await stack.stop();
  }
  const s = (k) => summary(runs.map((r) => r[k]), 1);
  console.log(`\nstatus write → browser event: p50 ${fmtRange(s('p50'), ' ms')}, p95 ${fmtRange(s('p95'), ' ms')} (medians of ${RUNS} runs × ${ANALYSES} analyses)`);
  report({ bench: 'status-latency', target: `p95 ≤ ${TARGET_MS} ms`, p50: s('p50'), p95: s('p95'), pass: s('p95').median <= TARGET_MS });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
