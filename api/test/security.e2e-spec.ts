import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { DEV_JWT_SECRET, DEV_SETTINGS_KEY, PUBLISHED_SECRETS } from '@cda/shared';
import { SettingsService } from '../src/settings/settings.service';
import { SecretBox } from '../src/settings/secret-box';
import { Stack, makePagedPdf, metricsAuth, registerAdmin, registerUser, waitUntil, startStack } from './harness';
import { as } from './admin-fixtures';

describe('security: sessions, secrets at rest', () => {
  let stack: Stack;
  let admin: { token: string; id: string };
  let db: DataSource;
  let jwt: JwtService;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    stack = await startStack();
    admin = await registerAdmin(stack);
    db = stack.app.get(DataSource);
    jwt = stack.app.get(JwtService);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  describe('forged sessions', () => {
    it('runs with generated secrets, so a token signed with the published default is refused', async () => {
      expect(PUBLISHED_SECRETS).not.toContain(process.env.JWT_SECRET);
      expect(PUBLISHED_SECRETS).not.toContain(process.env.SETTINGS_ENCRYPTION_KEY);
      await stack.http.get('/api/admin/users/stats').set(as(admin.token)).expect(200);
      const forged = new JwtService({ secret: DEV_JWT_SECRET }).sign({ sub: admin.id, role: 'admin', ver: 0 }, { expiresIn: 3600 });
      await stack.http.get('/api/admin/users/stats').set(as(forged)).expect(401);
    });

    it('refuses a token issued in the future or without an expiry, even when signed with our key', async () => {
      const claims = { sub: admin.id, role: 'admin', ver: 0 };
      const future = jwt.sign({ ...claims, iat: now() + 3600 });
      const futureWithExp = jwt.sign({ ...claims, iat: now() + 3600 }, { expiresIn: 24 * 3600 });
      const noExp = jwt.sign(claims);
      for (const token of [future, futureWithExp, noExp]) {
        const res = await stack.http.get('/api/admin/users/stats').set(as(token)).expect(401);
        expect(res.body.message).toBe('Sessão expirada ou inválida. Entre novamente.');
      }
      // The same claims with a sane iat and exp pass: only the timing made the difference.
      await stack.http.get('/api/admin/users/stats').set(as(jwt.sign(claims, { expiresIn: 3600 }))).expect(200);
    });

    it('refuses a token for a user that does not exist, and such a "root" is not exempt from the hourly limit', async () => {
      const ghost = jwt.sign({ sub: randomUUID(), role: 'root', ver: 0 }, { expiresIn: 3600 });
      await stack.http.get('/api/auth/me').set(as(ghost)).expect(401);
      // Not even a UUID: refused before any database read (no 500 from Postgres).
      await stack.http.get('/api/auth/me').set(as(jwt.sign({ sub: 'admin', role: 'root', ver: 0 }, { expiresIn: 3600 }))).expect(401);

      const settings = stack.app.get(SettingsService);
      await settings.update('security', { apiRateLimitPerHour: 3 }, null);
      try {
        const from = { 'X-Forwarded-For': '10.251.0.1' };
        const codes: number[] = [];
        for (let i = 0; i < 4; i++) codes.push((await stack.http.get('/api/dashboard').set(from).set(as(ghost))).status);
        expect(codes).toEqual([401, 401, 401, 429]);
        // A real administrator stays exempt.
        for (let i = 0; i < 4; i++) await stack.http.get('/api/admin/users/stats').set(from).set(as(admin.token)).expect(200);
      } finally {
        await settings.update('security', { apiRateLimitPerHour: 1_000_000 }, null);
      }
    });
  });

  describe('settings encryption key rotation', () => {
    it('re-seals secrets sealed with the old development key (or a listed previous key) with the current key', async () => {
      const settings = stack.app.get(SettingsService);
      const old = new SecretBox(DEV_SETTINGS_KEY);
      await db.query(`DELETE FROM settings WHERE section = 'payment'`);
      await db.query(`INSERT INTO settings (section, value) VALUES ('payment', $1)`, [
        JSON.stringify({ mercadoPagoAccessToken: old.seal('APP_USR-antigo'), mercadoPagoWebhookSecret: 'legado-em-claro' }),
      ]);
      try {
        expect(await settings.resealStaleSecrets()).toBe(2);
        const [{ value }] = await db.query(`SELECT value FROM settings WHERE section = 'payment'`);
        const current = new SecretBox(process.env.SETTINGS_ENCRYPTION_KEY!);
        expect(current.open(value.mercadoPagoAccessToken)).toBe('APP_USR-antigo');
        expect(current.open(value.mercadoPagoWebhookSecret)).toBe('legado-em-claro');
        expect(() => old.open(value.mercadoPagoAccessToken)).toThrow();
        expect(JSON.stringify(value)).not.toContain('legado-em-claro');
        // Nothing left to do on the next start.
        expect(await settings.resealStaleSecrets()).toBe(0);
      } finally {
        await db.query(`DELETE FROM settings WHERE section = 'payment'`);
      }
    });
  });

  describe('headers, request ids, metrics', () => {
    it('sends nosniff and the other helmet headers, and no X-Powered-By', async () => {
      for (const url of ['/api/health', '/api/plans', '/api/auth/me']) {
        const res = await stack.http.get(url);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
    });

    it('generates the request id, keeping a client-sent one only when it is a UUID', async () => {
      const planted = await stack.http.get('/api/plans').set('X-Request-Id', 'x"}, "level": 60, "msg": "forjado');
      expect(planted.headers['x-request-id']).not.toContain('forjado');
      expect(planted.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const mine = randomUUID();
      expect((await stack.http.get('/api/plans').set('X-Request-Id', mine)).headers['x-request-id']).toBe(mine);
      const fresh = await stack.http.get('/api/plans');
      expect(fresh.headers['x-request-id']).not.toBe(planted.headers['x-request-id']);
    });

    it('requires METRICS_TOKEN for /api/metrics outside development', async () => {
      await stack.http.get('/api/metrics').expect(401);
      await stack.http.get('/api/metrics').set('Authorization', 'Bearer errado').expect(401);
      await stack.http.get('/api/metrics').set('Authorization', 'Bearer ').expect(401);
      const res = await stack.http.get('/api/metrics').set(metricsAuth()).expect(200);
      expect(res.text).toContain('cda_http_request_duration_seconds');
    });
  });

  it('keeps an accented file name as the browser sent it (UTF-8 multipart names)', async () => {
    const user = await registerUser(stack);
    const name = 'Certidão nº 1 – São Paulo.pdf';
    const res = await stack.http.post('/api/analyses').set(as(user.token)).attach('files', await makePagedPdf(1), name).expect(202);
    const view = await stack.http.get(`/api/analyses/${res.body.id}`).set(as(user.token)).expect(200);
    expect(view.body.files[0].name).toBe(name);
  });

  it('with SMTP not configured, logs recipient and subject of an e-mail but never its body', async () => {
    const api = await stack.startApiProcess({ LOG_LEVEL: 'info' });
    const user = await registerUser(stack);
    await request(api.baseUrl).post('/api/auth/forgot-password').set('X-Forwarded-For', '10.251.9.9').send({ email: user.email }).expect(200);
    let mail: { text_body: string; subject: string } | undefined;
    await waitUntil(async () => {
      [mail] = await db.query(`SELECT text_body, subject FROM mail_outbox WHERE to_address = $1 AND kind = 'password-reset'`, [user.email]);
      return Boolean(mail) && api.output().includes('SMTP not configured');
    });
    const token = /token=([\w-]+)/.exec(mail!.text_body)![1];
    const line = api.output().split('\n').find((l) => l.includes('SMTP not configured'))!;
    expect(JSON.parse(line)).toMatchObject({ to: user.email, subject: mail!.subject });
    expect(api.output()).not.toContain(token);
    expect(line).not.toContain('redefinir');
  });
});
