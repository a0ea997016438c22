#!/usr/bin/env node
/*
 * Fault drills against the whole product (API process, worker processes, embedded S3) running on a
 * PRIVATE Postgres and Redis (ports 556x), which the drills stop and start; the shared servers are
 * never touched. After each drill: every analysis ended Concluída or Erro, each user's balance equals
 * the sum of their ledger, nothing is left under uploads/, the API answered 503 with a pt-BR message
 * while the dependency was down, and a new batch completes with the same API process.
 *
 * Drills: SIGKILL a worker mid-batch, Redis down, Postgres down, storage refusing writes, hostile
 * inputs, and SIGKILL of the only worker under `npm start`'s supervisor (it must come back by itself).
 *
 *   node drills/run.js            full form (1,000 hostile files, 10,000-page PDF)
 *   node drills/run.js --short    CI form (one hostile file of each kind; a 2,000-page PDF)
 * Requires `npm run build`. Exit code 1 when any check fails. Log of every process: /tmp/cda-drills.log
 */
const fs = require('node:fs');
const path = require('node:path');
const { Client } = require('pg');
const { startPrivatePostgres, startPrivateRedis } = require('../bench/lib/services');
const { benchStack, waitOutput, ROOT } = require('../bench/lib/stack');
const { ensureDatabase } = require('../scripts/ensure-db');
const { makeCdaPdf, sampleCertificate } = require('../scripts/cda-pdf');
const { KINDS, hostileCorpus, manyPages } = require('./hostile-pdfs');
const { hasExited, exited } = require('../scripts/supervisor');

const SHORT = process.argv.includes('--short') || process.env.DRILLS_SHORT === '1';
const OUTAGE_MS = Number(process.env.OUTAGE_MS || 10000);
const PORTS = { pg: Number(process.env.DRILL_PG_PORT || 5561), redis: Number(process.env.DRILL_REDIS_PORT || 5562), stack: Number(process.env.DRILL_PORT_BASE || 5570) };
const LOG = process.env.DRILL_LOG || '/tmp/cda-drills.log';
const Minio = require(require.resolve('minio', { paths: [path.join(ROOT, 'api')] }));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

const results = [];
let failures = 0;
function check(drill, name, ok, detail = '') {
  results.push({ drill, name, ok, detail });
  if (!ok) failures++;
  log(`${ok ? 'ok  ' : 'FAIL'} ${drill}: ${name}${detail ? ` — ${detail}` : ''}`);
}

/** A stack trace or an English framework message is a defect; a pt-BR sentence is what users get. */
function isPtBrMessage(text) {
  let msg;
  try { msg = JSON.parse(text).message; } catch { return false; }
  msg = Array.isArray(msg) ? msg.join(' ') : String(msg ?? '');
  if (/\n\s+at |Error:|ECONNREFUSED|Internal server error|Service Unavailable/i.test(msg)) return false;
  return /[ãõçéêáíóú]|tente|indispon/i.test(msg);
}

