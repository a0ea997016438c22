import http from 'node:http';
import { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import type { Report } from '@cda/shared';
import { DashboardService } from '../src/dashboard/dashboard.service';
import { Stack, registerUser, startStack, waitUntil } from './harness';
import { as, registerRoot } from './admin-fixtures';

/** A Sentry-compatible ingestion endpoint on loopback: keeps every envelope it is sent (answers 200 like Sentry). */
async function startReceiver(): Promise<{ url: string; envelopes: { path: string; body: string }[]; close(): Promise<void> }> {
  const envelopes: { path: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
      envelopes.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://chavepublica@127.0.0.1:${port}/7`, envelopes, close: () => new Promise((r) => server.close(() => r())) };
}

/** Issue 22: the System settings' analytics and error-reporting switches do what they say. */
describe('System settings that act: analytics and error reporting', () => {
  let stack: Stack;
  let db: DataSource;
  let root: { token: string };

  beforeAll(async () => {
    stack = await startStack();
    db = stack.app.get(DataSource);
    root = await registerRoot(stack);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  const system = (body: object) => stack.http.put('/api/admin/settings/system').set(as(root.token)).send(body);

  describe('analytics', () => {
    it('records events as a name and a route pattern only, and shows them in Relatórios', async () => {
      expect((await stack.http.get('/api/telemetry/config').expect(200)).body).toEqual({ analyticsEnabled: true, errorReportingDsn: null, assetBaseUrl: null });
      const before = Number((await db.query(`SELECT count(*) FROM usage_events`))[0].count);
      // Signed out: no session travels, and none is needed.
      await stack.http.post('/api/telemetry/events').send({ name: 'page_view', path: '/history/5f0c3a2e-1b2c-4d5e-8f90-0123456789ab?status=Erro#x' }).expect(204);
      await stack.http.post('/api/telemetry/events').send({ name: 'page_view', path: '/dashboard' }).expect(204);
      await stack.http.post('/api/telemetry/events').send({ name: 'page_view', path: '/dashboard' }).expect(204);
      await stack.http.post('/api/telemetry/events').send({ name: 'analysis_started', path: '/simulator' }).expect(204);
      const rows = await db.query(`SELECT * FROM usage_events ORDER BY id DESC LIMIT 4`);
      expect(rows.map((r: { name: string; path: string }) => [r.name, r.path]).reverse()).toEqual([
        ['page_view', '/history/:id'],
        ['page_view', '/dashboard'],
        ['page_view', '/dashboard'],
        ['analysis_started', '/simulator'],
      ]);
      // Nothing else is kept: no user, address or browser column exists.
      expect(Object.keys(rows[0]).sort()).toEqual(['created_at', 'id', 'name', 'path']);
      expect(Number((await db.query(`SELECT count(*) FROM usage_events`))[0].count)).toBe(before + 4);

      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const report: Report = (await stack.http.get(`/api/admin/reports?type=usage&period=custom&from=${today}&to=${today}`).set(as(root.token)).expect(200)).body;
      expect(report.cards.find((c) => c.key === 'pageViews')?.value).toBeGreaterThanOrEqual(3);
      expect(report.cards.find((c) => c.key === 'analysesStarted')?.value).toBeGreaterThanOrEqual(1);
      const top = report.charts.find((c) => c.key === 'topPages')!;
      expect(top.rows[0]).toEqual({ label: '/dashboard', views: expect.any(Number) });
      expect(top.rows.map((r) => r.label)).toContain('/history/:id');
      const daily = report.charts.find((c) => c.key === 'productUsage')!;
      expect(daily.rows).toHaveLength(1);
      expect(daily.rows[0]).toMatchObject({ date: today });
    });

    it('refuses unknown events and drops everything while switched off', async () => {
      const bad = await stack.http.post('/api/telemetry/events').send({ name: 'user_email', path: '/x' }).expect(400);
      expect(bad.body.message).toEqual(['Evento desconhecido.']);
      await system({ analyticsEnabled: false }).expect(200);
      expect((await stack.http.get('/api/telemetry/config').expect(200)).body.analyticsEnabled).toBe(false);
      const before = Number((await db.query(`SELECT count(*) FROM usage_events`))[0].count);
      await stack.http.post('/api/telemetry/events').send({ name: 'page_view', path: '/plans' }).expect(204);
      expect(Number((await db.query(`SELECT count(*) FROM usage_events`))[0].count)).toBe(before);
      await system({ analyticsEnabled: true }).expect(200);
    });
  });

  describe('error reporting', () => {
    it('is on only with a valid DSN', async () => {
      const noDsn = await system({ errorReportingEnabled: true, errorReportingDsn: '' }).expect(400);
      expect(noDsn.body.fields).toEqual({ errorReportingDsn: ['Informe o DSN para ativar o relatório de erros.'] });
      const badDsn = await system({ errorReportingEnabled: true, errorReportingDsn: 'https://sentry.example/abc' }).expect(400);
      expect(badDsn.body.fields.errorReportingDsn[0]).toMatch(/^DSN inválido/);
      const cdn = await system({ cdnEnabled: true }).expect(400);
      expect(cdn.body.fields).toEqual({ cdnBaseUrl: ['Informe a URL da CDN para ativá-la.'] });
    });

    it('sends the test error and real server errors to the DSN while on, nothing once off', async () => {
      const receiver = await startReceiver();
      try {
        await system({ errorReportingEnabled: true, errorReportingDsn: receiver.url }).expect(200);
        expect((await stack.http.get('/api/telemetry/config').expect(200)).body.errorReportingDsn).toBe(receiver.url);

        expect((await stack.http.post('/api/admin/settings/system/error-test').set(as(root.token)).expect(200)).body).toEqual({ sent: true });
        expect(receiver.envelopes.at(-1)!.path).toMatch(/^\/api\/7\/envelope\//);
        expect(receiver.envelopes.at(-1)!.body).toContain('Erro de teste do CDA Extractor');

        // A bug in a route: the answer stays Nest's 500 and the error reaches the receiver, without the user's data.
        const user = await registerUser(stack, 'Pedro Pane');
        const dashboard = stack.app.get(DashboardService);
        const spy = jest.spyOn(dashboard, 'forUser').mockRejectedValueOnce(new TypeError('falha inesperada no painel 4242'));
        await stack.http.get('/api/dashboard').set(as(user.token)).expect(500);
        spy.mockRestore();
        await waitUntil(() => receiver.envelopes.some((e) => e.body.includes('falha inesperada no painel 4242')), 10000);
        const event = receiver.envelopes.find((e) => e.body.includes('falha inesperada no painel 4242'))!.body;
        expect(event).toContain('/dashboard');
        expect(event).not.toContain(user.email);
        expect(event).not.toContain(user.token);

        // Intended answers (4xx) are not errors.
        const count = receiver.envelopes.length;
        await stack.http.get('/api/analyses/00000000-0000-0000-0000-000000000000').set(as(user.token)).expect(404);

        await system({ errorReportingEnabled: false }).expect(200);
        expect((await stack.http.get('/api/telemetry/config').expect(200)).body.errorReportingDsn).toBeNull();
        expect((await stack.http.post('/api/admin/settings/system/error-test').set(as(root.token)).expect(200)).body).toEqual({ sent: false });
        jest.spyOn(dashboard, 'forUser').mockRejectedValueOnce(new TypeError('depois de desligado'));
        await stack.http.get('/api/dashboard').set(as(user.token)).expect(500);
        await new Promise((r) => setTimeout(r, 1000));
        expect(receiver.envelopes).toHaveLength(count);
      } finally {
        await receiver.close();
      }
    });
  });
});
