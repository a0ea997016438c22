/*
 * The whole product on loopback for benchmarks and drills: scripts/stack.js (API process, migrations,
 * admin, web) with an embedded S3 server and worker processes this module owns, so a bench can add,
 * kill or measure workers and a drill can make storage refuse writes.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { startStack, localSecrets, SHARED_MACHINE_WORKER_NICE } = require('../../scripts/stack');
const { ensureDatabase } = require('../../scripts/ensure-db');
const { Client } = require('pg');

const ROOT = path.resolve(__dirname, '../..');
const { io } = require(require.resolve('socket.io-client', { paths: [path.join(ROOT, 'api')] }));

/**
 * An S3 front that can refuse writes, as a bucket over quota does: uploads (PUT, multipart POST)
 * answer 507 with an S3 error document while `refuseWrites` is on; reads and deletes pass through.
 */
function startRefusingProxy(target, port) {
  const state = { refuseWrites: false };
  const server = http.createServer((req, res) => {
    // DeleteObjects is a POST (`?delete`): a bucket over quota still lets objects be removed.
    if (state.refuseWrites && (req.method === 'PUT' || (req.method === 'POST' && !/[?&]delete(=|&|$)/.test(req.url)))) {
      req.resume();
      res.writeHead(507, { 'Content-Type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>QuotaExceeded</Code><Message>Bucket quota exceeded</Message></Error>');
      return;
    }
    const up = http.request({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ state, port: server.address().port, close: () => new Promise((r) => server.close(r)) })));
}

/**
 * The embedded S3 server in a process of its own, as MinIO runs beside the product: inside the bench
 * process it shared one event loop with the bench's clients and socket, and its queueing was counted
 * as the product's (bench/pipeline, bench/upload-latency).
 */
async function startS3Process(port, directory) {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/embedded-s3.js')], {
    env: { ...process.env, EMBEDDED_S3_PORT: String(port), EMBEDDED_S3_DIR: directory, S3_BUCKET: 'cda' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  await waitOutput(() => out, 'embedded S3 listening', 30000);
  return {
    child,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * ports: { base } — API base, base+1 web, base+2 S3, base+3 S3 proxy. env: extra environment
 * (DATABASE_URL, REDIS_URL, …). workers: worker processes started at once. storageProxy: route S3
 * through the proxy that can refuse writes (the drills); benchmarks talk to the S3 server directly.
 */
async function benchStack({ name, portBase, workers = 1, env = {}, recreateDb = true, log = null, workerEnv = {}, storageProxy = true }) {
  const databaseUrl = env.DATABASE_URL || `postgres://postgres@127.0.0.1:5432/cda_bench_${name}`;
  if (recreateDb) await ensureDatabase(databaseUrl, { recreate: true });
  // On tmpfs when the machine has one: s3rver keeps each object as files plus metadata, and on this
  // machine's disk its open/mkdir calls tripled its CPU per request — a cost of the stand-in, not of
  // the product (MinIO in production). BENCH_S3_ROOT overrides.
  const s3Root = process.env.BENCH_S3_ROOT || (fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir());
  const s3Dir = fs.mkdtempSync(path.join(s3Root, `cda-bench-${name}-s3-`));
  const s3 = await startS3Process(portBase + 2, s3Dir);
  const proxy = storageProxy ? await startRefusingProxy(portBase + 2, portBase + 3) : null;
  const logStream = log ? fs.createWriteStream(log) : { write: () => true, end() {} };
  const fullEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PORT: String(portBase),
    WEB_PORT: String(portBase + 1),
    S3_ENDPOINT: `http://127.0.0.1:${proxy ? proxy.port : portBase + 2}`,
    S3_BUCKET: 'cda',
    QUEUE_PREFIX: `bench-${name}-${Date.now()}`,
    WORKER_METRICS_PORT: '0',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-1',
    ...env,
  };
  // Production refuses published or short secrets: generated as npm start does, and shared with the workers.
  Object.assign(fullEnv, localSecrets(fullEnv));
  const stack = await startStack(fullEnv, { workers: 0, log: logStream });
  const procEnv = { ...process.env, ...fullEnv };
  const workerProcs = [];
  const startWorker = (extra = {}, nodeArgs = []) => {
    const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'worker/dist/main.js')], {
      // Info level (production's default): readiness is read from the "worker ready" line.
      // Niced as `npm start` runs them on one machine with the API (WORKER_NICE=0 to compare).
      env: { ...procEnv, LOG_LEVEL: 'info', WORKER_NICE: process.env.WORKER_NICE ?? SHARED_MACHINE_WORKER_NICE, ...workerEnv, ...extra },
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (c) => {
      out += c;
      if (out.length > 4e6) out = out.slice(-2e6);
      logStream.write(c.toString().split('\n').filter(Boolean).map((l) => `[worker ${child.pid}] ${l}\n`).join(''));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const w = { child, output: () => out, ready: waitOutput(() => out, '"worker ready"', 30000) };
    workerProcs.push(w);
    return w;
  };
  for (let i = 0; i < workers; i++) startWorker();
  await Promise.all(workerProcs.map((w) => w.ready));

  const api = stack.apiUrl;
  const admin = await json(`${api}/api/auth/login`, { email: stack.admin.email, password: stack.admin.password });

  return {
    ...stack,
    env: fullEnv,
    databaseUrl,
    s3Proxy: proxy,
    s3Pid: s3.child.pid,
    s3Dir,
    workers: workerProcs,
    startWorker,
    adminToken: admin.token,
    /** A fresh user with `tokens` granted on top of the sign-up allowance. */
    async user(tokens = 0) {
      const email = `bench-${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.local`;
      const reg = await signUp(api, databaseUrl, { name: 'Usuária Bench', email, whatsapp: '11987654321', password: 'senha-bench-1' });
      if (tokens > 0) {
        await json(`${api}/api/admin/credits`, { userId: reg.user.id, amount: tokens, reason: 'benchmark' }, admin.token);
      }
      return { token: reg.token, id: reg.user.id, email };
    },
    upload: (token, files, prefix = 'cda') => upload(api, token, files, prefix),
    socket: (token) => connectSocket(api, token),
    async stop() {
      for (const w of workerProcs) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
      await Promise.all(workerProcs.map((w) => (w.child.exitCode !== null || w.child.signalCode !== null ? null : new Promise((r) => w.child.once('exit', r)))));
      // A process stuck in its graceful shutdown (e.g. its database is gone) is killed after 10 s.
      const killer = setTimeout(() => stack.children.forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL')), 10000);
      await stack.stop().catch(() => undefined);
      clearTimeout(killer);
      await proxy?.close();
      await s3.close().catch(() => undefined);
      fs.rmSync(s3Dir, { recursive: true, force: true });
      logStream.end();
    },
  };
}

/**
 * A sign-up the way a person makes it: the request (202), then the link of the confirmation e-mail
 * (read from the mail outbox: no SMTP server is configured here), which creates the account and
 * answers its session.
 */
async function signUp(api, databaseUrl, body) {
  const res = await fetch(`${api}/api/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 202) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  let token = null;
  try {
    const deadline = Date.now() + 10000;
    while (!token && Date.now() < deadline) {
      const { rows } = await db.query(
        `SELECT text_body FROM mail_outbox WHERE kind = 'signup-confirm' AND lower(to_address) = lower($1) ORDER BY created_at DESC LIMIT 1`,
        [body.email],
      );
      token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(rows[0]?.text_body ?? '')?.[1] ?? null;
      if (!token) await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await db.end();
  }
  if (!token) throw new Error(`no confirmation e-mail to ${body.email}`);
  return json(`${api}/api/auth/confirm-email`, { token });
}

async function json(url, body, token) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/**
 * The multipart body of a batch, encoded once: a bench sends the same batch many times, and encoding
 * it per request cost the clients ~12 ms of CPU per upload on the cores the product uses.
 */
const encoded = new WeakMap(); // files array → Map(prefix → body)
async function multipart(files, prefix) {
  if (!encoded.has(files)) encoded.set(files, new Map());
  const byPrefix = encoded.get(files);
  if (!byPrefix.has(prefix)) {
    const form = new FormData();
    files.forEach((b, j) => form.append('files', new Blob([b], { type: 'application/pdf' }), `${prefix}-${j + 1}.pdf`));
    const res = new Response(form);
    byPrefix.set(prefix, { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) });
  }
  return byPrefix.get(prefix);
}

/** One batch through POST /api/analyses; the time is the client's, from request to the whole answer. */
async function upload(api, token, files, prefix = 'cda') {
  const { type, bytes } = await multipart(files, prefix);
  const t0 = performance.now();
  const res = await fetch(`${api}/api/analyses`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': type }, body: bytes });
  const text = await res.text();
  const ms = performance.now() - t0;
  let body;
  try { body = JSON.parse(text); } catch { body = text; }
  return { status: res.status, ms, body, text };
}

/** A socket.io client on the user's room, recording each analysis event with its arrival time. */
async function connectSocket(api, token) {
  const socket = io(api, { auth: { token }, transports: ['websocket'] });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const events = [];
  const waiters = [];
  socket.on('analysis:status', (e) => {
    events.push({ ...e, receivedAt: Date.now() });
    for (const w of [...waiters]) w();
  });
  const finals = () => new Map(events.filter((e) => e.status !== 'processing').map((e) => [e.id, e]));
  return {
    socket,
    events,
    finals,
    /** Resolves when every id has its final event (or rejects after ms). */
    waitFinal(ids, ms = 600000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const f = finals();
          if (ids.every((id) => f.has(id))) {
            waiters.splice(waiters.indexOf(check), 1);
            clearTimeout(timer);
            resolve(ids.map((id) => f.get(id)));
          }
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(check), 1);
          reject(new Error(`timed out waiting for ${ids.filter((id) => !finals().has(id)).length} analyses`));
        }, ms);
        waiters.push(check);
        check();
      });
    },
    close: () => socket.disconnect(),
  };
}

function waitOutput(output, needle, ms) {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + ms;
    const tick = () => {
      if (output().includes(needle)) return resolve();
      if (Date.now() > deadline) return reject(new Error(`timed out waiting for ${needle}: ${output().slice(-2000)}`));
      setTimeout(tick, 50);
    };
    tick();
  });
}

module.exports = { benchStack, signUp, upload, connectSocket, waitOutput, ROOT };
