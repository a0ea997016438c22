import { createHash } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import Redis from 'ioredis';
import { DEFAULT_NOTIFICATION_PREFERENCES, SIGNUP_CHECK_EMAIL, STATUS_CHANNEL, loadConfig, redisOptionsFromUrl } from '@cda/shared';
import { SettingsService } from '../src/settings/settings.service';
import { Stack, confirmationToken, postFrom, registerAdmin, registerUser, startStack, waitUntil } from './harness';
import { SmtpCapture, resetLinkIn, startSmtpCapture } from './smtp';

/**
 * Accounts end to end against the real app, Postgres and a real SMTP server in this process.
 * Rate limits key on the client address, which the app takes from X-Forwarded-For when the peer is
 * a local proxy; each test speaks from its own address so the limits of one do not spill into another.
 */
describe('accounts: register, login, lockout, sessions, password reset, profile, maintenance', () => {
  let stack: Stack;
  let smtp: SmtpCapture;
  let db: DataSource;
  let settings: SettingsService;
  let ipSeq = 0;
  const as = (t: string) => ({ Authorization: `Bearer ${t}` });
  const newIp = () => ({ 'X-Forwarded-For': `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
  const uniqueEmail = (tag: string) => `${tag}-${process.pid}-${Date.now()}-${++ipSeq}@teste.com.br`;
  const INVALID = 'Usuário ou senha inválidos';
  /**
   * Response-time comparisons on a shared 2-core machine: the fastest of several interleaved tries is
   * each path's own cost (what it costs when nothing else runs); a median still carries other load.
   */
  const fastest = (xs: number[]) => Math.min(...xs);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    stack = await startStack();
    db = stack.app.get(DataSource);
    settings = stack.app.get(SettingsService);
    await settings.update('email', { smtpHost: '127.0.0.1', smtpPort: smtp.port }, null);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  function register(body: Record<string, unknown>, ip = newIp()) {
    return stack.http.post('/api/auth/register').set(ip).send(body);
  }
  function login(email: string, password: string, ip = newIp()) {
    return stack.http.post('/api/auth/login').set(ip).send({ email, password });
  }

  describe('register', () => {
    it('creates a Free account with its allowance, WhatsApp as digits, once the e-mail is confirmed', async () => {
      const email = uniqueEmail('Maria');
      const ip = newIp();
      const since = stack.mails.length;
      const res = await register({ name: '  Maria Souza ', email, whatsapp: '(11) 98765-4321', password: 'segredo' }, ip).expect(202);
      expect(res.body).toEqual({ message: SIGNUP_CHECK_EMAIL });
      // Nothing exists until the link is followed.
      expect(await db.query(`SELECT id FROM users WHERE lower(email) = lower($1)`, [email])).toEqual([]);
      await login(email, 'segredo').expect(401);
      const mail = await smtp.waitFor(email.toLowerCase(), (m) => m.subject.startsWith('Confirme seu cadastro'));
      expect(mail.text).toContain('Olá, Maria Souza!');
      const token = await confirmationToken(stack, email, since);
      const session = await stack.http.post('/api/auth/confirm-email').set(ip).send({ token }).expect(201);
      expect(session.body.user).toEqual({
        id: expect.any(String),
        email,
        name: 'Maria Souza',
        plan: 'free',
        role: 'user',
        status: 'active',
        tokens: 1_000_000,
        tokensPlan: 1_000_000,
        creditTokens: 0,
        mustChangePassword: false,
        createdAt: expect.any(String),
      });
      await stack.http.get('/api/auth/me').set(as(session.body.token)).expect(200);
      const [row] = await db.query(`SELECT whatsapp, password_hash FROM users WHERE id = $1`, [session.body.user.id]);
      expect(row.whatsapp).toBe('11987654321');
      expect(row.password_hash).toMatch(/^\$argon2/);
      const [access] = await db.query(`SELECT event FROM access_logs WHERE user_id = $1`, [session.body.user.id]);
      expect(access).toEqual({ event: 'register' });
      // The link is spent.
      const again = await stack.http.post('/api/auth/confirm-email').set(ip).send({ token }).expect(400);
      expect(again.body.message).toBe('Link de confirmação inválido ou expirado. Faça o cadastro novamente.');
    });

    it('answers a taken e-mail exactly like a new one (status, body, time within 20 %) and tells the owner instead', async () => {
      const owner = await registerUser(stack, 'Dona Conta');
      const since = stack.mails.length;
      const body = (email: string) => ({ name: 'Intrusa', email, whatsapp: '11987654321', password: 'outra-senha-1' });
      // Interleaved, from one address each, after one warm-up of each path. Each request waits for the
      // previous one's mail to be delivered: the SMTP server here runs in this very process, and its
      // parsing would otherwise be timed as part of the next request.
      await register(body(owner.email.toUpperCase())).expect(202);
      await register(body(uniqueEmail('aquecimento'))).expect(202);
      const taken: number[] = [];
      const fresh: number[] = [];
      const answers = new Set<string>();
      for (let i = 0; i < 12; i++) {
        for (const [email, times] of [[owner.email.toUpperCase(), taken], [uniqueEmail('nova'), fresh]] as const) {
          await new Promise((r) => setTimeout(r, 300));
          const t0 = performance.now();
          const res = await register(body(email));
          times.push(performance.now() - t0);
          answers.add(`${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      expect([...answers]).toEqual([`202 ${JSON.stringify({ message: SIGNUP_CHECK_EMAIL })}`]);
      const [t, f] = [fastest(taken), fastest(fresh)];
      console.log(`sign-up: taken e-mail ${t.toFixed(1)} ms (median ${median(taken).toFixed(1)}), new e-mail ${f.toFixed(1)} ms (median ${median(fresh).toFixed(1)})`);
      expect(Math.abs(t - f) / Math.max(t, f)).toBeLessThan(0.2);

      // The owner is told (once an hour however often it is tried); the account is untouched.
      const notice = await smtp.waitFor(owner.email, (m) => m.subject.startsWith('Tentativa de cadastro'));
      expect(notice.text).toContain('Alguém tentou criar uma conta no CDA Extractor com seu e-mail');
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.messages.filter((m) => m.to.includes(owner.email) && m.subject.startsWith('Tentativa de cadastro'))).toHaveLength(1);
      expect(stack.mails.slice(since).filter((m) => m.kind === 'signup-confirm' && m.to.toLowerCase() === owner.email.toLowerCase())).toHaveLength(0);
      // A rolling hour, not a clock hour: a notice sent 59 minutes ago, in the previous clock hour, still counts.
      await db.query(`UPDATE mail_outbox SET created_at = now() - interval '59 minutes', dedupe_key = dedupe_key || ':antes' WHERE kind = 'signup-attempt' AND to_address = $1`, [owner.email]);
      await register(body(owner.email)).expect(202);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.messages.filter((m) => m.to.includes(owner.email) && m.subject.startsWith('Tentativa de cadastro'))).toHaveLength(1);
      await login(owner.email, 'senha-forte-1').expect(200);
      await login(owner.email, 'outra-senha-1').expect(401);
    });

    it('validates every field in pt-BR and rejects unknown fields', async () => {
      const ok = { name: 'Ana', email: uniqueEmail('ana'), whatsapp: '11987654321', password: 'segredo' };
      expect((await register({ ...ok, password: '12345' }).expect(400)).body.message).toBe('A senha deve ter pelo menos 6 caracteres');
      expect((await register({ ...ok, whatsapp: '9876-4321' }).expect(400)).body.message).toEqual(['Informe um WhatsApp válido com DDD.']);
      expect((await register({ ...ok, email: 'não-é-email' }).expect(400)).body.message).toEqual(['Informe um e-mail válido.']);
      expect((await register({ ...ok, role: 'admin' }).expect(400)).body.message).toEqual(['Campo desconhecido: role.']);
    });

    it('follows the security settings: minimum length and special characters', async () => {
      await settings.update('security', { minPasswordLength: 10, requireSpecialChars: true }, null);
      try {
        const base = { name: 'Bia', whatsapp: '1133334444' };
        const short = await register({ ...base, email: uniqueEmail('bia'), password: 'abcdefghi' }).expect(400);
        expect(short.body.message).toBe('A senha deve ter pelo menos 10 caracteres');
        const plain = await register({ ...base, email: uniqueEmail('bia'), password: 'abcdefghij' }).expect(400);
        expect(plain.body.message).toMatch(/^A senha deve conter pelo menos um caractere especial/);
        await register({ ...base, email: uniqueEmail('bia'), password: 'abcdefghi!' }).expect(202);
        const policy = (await stack.http.get('/api/auth/policy').expect(200)).body;
        expect(policy).toEqual({ minPasswordLength: 10, requireSpecialChars: true, registrationEnabled: true });
      } finally {
        await settings.update('security', { minPasswordLength: 6, requireSpecialChars: false }, null);
      }
    });

    it('is refused with a clear message while registration is disabled', async () => {
      await settings.update('general', { registrationEnabled: false }, null);
      try {
        const res = await register({ name: 'Caio', email: uniqueEmail('caio'), whatsapp: '11987654321', password: 'segredo' }).expect(403);
        expect(res.body.message).toBe('O cadastro de novos usuários está desativado no momento.');
      } finally {
        await settings.update('general', { registrationEnabled: true }, null);
      }
    });
  });

  describe('login', () => {
    it('answers the same for an unknown e-mail and a wrong password, and returns the user', async () => {
      const user = await registerUser(stack);
      const unknown = await login('ninguem@teste.com.br', 'senha-forte-1').expect(401);
      const wrong = await login(user.email, 'senha-errada').expect(401);
      expect(unknown.body.message).toBe(INVALID);
      expect(wrong.body).toEqual(unknown.body);
      const ok = await login(user.email.toUpperCase(), 'senha-forte-1').expect(200);
      expect(Object.keys(ok.body.user).sort()).toEqual(['createdAt', 'creditTokens', 'email', 'id', 'mustChangePassword', 'name', 'plan', 'role', 'status', 'tokens', 'tokensPlan']);
      const me = await stack.http.get('/api/auth/me').set(as(ok.body.token)).expect(200);
      expect(me.body.id).toBe(user.id);
    });

    it('answers an unknown e-mail in the time of a wrong password (a dummy hash is verified)', async () => {
      const user = await registerUser(stack);
      const time = async (email: string) => {
        const t0 = performance.now();
        await login(email, 'senha-errada').expect(401);
        return performance.now() - t0;
      };
      await time('aquecimento@teste.com.br');
      const unknown: number[] = [];
      const wrong: number[] = [];
      // Each wrong password from its own address (login() takes a new one): no lock-out in the way.
      // Interleaved, with a pause, so that a burst of load on this shared machine hits both alike.
      for (let i = 0; i < 12; i++) {
        await new Promise((r) => setTimeout(r, 100));
        unknown.push(await time(uniqueEmail('ninguem')));
        await new Promise((r) => setTimeout(r, 100));
        wrong.push(await time(user.email));
      }
      const [u, w] = [fastest(unknown), fastest(wrong)];
      console.log(`login: unknown e-mail ${u.toFixed(1)} ms (median ${median(unknown).toFixed(1)}), wrong password ${w.toFixed(1)} ms (median ${median(wrong).toFixed(1)})`);
      expect(Math.abs(u - w) / Math.max(u, w)).toBeLessThan(0.2);
    });

    it('locks an account only from the address that failed, for 1, 2, 4 … minutes; another address still logs in', async () => {
      const user = await registerUser(stack);
      // Real source addresses (Linux routes all of 127/8 to loopback), no forwarding header.
      const from = (address: string, password: string) => postFrom(stack, address, '/api/auth/login', { email: user.email, password });
      for (let i = 1; i < 5; i++) expect(await from('127.0.0.2', `errada-${i}`)).toMatchObject({ status: 401, body: { message: INVALID } });
      const fifth = await from('127.0.0.2', 'errada-5');
      expect(fifth).toEqual({ status: 423, body: expect.objectContaining({ message: 'Muitas tentativas sem sucesso a partir deste endereço. Tente novamente em 1 minuto ou redefina sua senha.' }) });
      // Even the right password is refused from there…
      expect((await from('127.0.0.2', 'senha-forte-1')).status).toBe(423);
      // …while the owner, elsewhere, is not affected.
      expect((await from('127.0.0.3', 'senha-forte-1')).status).toBe(200);
      const [pair] = await db.query(`SELECT extract(epoch FROM locked_until - now()) AS s, lockouts FROM login_failures WHERE user_id = $1 AND source = '127.0.0.2'`, [user.id]);
      expect(Number(pair.s)).toBeGreaterThan(50);
      expect(Number(pair.s)).toBeLessThanOrEqual(60);
      expect(pair.lockouts).toBe(1);

      // A minute later: five more failures lock it for 2 minutes.
      await db.query(`UPDATE login_failures SET locked_until = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
      for (let i = 1; i < 5; i++) expect((await from('127.0.0.2', `errada-${i}`)).status).toBe(401);
      expect((await from('127.0.0.2', 'errada-5')).body.message).toMatch(/em 2 minutos/);

      // A success from the pair forgets it; so does a password reset, for every address.
      await db.query(`UPDATE login_failures SET locked_until = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
      expect((await from('127.0.0.2', 'senha-forte-1')).status).toBe(200);
      expect(await db.query(`SELECT * FROM login_failures WHERE user_id = $1 AND source = '127.0.0.2'`, [user.id])).toEqual([]);
    });

    it('follows a changed maxLoginAttempts', async () => {
      await settings.update('security', { maxLoginAttempts: 2 }, null);
      try {
        const user = await registerUser(stack);
        const ip = newIp();
        await login(user.email, 'errada-1', ip).expect(401);
        await login(user.email, 'errada-2', ip).expect(423);
      } finally {
        await settings.update('security', { maxLoginAttempts: 5 }, null);
      }
    });

    it('refuses suspended accounts, at login and for sessions already open', async () => {
      const user = await registerUser(stack);
      await db.query(`UPDATE users SET status = 'suspended' WHERE id = $1`, [user.id]);
      expect((await login(user.email, 'senha-forte-1').expect(403)).body.message).toBe('Sua conta está suspensa. Fale com o suporte.');
      expect((await login(user.email, 'senha-errada').expect(401)).body.message).toBe(INVALID);
      await stack.http.get('/api/auth/me').set(as(user.token)).expect(401);
    });
  });

  describe('sessions', () => {
    const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { iat: number; exp: number };

    it('last sessionTimeoutHours (default 24), and an expired token is refused', async () => {
      const user = await registerUser(stack);
      const claims = decode(user.token);
      expect(claims.exp - claims.iat).toBe(24 * 3600);

      const jwt = stack.app.get(JwtService);
      const now = Math.floor(Date.now() / 1000);
      // Signed with the app's own key, so only its age can make it fail.
      const expired = await jwt.signAsync({ sub: user.id, role: 'user', ver: 0, iat: now - 25 * 3600 }, { expiresIn: 24 * 3600 });
      const res = await stack.http.get('/api/auth/me').set(as(expired)).expect(401);
      expect(res.body.message).toBe('Sessão expirada ou inválida. Entre novamente.');
      const fresh = await jwt.signAsync({ sub: user.id, role: 'user', ver: 0, iat: now - 3600 }, { expiresIn: 24 * 3600 });
      await stack.http.get('/api/auth/me').set(as(fresh)).expect(200);

      await settings.update('security', { sessionTimeoutHours: 2 }, null);
      try {
        const relogged = await login(user.email, 'senha-forte-1').expect(200);
        const c = decode(relogged.body.token);
        expect(c.exp - c.iat).toBe(2 * 3600);
        // Shortening the timeout also ends older sessions beyond it.
        const older = await jwt.signAsync({ sub: user.id, role: 'user', ver: 0, iat: now - 3 * 3600 }, { expiresIn: 24 * 3600 });
        await stack.http.get('/api/auth/me').set(as(older)).expect(401);
      } finally {
        await settings.update('security', { sessionTimeoutHours: 24 }, null);
      }
    });

    it('takes the role from the database, not from the token', async () => {
      const user = await registerUser(stack);
      const forged = await stack.app.get(JwtService).signAsync({ sub: user.id, role: 'root', ver: 0 }, { expiresIn: 3600 });
      await stack.http.get('/api/admin/settings').set(as(forged)).expect(403);
    });
  });

  describe('forgot and reset password', () => {
    it('always answers the same and mails a single-use link, stored hashed, that sets the new password', async () => {
      const user = await registerUser(stack, 'Rita Reset');
      const ip = newIp();
      const unknown = await stack.http.post('/api/auth/forgot-password').set(ip).send({ email: 'ninguem@teste.com.br' }).expect(200);
      const known = await stack.http.post('/api/auth/forgot-password').set(ip).send({ email: user.email.toUpperCase() }).expect(200);
      expect(known.body).toEqual(unknown.body);

      const mail = await smtp.waitFor(user.email, (m) => m.subject.startsWith('Redefinição de senha'));
      expect(mail.from).toBe('nao-responda@cda.local');
      expect(mail.text).toContain('Olá, Rita Reset!');
      expect(mail.html).toContain('Redefinir senha');
      const link = resetLinkIn(mail);
      expect(`${link.origin}${link.pathname}`).toBe(`${loadConfig().publicUrl}/reset-password`);
      const token = link.searchParams.get('token')!;
      expect(smtp.messages.filter((m) => m.to.includes('ninguem@teste.com.br'))).toHaveLength(0);

      const rows = await db.query(`SELECT token_hash FROM password_reset_tokens WHERE user_id = $1`, [user.id]);
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      await waitUntil(async () => (await db.query(`SELECT 1 FROM mail_outbox WHERE to_address = $1 AND kind = 'password-reset' AND status = 'sent'`, [user.email])).length > 0);
      expect(JSON.stringify(await db.query(`SELECT * FROM mail_outbox`))).not.toContain(token);

      // A refused password does not spend the link.
      const short = await stack.http.post('/api/auth/reset-password').set(ip).send({ token, password: '123' }).expect(400);
      expect(short.body.message).toBe('A nova senha deve ter pelo menos 6 caracteres');
      const done = await stack.http.post('/api/auth/reset-password').set(ip).send({ token, password: 'nova-senha-9' }).expect(200);
      expect(done.body.message).toBe('Senha redefinida com sucesso! Entre com a nova senha.');

      await login(user.email, 'nova-senha-9').expect(200);
      await login(user.email, 'senha-forte-1').expect(401);
      await stack.http.get('/api/auth/me').set(as(user.token)).expect(401);
      const reused = await stack.http.post('/api/auth/reset-password').set(ip).send({ token, password: 'outra-senha-9' }).expect(400);
      expect(reused.body.message).toBe('Link de redefinição inválido ou expirado. Peça um novo.');
    });

    it('refuses a link older than one hour', async () => {
      const user = await registerUser(stack, 'Vera Vencida');
      const ip = newIp();
      await stack.http.post('/api/auth/forgot-password').set(ip).send({ email: user.email }).expect(200);
      const token = resetLinkIn(await smtp.waitFor(user.email, (m) => m.subject.startsWith('Redefinição de senha'))).searchParams.get('token')!;
      const [{ minutes }] = await db.query(
        `SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM password_reset_tokens WHERE user_id = $1`,
        [user.id],
      );
      expect(Number(minutes)).toBeCloseTo(60, 0);
      await db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
      await stack.http.post('/api/auth/reset-password').set(ip).send({ token, password: 'nova-senha-9' }).expect(400);
      await login(user.email, 'senha-forte-1').expect(200);
    });

    it('without SMTP, writes the mail to the outbox an admin can read instead of dropping it', async () => {
      const admin = await registerAdmin(stack);
      const user = await registerUser(stack, 'Sem Smtp');
      await settings.update('email', { smtpHost: '' }, null);
      try {
        await stack.http.post('/api/auth/forgot-password').set(newIp()).send({ email: user.email }).expect(200);
        let entry: { to: string; status: string; text: string; kind: string } | undefined;
        await waitUntil(async () => {
          const page = (await stack.http.get('/api/admin/mail-outbox').set(as(admin.token)).expect(200)).body;
          // The reset mail is recorded just after the answer; the account's earlier sign-up mail is not it.
          entry = page.items.find((e: { to: string; status: string; kind: string }) => e.to === user.email && e.kind === 'password-reset' && e.status !== 'pending');
          return !!entry;
        });
        expect(entry).toMatchObject({ kind: 'password-reset', status: 'unsent' });
        expect(entry!.text).toMatch(/\/reset-password\?token=/);
        await stack.http.get('/api/admin/mail-outbox').set(as(user.token)).expect(403);
      } finally {
        await settings.update('email', { smtpHost: '127.0.0.1' }, null);
      }
      // Delivered mails keep no body (it may hold a live link).
      const sent = await db.query(`SELECT text_body, html_body FROM mail_outbox WHERE status = 'sent'`);
      expect(sent.length).toBeGreaterThan(0);
      for (const s of sent) expect(s).toEqual({ text_body: null, html_body: null });
    });

    it('rate-limits forgot-password per client', async () => {
      const ip = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await stack.http.post('/api/auth/forgot-password').set(ip).send({ email: 'x@teste.com.br' })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const res = await stack.http.post('/api/auth/forgot-password').set(ip).send({ email: 'x@teste.com.br' }).expect(429);
      expect(res.body.message).toBe('Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.');
      // Another client is not affected.
      await stack.http.post('/api/auth/forgot-password').set(newIp()).send({ email: 'x@teste.com.br' }).expect(200);
    });

    it('never rate-limits the session and policy reads that every page load makes, while login stays limited', async () => {
      const ip = newIp();
      const user = await registerUser(stack);
      // An office behind one address: far more page loads a minute than the 30 credential attempts.
      for (let i = 0; i < 45; i++) {
        await stack.http.get('/api/auth/me').set(ip).set(as(user.token)).expect(200);
        await stack.http.get('/api/auth/policy').set(ip).expect(200);
      }
      const logins: number[] = [];
      for (let i = 0; i < 31; i++) logins.push((await stack.http.post('/api/auth/login').set(ip).send({ email: user.email, password: 'errada-123' })).status);
      expect(logins.at(-1)).toBe(429);
    });
  });

  describe('profile', () => {
    it('updates name, e-mail (unique), phone, company and position', async () => {
      const user = await registerUser(stack);
      const other = await registerUser(stack);
      const profile = (await stack.http.get('/api/profile').set(as(user.token)).expect(200)).body;
      expect(profile).toMatchObject({ id: user.id, whatsapp: '11987654321', phone: null, notifications: DEFAULT_NOTIFICATION_PREFERENCES });

      const newEmail = uniqueEmail('nova');
      const res = await stack.http
        .patch('/api/profile')
        .set(as(user.token))
        .send({ name: 'Nome Novo', email: newEmail, phone: '(21) 3333-4444', company: 'Escritório X', position: 'Advogada' })
        .expect(200);
      expect(res.body).toMatchObject({ name: 'Nome Novo', email: newEmail, phone: '2133334444', company: 'Escritório X', position: 'Advogada' });
      await login(newEmail, 'senha-forte-1').expect(200);

      const taken = await stack.http.patch('/api/profile').set(as(user.token)).send({ email: other.email.toUpperCase() }).expect(409);
      expect(taken.body.message).toBe('Este e-mail já está cadastrado.');
      await stack.http.patch('/api/profile').set(as(user.token)).send({ plan: 'premium' }).expect(400);
      await stack.http.patch('/api/profile').set(as(user.token)).send({ phone: '', company: '' }).expect(200);
      expect((await stack.http.get('/api/profile').set(as(user.token)).expect(200)).body).toMatchObject({ phone: null, company: null, plan: 'free' });
    });

    it('changes the password with the current one, and ends older sessions', async () => {
      const user = await registerUser(stack);
      const change = (body: object) => stack.http.put('/api/profile/password').set(as(user.token)).send(body);
      expect((await change({ currentPassword: 'senha-forte-1', newPassword: 'nova-senha-1', confirmPassword: 'outra' }).expect(400)).body.message).toBe(
        'As senhas não coincidem',
      );
      expect((await change({ currentPassword: 'senha-forte-1', newPassword: '123', confirmPassword: '123' }).expect(400)).body.message).toBe(
        'A nova senha deve ter pelo menos 6 caracteres',
      );
      expect((await change({ currentPassword: 'errada', newPassword: 'nova-senha-1', confirmPassword: 'nova-senha-1' }).expect(400)).body.message).toBe(
        'A senha atual está incorreta.',
      );
      const ok = await change({ currentPassword: 'senha-forte-1', newPassword: 'nova-senha-1', confirmPassword: 'nova-senha-1' }).expect(200);
      await stack.http.get('/api/auth/me').set(as(user.token)).expect(401);
      await stack.http.get('/api/auth/me').set(as(ok.body.token)).expect(200);
      await login(user.email, 'nova-senha-1').expect(200);
    });

    it('persists notification preferences and honours emailAnalysis for the analysis e-mail', async () => {
      const on = await registerUser(stack, 'Quer Aviso');
      const off = await registerUser(stack, 'Sem Aviso');
      const prefs = { emailAnalysis: false, emailMarketing: true, pushAnalysis: false, pushMarketing: true };
      expect((await stack.http.put('/api/profile/notifications').set(as(off.token)).send(prefs).expect(200)).body).toEqual(prefs);
      expect((await stack.http.get('/api/profile').set(as(off.token)).expect(200)).body.notifications).toEqual(prefs);
      await stack.http.put('/api/profile/notifications').set(as(off.token)).send({ emailAnalysis: true }).expect(400);

      // The worker's final status message, as it publishes it.
      const redis = new Redis(redisOptionsFromUrl(loadConfig().redisUrl));
      try {
        const msg = (userId: string, id: string) => JSON.stringify({ id, userId, status: 'done', processedFiles: 1, totalFiles: 1 });
        // The mailer reads the finished analysis (its totals go in the e-mail): real rows, as the worker leaves them.
        const finished = async (userId: string) =>
          (await db.query(`INSERT INTO analyses (user_id, status, file_count, params) VALUES ($1, 'done', 1, '{}') RETURNING id`, [userId]))[0].id as string;
        const offId = await finished(off.id);
        const onId = await finished(on.id);
        await redis.publish(STATUS_CHANNEL, msg(off.id, offId));
        await redis.publish(STATUS_CHANNEL, msg(on.id, onId));
        await redis.publish(STATUS_CHANNEL, msg(on.id, onId));
        // Their sign-up confirmations aside: only analysis e-mails count here.
        const analysisMail = (m: { subject: string }) => m.subject.startsWith('Análise');
        const mail = await smtp.waitFor(on.email, analysisMail);
        expect(mail.subject).toBe('Análise concluída — CDA Extractor');
        expect(mail.text).toContain(`${loadConfig().publicUrl}/history`);
        await new Promise((r) => setTimeout(r, 300));
        expect(smtp.messages.filter((m) => m.to.includes(on.email) && analysisMail(m))).toHaveLength(1);
        expect(smtp.messages.filter((m) => m.to.includes(off.email) && analysisMail(m))).toHaveLength(0);
        expect(await db.query(`SELECT 1 FROM mail_outbox WHERE to_address = $1 AND kind <> 'signup-confirm'`, [off.email])).toHaveLength(0);
      } finally {
        redis.disconnect();
      }
    });
  });

  describe('maintenance mode', () => {
    it('answers 503 in pt-BR to everyone but admins', async () => {
      const user = await registerUser(stack);
      const admin = await registerAdmin(stack);
      await settings.update('general', { maintenanceMode: true }, null);
      try {
        const message = 'O sistema está em manutenção. Tente novamente mais tarde.';
        expect((await stack.http.get('/api/auth/me').set(as(user.token)).expect(503)).body.message).toBe(message);
        await stack.http.get('/api/analyses').set(as(user.token)).expect(503);
        await stack.http.get('/api/plans').expect(503);
        expect((await login(user.email, 'senha-forte-1').expect(503)).body.message).toBe(message);
        await register({ name: 'Nova', email: uniqueEmail('m'), whatsapp: '11987654321', password: 'segredo' }).expect(503);

        const adminLogin = await login(admin.email, 'senha-forte-1').expect(200);
        await stack.http.get('/api/auth/me').set(as(adminLogin.body.token)).expect(200);
        await stack.http.get('/api/analyses').set(as(admin.token)).expect(200);
        await stack.http.get('/api/admin/settings').set(as(admin.token)).expect(200);
        await stack.http.get('/api/health/live').expect(200);
      } finally {
        await settings.update('general', { maintenanceMode: false }, null);
      }
      await stack.http.get('/api/auth/me').set(as(user.token)).expect(200);
    });
  });
});
