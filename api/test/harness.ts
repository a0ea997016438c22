import { INestApplication } from '@nestjs/common';
import { ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net, { AddressInfo } from 'node:net';
import request from 'supertest';
import { io, Socket } from 'socket.io-client';
import * as Minio from 'minio';
import PDFDocument from 'pdfkit';
import type { AnalysisView } from '@cda/shared';
import { makeCdaPdf, sampleCertificate } from '../../scripts/cda-pdf';
import { DataSource } from 'typeorm';
import { Client } from 'pg';
import { AnalysisStatusEvent, SOCKET_EVENTS, loadConfig, s3ClientOptions } from '@cda/shared';
import type { Mail } from '../src/mail/mail.service';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEmbeddedS3 } = require('../../scripts/embedded-s3.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { localSecrets } = require('../../scripts/stack.js');

const ROOT = path.resolve(__dirname, '../..');
const WORKER_MAIN = path.join(ROOT, 'worker/dist/main.js');
const API_MAIN = path.join(ROOT, 'api/dist/main.js');

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything the process printed so far (JSON log lines). */
  output(): string;
}

export interface Stack {
  app: INestApplication;
  /** Every mail the in-process app handed to MailService (the real send still runs). */
  mails: Mail[];
  baseUrl: string;
  http: ReturnType<typeof request>;
  s3: Minio.Client;
  bucket: string;
  workers: WorkerProcess[];
  startWorker(env?: Record<string, string>): Promise<WorkerProcess>;
  /** Another API instance as a separate process (from api/dist) on its own port. */
  startApiProcess(env?: Record<string, string>): Promise<{ baseUrl: string; child: ChildProcess; output(): string }>;
  /** Takes the S3 server down (and back, on the same port and data) to simulate a storage outage. */
  stopStorage(): Promise<void>;
  startStorage(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The real thing on loopback: Postgres (database from global-setup), Redis (a prefix of its own),
 * the embedded S3 server, the Nest app in-process and worker processes spawned from worker/dist.
 */
export async function startStack(): Promise<Stack> {
  if (!existsSync(WORKER_MAIN)) throw new Error(`worker is not built (${WORKER_MAIN}); run "npm run build" first`);
  const s3Dir = mkdtempSync(path.join(tmpdir(), 'cda-s3-'));
  let s3server = await startEmbeddedS3({ port: 0, directory: s3Dir, bucket: 'cda-test' });
  const secretsDir = mkdtempSync(path.join(tmpdir(), 'cda-secrets-'));
  const s3Port: number = s3server.port;
  let s3Up = true;
  Object.assign(process.env, {
    NODE_ENV: 'test',
    S3_ENDPOINT: s3server.endpoint,
    S3_BUCKET: 'cda-test',
    QUEUE_PREFIX: `test-${process.pid}-${Date.now()}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    // Generated as `npm start` generates them (scripts/stack.js), never the published defaults.
    ...localSecrets({ DATABASE_URL: process.env.DATABASE_URL }, secretsDir),
    // Short job locks so that a killed worker's job comes back within seconds, not half a minute.
    WORKER_LOCK_MS: '2000',
    WORKER_METRICS_PORT: '0',
    WORKER_SHUTDOWN_GRACE_MS: '3000',
    // Suites stand in for a proxy on loopback, giving each client its own address in X-Forwarded-For.
    TRUSTED_PROXIES: 'loopback',
    // Outside development /api/metrics needs it (scrape with metricsAuth()).
    METRICS_TOKEN: 'test-metrics-token',
  });
  // Imported after the environment is set: the typed config is read when modules load.
  const { createApp } = await import('../src/bootstrap');
  const { migrate } = await import('../src/database/migrate');
  await migrate(process.env.DATABASE_URL);
  // Spec files share one database: each starts from the default settings, cleared before the app
  // reads (and caches) any of them.
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query('DELETE FROM settings');
  // Except the hourly API rate limit: status polling (waitForFinal) alone would exceed the default 1000.
  // The rate-limit spec lowers it on purpose.
  await db.query(`INSERT INTO settings (section, value) VALUES ('security', '{"apiRateLimitPerHour": 1000000}')`);
  await db.end();
  const app = await createApp();
  const { MailService } = await import('../src/mail/mail.service');
  const mails: Mail[] = [];
  const mailService = app.get(MailService);
  const send = mailService.send.bind(mailService);
  mailService.send = (mail: Mail) => {
    mails.push(mail);
    return send(mail);
  };
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig();
  const workers: WorkerProcess[] = [];

  const children: ChildProcess[] = [];
  const startWorker = (extraEnv: Record<string, string> = {}) =>
    new Promise<WorkerProcess>((resolve, reject) => {
      const child = spawn(process.execPath, [WORKER_MAIN], { env: { ...process.env, LOG_LEVEL: 'info', ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      const proc: WorkerProcess = { child, output: () => out };
      workers.push(proc);
      const onData = (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('worker ready')) resolve(proc);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      child.on('exit', (code, signal) => reject(new Error(`worker exited early (${code ?? signal}): ${out.slice(-2000)}`)));
      setTimeout(() => reject(new Error(`worker did not get ready: ${out.slice(-2000)}`)), 30000).unref();
    });

  const startApiProcess = async (extraEnv: Record<string, string> = {}) => {
    const apiPort = await freePort();
    const child = spawn(process.execPath, [API_MAIN], { env: { ...process.env, PORT: String(apiPort), ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const url = `http://127.0.0.1:${apiPort}`;
    const deadline = Date.now() + 30000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`api process exited: ${out.slice(-2000)}`);
      const ok = await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`api process not ready: ${out.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return { baseUrl: url, child, output: () => out };
  };

  return {
    app,
    mails,
    baseUrl,
    startApiProcess,
    http: request(baseUrl),
    s3: new Minio.Client(s3ClientOptions(config)),
    bucket: config.s3.bucket,
    workers,
    startWorker,
    async stopStorage() {
      await s3server.close();
      s3Up = false;
    },
    async startStorage() {
      s3server = await startEmbeddedS3({ port: s3Port, directory: s3Dir, bucket: 'cda-test' });
      s3Up = true;
    },
    async stop() {
      const alive = [...workers.map((w) => w.child), ...children].filter((c) => c.exitCode === null && c.signalCode === null);
      await Promise.all(alive.map((c) => new Promise((r) => { c.once('exit', r); c.kill('SIGTERM'); })));
      await app.close();
      if (s3Up) await s3server.close();
      rmSync(s3Dir, { recursive: true, force: true });
      rmSync(secretsDir, { recursive: true, force: true });
    },
  };
}

let seq = 0;
export async function registerUser(stack: Stack, name = 'Usuária Teste'): Promise<{ token: string; id: string; email: string }> {
  const email = `user${process.pid}-${Date.now()}-${++seq}@teste.com.br`;
  // Each sign-up from its own address: suites register more people than the per-address limit allows a minute.
  const from = `10.250.${Math.floor(seq / 250) % 250}.${(seq % 250) + 1}`;
  const session = await signUp(stack, { name, email, whatsapp: '11987654321', password: 'senha-forte-1' }, { 'X-Forwarded-For': from });
  return { token: session.token, id: session.user.id, email };
}

/**
 * A sign-up as a person does it: the request (202), then the link of the confirmation e-mail, which
 * creates the account and answers its session. `baseUrl`: another API process (its mails are read
 * from the outbox in the database).
 */
export async function signUp(
  stack: Stack,
  body: { name: string; email: string; whatsapp: string; password: string },
  headers: Record<string, string> = {},
  baseUrl = stack.baseUrl,
): Promise<{ token: string; user: { id: string; email: string } }> {
  const since = stack.mails.length;
  await request(baseUrl).post('/api/auth/register').set(headers).send(body).expect(202);
  const token = await confirmationToken(stack, body.email, since);
  const res = await request(baseUrl).post('/api/auth/confirm-email').set(headers).send({ token }).expect(201);
  return res.body;
}

/**
 * A JSON POST whose connection comes from `localAddress` (any of 127/8 on Linux loopback): the
 * client address the API sees without any forwarding header.
 */
export function postFrom(
  stack: Stack,
  localAddress: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const url = new URL(path, stack.baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), ...headers } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The token of the newest confirmation e-mail to `email` (sent after the answer, so waited for). */
export async function confirmationToken(stack: Stack, email: string, since = 0): Promise<string> {
  const pattern = /confirm-email\?token=([A-Za-z0-9_-]+)/;
  let token: string | undefined;
  await waitUntil(async () => {
    const mine = stack.mails.slice(since).filter((m) => m.kind === 'signup-confirm' && m.to.toLowerCase() === email.toLowerCase());
    token = pattern.exec(mine.at(-1)?.text ?? '')?.[1];
    if (!token) {
      const [row] = await stack.app.get(DataSource).query(
        `SELECT text_body FROM mail_outbox WHERE kind = 'signup-confirm' AND lower(to_address) = lower($1) ORDER BY created_at DESC LIMIT 1`,
        [email],
      );
      token = pattern.exec(row?.text_body ?? '')?.[1];
    }
    return !!token;
  }, 10000);
  return token!;
}

/** A small text PDF whose content mentions the given inscription numbers. */
export function makePdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const l of lines) doc.text(l);
    doc.end();
  });
}

/** Polls `check` every 100 ms until it holds, or fails after `timeoutMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 10000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function connectSocket(stack: Stack, token?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(stack.baseUrl, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Collects every status event for one analysis until a final one arrives. */
export function collectUntilFinal(socket: Socket, analysisId: () => string | undefined, timeoutMs = 30000) {
  const seen: AnalysisStatusEvent[] = [];
  const done = new Promise<AnalysisStatusEvent[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no final status; saw ${JSON.stringify(seen)}`)), timeoutMs);
    socket.on(SOCKET_EVENTS.analysisStatus, (e: AnalysisStatusEvent) => {
      if (e.id !== analysisId()) return;
      seen.push(e);
      if (e.status !== 'processing') {
        clearTimeout(timer);
        resolve(seen);
      }
    });
  });
  return { seen, done };
}

export async function listKeys(stack: Stack, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of stack.s3.listObjectsV2(stack.bucket, prefix, true)) {
    const name = (item as { name?: string }).name;
    if (name) keys.push(name);
  }
  return keys;
}

/** Polls the API until the analysis leaves `Processando`. */
export async function waitForFinal(stack: Stack, token: string, id: string, timeoutMs = 30000): Promise<AnalysisView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await stack.http.get(`/api/analyses/${id}`).set('Authorization', `Bearer ${token}`).expect(200);
    if (res.body.status !== 'processing') return res.body;
    if (Date.now() > deadline) throw new Error(`analysis ${id} still Processando: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** A real (synthetic) PGFN CDA of the given number of pages, which the extraction engine reads. */
export function makePagedPdf(pages: number, i = 1): Promise<Buffer> {
  return makeCdaPdf([sampleCertificate(i, { pages: pages - 1 })]);
}

export { makeCdaPdf, sampleCertificate };

export const CORRUPT_PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The bearer header /api/metrics requires outside development. */
export const metricsAuth = () => ({ Authorization: `Bearer ${process.env.METRICS_TOKEN}` });

/** Reads one counter or gauge (summed over label sets matching `labels`) from a Prometheus text page. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+([-+\d.eE]+|NaN)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total += Number(m[3]);
  }
  return total;
}

/** A registered user promoted to admin in the database, logged in again so the token carries the role. */
export async function registerAdmin(stack: Stack): Promise<{ token: string; id: string; email: string }> {
  const user = await registerUser(stack, 'Admin Teste');
  await stack.app.get(DataSource).query(`UPDATE users SET role = 'admin' WHERE id = $1`, [user.id]);
  const res = await stack.http.post('/api/auth/login').send({ email: user.email, password: 'senha-forte-1' }).expect(200);
  return { ...user, token: res.body.token };
}

/** GET a binary download (workbook, backup) as the given user; answers 200 with the bytes in `body`. */
export function downloadBinary(stack: Stack, url: string, token: string) {
  return stack.http
    .get(url)
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    })
    .expect(200);
}
