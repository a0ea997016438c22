#!/usr/bin/env node
/*
 * Throughput with 1, 2 and 4 worker processes: the whole product on loopback (scripts/stack.js),
 * FILES CDA PDFs uploaded through the API in batches of 10, timed from the first upload to the last
 * `Concluída` event received over socket.io. Median of RUNS runs per worker count.
 * Run by hand after `npm run build`: node bench/scale/run.js
 */
const path = require('node:path');
const os = require('node:os');
const fs = require('node:fs');
const { makeCdaPdf, sampleCertificate } = require('../../scripts/cda-pdf');
const { io } = require(require.resolve('socket.io-client', { paths: [path.resolve(__dirname, '../../api')] }));
const { startStack } = require('../../scripts/stack');
const { ensureDatabase } = require('../../scripts/ensure-db');
const { signUp } = require('../lib/stack');

const FILES = Number(process.env.FILES || 40);
const PAGES = Number(process.env.PAGES || 5);
const RUNS = Number(process.env.RUNS || 3);
const COUNTS = (process.env.WORKER_COUNTS || '1,2,4').split(',').map(Number);

// Real (synthetic) CDAs that the extraction engine reads: PAGES pages each.
const cdaPdf = (i) => makeCdaPdf([sampleCertificate(i, { pages: PAGES - 1 })]);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function oneRun(stack, corpus, databaseUrl) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.local`;
  const reg = await signUp(stack.apiUrl, databaseUrl, { name: 'Bench', email, whatsapp: '11987654321', password: 'senha-bench-1' });
  const socket = io(stack.apiUrl, { auth: { token: reg.token }, transports: ['websocket'] });
  await new Promise((r) => socket.once('connect', r));
  const pending = new Set();
  let allDone;
  const finished = new Promise((r) => (allDone = r));
  let uploadsDone = false;
  socket.on('analysis:status', (e) => {
    if (e.status === 'processing') return;
    if (e.status !== 'done') console.error('analysis ended', e.status, e.error);
    pending.delete(e.id);
    if (uploadsDone && pending.size === 0) allDone();
  });
  const t0 = performance.now();
  for (let i = 0; i < corpus.length; i += 10) {
    const form = new FormData();
    corpus.slice(i, i + 10).forEach((b, j) => form.append('files', new Blob([b], { type: 'application/pdf' }), `cda-${i + j}.pdf`));
    const res = await fetch(`${stack.apiUrl}/api/analyses`, { method: 'POST', headers: { Authorization: `Bearer ${reg.token}` }, body: form });
    if (res.status !== 202) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    pending.add((await res.json()).id);
  }
  uploadsDone = true;
  if (pending.size === 0) allDone();
  await finished;
  const seconds = (performance.now() - t0) / 1000;
  socket.disconnect();
  return seconds;
}

async function main() {
  const corpus = await Promise.all(Array.from({ length: FILES }, (_, i) => cdaPdf(i)));
  const results = [];
  for (const workers of COUNTS) {
    const db = `postgres://postgres@127.0.0.1:5432/cda_bench_scale`;
    await ensureDatabase(db, { recreate: true });
    const stack = await startStack(
      {
        DATABASE_URL: db,
        PORT: '3410',
        WEB_PORT: '5410',
        S3_ENDPOINT: '',
        EMBEDDED_S3_PORT: '9410',
        EMBEDDED_S3_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cda-bench-s3-')),
        QUEUE_PREFIX: `bench-${Date.now()}`,
        WORKER_METRICS_PORT: '0',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'bench-admin',
      },
      { workers, log: { write: () => true } },
    );
    try {
      await oneRun(stack, corpus.slice(0, 10), db); // warm-up: JIT, pdf.js, connections
      const times = [];
      for (let r = 0; r < RUNS; r++) times.push(await oneRun(stack, corpus, db));
      const s = median(times);
      results.push({ workers, seconds: s, filesPerSec: FILES / s, pagesPerSec: (FILES * PAGES) / s, runs: times.map((t) => t.toFixed(2)) });
      console.log(JSON.stringify(results.at(-1)));
    } finally {
      await stack.stop();
    }
  }
  const base = results[0];
  console.log(`\n| workers | median s | files/s | pages/s | speed-up vs 1 | runs (s) |\n|---|---|---|---|---|---|`);
  for (const r of results) {
    console.log(`| ${r.workers} | ${r.seconds.toFixed(2)} | ${r.filesPerSec.toFixed(1)} | ${r.pagesPerSec.toFixed(0)} | ${(base.seconds / r.seconds).toFixed(2)}× | ${r.runs.join(', ')} |`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
