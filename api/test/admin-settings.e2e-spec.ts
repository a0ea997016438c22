import { DataSource } from 'typeorm';
import { Queue } from 'bullmq';
import { getQueueToken } from '@nestjs/bullmq';
import { PinoLogger } from 'nestjs-pino';
import { ANALYSES_QUEUE } from '@cda/shared';
import { SettingsService } from '../src/settings/settings.service';
import { Stack, makePagedPdf, registerAdmin, registerUser, startStack, waitForFinal } from './harness';

describe('admin settings: persisted, validated, secret, audited, applied', () => {
  let stack: Stack;
  let admin: { token: string; id: string };
  let db: DataSource;
  const as = (t: string) => ({ Authorization: `Bearer ${t}` });

  beforeAll(async () => {
    stack = await startStack();
    await stack.startWorker();
    admin = await registerAdmin(stack);
    db = stack.app.get(DataSource);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('is for admins only', async () => {
    const user = await registerUser(stack);
    await stack.http.get('/api/admin/settings').set(as(user.token)).expect(403);
    await stack.http.put('/api/admin/settings/general').set(as(user.token)).send({ siteName: 'x' }).expect(403);
    await stack.http.get('/api/admin/settings').expect(401);
    const all = (await stack.http.get('/api/admin/settings').set(as(admin.token)).expect(200)).body;
    expect(Object.keys(all).sort()).toEqual(['email', 'general', 'payment', 'security', 'simulation', 'system']);
  });

  it('never returns secrets, stores them encrypted and audits only the keys', async () => {
    const res = await stack.http
      .put('/api/admin/settings/payment')
      .set(as(admin.token))
      .send({ mercadoPagoAccessToken: 'APP_USR-segredo-123', mercadoPagoWebhookSecret: 'whsec-456', mercadoPagoPublicKey: 'APP_USR-public' })
      .expect(200);
    expect(res.body).toMatchObject({ mercadoPagoAccessToken: 'configurado', mercadoPagoWebhookSecret: 'configurado', mercadoPagoPublicKey: 'APP_USR-public' });
    const again = (await stack.http.get('/api/admin/settings/payment').set(as(admin.token)).expect(200)).body;
    expect(JSON.stringify(again)).not.toContain('segredo');

    const [row] = await db.query(`SELECT value::text AS v FROM settings WHERE section = 'payment'`);
    expect(row.v).not.toContain('segredo');
    expect(row.v).not.toContain('whsec-456');
    expect(row.v).toContain('enc:v1:');
    expect((await stack.app.get(SettingsService).get('payment')).mercadoPagoAccessToken).toBe('APP_USR-segredo-123');

    // Saving the masked value back keeps the secret.
    await stack.http.put('/api/admin/settings/payment').set(as(admin.token)).send({ mercadoPagoAccessToken: 'configurado', pixEnabled: false }).expect(200);
    expect((await stack.app.get(SettingsService).get('payment')).mercadoPagoAccessToken).toBe('APP_USR-segredo-123');

    // null removes a stored secret (the environment's credentials apply again); the other stays.
    const cleared = await stack.http.put('/api/admin/settings/payment').set(as(admin.token)).send({ mercadoPagoAccessToken: null }).expect(200);
    expect(cleared.body).toMatchObject({ mercadoPagoAccessToken: '', mercadoPagoWebhookSecret: 'configurado' });
    expect((await stack.app.get(SettingsService).get('payment')).mercadoPagoAccessToken).toBe('');

    const audit = await db.query(`SELECT user_id, action, target, details::text AS d FROM audit_log WHERE target = 'payment' ORDER BY id`);
    expect(audit[0]).toMatchObject({ user_id: admin.id, action: 'settings.update', target: 'payment' });
    expect(JSON.parse(audit[0].d).keys.sort()).toEqual(['mercadoPagoAccessToken', 'mercadoPagoPublicKey', 'mercadoPagoWebhookSecret']);
    expect(JSON.parse(audit.at(-1).d).keys).toEqual(['mercadoPagoAccessToken']);
    for (const a of audit) expect(a.d).not.toMatch(/segredo|whsec/);
  });

  it('validates each field with pt-BR messages and rejects unknown fields', async () => {
    const bad = await stack.http.put('/api/admin/settings/general').set(as(admin.token)).send({ maxFileSizeMb: 0, adminEmail: 'não' }).expect(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining(['O tamanho máximo de arquivo (MB) deve ser no mínimo 1.', 'E-mail do administrador: informe um e-mail válido.']),
    );
    const unknown = await stack.http.put('/api/admin/settings/system').set(as(admin.token)).send({ foo: 1 }).expect(400);
    expect(unknown.body.message).toEqual(['Campo desconhecido: foo.']);
    await stack.http.put('/api/admin/settings/nada').set(as(admin.token)).send({}).expect(404);
    const origins = await stack.http.put('/api/admin/settings/security').set(as(admin.token)).send({ allowedOrigins: ['ftp://x'] }).expect(400);
    expect(origins.body.message[0]).toMatch(/URL/);
  });

  it('applies a 1 MB file limit to the next upload', async () => {
    await stack.http.put('/api/admin/settings/general').set(as(admin.token)).send({ maxFileSizeMb: 1 }).expect(200);
    try {
      const user = await registerUser(stack);
      const big = Buffer.concat([await makePagedPdf(1), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
      const res = await stack.http.post('/api/analyses').set(as(user.token)).attach('files', big, 'dois-mb.pdf').expect(413);
      expect(res.body.message).toBe('Cada arquivo pode ter no máximo 1 MB.');
    } finally {
      await stack.http.put('/api/admin/settings/general').set(as(admin.token)).send({ maxFileSizeMb: 50 }).expect(200);
    }
  });

  it('with concurrency 1, a second analysis waits for the first', async () => {
    await stack.http.put('/api/admin/settings/system').set(as(admin.token)).send({ maxConcurrentAnalyses: 1, tokensPerPage: 1 }).expect(200);
    try {
      await new Promise((r) => setTimeout(r, 300));
      const user = await registerUser(stack);
      const pdf = await makePagedPdf(400);
      const queue = stack.app.get<Queue>(getQueueToken(ANALYSES_QUEUE));
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        let req = stack.http.post('/api/analyses').set(as(user.token));
        for (let f = 0; f < 3; f++) req = req.attach('files', pdf, `c${i}-${f}.pdf`);
        ids.push((await req.expect(202)).body.id);
      }
      let maxActive = 0;
      let sawWaiting = false;
      let done = false;
      const watch = (async () => {
        while (!done) {
          const c = await queue.getJobCounts('active', 'waiting');
          maxActive = Math.max(maxActive, c.active);
          if (c.waiting > 0 && c.active === 1) sawWaiting = true;
          await new Promise((r) => setTimeout(r, 15));
        }
      })();
      for (const id of ids) expect((await waitForFinal(stack, user.token, id, 60000)).status).toBe('done');
      done = true;
      await watch;
      expect(maxActive).toBe(1);
      expect(sawWaiting).toBe(true);
    } finally {
      await stack.http.put('/api/admin/settings/system').set(as(admin.token)).send({ maxConcurrentAnalyses: 2, tokensPerPage: 1000 }).expect(200);
    }
  }, 90000);

  it('changes the log level at runtime', async () => {
    await stack.http.put('/api/admin/settings/system').set(as(admin.token)).send({ logLevel: 'debug' }).expect(200);
    expect(PinoLogger.root.level).toBe('debug');
    await stack.http.put('/api/admin/settings/system').set(as(admin.token)).send({ logLevel: 'warn' }).expect(200);
    expect(PinoLogger.root.level).toBe('warn');
  });
});
