#!/usr/bin/env node
/*
 * Upload latency under load: 2 workers kept saturated while CLIENTS concurrent clients (each its own
 * account) upload 10-file CDA batches for SECONDS seconds; p50/p95/p99 of the time to the 202 answer,
 * measured by the client. Target: p99 ≤ 150 ms. Two client models, each run RUNS times:
 *  - open: each client sends a batch at random (Poisson) moments, on average every OPEN_INTERVAL_MS
 *    (1,000: 20 batches/s together, 200 files/s — five times what the two workers get through, so
 *    they stay saturated and the queue grows), whether or not its previous upload has been answered.
 *    This is the latency a user sees; the target is judged on it.
 *  - closed: each client sends its next batch as soon as the previous one is answered. This measures
 *    the API's capacity: with no pause, latency ≈ CLIENTS ÷ uploads per second (queueing), whatever
 *    the upload path costs.
 *   node bench/upload-latency/run.js     Options: CLIENTS (20), SECONDS (60), RUNS (3), MODE (both|open|closed),
 *   OPEN_INTERVAL_MS (1000), UPLOAD_PORT_BASE,
 *   PROFILE_API=<dir>: the API is restarted under --cpu-prof and its profile summarised at the end.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { makeCdaPdf, sampleCertificate } = require('../../scripts/cda-pdf');
const { benchStack, ROOT } = require('../lib/stack');
const { summarize } = require('../lib/cpuprofile');
const { percentile, summary, fmtRange, report, load } = require('../lib/stats');

const CLIENTS = Number(process.env.CLIENTS || 20);
const SECONDS = Number(process.env.SECONDS || 60);
const RUNS = Number(process.env.RUNS || 3);
const BASE = Number(process.env.UPLOAD_PORT_BASE || 5650);
const MODE = process.env.MODE || 'both';
const OPEN_INTERVAL_MS = Number(process.env.OPEN_INTERVAL_MS || 1000);
const TARGET_MS = 150;

async function oneRun(stack, users, batch, mode) {
  const times = [];
  const errors = {};
  const t0 = Date.now();
  const end = t0 + SECONDS * 1000;
  const record = (r) => {
    if (r.status === 202) times.push(r.ms);
    else errors[r.status] = (errors[r.status] ?? 0) + 1;
  };
  if (mode === 'closed') {
    await Promise.all(users.map(async (u) => {
      while (Date.now() < end) record(await stack.upload(u.token, batch));
    }));
  } else {
    // Exponential gaps: independent users, not a synchronised burst every interval.
    const gap = () => -Math.log(1 - Math.random()) * OPEN_INTERVAL_MS;
    await Promise.all(users.map(async (u) => {
      const inFlight = [];
      for (let at = Date.now() + gap(); at < end; at += gap()) {
        await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
        inFlight.push(stack.upload(u.token, batch).then(record));
      }
      await Promise.all(inFlight);
    }));
  }
  const seconds = (Date.now() - t0) / 1000;
  // Saturated means a backlog: jobs were still waiting for a worker when the clients stopped.
  const queues = await fetch(`${stack.apiUrl}/api/admin/queues`, { headers: { Authorization: `Bearer ${stack.adminToken}` } }).then((r) => r.json()).catch(() => null);
  const waiting = queues?.queues?.find((q) => q.name === 'analyses')?.counts?.waiting ?? null;
  return { mode, n: times.length, perSecond: times.length / seconds, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: Math.max(...times), errors, waiting, load: load() };
}

async function main() {
  const batch = await Promise.all(Array.from({ length: 10 }, (_, i) => makeCdaPdf([sampleCertificate(i + 1, { pages: 4 })])));
  const stack = await benchStack({ name: 'upload', portBase: BASE, workers: 2, storageProxy: false });
  const runs = [];
  let api = null;
  try {
    if (process.env.PROFILE_API) api = await profiledApi(stack, process.env.PROFILE_API);
    const users = [];
    for (let i = 0; i < CLIENTS; i++) users.push(await stack.user(1_000_000_000));
    // Warm-up, and a backlog for the workers before the clock starts.
    await Promise.all(users.map((u) => stack.upload(u.token, batch)));
    const modes = MODE === 'both' ? ['open', 'closed'] : [MODE];
    for (let r = 0; r < RUNS; r++) {
      for (const mode of modes) {
        runs.push(await oneRun(stack, users, batch, mode));
        console.log(JSON.stringify(runs.at(-1), (k, v) => (typeof v === 'number' ? +v.toFixed(1) : v)));
      }
    }
  } finally {
    if (api) await api.stop();
    await stack.stop();
  }
  if (api) console.log(`\nAPI profile: ${api.file()}, ${summarize(api.file())}`);
  const result = { bench: 'upload-latency', target: `p99 ≤ ${TARGET_MS} ms (open loop)`, clients: CLIENTS, seconds: SECONDS, openIntervalMs: OPEN_INTERVAL_MS };
  for (const mode of ['open', 'closed']) {
    const rs = runs.filter((r) => r.mode === mode);
    if (!rs.length) continue;
    const s = (k) => summary(rs.map((r) => r[k]), 1);
    console.log(`\n${mode} loop: | percentile | ms, median of ${rs.length} runs (min–max) |\n|---|---|`);
    for (const k of ['p50', 'p95', 'p99']) console.log(`| ${k} | ${fmtRange(s(k))} |`);
    console.log(`uploads per second: ${rs.map((r) => r.perSecond.toFixed(1)).join(', ')}; jobs waiting at the end: ${rs.map((r) => r.waiting).join(', ')}`);
    result[mode] = { p50: s('p50'), p95: s('p95'), p99: s('p99'), perSecond: s('perSecond'), uploads: rs.map((r) => r.n) };
  }
  report({ ...result, pass: result.open ? result.open.p99.median <= TARGET_MS : false });
}

/** Replaces the stack's API process by one under --cpu-prof (same environment and port). */
async function profiledApi(stack, dir) {
  const old = stack.children[0];
  await new Promise((r) => { old.once('exit', r); old.kill('SIGTERM'); });
  fs.mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, path.join(ROOT, 'api/dist/main.js')], {
    env: { ...process.env, ...stack.env, ADMIN_EMAIL: stack.admin.email }, cwd: ROOT, stdio: 'ignore',
  });
  for (let i = 0; i < 120; i++) {
    if (await fetch(`${stack.apiUrl}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM'); }),
    file: () => path.join(dir, fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort().at(-1)),
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
