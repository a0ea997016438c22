#!/usr/bin/env node
/*
 * Where a worker's time goes on the pipeline bench's corpus: one worker under `--cpu-prof`, FILES
 * CDAs uploaded in batches of 10, then the top functions by self time (and by file) from the profile.
 *   node bench/pipeline/profile.js     Options: FILES (200), PAGES (5). Profile kept in PROF_DIR.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { makeCdaPdf, sampleCertificate } = require('../../scripts/cda-pdf');
const { benchStack } = require('../lib/stack');

const FILES = Number(process.env.FILES || 200);
const PAGES = Number(process.env.PAGES || 5);

async function main() {
  const dir = process.env.PROF_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'cda-prof-'));
  const corpus = await Promise.all(Array.from({ length: FILES }, (_, i) => makeCdaPdf([sampleCertificate(i + 1, { pages: PAGES - 1 })])));
  const stack = await benchStack({ name: 'profile', portBase: Number(process.env.PROFILE_PORT_BASE || 5780), workers: 0 });
  try {
    const w = stack.startWorker({}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    await w.ready;
    const user = await stack.user(1_000_000_000);
    const socket = await stack.socket(user.token);
    const ids = [];
    for (let i = 0; i < corpus.length; i += 10) ids.push((await stack.upload(user.token, corpus.slice(i, i + 10))).body.id);
    await socket.waitFinal(ids);
    socket.close();
    w.child.kill('SIGTERM');
    await new Promise((r) => w.child.once('exit', r));
  } finally {
    await stack.stop();
  }
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const prof = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const dt = new Map();
  for (let i = 0; i < prof.samples.length; i++) dt.set(prof.samples[i], (dt.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
  const byFn = new Map();
  const byFile = new Map();
  let total = 0;
  for (const n of prof.nodes) {
    const us = dt.get(n.id) ?? 0;
    total += us;
    const cf = n.callFrame;
    const fn = `${cf.functionName || '(anonymous)'} ${cf.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(api|worker|shared)\//, '$1/')}:${cf.lineNumber}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
    const mod = cf.url ? cf.url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1').replace(/^file:\/\/.*\/(worker|shared)\/dist\/(\w+).*$/, '$1/$2') : cf.functionName;
    byFile.set(mod, (byFile.get(mod) ?? 0) + us);
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`).join('\n');
  console.log(`profile: ${path.join(dir, file)} (${(total / 1e6).toFixed(1)} s sampled)\n\nby package / module:\n${top(byFile, 15)}\n\nby function (self time):\n${top(byFn, 25)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
