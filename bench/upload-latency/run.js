#!/usr/bin/env node
/*
 * Upload latency under load: 2 workers kept saturated while CLIENTS concurrent clients (each its own
 * account) upload 10-file CDA batches back to back for SECONDS seconds; p50/p95/p99 of the time to
 * the 202 answer, measured by the client. Target: p99 ≤ 150 ms.
 *   node bench/upload-latency/run.js     Options: CLIENTS (20), SECONDS (60), RUNS (3), UPLOAD_PORT_BASE,
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
const TARGET_MS = 150;

async function oneRun(stack, users, batch) {
  const times = [];
  const errors = {};
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(users.map(async (u) => {
    while (Date.now() < end) {
      const r = await stack.upload(u.token, batch);
      if (r.status === 202) times.push(r.ms);
      else errors[r.status] = (errors[r.status] ?? 0) + 1;
    }
  }));
  // Saturated means a backlog: jobs were still waiting for a worker when the clients stopped.
  const backlog = await fetch(`${stack.apiUrl}/api/admin/queues`, { headers: { Authorization: `Bearer ${stack.adminToken}` } }).then((r) => r.json()).catch(() => null);
  return { n: times.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: Math.max(...times), errors, backlog: backlog?.counts ?? backlog?.analyses?.counts ?? null, load: load() };
}

async function main() {
  const batch = await Promise.all(Array.from({ length: 10 }, (_, i) => makeCdaPdf([sampleCertificate(i + 1, { pages: 4 })])));
  const stack = await benchStack({ name: 'upload', portBase: BASE, workers: 2 });
  const runs = [];
  let api = null;
  try {
    if (process.env.PROFILE_API) api = await profiledApi(stack, process.env.PROFILE_API);
    const users = [];
    for (let i = 0; i < CLIENTS; i++) users.push(await stack.user(1_000_000_000));
    // Warm-up, and a backlog for the workers before the clock starts.
    await Promise.all(users.map((u) => stack.upload(u.token, batch)));
    for (let r = 0; r < RUNS; r++) {
      runs.push(await oneRun(stack, users, batch));
      console.log(JSON.stringify(runs.at(-1), (k, v) => (typeof v === 'number' ? +v.toFixed(1) : v)));
    }
  } finally {
    if (api) await api.stop();
    await stack.stop();
  }
  if (api) console.log(`\nAPI profile: ${api.file()}, ${summarize(api.file())}`);
  const s = (k) => summary(runs.map((r) => r[k]), 1);
  console.log(`\n| percentile | ms, median of ${RUNS} runs (min–max) |\n|---|---|`);
  for (const k of ['p50', 'p95', 'p99']) console.log(`| ${k} | ${fmtRange(s(k))} |`);
  console.log(`uploads per run: ${runs.map((r) => r.n).join(', ')}`);
  report({ bench: 'upload-latency', target: `p99 ≤ ${TARGET_MS} ms`, clients: CLIENTS, seconds: SECONDS, p50: s('p50'), p95: s('p95'), p99: s('p99'), uploads: runs.map((r) => r.n), pass: s('p99').median <= TARGET_MS });
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