async function main() {
  const started = Date.now();
  log(`drills (${SHORT ? 'short' : 'full'} form), private Postgres :${PORTS.pg}, Redis :${PORTS.redis}`);
  const pg = await startPrivatePostgres(PORTS.pg);
  const redis = await startPrivateRedis(PORTS.redis);
  let stack;
  // Interrupted (Ctrl+C, CI timeout): still stop the private servers and every process started here.
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.once(sig, async () => {
      log(`${sig}: cleaning up`);
      await stack?.stop().catch(() => undefined);
      await redis.destroy();
      await pg.destroy();
      process.exit(130);
    });
  }
  try {
    const databaseUrl = pg.url('cda_drills');
    await ensureDatabase(databaseUrl, { recreate: true });
    stack = await benchStack({
      name: 'drills',
      portBase: PORTS.stack,
      workers: 2,
      recreateDb: false,
      log: LOG,
      env: { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, WORKER_LOCK_MS: '10000', WORKER_SHUTDOWN_GRACE_MS: '3000' },
      workerEnv: { LOG_LEVEL: 'info' },
    });
    const api = stack.apiUrl;
    const user = await stack.user(1_000_000_000);
    const s3 = new Minio.Client({ endPoint: '127.0.0.1', port: PORTS.stack + 2, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1', pathStyle: true });
    const good = await Promise.all(Array.from({ length: 10 }, (_, i) => makeCdaPdf([sampleCertificate(i + 1, { pages: 2 })])));

    const query = async (sql, args = []) => {
      const c = new Client({ connectionString: databaseUrl });
      await c.connect();
      try { return (await c.query(sql, args)).rows; } finally { await c.end(); }
    };
    const uploadBatches = async (n, files = good) => {
      const ids = [];
      for (let i = 0; i < n; i++) {
        const r = await stack.upload(user.token, files);
        if (r.status === 202) ids.push(r.body.id);
        else check('setup', 'batch accepted before the outage', false, `${r.status} ${r.text.slice(0, 160)}`);
      }
      return ids;
    };
    /** What a client gets from the API while a dependency is down: status, pt-BR message, time. */
    const probe = async (drill, expect503) => {
      const calls = {
        'POST /api/analyses': () => fetch(`${api}/api/analyses`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` }, body: formOf(good.slice(0, 2)), signal: AbortSignal.timeout(20000) }),
        'GET /api/analyses': () => fetch(`${api}/api/analyses?page=1`, { headers: { Authorization: `Bearer ${user.token}` }, signal: AbortSignal.timeout(20000) }),
        'POST /api/auth/login': () => fetch(`${api}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: user.email, password: 'senha-bench-1' }), signal: AbortSignal.timeout(20000) }),
      };
      // All at once, so the outage is not stretched by one slow answer.
      await Promise.all(Object.entries(calls).filter(([name]) => expect503.includes(name)).map(async ([name, call]) => {
        const t0 = Date.now();
        let status, text;
        try {
          const res = await call();
          status = res.status;
          text = await res.text();
        } catch (err) {
          status = 'no answer';
          text = String(err.message);
        }
        const ms = Date.now() - t0;
        check(drill, `${name} answers 503 with a pt-BR message within 5 s while down`, status === 503 && isPtBrMessage(text) && ms <= 5000, `${status} in ${ms} ms: ${text.slice(0, 160)}`);
      }));
    };
    /** The invariants every drill must leave behind, then a fresh batch through the same API. */
    const settle = async (drill, { timeoutMs = 120000 } = {}) => {
      const deadline = Date.now() + timeoutMs;
      let stuck = [];
      for (;;) {
        stuck = await query(`SELECT id FROM analyses WHERE status NOT IN ('done', 'error')`).catch(() => [{ id: 'database unreachable' }]);
        if (!stuck.length || Date.now() > deadline) break;
        await sleep(500);
      }
      check(drill, 'every analysis ended done or error', stuck.length === 0, stuck.length ? `${stuck.length} still running` : '');
      const ledger = await query(
        `SELECT u.email, u.tokens, COALESCE((SELECT sum(amount) FROM token_transactions t WHERE t.user_id = u.id), 0) AS ledger
         FROM users u WHERE u.tokens <> COALESCE((SELECT sum(amount) FROM token_transactions t WHERE t.user_id = u.id), 0)`,
      );
      check(drill, 'balance = sum of the ledger for every user', ledger.length === 0, ledger.map((r) => `${r.email}: ${r.tokens} vs ${r.ledger}`).join('; '));
      const unsettled = await query(`SELECT id FROM analyses WHERE status <> 'processing' AND settled_at IS NULL`);
      check(drill, 'every ended analysis settled its tokens', unsettled.length === 0, unsettled.length ? `${unsettled.length} unsettled` : '');
      const leftovers = await listKeys(s3, 'uploads/');
      check(drill, 'no uploaded PDF left in storage', leftovers.length === 0, leftovers.slice(0, 3).join(', '));
      // Recovery: the same API process takes a new batch (retried for up to 30 s while clients reconnect).
      const t0 = Date.now();
      let id = null;
      let lastError = '';
      while (!id && Date.now() - t0 < 30000) {
        const r = await stack.upload(user.token, good.slice(0, 3), 'cda-recovery');
        if (r.status === 202) id = r.body.id;
        else {
          lastError = `${r.status} ${r.text.slice(0, 160)}`;
          await sleep(1000);
        }
      }
      const acceptedAfter = Date.now() - t0;
      let final = null;
      if (id) {
        const end = Date.now() + 90000;
        while (Date.now() < end) {
          [final] = await query(`SELECT status FROM analyses WHERE id = $1 AND status <> 'processing'`, [id]);
          if (final) break;
          await sleep(300);
        }
      }
      check(drill, 'a new batch completes without restarting the API', final?.status === 'done',
        id ? `${final?.status ?? 'still running'}; upload accepted ${(acceptedAfter / 1000).toFixed(1)} s after recovery began` : `refused for 30 s: ${lastError}`);
      const counts = await query(`SELECT status, count(*)::int AS n FROM analyses GROUP BY status`);
      return Object.fromEntries(counts.map((r) => [r.status, r.n]));
    };
    const apiPid = stack.children[0].pid;
    const apiAlive = (drill) => check(drill, 'the API process is the one started at the beginning', stack.children[0].exitCode === null && stack.children[0].pid === apiPid);

    // 1. SIGKILL a worker mid-batch.
    {
      const drill = 'SIGKILL worker';
      const ids = await uploadBatches(4);
      const victim = await pickBusyWorker(stack.workers);
      victim.child.kill('SIGKILL');
      await new Promise((r) => (victim.child.exitCode !== null || victim.child.signalCode ? r() : victim.child.once('exit', r)));
      log(`killed worker ${victim.child.pid} inside a job; ${ids.length} analyses in flight`);
      await stack.startWorker().ready;
      const counts = await settle(drill);
      log('  outcomes', counts);
      apiAlive(drill);
    }

    // 2. Redis down for OUTAGE_MS.
    {
      const drill = 'Redis down';
      await uploadBatches(3);
      await sleep(500);
      const t0 = Date.now();
      await redis.stop();
      log('Redis stopped');
      await probe(drill, ['POST /api/analyses', 'POST /api/auth/login']);
      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - t0)));
      await redis.start();
      log(`Redis back after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      log('  outcomes', await settle(drill));
      apiAlive(drill);
    }

    // 3. Postgres down for OUTAGE_MS.
    {
      const drill = 'Postgres down';
      await uploadBatches(3);
      await sleep(500);
      const t0 = Date.now();
      await pg.stop();
      log('Postgres stopped');
      await probe(drill, ['POST /api/analyses', 'GET /api/analyses', 'POST /api/auth/login']);
      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - t0)));
      await pg.start();
      log(`Postgres back after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      log('  outcomes', await settle(drill));
      apiAlive(drill);
      const deadWorkers = stack.workers.filter((w) => w.child.exitCode !== null && !w.child.signalCode);
      check(drill, 'no worker process died', deadWorkers.length === 0, deadWorkers.map((w) => w.output().split('\n').filter((l) => l.includes('fatal') || l.includes('Error')).slice(-2).join(' ')).join(' | ').slice(0, 300));
    }

    // 4. Storage refuses writes (bucket over quota).
    {
      const drill = 'storage refuses writes';
      await uploadBatches(3);
      await sleep(300);
      const t0 = Date.now();
      stack.s3Proxy.state.refuseWrites = true;
      log('storage refusing writes');
      await probe(drill, ['POST /api/analyses']);
      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - t0)));
      stack.s3Proxy.state.refuseWrites = false;
      log('storage accepting writes again');
      log('  outcomes', await settle(drill));
      apiAlive(drill);
    }

    // 5. Hostile inputs.
    await hostileDrill({ stack, user, query, uploadBatches, settle, good, apiAlive });

    // 6. kill -9 the only worker, under the supervisor `npm start` runs its workers with.
    await supervisedWorkerDrill({ stack, query, uploadBatches, settle, apiAlive });
  } finally {
    await stack?.stop().catch((err) => log('stack stop failed', err.message));
    await redis.destroy();
    await pg.destroy();
  }
  const passed = results.filter((r) => r.ok).length;
  log(`\n${passed}/${results.length} checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`RESULT ${JSON.stringify({ bench: 'drills', form: SHORT ? 'short' : 'full', passed, total: results.length, failures: results.filter((r) => !r.ok), date: new Date().toISOString().slice(0, 10) })}`);
  if (failures) process.exitCode = 1;
}

async function hostileDrill({ stack, user, query, settle, good, apiAlive }) {
  const drill = 'hostile inputs';
  const count = Number(process.env.HOSTILE_COUNT || (SHORT ? KINDS.length : 1000));
  let corpus = await hostileCorpus(count);
  // The CI form keeps to its time budget with a 2,000-page file; the full form uses 10,000 pages.
  if (SHORT) corpus = corpus.map((f) => (f.kind === 'manyPages' ? { ...f, data: manyPages(2000) } : f));
  const kinds = [...new Set(corpus.map((f) => f.kind))];
  log(`${corpus.length} hostile files: ${kinds.map((k) => `${k} ×${corpus.filter((f) => f.kind === k).length}`).join(', ')}`);
  const before = new Set((await query(`SELECT id FROM analyses`)).map((r) => r.id));

  // Memory: every live worker's RSS sampled through the drill; VmHWM is the kernel's own peak.
  const workers = stack.workers.filter((w) => w.child.exitCode === null && !w.child.signalCode);
  let peakRss = 0;
  const sampler = setInterval(() => {
    for (const w of workers) {
      try {
        const status = fs.readFileSync(`/proc/${w.child.pid}/status`, 'utf8');
        peakRss = Math.max(peakRss, Number(/VmHWM:\s+(\d+)/.exec(status)[1]) * 1024);
      } catch { /* exited: reported below */ }
    }
  }, 200);

  // Not-a-PDF files are refused at upload (one per request, so they do not sink a batch of good ones).
  const notPdf = corpus.filter((f) => f.kind === 'notPdf');
  const refusals = [];
  for (const [i, f] of notPdf.entries()) refusals.push(await stack.upload(user.token, [f.data], `nao-pdf-${i}`));
  check(drill, `${notPdf.length} not-a-PDF files refused at upload with 400 and a pt-BR reason`,
    refusals.every((r) => (r.status === 400 && isPtBrMessage(r.text)) || (r.status === 400 && /vazio|PDF/.test(r.text))),
    [...new Set(refusals.map((r) => `${r.status} ${typeof r.body === 'object' ? r.body.message : r.text}`))].join(' | ').slice(0, 200));

  const rest = corpus.filter((f) => f.kind !== 'notPdf');
  const byName = new Map();
  for (let i = 0; i < rest.length; i += 10) {
    const batch = rest.slice(i, i + 10);
    const form = new FormData();
    batch.forEach((f, j) => {
      const name = `${f.kind}-${i + j}.pdf`;
      byName.set(name, f.kind);
      form.append('files', new Blob([f.data], { type: 'application/pdf' }), name);
    });
    const res = await fetch(`${stack.apiUrl}/api/analyses`, { method: 'POST', headers: { Authorization: `Bearer ${user.token}` }, body: form });
    if (res.status !== 202) check(drill, `batch ${i / 10 + 1} accepted`, false, `${res.status} ${await res.text()}`);
  }
  const counts = await settle(drill, { timeoutMs: SHORT ? 150000 : 900000 });
  clearInterval(sampler);

  const files = await query(
    `SELECT f.name, f.status, f.error, a.status AS analysis_status, a.error AS analysis_error
     FROM analysis_files f JOIN analyses a ON a.id = f.analysis_id WHERE NOT (a.id = ANY($1::uuid[])) AND f.name NOT LIKE 'cda-%'`,
    [[...before]],
  );
  const reasons = {};
  for (const f of files) {
    const key = `${byName.get(f.name) ?? '?'}: ${f.error ?? f.analysis_error ?? '(no reason)'}`;
    reasons[key] = (reasons[key] ?? 0) + 1;
  }
  log('  reasons per kind', reasons);
  const unexplained = files.filter((f) => !(f.error || f.analysis_error) || !/[ãõçéêáíóú]|PDF|CDA/.test(f.error ?? f.analysis_error));
  check(drill, `each of ${files.length} accepted hostile files ended with a pt-BR reason`, files.length === rest.length && unexplained.length === 0,
    `${files.length}/${rest.length} recorded, ${unexplained.length} without a reason`);
  // A bad file is that file's outcome; the generic internal failure means the job itself failed
  // (e.g. a lost lock while one file held the event loop).
  const generic = files.filter((f) => /Falha interna/.test(f.error ?? f.analysis_error ?? ''));
  check(drill, 'no hostile file ended with the generic internal failure', generic.length === 0,
    generic.length ? `${generic.length}: ${generic.slice(0, 5).map((f) => byName.get(f.name)).join(', ')}` : '');
  const died = stack.workers.filter((w) => w.child.exitCode !== null && !w.child.signalCode);
  check(drill, 'no worker died', died.length === 0);
  check(drill, 'worker peak RSS stays bounded (≤ 300 MB)', peakRss > 0 && peakRss <= 300 * 1024 * 1024, `${(peakRss / 1048576).toFixed(0)} MB`);
  log('  outcomes', counts);
  apiAlive(drill);
}

/**
 * The issue this drill comes from: under `npm start`, a worker killed with -9 stayed dead, its jobs
 * stayed `active` and the analyses "Processando" for good. The bench's own workers leave; one worker
 * started by scripts/stack.js's supervisor (the code path of `npm start`) is the only consumer.
 */
async function supervisedWorkerDrill({ stack, query, uploadBatches, settle, apiAlive }) {
  const drill = 'SIGKILL the only worker under the npm start supervisor';
  const live = stack.workers.filter((w) => !hasExited(w.child));
  await Promise.all(live.map((w) => { w.child.kill('SIGTERM'); return exited(w.child); }));
  const supervised = stack.addWorker();
  const listed = async (pid) => {
    const res = await fetch(`${stack.apiUrl}/api/admin/queues`, { headers: { Authorization: `Bearer ${stack.adminToken}` } });
    const { workers } = await res.json();
    return workers.length === 1 && workers[0].pid === pid;
  };
  const until = async (cond, ms) => {
    const deadline = Date.now() + ms;
    while (!(await cond())) {
      if (Date.now() > deadline) return false;
      await sleep(200);
    }
    return true;
  };
  check(drill, 'the supervised worker is the only one listed', await until(() => listed(supervised.child.pid), 30000));

  const ids = await uploadBatches(2);
  // Inside a job: a file of these analyses has been recorded.
  const inJob = await until(async () => (await query(`SELECT count(*)::int AS n FROM analysis_files WHERE analysis_id = ANY($1::uuid[])`, [ids]))[0].n > 0, 30000);
  const victim = supervised.child;
  victim.kill('SIGKILL');
  await exited(victim);
  log(`killed the supervised worker ${victim.pid} with SIGKILL ${inJob ? 'inside a job' : '(no file recorded yet)'}; ${ids.length} analyses in flight`);
  const restarted = await until(() => supervised.child !== victim, 10000);
  check(drill, 'the supervisor started it again within 10 s', restarted && supervised.restarts === 1, `restarts ${supervised.restarts}`);
  const logged = await until(() => fs.readFileSync(LOG, 'utf8').includes(`(pid ${victim.pid}) died by signal SIGKILL`), 5000);
  check(drill, 'the death is logged with its signal', logged);
  check(drill, 'the restarted worker is listed live on the queue page', restarted && (await until(() => listed(supervised.child.pid), 30000)));
  log('  outcomes', await settle(drill));
  const mine = await query(`SELECT status, count(*)::int AS n FROM analyses WHERE id = ANY($1::uuid[]) GROUP BY status`, [ids]);
  log('  the killed batches', Object.fromEntries(mine.map((r) => [r.status, r.n])));
  apiAlive(drill);
}

/** The worker that has logged a file inside a job; the other one if both have. */
async function pickBusyWorker(workers) {
  const live = workers.filter((w) => w.child.exitCode === null && !w.child.signalCode);
  const deadline = Date.now() + 30000;
  while (Date.now() < deadline) {
    const busy = live.find((w) => w.output().includes('file extracted'));
    if (busy) return busy;
    await sleep(20);
  }
  throw new Error('no worker started a job');
}

function formOf(files) {
  const form = new FormData();
  files.forEach((b, j) => form.append('files', new Blob([b], { type: 'application/pdf' }), `cda-probe-${j}.pdf`));
  return form;
}

function listKeys(s3, prefix) {
  return new Promise((resolve, reject) => {
    const keys = [];
    const s = s3.listObjectsV2('cda', prefix, true);
    s.on('data', (o) => keys.push(o.name));
    s.on('end', () => resolve(keys));
    s.on('error', reject);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

module.exports = { waitOutput };
