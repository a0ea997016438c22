#!/usr/bin/env node
/*
 * Where the pipeline bench's time and CPU go: the same corpus uploaded in batches of 10 to a stack with
 * WORKERS workers, ROUNDS times; per round, when the last upload was answered and the last `Concluída`
 * arrived, and the CPU time (user + system, all threads) each process spent: API, workers, the embedded
 * S3 server, the Postgres backends serving the bench database, and this process (the clients).
 *   node bench/pipeline/breakdown.js     Options: FILES (200), PAGES (5), WORKERS (2), ROUNDS (3).
 */
const fs = require('node:fs');
const { Client } = require(require.resolve('pg', { paths: [require('node:path').join(__dirname, '../../api')] }));
const { makeCdaPdf, sampleCertificate } = require('../../scripts/cda-pdf');
const { benchStack } = require('../lib/stack');

const FILES = Number(process.env.FILES || 200);
const PAGES = Number(process.env.PAGES || 5);
const WORKERS = Number(process.env.WORKERS || 2);
const ROUNDS = Number(process.env.ROUNDS || 3);
const TICK_MS = 10; // USER_HZ 100

/** CPU ms of a process, all its threads; 0 once it is gone. */
function cpuMs(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

async function main() {
  const corpus = await Promise.all(Array.from({ length: FILES }, (_, i) => makeCdaPdf([sampleCertificate(i + 1, { pages: PAGES - 1 })])));
  const stack = await benchStack({ name: 'breakdown', portBase: Number(process.env.BREAKDOWN_PORT_BASE || 5900), workers: WORKERS, storageProxy: false });
  const pg = new Client({ connectionString: stack.databaseUrl });
  await pg.connect();
  const backends = async () => (await pg.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map((r) => r.pid);
  const snapshot = async () => ({
    api: stack.children.reduce((n, c) => n + cpuMs(c.pid), 0),
    workers: stack.workers.reduce((n, w) => n + cpuMs(w.child.pid), 0),
    s3: cpuMs(stack.s3Pid),
    postgres: (await backends()).reduce((n, p) => n + cpuMs(p), 0),
    clients: cpuMs(process.pid),
  });
  try {
    const user = await stack.user(1_000_000_000);
    for (let round = 0; round <= ROUNDS; round++) {
      const socket = await stack.socket(user.token);
      const before = await snapshot();
      const ids = [];
      const t0 = Date.now();
      for (let i = 0; i < corpus.length; i += 10) ids.push((await stack.upload(user.token, corpus.slice(i, i + 10))).body.id);
      const uploadsS = (Date.now() - t0) / 1000;
      const finals = await socket.waitFinal(ids);
      const totalS = (Math.max(...finals.map((e) => e.receivedAt)) - t0) / 1000;
      const after = await snapshot();
      socket.close();
      const cpu = Object.fromEntries(Object.keys(after).map((k) => [k, +((after[k] - before[k]) / 1000).toFixed(2)]));
      const cpuTotal = +Object.values(cpu).reduce((a, b) => a + b, 0).toFixed(2);
      // Round 0 warms up (JIT, first pdf.js load, connections) and is not reported.
      if (round > 0) console.log(JSON.stringify({ round, uploadsS, totalS, cpuS: cpu, cpuTotalS: cpuTotal, coresBusy: +(cpuTotal / totalS).toFixed(2) }));
    }
  } finally {
    await pg.end();
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
