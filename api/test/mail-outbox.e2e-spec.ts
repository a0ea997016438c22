import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { DataSource } from 'typeorm';
import { SIGNUP_CHECK_EMAIL, SIGNUP_MAIL_UNAVAILABLE } from '@cda/shared';
import { SettingsService } from '../src/settings/settings.service';
import { Stack, registerAdmin, registerUser, startStack, waitUntil } from './harness';

/**
 * The back office's E-mails page and what the screens may claim (issue #22): "enviado" only for mail
 * the SMTP server accepted. A real SMTP server in this process refuses recipients while `refusing`
 * holds, with the reply a real one gives, so failures carry a server reply.
 */
describe('mail outbox: statuses, server replies, resend, admin only; honest forgot-password and account creation', () => {
  let stack: Stack;
  let db: DataSource;
  let settings: SettingsService;
  let server: SMTPServer;
  let port: number;
  let admin: { token: string; id: string; email: string };
  let user: { token: string; id: string; email: string };
  const received: { to: string[]; subject: string; text: string }[] = [];
  let refusing = (_address: string) => false;
  let ipSeq = 0;
  const as = (t: string) => ({ Authorization: `Bearer ${t}` });
  const newIp = () => ({ 'X-Forwarded-For': `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
  const email = (tag: string) => `${tag}-${process.pid}-${Date.now()}-${++ipSeq}@teste.com.br`;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refusing(address.address)) {
          const err = new Error('5.1.1 <' + address.address + '>: Recipient address rejected: User unknown') as Error & { responseCode: number };
          err.responseCode = 550;
          return callback(err);
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream).then((m) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: m.subject ?? '', text: m.text ?? '' });
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
    stack = await startStack();
    db = stack.app.get(DataSource);
    settings = stack.app.get(SettingsService);
    await settings.update('email', { smtpHost: '127.0.0.1', smtpPort: port }, null);
    admin = await registerAdmin(stack);
    user = await registerUser(stack, 'Usuária Comum');
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('only admins read the outbox and its status, and only admins resend', async () => {
    await stack.http.get('/api/admin/mail-outbox').set(as(user.token)).expect(403);
    await stack.http.get('/api/admin/mail-outbox/status').set(as(user.token)).expect(403);
    await stack.http.post('/api/admin/mail-outbox/1/resend').set(as(user.token)).expect(403);
    await stack.http.get('/api/admin/mail-outbox').expect(401);
    await stack.http.get('/api/admin/mail-outbox?status=quebrado').set(as(admin.token)).expect(400);
    const status = await stack.http.get('/api/admin/mail-outbox/status').set(as(admin.token)).expect(200);
    expect(status.body).toEqual({ configured: true, reachable: true, reply: null, catcherUrl: null });
  });

  it('a refused welcome mail: the password is shown once to the admin, the outbox keeps the reply, a resend delivers it once', async () => {
    const to = email('recusado');
    refusing = (a) => a === to;
    const created = await stack.http.post('/api/admin/users').set(as(admin.token)).send({ name: 'Conta Recusada', email: to }).expect(201);
    expect(created.body.mail).toMatchObject({ status: 'failed' });
    expect(created.body.mail.error).toMatch(/^550 5\.1\.1 .*User unknown/);
    const password = created.body.mail.temporaryPassword as string;
    expect(password.length).toBeGreaterThanOrEqual(20);
    // The shown password is the account's.
    await stack.http.post('/api/auth/login').set(newIp()).send({ email: to, password }).expect(200);

    const failed = (await stack.http.get('/api/admin/mail-outbox?status=failed').set(as(admin.token)).expect(200)).body;
    const entry = failed.items.find((m: { to: string }) => m.to === to);
    expect(entry).toMatchObject({ kind: 'admin-user-created', status: 'failed', attempts: 1, resendable: true, sentAt: null });
    expect(entry.error).toContain('User unknown');
    expect(failed.items.every((m: { status: string }) => m.status === 'failed')).toBe(true);
    expect(failed.counts.failed).toBeGreaterThanOrEqual(1);

    // Still refused: a resend answers the new failure, nothing is claimed.
    const again = await stack.http.post(`/api/admin/mail-outbox/${entry.id}/resend`).set(as(admin.token)).expect(200);
    expect(again.body).toMatchObject({ status: 'failed', attempts: 2, resendable: true });

    // The address fixed on the server's side: two admins clicking at once send it exactly once.
    refusing = () => false;
    const before = received.filter((m) => m.to.includes(to)).length;
    const [a, b] = await Promise.all([
      stack.http.post(`/api/admin/mail-outbox/${entry.id}/resend`).set(as(admin.token)),
      stack.http.post(`/api/admin/mail-outbox/${entry.id}/resend`).set(as(admin.token)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const ok = a.status === 200 ? a : b;
    expect(ok.body).toMatchObject({ status: 'sent', attempts: 3, resendable: false, error: null, text: null, html: null });
    await waitUntil(() => received.filter((m) => m.to.includes(to)).length === before + 1);
    const mail = received.filter((m) => m.to.includes(to)).at(-1)!;
    expect(mail.text).toContain(`Senha temporária: ${password}`);

    // Delivered: no body kept, nothing to resend.
    const [row] = await db.query(`SELECT status, text_body, html_body FROM mail_outbox WHERE id = $1`, [entry.id]);
    expect(row).toEqual({ status: 'sent', text_body: null, html_body: null });
    const twice = await stack.http.post(`/api/admin/mail-outbox/${entry.id}/resend`).set(as(admin.token)).expect(409);
    expect(twice.body.message).toBe('Este e-mail já foi enviado.');
    await stack.http.post('/api/admin/mail-outbox/999999999/resend').set(as(admin.token)).expect(404);
    await stack.http.post('/api/admin/mail-outbox/abc/resend').set(as(admin.token)).expect(404);

    const audits = await db.query(`SELECT user_id, details FROM audit_log WHERE action = 'admin.mail.resend' AND target = $1 ORDER BY id`, [entry.id]);
    expect(audits.map((r: { details: { status: string } }) => r.details.status)).toEqual(['failed', 'sent']);
    expect(audits.every((r: { user_id: string }) => r.user_id === admin.id)).toBe(true);
  });

  it('an accepted welcome mail says sent and shows no password', async () => {
    const to = email('aceito');
    const created = await stack.http.post('/api/admin/users').set(as(admin.token)).send({ name: 'Conta Aceita', email: to }).expect(201);
    expect(created.body.mail).toEqual({ status: 'sent' });
    await waitUntil(() => received.some((m) => m.to.includes(to)));
  });

  it('forgot-password: the same answer for known and unknown e-mails, "unavailable" while mail cannot leave', async () => {
    const ask = (address: string) => stack.http.post('/api/auth/forgot-password').set(newIp()).send({ email: address }).expect(200);
    const known = await ask(user.email);
    const unknown = await ask('ninguem-aqui@teste.com.br');
    expect(known.body).toEqual(unknown.body);
    expect(known.body.delivery).toBe('available');
    const signedUp = await stack.http.post('/api/auth/register').set(newIp()).send({ name: 'Nova Pessoa', email: email('ok'), whatsapp: '11987654321', password: 'senha-forte-1' }).expect(202);
    expect(signedUp.body).toEqual({ message: SIGNUP_CHECK_EMAIL });

    await settings.update('email', { smtpHost: '' }, null);
    try {
      const k = await ask(user.email);
      const u = await ask('ninguem-aqui@teste.com.br');
      expect(k.body).toEqual(u.body);
      expect(k.body.delivery).toBe('unavailable');
      expect(k.body.message).toContain('nenhum link pôde ser enviado');
      const status = await stack.http.get('/api/admin/mail-outbox/status').set(as(admin.token)).expect(200);
      expect(status.body).toMatchObject({ configured: false, reachable: null });
      // Sign-up likewise: the same answer for a new and a taken e-mail, and no claim that a link went out.
      const signUp = (address: string) =>
        stack.http.post('/api/auth/register').set(newIp()).send({ name: 'Nova Pessoa', email: address, whatsapp: '11987654321', password: 'senha-forte-1' }).expect(202);
      const fresh = await signUp(email('novo'));
      const taken = await signUp(user.email);
      expect(fresh.body).toEqual({ message: SIGNUP_MAIL_UNAVAILABLE });
      expect(taken.body).toEqual(fresh.body);
      // Kept for the admin to resend once SMTP works.
      await waitUntil(async () => (await db.query(`SELECT 1 FROM mail_outbox WHERE to_address = $1 AND kind = 'password-reset' AND status = 'unsent'`, [user.email])).length > 0);
      const unsent = (await stack.http.get('/api/admin/mail-outbox?status=unsent').set(as(admin.token)).expect(200)).body;
      expect(unsent.items.find((m: { to: string }) => m.to === user.email)).toMatchObject({ resendable: true, error: 'Servidor SMTP não configurado.' });

      // A configured server that does not answer is no better.
      const closed = await new Promise<number>((resolve) => {
        const probe = new SMTPServer({ logger: false });
        probe.listen(0, '127.0.0.1', () => {
          const p = (probe.server.address() as AddressInfo).port;
          probe.close(() => resolve(p));
        });
      });
      await settings.update('email', { smtpHost: '127.0.0.1', smtpPort: closed }, null);
      const down = await ask(user.email);
      expect(down.body.delivery).toBe('unavailable');
      expect((await ask('ninguem-aqui@teste.com.br')).body).toEqual(down.body);
      const status2 = await stack.http.get('/api/admin/mail-outbox/status').set(as(admin.token)).expect(200);
      expect(status2.body).toMatchObject({ configured: true, reachable: false });
      expect(status2.body.reply).toMatch(/ECONNREFUSED/);
    } finally {
      await settings.update('email', { smtpHost: '127.0.0.1', smtpPort: port }, null);
    }
  });
});
