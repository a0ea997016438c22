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
const { summarize } = require('../lib/cpuprofile');

const FILES = Number(process.env.FILES || 200);
const PAGES = Number(process.env.PAGES || 5);

async function main() {
  const dir = process.env.PROF_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'cda-prof-'));
  const corpus = await Promise.all(Array.from({ length: FILES }, (_, i) => makeCdaPdf([sampleCertificate(i + 1, { pages: PAGES - 1 })])));
  const stack = await benchStack({ name: 'profile', portBase: Number(process.env.PROFILE_PORT_BASE || 5780), workers: 0, storageProxy: false });
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
  console.log(`profile: ${path.join(dir, file)}, ${summarize(path.join(dir, file))}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
