import { DataSource } from 'typeorm';
import { Stack, connectSocket, registerAdmin, registerUser, signUp, startStack } from './harness';
import { as, insertUser, ledgerMatches, registerRoot } from './admin-fixtures';
import { TokensService } from '../src/tokens/tokens.service';
import { MaintenanceService } from '../src/maintenance/maintenance.service';

const ZERO = '00000000-0000-4000-8000-000000000000';

describe('admin users: list, stats, create, edit, suspend, credits, delete', () => {
  let stack: Stack;
  let db: DataSource;
  let admin: { token: string; id: string; email: string };
  let root: { token: string; id: string; email: string };
  let user: { token: string; id: string; email: string };

  beforeAll(async () => {
    stack = await startStack();
    db = stack.app.get(DataSource);
    admin = await registerAdmin(stack);
    root = await registerRoot(stack);
    user = await registerUser(stack);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  const routes: [string, string][] = [
    ['get', '/api/admin/users'],
    ['get', '/api/admin/users/stats'],
    ['get', '/api/admin/users/export'],
    ['get', `/api/admin/users/${ZERO}`],
    ['post', '/api/admin/users'],
    ['put', `/api/admin/users/${ZERO}`],
    ['post', `/api/admin/users/${ZERO}/suspend`],
    ['post', `/api/admin/users/${ZERO}/reactivate`],
    ['post', `/api/admin/users/${ZERO}/credits`],
    ['delete', `/api/admin/users/${ZERO}`],
  ];
  it.each(routes)('%s %s: 403 for a plain user, 401 without a session', async (method, path) => {
    const call = (stack.http as unknown as Record<string, (p: string) => import('supertest').Test>)[method];
    const res = await call.call(stack.http, path).set(as(user.token)).send({});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Acesso restrito a administradores.');
    expect((await call.call(stack.http, path).send({})).status).toBe(401);
  });

  it('searches by name, e-mail or id, filters by status and plan, 10 per page', async () => {
    const tag = `Zebedeu${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(await insertUser(db, { name: `${tag} ${i}`, status: i < 3 ? 'suspended' : 'active', plan: i % 2 ? 'basic' : 'free' }));
    }
    const other = await insertUser(db, { name: 'Outra Pessoa', email: `${tag.toLowerCase()}@exemplo.com.br` });

    const p1 = (await stack.http.get('/api/admin/users').query({ search: tag }).set(as(admin.token)).expect(200)).body;
    expect(p1).toMatchObject({ total: 13, page: 1, pageCount: 2 });
    expect(p1.items).toHaveLength(10);
    const p2 = (await stack.http.get('/api/admin/users').query({ search: tag, page: 2 }).set(as(admin.token)).expect(200)).body;
    expect(p2.items).toHaveLength(3);
    expect(new Set([...p1.items, ...p2.items].map((u: { id: string }) => u.id))).toEqual(new Set([...ids, other]));

    const byEmail = (await stack.http.get('/api/admin/users').query({ search: `${tag.toUpperCase()}@EXEMPLO` }).set(as(admin.token)).expect(200)).body;
    expect(byEmail.items.map((u: { id: string }) => u.id)).toEqual([other]);
    const byId = (await stack.http.get('/api/admin/users').query({ search: ids[4].slice(0, 13) }).set(as(admin.token)).expect(200)).body;
    expect(byId.items.map((u: { id: string }) => u.id)).toEqual([ids[4]]);
    const suspended = (await stack.http.get('/api/admin/users').query({ search: tag, status: 'suspended' }).set(as(admin.token)).expect(200)).body;
    expect(suspended.total).toBe(3);
    const basic = (await stack.http.get('/api/admin/users').query({ search: tag, plan: 'basic' }).set(as(admin.token)).expect(200)).body;
    expect(basic.total).toBe(6);
    expect(basic.items[0]).toMatchObject({ plan: 'basic', planName: 'Básico', tokensPlan: 5_000_000, tokens: 5_000_000, tokensUsed: 0, usagePercent: 0, credits: 0 });
    // LIKE wildcards are literal.
    expect((await stack.http.get('/api/admin/users').query({ search: '%' }).set(as(admin.token)).expect(200)).body.total).toBe(0);
    const bad = await stack.http.get('/api/admin/users').query({ status: 'banido', pageSize: 500 }).set(as(admin.token)).expect(400);
    expect(bad.body.message).toEqual(expect.arrayContaining(['Status inválido.', 'O tamanho da página deve ser no máximo 100.']));
  });

  it('counts total, active, pending and suspended', async () => {
    const before = (await stack.http.get('/api/admin/users/stats').set(as(admin.token)).expect(200)).body;
    await insertUser(db, { name: 'Ativa' });
    await insertUser(db, { name: 'Pendente', status: 'pending' });
    await insertUser(db, { name: 'Pendente 2', status: 'pending' });
    await insertUser(db, { name: 'Suspensa', status: 'suspended' });
    const after = (await stack.http.get('/api/admin/users/stats').set(as(admin.token)).expect(200)).body;
    expect(after).toEqual({ total: before.total + 4, active: before.active + 1, pending: before.pending + 2, suspended: before.suspended + 1 });
    const [{ count }] = await db.query(`SELECT count(*) FROM users WHERE deleted_at IS NULL`);
    expect(after.total).toBe(Number(count));
  });

  it('creates a user with a generated password sent by e-mail, initial credits in the ledger, audited', async () => {
    const email = `nova-${Date.now()}@teste.com.br`;
    const res = await stack.http
      .post('/api/admin/users')
      .set(as(admin.token))
      .send({ name: '  Nova Cliente ', email, plan: 'premium', status: 'active', phone: '(11) 98765-4321', company: 'Escritório X', credits: 2500 })
      .expect(201);
    expect(res.body).toMatchObject({ name: 'Nova Cliente', email, plan: 'premium', role: 'user', phone: '11987654321', company: 'Escritório X', credits: 2500 });
    expect(res.body.tokens).toBe(20_000_000 + 2500);
    const id = res.body.id;
    expect(await ledgerMatches(db, id)).toEqual({ tokens: 20_002_500, ledger: 20_002_500 });
    const [grant] = await db.query(`SELECT amount, type FROM token_transactions WHERE user_id = $1 AND type = 'admin_grant'`, [id]);
    expect(Number(grant.amount)).toBe(2500);
    const [{ must_change_password }] = await db.query(`SELECT must_change_password FROM users WHERE id = $1`, [id]);
    expect(must_change_password).toBe(true);

    const [mail] = await db.query(`SELECT kind, text_body FROM mail_outbox WHERE to_address = $1`, [email]);
    expect(mail.kind).toBe('admin-user-created');
    const password = /Senha temporária: (\S+)/.exec(mail.text_body)![1];
    expect(password.length).toBeGreaterThanOrEqual(20);
    await stack.http.post('/api/auth/login').send({ email, password }).expect(200);

    const [audit] = await db.query(`SELECT user_id, details::text AS d FROM audit_log WHERE action = 'admin.user.create' AND target = $1`, [id]);
    expect(audit.user_id).toBe(admin.id);
    expect(audit.d).not.toContain(password);

    const dup = await stack.http.post('/api/admin/users').set(as(admin.token)).send({ name: 'Outra', email: email.toUpperCase() }).expect(409);
    expect(dup.body.message).toBe('Este e-mail já está cadastrado.');
    const bad = await stack.http.post('/api/admin/users').set(as(admin.token)).send({ name: ' ', email: 'x', credits: -1, plan: 'ouro' }).expect(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining(['Informe o nome.', 'Informe um e-mail válido.', 'Os créditos iniciais não podem ser negativos.']),
    );
    const noPlan = await stack.http.post('/api/admin/users').set(as(admin.token)).send({ name: 'Sem Plano', email: `sp-${Date.now()}@t.com.br`, plan: 'ouro' }).expect(400);
    expect(noPlan.body.message).toBe('Plano inexistente.');
  });

  it('edits name, e-mail and plan (new allowance in the ledger); roles only by root; admins cannot promote to root', async () => {
    const target = await registerUser(stack);
    const res = await stack.http
      .put(`/api/admin/users/${target.id}`)
      .set(as(admin.token))
      .send({ name: 'Nome Novo', email: `novo-${target.email}`, plan: 'basic' })
      .expect(200);
    expect(res.body).toMatchObject({ name: 'Nome Novo', email: `novo-${target.email}`, plan: 'basic', tokens: 5_000_000 });
    expect(await ledgerMatches(db, target.id)).toEqual({ tokens: 5_000_000, ledger: 5_000_000 });

    const promote = await stack.http.put(`/api/admin/users/${target.id}`).set(as(admin.token)).send({ role: 'root' }).expect(403);
    expect(promote.body.message).toBe('Apenas um usuário root pode alterar o papel de um usuário.');
    await stack.http.put(`/api/admin/users/${target.id}`).set(as(admin.token)).send({ role: 'admin' }).expect(403);
    await stack.http.put(`/api/admin/users/${target.id}`).set(as(root.token)).send({ role: 'admin' }).expect(200);
    const [{ role }] = await db.query(`SELECT role FROM users WHERE id = $1`, [target.id]);
    expect(role).toBe('admin');
    // Sessions opened under the old role end: the next sign-in carries the new one.
    await stack.http.get('/api/auth/me').set(as(target.token)).expect(401);
    // An admin cannot touch a root at all.
    const touch = await stack.http.put(`/api/admin/users/${root.id}`).set(as(admin.token)).send({ name: 'x' }).expect(403);
    expect(touch.body.message).toBe('Apenas um usuário root pode alterar, suspender ou excluir outro root.');

    const [audit] = await db.query(`SELECT details FROM audit_log WHERE action = 'admin.user.update' AND target = $1 ORDER BY id LIMIT 1`, [target.id]);
    expect(audit.details.changed).toMatchObject({ name: 'Nome Novo', plan: 'basic' });
    await stack.http.put(`/api/admin/users/${target.id}`).set(as(admin.token)).send({ email: admin.email }).expect(409);
    await stack.http.put(`/api/admin/users/${ZERO}`).set(as(admin.token)).send({ name: 'x' }).expect(404);
    await stack.http.put(`/api/admin/users/nao-e-uuid`).set(as(admin.token)).send({ name: 'x' }).expect(404);
  });

  it('sets a per-user token limit: balance moves by the difference, in the ledger; renewal grants it; null or a plan change restores the plan', async () => {
    const target = await registerUser(stack);
    const put = (body: object) => stack.http.put(`/api/admin/users/${target.id}`).set(as(admin.token)).send(body);
    const dashboard = async () => (await stack.http.get('/api/dashboard').set(as(target.token)).expect(200)).body;
    // 300,000 of the free plan's 1,000,000 spent this period, 50,000 purchased credits on top.
    await db.query(`UPDATE users SET tokens = tokens - 300000 WHERE id = $1`, [target.id]);
    await db.query(`INSERT INTO token_transactions (user_id, type, amount, description) VALUES ($1, 'settle', -300000, 'consumo de teste')`, [target.id]);
    await stack.app.get(TokensService).credit(target.id, 50_000, 'purchase', 'Pacote de teste');

    const up = (await put({ tokenLimit: 2_000_000 }).expect(200)).body;
    expect(up).toMatchObject({ tokenLimit: 2_000_000, tokensPlan: 2_000_000, tokenLimitOverridden: true, planTokenLimit: 1_000_000 });
    expect(up).toMatchObject({ tokens: 1_750_000, credits: 50_000, tokensUsed: 300_000, usagePercent: 15 });
    expect(await ledgerMatches(db, target.id)).toEqual({ tokens: 1_750_000, ledger: 1_750_000 });
    const [row] = await db.query(
      `SELECT type, amount, credit_amount, description, actor_id FROM token_transactions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [target.id],
    );
    expect(row).toMatchObject({ type: 'renewal', amount: '1000000', credit_amount: '0', description: 'Limite de tokens alterado pelo administrador', actor_id: admin.id });
    expect(await dashboard()).toMatchObject({ tokens: 1_750_000, tokensPlan: 2_000_000, creditTokens: 50_000 });
    expect((await stack.http.get('/api/auth/me').set(as(target.token)).expect(200)).body).toMatchObject({ tokensPlan: 2_000_000 });
    const listed = (await stack.http.get('/api/admin/users').query({ search: target.email }).set(as(admin.token)).expect(200)).body;
    expect(listed.items[0]).toMatchObject({ tokenLimit: 2_000_000, tokenLimitOverridden: true });
    const [audit] = await db.query(`SELECT details FROM audit_log WHERE action = 'admin.user.update' AND target = $1 ORDER BY id DESC LIMIT 1`, [target.id]);
    expect(audit.details.changed.tokenLimit).toEqual({ from: 1_000_000, to: 2_000_000, override: 2_000_000 });

    // Lowering below what was spent leaves only the credits; never below them.
    expect((await put({ tokenLimit: 100_000 }).expect(200)).body).toMatchObject({ tokens: 50_000, tokenLimit: 100_000, usagePercent: 100 });
    expect(await ledgerMatches(db, target.id)).toEqual({ tokens: 50_000, ledger: 50_000 });

    // The next period grants the user's own limit.
    await db.query(`UPDATE users SET plan_period_start = now() - interval '40 days' WHERE id = $1`, [target.id]);
    expect(await stack.app.get(MaintenanceService).renewAllowances()).toBeGreaterThanOrEqual(1);
    expect(await dashboard()).toMatchObject({ tokens: 150_000, tokensPlan: 100_000 });
    expect(await ledgerMatches(db, target.id)).toEqual({ tokens: 150_000, ledger: 150_000 });

    // Zero is a valid limit (credits only); null goes back to the plan's limit.
    expect((await put({ tokenLimit: 0 }).expect(200)).body).toMatchObject({ tokens: 50_000, tokenLimit: 0, tokenLimitOverridden: true, usagePercent: 0 });
    expect((await put({ tokenLimit: null }).expect(200)).body).toMatchObject({ tokens: 1_050_000, tokenLimit: 1_000_000, tokenLimitOverridden: false });
    expect(await ledgerMatches(db, target.id)).toEqual({ tokens: 1_050_000, ledger: 1_050_000 });

    // A plan change clears the override; a limit sent with it applies to the new plan.
    await put({ tokenLimit: 3_000_000 }).expect(200);
    expect((await put({ plan: 'basic' }).expect(200)).body).toMatchObject({ plan: 'basic', tokenLimit: 5_000_000, tokenLimitOverridden: false, tokens: 5_050_000 });
    expect((await put({ plan: 'free', tokenLimit: 200_000 }).expect(200)).body).toMatchObject({ plan: 'free', tokenLimit: 200_000, tokens: 250_000 });
    expect(await ledgerMatches(db, target.id)).toEqual({ tokens: 250_000, ledger: 250_000 });

    const bad = await put({ tokenLimit: -1 }).expect(400);
    expect(bad.body.message).toEqual(['O limite de tokens não pode ser negativo.']);
    expect((await put({ tokenLimit: 1.5 }).expect(400)).body.message).toEqual(['O limite de tokens deve ser um número inteiro.']);
    expect((await put({ tokenLimit: 'muito' }).expect(400)).body.message).toContain('O limite de tokens deve ser um número inteiro.');
    await stack.http.put(`/api/admin/users/${target.id}`).set(as(target.token)).send({ tokenLimit: 5 }).expect(403);
  });

  it('suspends a user, whose next request is refused, and reactivates them', async () => {
    const target = await registerUser(stack);
    await stack.http.get('/api/auth/me').set(as(target.token)).expect(200);
    // A live socket.io connection is cut too, not only the next HTTP request.
    const socket = await connectSocket(stack, target.token);
    const cut = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const res = await stack.http.post(`/api/admin/users/${target.id}/suspend`).set(as(admin.token)).expect(200);
    expect(await cut).toBe('io server disconnect');
    expect(res.body.status).toBe('suspended');
    await stack.http.get('/api/auth/me').set(as(target.token)).expect(401);
    await stack.http.post('/api/auth/login').send({ email: target.email, password: 'senha-forte-1' }).expect(403);

    expect((await stack.http.post(`/api/admin/users/${target.id}/reactivate`).set(as(admin.token)).expect(200)).body.status).toBe('active');
    await stack.http.get('/api/auth/me').set(as(target.token)).expect(200);
    const actions = (await db.query(`SELECT action FROM audit_log WHERE target = $1 ORDER BY id`, [target.id])).map((r: { action: string }) => r.action);
    expect(actions).toEqual(['admin.user.suspend', 'admin.user.reactivate']);

    const self = await stack.http.post(`/api/admin/users/${admin.id}/suspend`).set(as(admin.token)).expect(400);
    expect(self.body.message).toBe('Você não pode suspender a sua própria conta.');
    await stack.http.post(`/api/admin/users/${root.id}/suspend`).set(as(admin.token)).expect(403);
  });

  it('adds credits as an admin_grant ledger row; the ledger still sums to the balance', async () => {
    const target = await registerUser(stack);
    const before = (await stack.http.get(`/api/admin/users/${target.id}`).set(as(admin.token)).expect(200)).body;
    const res = await stack.http.post(`/api/admin/users/${target.id}/credits`).set(as(admin.token)).send({ amount: 1500 }).expect(200);
    expect(res.body.tokens).toBe(before.tokens + 1500);
    expect(res.body.credits).toBe(before.credits + 1500);
    const rows = await db.query(`SELECT type, amount, description FROM token_transactions WHERE user_id = $1 AND type = 'admin_grant'`, [target.id]);
    expect(rows).toEqual([{ type: 'admin_grant', amount: '1500', description: 'Créditos adicionados pelo administrador' }]);
    const m = await ledgerMatches(db, target.id);
    expect(m.ledger).toBe(m.tokens);
    const [audit] = await db.query(`SELECT user_id, details FROM audit_log WHERE action = 'admin.user.credit' AND target = $1`, [target.id]);
    expect(audit).toMatchObject({ user_id: admin.id, details: { amount: 1500 } });

    for (const amount of [0, -5, 1.5, '10']) {
      const bad = await stack.http.post(`/api/admin/users/${target.id}/credits`).set(as(admin.token)).send({ amount }).expect(400);
      expect(bad.body.message[0]).toMatch(/^A quantidade de créditos/);
    }
    await stack.http.post(`/api/admin/users/${ZERO}/credits`).set(as(admin.token)).send({ amount: 1 }).expect(404);
  });

  it('soft-deletes a user: sessions end, hidden everywhere, ledger kept, e-mail reusable; never yourself nor a root', async () => {
    const target = await registerUser(stack);
    const [analysis] = await db.query(
      `INSERT INTO analyses (user_id, status, file_count, params) VALUES ($1, 'done', 1, '{}') RETURNING id`,
      [target.id],
    );
    const before = (await stack.http.get('/api/admin/users/stats').set(as(admin.token)).expect(200)).body;

    const res = await stack.http.delete(`/api/admin/users/${target.id}`).set(as(admin.token)).expect(200);
    expect(res.body).toEqual({ deleted: true });
    const [row] = await db.query(`SELECT deleted_at FROM users WHERE id = $1`, [target.id]);
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(await db.query(`SELECT 1 FROM analyses WHERE id = $1`, [analysis.id])).toHaveLength(1);
    expect(await ledgerMatches(db, target.id)).toEqual({ tokens: 1_000_000, ledger: 1_000_000 });
    // The open session dies at its next request, and the password no longer opens the account.
    await stack.http.get('/api/auth/me').set(as(target.token)).expect(401);
    await stack.http.post('/api/auth/login').send({ email: target.email, password: 'senha-forte-1' }).expect(401);
    await stack.http.get(`/api/admin/users/${target.id}`).set(as(admin.token)).expect(404);
    const list = await stack.http.get('/api/admin/users').query({ search: target.email, pageSize: 100 }).set(as(admin.token)).expect(200);
    expect(list.body).toMatchObject({ items: [], total: 0, page: 1 });
    const after = (await stack.http.get('/api/admin/users/stats').set(as(admin.token)).expect(200)).body;
    expect(after.total).toBe(before.total - 1);
    const [audit] = await db.query(`SELECT user_id, details FROM audit_log WHERE action = 'admin.user.delete' AND target = $1`, [target.id]);
    expect(audit).toMatchObject({ user_id: admin.id, details: { email: target.email } });

    // Every action on it answers as for an unknown account; the e-mail may sign up again.
    await stack.http.delete(`/api/admin/users/${target.id}`).set(as(admin.token)).expect(404);
    await stack.http.post(`/api/admin/users/${target.id}/credits`).set(as(admin.token)).send({ amount: 5 }).expect(404);
    await stack.http.post(`/api/admin/users/${target.id}/reactivate`).set(as(admin.token)).expect(404);
    await signUp(stack, { name: 'De Volta', email: target.email, whatsapp: '11987654321', password: 'senha-forte-1' });

    const self = await stack.http.delete(`/api/admin/users/${admin.id}`).set(as(admin.token)).expect(400);
    expect(self.body.message).toBe('Você não pode excluir a sua própria conta.');
    await stack.http.delete(`/api/admin/users/${root.id}`).set(as(admin.token)).expect(403);
    // Not even a root deletes a root: it must be demoted first.
    const root2 = await registerRoot(stack);
    const refused = await stack.http.delete(`/api/admin/users/${root2.id}`).set(as(root.token)).expect(400);
    expect(refused.body.message).toBe('Um usuário root não pode ser excluído.');
    await stack.http.put(`/api/admin/users/${root2.id}`).set(as(root.token)).send({ role: 'admin' }).expect(200);
    await stack.http.delete(`/api/admin/users/${root2.id}`).set(as(root.token)).expect(200);
    await db.query(`UPDATE users SET role = 'admin' WHERE role = 'root' AND id <> $1`, [root.id]);
    const last = await stack.http.put(`/api/admin/users/${root.id}`).set(as(root.token)).send({ role: 'admin' }).expect(400);
    expect(last.body.message).toBe('Não é possível remover o último usuário root.');
  });

  it('an admin-created account must change its temporary password before anything else', async () => {
    const email = `temp-${Date.now()}@teste.com.br`;
    await stack.http.post('/api/admin/users').set(as(admin.token)).send({ name: 'Conta Nova', email }).expect(201);
    const [mail] = await db.query(`SELECT text_body FROM mail_outbox WHERE to_address = $1`, [email]);
    const temporary = /Senha temporária: (\S+)/.exec(mail.text_body)![1];

    const login = await stack.http.post('/api/auth/login').send({ email, password: temporary }).expect(200);
    expect(login.body.user.mustChangePassword).toBe(true);
    const token = login.body.token;
    expect((await stack.http.get('/api/auth/me').set(as(token)).expect(200)).body.mustChangePassword).toBe(true);
    for (const path of ['/api/dashboard', '/api/analyses', '/api/profile', '/api/tickets']) {
      const refused = await stack.http.get(path).set(as(token)).expect(403);
      expect(refused.body).toMatchObject({ message: 'Troque a senha temporária para continuar.', code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    await stack.http.patch('/api/profile').set(as(token)).send({ name: 'Outro' }).expect(403);

    const changed = await stack.http
      .put('/api/profile/password')
      .set(as(token))
      .send({ currentPassword: temporary, newPassword: 'minha-senha-nova-1', confirmPassword: 'minha-senha-nova-1' })
      .expect(200);
    expect(changed.body.user.mustChangePassword).toBe(false);
    await stack.http.get('/api/dashboard').set(as(changed.body.token)).expect(200);
    // The temporary session ended with the change; the new password is the one that works.
    await stack.http.get('/api/auth/me').set(as(token)).expect(401);
    const again = await stack.http.post('/api/auth/login').send({ email, password: 'minha-senha-nova-1' }).expect(200);
    expect(again.body.user.mustChangePassword).toBe(false);
    await stack.http.post('/api/auth/login').send({ email, password: temporary }).expect(401);
  });
});
