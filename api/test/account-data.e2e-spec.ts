import { DataSource } from 'typeorm';
import type { Report } from '@cda/shared';
import { Stack, registerUser, signUp, startStack, waitUntil } from './harness';
import { as, insertUser, ledgerMatches, registerRoot } from './admin-fixtures';

/** Issue 22, point 4: the account's data agrees with itself on every screen and figure. */
describe('account data that agrees with itself', () => {
  let stack: Stack;
  let db: DataSource;
  let root: { token: string; id: string };

  beforeAll(async () => {
    stack = await startStack();
    db = stack.app.get(DataSource);
    root = await registerRoot(stack);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  const lastLogin = async (id: string): Promise<Date | null> => (await db.query(`SELECT last_login_at FROM users WHERE id = $1`, [id]))[0].last_login_at;

  describe('the WhatsApp given at sign-up', () => {
    it('is stored from a pasted +55 number and shown in the profile, the admin list and the CSV', async () => {
      const email = `zap-${Date.now()}@teste.com.br`;
      const session = await signUp(stack, { name: 'Zélia Zap', email, whatsapp: '+55 11 98765-4321', password: 'senha-forte-1' }, { 'X-Forwarded-For': '10.22.0.1' });
      const profile = (await stack.http.get('/api/profile').set(as(session.token)).expect(200)).body;
      expect(profile).toMatchObject({ whatsapp: '11987654321', phone: null });

      const list = (await stack.http.get(`/api/admin/users?search=${encodeURIComponent(email)}`).set(as(root.token)).expect(200)).body;
      expect(list.items).toEqual([expect.objectContaining({ email, whatsapp: '11987654321', phone: null })]);

      const csv = (await stack.http.get(`/api/admin/users/export?search=${encodeURIComponent(email)}`).set(as(root.token)).expect(200)).text;
      const [header, row] = csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(';'));
      expect(row[header.indexOf('WhatsApp')]).toBe('(11) 98765-4321');
      expect(row[header.indexOf('Telefone')]).toBe('');
    });

    it('is editable by its holder and by an admin; landlines keep 10 digits; numbers that do not exist are refused', async () => {
      const user = await registerUser(stack, 'Tânia Telefone');
      const patch = (body: object) => stack.http.patch('/api/profile').set(as(user.token)).send(body);
      expect((await patch({ whatsapp: '(21) 99876-5432', phone: '(11) 3322-4455' }).expect(200)).body).toMatchObject({
        whatsapp: '21998765432',
        phone: '1133224455',
      });
      // What the old mask made of a pasted +55 number, and a landline missing a digit.
      expect((await patch({ phone: '(55) 11987-6543' }).expect(400)).body.message).toEqual(['Informe um telefone válido com DDD.']);
      expect((await patch({ whatsapp: '(11) 3322-445' }).expect(400)).body.message).toEqual(['Informe um WhatsApp válido com DDD.']);
      // An empty field clears the number.
      expect((await patch({ phone: '' }).expect(200)).body.phone).toBeNull();

      const edited = await stack.http.put(`/api/admin/users/${user.id}`).set(as(root.token)).send({ whatsapp: '+55 31 3333-4444' }).expect(200);
      expect(edited.body.whatsapp).toBe('3133334444');
      const bad = await stack.http.put(`/api/admin/users/${user.id}`).set(as(root.token)).send({ whatsapp: '+1 212 555 0100' }).expect(400);
      expect(bad.body.message).toEqual(['WhatsApp: informe um número brasileiro válido com DDD.']);
    });
  });

  describe('"Último acesso"', () => {
    it('is set by the confirmation link (the first access), by each login and while a session is in use', async () => {
      const user = await registerUser(stack, 'Lúcia Acesso');
      expect(await lastLogin(user.id)).not.toBeNull();

      // A session still in use moves it forward (a remembered login never logs in again)…
      await db.query(`UPDATE users SET last_login_at = now() - interval '2 days' WHERE id = $1`, [user.id]);
      await stack.http.get('/api/auth/me').set(as(user.token)).expect(200);
      await waitUntil(async () => Date.now() - (await lastLogin(user.id))!.getTime() < 60_000, 5000);

      // …but at most every few minutes, not on every request.
      await db.query(`UPDATE users SET last_login_at = now() - interval '1 minute' WHERE id = $1`, [user.id]);
      const before = (await lastLogin(user.id))!.getTime();
      await stack.http.get('/api/auth/me').set(as(user.token)).expect(200);
      await new Promise((r) => setTimeout(r, 300));
      expect((await lastLogin(user.id))!.getTime()).toBe(before);

      await db.query(`UPDATE users SET last_login_at = NULL WHERE id = $1`, [user.id]);
      await stack.http.post('/api/auth/login').send({ email: user.email, password: 'senha-forte-1' }).expect(200);
      const listed = (await stack.http.get(`/api/admin/users/${user.id}`).set(as(root.token)).expect(200)).body;
      expect(Date.now() - new Date(listed.lastLoginAt).getTime()).toBeLessThan(60_000);
    });

    it('is not touched by a refused token', async () => {
      const user = await registerUser(stack, 'Rui Recusado');
      await db.query(`UPDATE users SET last_login_at = '2020-01-01T00:00:00Z' WHERE id = $1`, [user.id]);
      await stack.http.get('/api/auth/me').set(as(`${user.token}x`)).expect(401);
      await new Promise((r) => setTimeout(r, 300));
      expect((await lastLogin(user.id))!.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    });
  });

  describe('the token figures', () => {
    it('answer the credits with the balance, so "restantes" never exceeds "total"', async () => {
      const user = await registerUser(stack, 'Caio Créditos');
      await stack.http.post(`/api/admin/users/${user.id}/credits`).set(as(root.token)).send({ amount: 1_000_000 }).expect(200);
      const me = (await stack.http.get('/api/auth/me').set(as(user.token)).expect(200)).body;
      expect(me).toMatchObject({ tokens: 2_000_000, tokensPlan: 1_000_000, creditTokens: 1_000_000 });
      const dash = (await stack.http.get('/api/dashboard').set(as(user.token)).expect(200)).body;
      expect(dash).toMatchObject({ tokens: 2_000_000, tokensPlan: 1_000_000, creditTokens: 1_000_000 });
    });

    it('explain a plan change in the ledger: the plan and the balance it sets, not a bare difference', async () => {
      const user = await registerUser(stack, 'Bia Basic');
      // 18.000 spent of the Free plan's 1M: moving to Básico (5M) adds 4.018.000.
      await db.query(
        `WITH t AS (INSERT INTO token_transactions (user_id, type, amount, description) VALUES ($1, 'settle', -18000, 'Análise') RETURNING 1)
         UPDATE users SET tokens = tokens - 18000 WHERE id = $1`,
        [user.id],
      );
      await stack.http.put(`/api/admin/users/${user.id}`).set(as(root.token)).send({ plan: 'basic' }).expect(200);
      const [entry] = await db.query(`SELECT type, amount::int, description FROM token_transactions WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [user.id]);
      expect(entry).toEqual({ type: 'renewal', amount: 4_018_000, description: 'Plano Básico: saldo ajustado para 5M (alterado pelo administrador)' });
      expect(await ledgerMatches(db, user.id)).toEqual({ tokens: 5_000_000, ledger: 5_000_000 });
      // The admin's credit screen shows the same words.
      const ledger = (await stack.http.get(`/api/admin/credits?type=all&search=${encodeURIComponent(user.email)}`).set(as(root.token)).expect(200)).body;
      expect(ledger.items.map((t: { description: string }) => t.description)).toContain('Plano Básico: saldo ajustado para 5M (alterado pelo administrador)');
    });
  });

  describe('who counts as a user', () => {
    const Q = '/api/admin/reports?period=custom&from=2020-02-01&to=2020-02-07';
    const report = async (q = Q): Promise<Report> => (await stack.http.get(`${q}&type=overview`).set(as(root.token)).expect(200)).body;
    const users = async (q = Q): Promise<Report> => (await stack.http.get(`${q}&type=users`).set(as(root.token)).expect(200)).body;
    const card = (r: Report, key: string) => r.cards.find((c) => c.key === key)?.value;

    it('leaves deleted accounts out of every report figure of people, as the users page does', async () => {
      const kept = await insertUser(db, { name: 'Fica', createdAt: '2020-02-03T10:00:00-03:00' });
      const gone = await insertUser(db, { name: 'Sai', plan: 'premium', createdAt: '2020-02-03T11:00:00-03:00' });
      for (const u of [kept, gone]) {
        await db.query(`INSERT INTO analyses (user_id, status, file_count, params, created_at) VALUES ($1, 'done', 1, '{}', '2020-02-04T10:00:00-03:00')`, [u]);
      }
      const before = { overview: await report(), users: await users() };
      await stack.http.delete(`/api/admin/users/${gone}`).set(as(root.token)).expect(200);
      const after = { overview: await report(), users: await users() };

      expect(card(after.overview, 'signups')).toBe(card(before.overview, 'signups')! - 1);
      expect(card(after.overview, 'activeUsers')).toBe(card(before.overview, 'activeUsers')! - 1);
      expect(card(after.users, 'usersAtEnd')).toBe(card(before.users, 'usersAtEnd')! - 1);
      // What happened stays: the deleted account's analysis is still an analysis.
      expect(card(after.overview, 'analyses')).toBe(card(before.overview, 'analyses'));
      const premium = (r: Report) => r.charts.find((c) => c.key === 'usersByPlan')!.rows.find((x) => x.label === 'Premium')!.users;
      expect(premium(after.users)).toBe(Number(premium(before.users)) - 1);

      // A period ending today counts exactly the accounts the users page counts.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const stats = (await stack.http.get('/api/admin/users/stats').set(as(root.token)).expect(200)).body;
      const now = await users(`/api/admin/reports?period=custom&from=${today}&to=${today}`);
      expect(card(now, 'usersAtEnd')).toBe(stats.total);
    });
  });
});
