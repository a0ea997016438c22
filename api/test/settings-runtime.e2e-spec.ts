import { DataSource } from 'typeorm';
import { SettingsService } from '../src/settings/settings.service';
import { SmtpCapture, startSmtpCapture } from './smtp';
import { Stack, registerAdmin, registerUser, startStack } from './harness';
import { as } from './admin-fixtures';

describe('admin settings applied at runtime: test e-mail, CORS, hourly rate limit, field messages', () => {
  let stack: Stack;
  let smtp: SmtpCapture;
  let admin: { token: string; id: string };
  let settings: SettingsService;

  beforeAll(async () => {
    stack = await startStack();
    smtp = await startSmtpCapture();
    admin = await registerAdmin(stack);
    settings = stack.app.get(SettingsService);
  }, 60000);

  afterAll(async () => {
    await smtp?.close();
    await stack?.stop();
  });

  it('Testar Email sends a real message to the administrator e-mail and reports the SMTP answer', async () => {
    const user = await registerUser(stack);
    await stack.http.post('/api/admin/settings/email/test').set(as(user.token)).expect(403);

    const unset = await stack.http.post('/api/admin/settings/email/test').set(as(admin.token)).expect(502);
    expect(unset.body.message).toBe('Erro ao enviar email de teste: Servidor SMTP não configurado.');

    await stack.http.put('/api/admin/settings/general').set(as(admin.token)).send({ adminEmail: 'dono@escritorio.com.br' }).expect(200);
    await stack.http
      .put('/api/admin/settings/email')
      .set(as(admin.token))
      .send({ smtpHost: '127.0.0.1', smtpPort: smtp.port, senderName: 'Plataforma CDA', senderEmail: 'avisos@escritorio.com.br' })
      .expect(200);
    const ok = (await stack.http.post('/api/admin/settings/email/test').set(as(admin.token)).expect(200)).body;
    expect(ok).toMatchObject({ ok: true, to: 'dono@escritorio.com.br' });
    expect(ok.response).toMatch(/^250 /);
    const mail = await smtp.waitFor('dono@escritorio.com.br', (m) => m.subject === 'Teste de e-mail do CDA Extractor');
    expect(mail.from).toContain('avisos@escritorio.com.br');
    expect(mail.text).toContain('as configurações de SMTP estão corretas');

    // Nothing listens on port 9 here: the answer says why the server could not be reached.
    await stack.http.put('/api/admin/settings/email').set(as(admin.token)).send({ smtpPort: 9 }).expect(200);
    const down = await stack.http.post('/api/admin/settings/email/test').set(as(admin.token)).expect(502);
    expect(down.body.message).toMatch(/^Erro ao enviar email de teste: .*ECONNREFUSED/);
    await stack.http.put('/api/admin/settings/email').set(as(admin.token)).send({ smtpPort: smtp.port }).expect(200);

    const audit = await stack.app.get(DataSource).query(`SELECT details::text AS d FROM audit_log WHERE action = 'settings.email_test' AND user_id = $1`, [admin.id]);
    expect(audit).toHaveLength(3);
  });

  it('CORS follows the on/off switch and the allowed origins at once', async () => {
    const user = await registerUser(stack);
    const preflight = (origin: string) =>
      stack.http.options('/api/auth/me').set('Origin', origin).set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', 'authorization');
    const simple = (origin: string) => stack.http.get('/api/auth/me').set(as(user.token)).set('Origin', origin).expect(200);

    // Default: off, no cross-origin access.
    expect((await preflight('https://parceiro.com.br')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await simple('https://parceiro.com.br')).headers['access-control-allow-origin']).toBeUndefined();

    await stack.http
      .put('/api/admin/settings/security')
      .set(as(admin.token))
      .send({ corsEnabled: true, allowedOrigins: ['https://parceiro.com.br', 'http://localhost:4000'] })
      .expect(200);
    const allowed = await preflight('https://parceiro.com.br');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://parceiro.com.br');
    expect(allowed.headers['access-control-allow-headers']).toMatch(/authorization/i);
    expect((await simple('http://localhost:4000')).headers['access-control-allow-origin']).toBe('http://localhost:4000');
    expect((await simple('https://outro.com.br')).headers['access-control-allow-origin']).toBeUndefined();

    await stack.http.put('/api/admin/settings/security').set(as(admin.token)).send({ corsEnabled: false }).expect(200);
    expect((await simple('https://parceiro.com.br')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('apiRateLimitPerHour: the request over the limit gets 429 in pt-BR; each user has their own count', async () => {
    const a = await registerUser(stack);
    const b = await registerUser(stack);
    await stack.http.put('/api/admin/settings/security').set(as(admin.token)).send({ apiRateLimitPerHour: 10 }).expect(200);
    try {
      for (let i = 1; i <= 10; i++) {
        const res = await stack.http.get('/api/auth/me').set(as(a.token)).expect(200);
        expect(res.headers['x-ratelimit-hourly-limit']).toBe('10');
        expect(res.headers['x-ratelimit-hourly-remaining']).toBe(String(10 - i));
      }
      const over = await stack.http.get('/api/auth/me').set(as(a.token)).expect(429);
      expect(over.body.message).toBe('Limite de requisições por hora excedido. Tente novamente mais tarde.');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(3600);
      await stack.http.get('/api/analyses').set(as(a.token)).expect(429);
      await stack.http.get('/api/auth/me').set(as(b.token)).expect(200);
      // Probes stay open whatever the count.
      await stack.http.get('/api/health/live').expect(200);

      // Administrators are not counted: a limit set too low never locks out those who can raise it.
      for (let i = 0; i < 12; i++) await stack.http.get('/api/admin/settings/security').set(as(admin.token)).expect(200);
      // Raising the limit applies to the same hour at once.
      await stack.http.put('/api/admin/settings/security').set(as(admin.token)).send({ apiRateLimitPerHour: 50 }).expect(200);
      await stack.http.get('/api/auth/me').set(as(a.token)).expect(200);
    } finally {
      await settings.update('security', { apiRateLimitPerHour: 1_000_000 }, null);
    }
  });

  it('answers validation errors by field, and offers hourly to monthly backups', async () => {
    const bad = await stack.http
      .put('/api/admin/settings/security')
      .set(as(admin.token))
      .send({ sessionTimeoutHours: 0, allowedOrigins: ['nada'], minPasswordLength: 3 })
      .expect(400);
    expect(bad.body.fields).toEqual({
      sessionTimeoutHours: ['O tempo de sessão (horas) deve ser no mínimo 1.'],
      minPasswordLength: ['O tamanho mínimo de senha deve ser no mínimo 6.'],
      allowedOrigins: ['Cada origem permitida deve ser uma URL (https://exemplo.com.br).'],
    });
    expect(bad.body.message).toHaveLength(3);
    for (const f of ['hourly', 'monthly']) {
      await stack.http.put('/api/admin/settings/system').set(as(admin.token)).send({ backupFrequency: f }).expect(200);
    }
    const wrong = await stack.http.put('/api/admin/settings/system').set(as(admin.token)).send({ backupFrequency: 'yearly' }).expect(400);
    expect(wrong.body.fields).toEqual({ backupFrequency: ['Frequência de backup inválida.'] });
  });
});
