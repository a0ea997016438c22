import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { AnalysisStatus, AnalysisStatusMessage, CHANNELS, publish, redisOptionsFromUrl } from '@cda/shared';
import { PushService } from '../src/push/push.service';
import { Stack, connectSocket, registerUser, startStack, waitUntil } from './harness';
import { as } from './admin-fixtures';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as { decrypt(body: Buffer, params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer };

/**
 * A push service on loopback (HTTPS with a throw-away certificate, as browsers' push services are):
 * keeps what it is sent and answers `status` (201 as FCM/Mozilla do, 410 for a gone subscription).
 */
async function startPushService() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cda-push-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', `${dir}/k.pem`, '-out', `${dir}/c.pem`], { stdio: 'ignore' });
  const received: { path: string; headers: Record<string, unknown>; body: Buffer }[] = [];
  let status = 201;
  const server = https.createServer({ key: readFileSync(`${dir}/k.pem`), cert: readFileSync(`${dir}/c.pem`) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cert = readFileSync(`${dir}/c.pem`);
  return { base, cert, received, answer: (s: number) => (status = s), close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A browser's subscription: its own P-256 key pair and auth secret, so the test can read what was pushed. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

describe('browser notification when an analysis ends (Web Push while no tab is open)', () => {
  let stack: Stack;
  let db: DataSource;
  let push: PushService;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let trusted: unknown;

  beforeAll(async () => {
    service = await startPushService();
    // The loopback push service's throw-away certificate is trusted by this test process only.
    trusted = https.globalAgent.options.ca;
    https.globalAgent.options.ca = service.cert;
    stack = await startStack();
    db = stack.app.get(DataSource);
    push = stack.app.get(PushService);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
    await service?.close();
    https.globalAgent.options.ca = trusted as typeof https.globalAgent.options.ca;
  });

  const ended = (userId: string, status: AnalysisStatusMessage['status'] = AnalysisStatus.Done): AnalysisStatusMessage => ({ id: randomUUID(), userId, status, processedFiles: 1, totalFiles: 1 });

  it('generates the VAPID keys once and keeps the private key sealed', async () => {
    const user = await registerUser(stack, 'Vera Vapid');
    const first = (await stack.http.get('/api/push/key').set(as(user.token)).expect(200)).body.publicKey;
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await stack.http.get('/api/push/key').set(as(user.token)).expect(200)).body.publicKey).toBe(first);
    const [row] = await db.query(`SELECT value FROM settings WHERE section = 'webpush'`);
    expect(row.value.publicKey).toBe(first);
    expect(row.value.privateKey).not.toBe((await push.vapidKeys()).privateKey);
    await stack.http.get('/api/push/key').expect(401);
  });

  it('pushes the end of an analysis to every subscribed browser, once, readable only with the browser keys', async () => {
    const user = await registerUser(stack, 'Paula Push');
    const browser = browserKeys();
    const endpoint = `${service.base}/push/${randomUUID()}`;
    await stack.http.post('/api/push/subscriptions').set(as(user.token)).send({ endpoint, keys: browser.keys }).expect(204);
    const bad = await stack.http.post('/api/push/subscriptions').set(as(user.token)).send({ endpoint: 'http://127.0.0.1/x', keys: browser.keys }).expect(400);
    expect(bad.body.message).toEqual(['Inscrição de notificação inválida.']);

    // Through the worker's channel, as a real analysis end arrives.
    const msg = ended(user.id);
    const redis = new Redis(redisOptionsFromUrl(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'));
    try {
      await publish(redis, CHANNELS.analysisStatus, msg);
    } finally {
      redis.disconnect();
    }
    await waitUntil(() => service.received.some((r) => r.path === new URL(endpoint).pathname), 10000);
    const delivery = service.received.find((r) => r.path === new URL(endpoint).pathname)!;
    expect(String(delivery.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    const payload = JSON.parse(ece.decrypt(delivery.body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.keys.auth }).toString('utf8'));
    expect(payload).toEqual({
      title: 'Análise concluída',
      body: 'Suas planilhas estão prontas para baixar.',
      url: `/history/${msg.id}`,
      tag: `analysis-${msg.id}`,
    });
    // Every API instance hears the message; only one pushes.
    expect(await push.onAnalysisStatus(msg)).toBe(0);
    expect(await push.onAnalysisStatus(ended(user.id, AnalysisStatus.Processing))).toBe(0);
  });

  it('leaves it to the open tab, respects the preference, and forgets subscriptions the push service says are gone', async () => {
    const user = await registerUser(stack, 'Tiago Tab');
    const browser = browserKeys();
    const endpoint = `${service.base}/push/${randomUUID()}`;
    await stack.http.post('/api/push/subscriptions').set(as(user.token)).send({ endpoint, keys: browser.keys }).expect(204);

    // A tab is open: it shows the notification itself (Notification API), so nothing is pushed.
    const socket = await connectSocket(stack, user.token);
    // The client's "connect" can arrive before the server has put the socket in the user's room.
    const inRoom = async () => (await stack.app.get(PushService)['realtime'].server.in(`user:${user.id}`).fetchSockets()).length;
    await waitUntil(async () => (await inRoom()) === 1, 5000);
    try {
      expect(await push.onAnalysisStatus(ended(user.id))).toBe(0);
    } finally {
      socket.disconnect();
    }
    await waitUntil(async () => (await inRoom()) === 0, 5000);
    expect(await push.onAnalysisStatus(ended(user.id, AnalysisStatus.Error))).toBe(1);

    // Switched off in Notificações: nothing.
    await stack.http.put('/api/profile/notifications').set(as(user.token)).send({ emailAnalysis: true, emailMarketing: false, pushAnalysis: false, pushMarketing: false }).expect(200);
    expect(await push.onAnalysisStatus(ended(user.id))).toBe(0);
    await stack.http.put('/api/profile/notifications').set(as(user.token)).send({ emailAnalysis: true, emailMarketing: false, pushAnalysis: true, pushMarketing: false }).expect(200);

    // The browser unsubscribed at its push service (410 Gone): the subscription is deleted.
    service.answer(410);
    try {
      expect(await push.onAnalysisStatus(ended(user.id))).toBe(0);
    } finally {
      service.answer(201);
    }
    expect(await db.query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [endpoint])).toHaveLength(0);

    // Unsubscribing from the screen removes it too, and only one's own.
    await stack.http.post('/api/push/subscriptions').set(as(user.token)).send({ endpoint, keys: browser.keys }).expect(204);
    const other = await registerUser(stack, 'Outra Pessoa');
    await stack.http.delete('/api/push/subscriptions').set(as(other.token)).send({ endpoint }).expect(204);
    expect(await db.query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [endpoint])).toHaveLength(1);
    await stack.http.delete('/api/push/subscriptions').set(as(user.token)).send({ endpoint }).expect(204);
    expect(await db.query(`SELECT 1 FROM push_subscriptions WHERE endpoint = $1`, [endpoint])).toHaveLength(0);
  });
});
