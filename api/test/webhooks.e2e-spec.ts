import http from 'node:http';
import { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { WEBHOOK_SIGNATURE_HEADER, WORKBOOK_BASE, WebhookEvent } from '@cda/shared';
import { verifyWebhook } from '../src/webhooks/webhook-signature';
import { SettingsService } from '../src/settings/settings.service';
import { MaintenanceService } from '../src/maintenance/maintenance.service';
import { CORRUPT_PDF, Stack, makePagedPdf, registerUser, startStack, waitForFinal, waitUntil } from './harness';
import { as } from './admin-fixtures';

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  event: WebhookEvent;
}

/** A customer's receiver on loopback: records every request, answers the queued statuses (then 200). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, raw, event: JSON.parse(raw) });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/cda`;
  return { url, received, answers, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('completion webhooks', () => {
  let stack: Stack;
  let db: DataSource;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // The test stack receives on loopback: the explicit switch (never on outside development by default),
    // and quick retries so three attempts take well under a second.
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
    process.env.WEBHOOK_RETRY_BASE_MS = '200';
    stack = await startStack();
    await stack.startWorker();
    db = stack.app.get(DataSource);
    // Prices below assume 1,000 tokens per page; say so rather than rely on other specs.
    await stack.app.get(SettingsService).update('system', { tokensPerPage: 1000 }, null);
    receiver = await startReceiver();
  }, 60000);

  afterAll(async () => {
    await receiver?.close();
    await stack?.stop();
    delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    delete process.env.WEBHOOK_RETRY_BASE_MS;
  });

  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  async function endpointFor(token: string, body: Record<string, unknown> = {}) {
    const res = await stack.http.post('/api/profile/webhooks').set(as(token)).send({ url: receiver.url, description: 'Sistema do escritório', ...body }).expect(201);
    return res.body as { id: string; secret: string; secretPrefix: string };
  }

  const deliveries = async (token: string) => (await stack.http.get('/api/profile/webhooks/deliveries').set(as(token)).expect(200)).body as any[];

  it('shows the secret once and keeps it sealed; refuses bad URLs; other accounts cannot touch it', async () => {
    const user = await registerUser(stack);
    const created = await endpointFor(user.token);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(created.secret.startsWith(created.secretPrefix)).toBe(true);
    const [row] = await db.query(`SELECT secret FROM webhook_endpoints WHERE id = $1`, [created.id]);
    expect(row.secret.startsWith('enc:v1:')).toBe(true);
    expect(row.secret).not.toContain(created.secret);
    const list = (await stack.http.get('/api/profile/webhooks').set(as(user.token)).expect(200)).body;
    expect(list).toEqual([expect.objectContaining({ id: created.id, url: receiver.url, events: ['analysis.completed', 'analysis.failed'], active: true })]);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const bad = await stack.http.post('/api/profile/webhooks').set(as(user.token)).send({ url: 'ftp://127.0.0.1/x' }).expect(400);
    expect(bad.body.message).toBe('O endereço do webhook deve usar HTTPS.');
    await stack.http.post('/api/profile/webhooks').set(as(user.token)).send({ url: receiver.url, events: ['analysis.deleted'] }).expect(400);

    const other = await registerUser(stack);
    expect((await stack.http.get('/api/profile/webhooks').set(as(other.token))).body).toEqual([]);
    await stack.http.delete(`/api/profile/webhooks/${created.id}`).set(as(other.token)).expect(404);
    await stack.http.post(`/api/profile/webhooks/${created.id}/test`).set(as(other.token)).expect(404);
    await stack.http.delete(`/api/profile/webhooks/${created.id}`).set(as(user.token)).expect(204);
  });

  it('delivers analysis.completed with the summary, signed as the README says to verify it', async () => {
    const user = await registerUser(stack);
    const { secret } = await endpointFor(user.token);
    const pdf = await makePagedPdf(2);
    const accepted = await stack.http.post('/api/analyses').set(as(user.token)).attach('files', pdf, 'cda.pdf').expect(202);
    await waitForFinal(stack, user.token, accepted.body.id);
    await waitUntil(() => receiver.received.length >= 1, 10000);
    const [got] = receiver.received;

    // The documented recipe: HMAC-SHA256 of "<t>.<raw body>" with the secret, constant-time compare, 5-minute tolerance.
    const header = String(got.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(secret, header, got.raw)).toBe(true);
    expect(verifyWebhook(secret, header, got.raw.replace('"fileCount":1', '"fileCount":2'))).toBe(false);
    expect(verifyWebhook('whsec_outro', header, got.raw)).toBe(false);

    expect(got.headers['x-cda-event']).toBe('analysis.completed');
    expect(got.headers['x-cda-delivery']).toBe(got.event.id);
    expect(got.event).toMatchObject({
      type: 'analysis.completed',
      data: {
        analysis: {
          id: accepted.body.id,
          status: 'done',
          fileCount: 1,
          processedFiles: 1,
          failedFiles: 0,
          certificateCount: 1,
          tokensCharged: 2000,
          url: expect.stringMatching(new RegExp(`/history/${accepted.body.id}$`)),
        },
      },
    });
    expect(got.event.data.analysis.workbooks).toContain(WORKBOOK_BASE);
    // Not a second copy from another listener or instance.
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received).toHaveLength(1);
    const log = await deliveries(user.token);
    expect(log).toEqual([expect.objectContaining({ eventId: got.event.id, eventType: 'analysis.completed', analysisId: accepted.body.id, attempt: 1, statusCode: 200, success: true })]);
  }, 60000);

  it('a receiver answering 500 twice then 200 gets three attempts of the same event, one success in the log', async () => {
    const user = await registerUser(stack);
    await endpointFor(user.token);
    receiver.answers.push(500, 500);
    const pdf = await makePagedPdf(1);
    const accepted = await stack.http.post('/api/analyses').set(as(user.token)).attach('files', pdf, 'cda.pdf').expect(202);
    await waitForFinal(stack, user.token, accepted.body.id);
    await waitUntil(async () => (await deliveries(user.token)).some((d) => d.success), 20000);
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.event.id)).size).toBe(1);
    const log = (await deliveries(user.token)).reverse();
    expect(log.map((d) => [d.attempt, d.statusCode, d.success])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(log[0].error).toBe('HTTP 500');
    expect(log[0].nextRetryAt).not.toBeNull();
    expect(log[2].nextRetryAt).toBeNull();
    // Back-off: the second retry waited longer than the first.
    const at = log.map((d) => new Date(d.createdAt).getTime());
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(180);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(380);
  }, 60000);

  it('an analysis that fails sends analysis.failed; an endpoint not subscribed or switched off gets nothing', async () => {
    const user = await registerUser(stack);
    const failures = await endpointFor(user.token, { events: ['analysis.failed'] });
    const off = await endpointFor(user.token, { url: `${receiver.url}?off` });
    await stack.http.patch(`/api/profile/webhooks/${off.id}`).set(as(user.token)).send({ active: false }).expect(200);

    const ok = await stack.http.post('/api/analyses').set(as(user.token)).attach('files', await makePagedPdf(1), 'a.pdf').expect(202);
    await waitForFinal(stack, user.token, ok.body.id);
    const bad = await stack.http.post('/api/analyses').set(as(user.token)).attach('files', CORRUPT_PDF, 'x.pdf').expect(202);
    expect((await waitForFinal(stack, user.token, bad.body.id)).status).toBe('error');
    await waitUntil(() => receiver.received.length >= 1, 10000);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.map((r) => [r.event.type, r.event.data.analysis.id])).toEqual([['analysis.failed', bad.body.id]]);
    expect(receiver.received[0].event.data.analysis).toMatchObject({ status: 'error', failedFiles: 1, tokensCharged: 0 });
    expect(verifyWebhook(failures.secret, String(receiver.received[0].headers['x-cda-signature']), receiver.received[0].raw)).toBe(true);
  }, 60000);

  it('"send test event" delivers a signed webhook.test now and logs it; a receiver that is down is logged as such', async () => {
    const user = await registerUser(stack);
    const endpoint = await endpointFor(user.token);
    const res = await stack.http.post(`/api/profile/webhooks/${endpoint.id}/test`).set(as(user.token)).expect(200);
    expect(res.body).toMatchObject({ eventType: 'webhook.test', attempt: 1, statusCode: 200, success: true });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].event.type).toBe('webhook.test');
    expect(verifyWebhook(endpoint.secret, String(receiver.received[0].headers['x-cda-signature']), receiver.received[0].raw)).toBe(true);

    const down = await endpointFor(user.token, { url: 'http://127.0.0.1:1/nada' });
    const failed = await stack.http.post(`/api/profile/webhooks/${down.id}/test`).set(as(user.token)).expect(200);
    expect(failed.body).toMatchObject({ success: false, statusCode: null });
    expect(failed.body.error).toContain('ECONNREFUSED');
  });

  it('e-mails one report per analysis (not per file) with its totals and a link to its page, unless the owner turned it off', async () => {
    const user = await registerUser(stack);
    const since = stack.mails.length;
    const res = await stack.http
      .post('/api/analyses')
      .set(as(user.token))
      .attach('files', await makePagedPdf(2), 'a.pdf')
      .attach('files', await makePagedPdf(1, 2), 'b.pdf')
      .attach('files', CORRUPT_PDF, 'c.pdf')
      .expect(202);
    await waitForFinal(stack, user.token, res.body.id);
    await waitUntil(() => stack.mails.slice(since).some((m) => m.to === user.email && m.kind === 'analysis-finished'));
    await new Promise((r) => setTimeout(r, 300));
    const mine = stack.mails.slice(since).filter((m) => m.to === user.email && m.kind === 'analysis-finished');
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe('Análise concluída — CDA Extractor');
    expect(mine[0].text).toContain('Arquivos enviados: 3 (1 não pôde ser lido).');
    expect(mine[0].text).toContain('Certidões extraídas: 2.');
    expect(mine[0].text).toContain('Tokens cobrados: 3.000.');
    // The simulation in the shared vocabulary of issue #24 (the same names as the screen and the workbooks).
    expect(mine[0].text).toMatch(/Simulação da transação federal:\nValor bruto: R\$ [\d.,]+\nDesconto concedido: R\$ [\d.,]+\nEntrada: R\$ [\d.,]+\nSaldo: R\$ [\d.,]+\nTotal a pagar: R\$ [\d.,]+\nEconomia: R\$ [\d.,]+/);
    expect(mine[0].text).toContain(`/history/${res.body.id}`);
    expect(mine[0].html).toContain(`/history/${res.body.id}`);

    await stack.http
      .put('/api/profile/notifications')
      .set(as(user.token))
      .send({ emailAnalysis: false, emailMarketing: false, pushAnalysis: true, pushMarketing: false })
      .expect(200);
    const quiet = await stack.http.post('/api/analyses').set(as(user.token)).attach('files', await makePagedPdf(1), 'd.pdf').expect(202);
    await waitForFinal(stack, user.token, quiet.body.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(stack.mails.filter((m) => m.to === user.email && m.kind === 'analysis-finished')).toHaveLength(1);
  }, 60000);

  it('the hourly maintenance forgets idempotency keys after 24 h and deliveries after 90 days, not sooner', async () => {
    const user = await registerUser(stack);
    const endpoint = await endpointFor(user.token);
    await stack.http.post(`/api/profile/webhooks/${endpoint.id}/test`).set(as(user.token)).expect(200);
    const res = await stack.http.post('/api/analyses').set(as(user.token)).set('Idempotency-Key', 'purge-1').attach('files', await makePagedPdf(1), 'p.pdf').expect(202);
    await waitForFinal(stack, user.token, res.body.id);
    const maintenance = stack.app.get(MaintenanceService);
    const count = async () => {
      const [{ keys }] = await db.query(`SELECT count(*)::int AS keys FROM idempotency_keys WHERE user_id = $1`, [user.id]);
      const [{ deliveries: d }] = await db.query(`SELECT count(*)::int AS deliveries FROM webhook_deliveries WHERE user_id = $1`, [user.id]);
      return [keys, d];
    };
    expect(await count()).toEqual([1, 2]);
    await maintenance.purgeAutomationLeftovers();
    expect(await count()).toEqual([1, 2]);
    await db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1`, [user.id]);
    await db.query(`UPDATE webhook_deliveries SET created_at = now() - interval '91 days' WHERE user_id = $1 AND event_type = 'webhook.test'`, [user.id]);
    await maintenance.purgeAutomationLeftovers();
    expect(await count()).toEqual([0, 1]);
  }, 60000);
});
