import { DataSource } from 'typeorm';
import { Stack, registerAdmin, registerUser, startStack } from './harness';
import { as, ledgerMatches } from './admin-fixtures';

describe('admin credits: the token ledger and grants', () => {
  let stack: Stack;
  let db: DataSource;
  let admin: { token: string; id: string };
  let user: { token: string; id: string; email: string };

  beforeAll(async () => {
    stack = await startStack();
    db = stack.app.get(DataSource);
    admin = await registerAdmin(stack);
    user = await registerUser(stack, 'Clotilde Credora');
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  it.each([
    ['get', '/api/admin/credits'],
    ['post', '/api/admin/credits'],
  ])('%s %s: 403 for a plain user, 401 without a session', async (method, path) => {
    const call = (stack.http as unknown as Record<string, (p: string) => import('supertest').Test>)[method];
    expect((await call.call(stack.http, path).set(as(user.token)).send({ userId: user.id, amount: 5, reason: 'x' })).status).toBe(403);
    expect((await call.call(stack.http, path).send({})).status).toBe(401);
  });

  it('grants credits with a reason: ledger row by the admin, balance and ledger agree', async () => {
    const res = await stack.http.post('/api/admin/credits').set(as(admin.token)).send({ userId: user.id, amount: 700, reason: 'Cortesia do suporte' }).expect(201);
    expect(res.body).toMatchObject({ id: user.id, tokens: 1_000_700, credits: 700 });
    const m = await ledgerMatches(db, user.id);
    expect(m).toEqual({ tokens: 1_000_700, ledger: 1_000_700 });
    const [audit] = await db.query(`SELECT user_id, details FROM audit_log WHERE action = 'admin.user.credit' AND target = $1`, [user.id]);
    expect(audit).toMatchObject({ user_id: admin.id, details: { amount: 700, description: 'Cortesia do suporte' } });
    // The ledger row itself names the administrator, and the credits screen shows it.
    const [row] = await db.query(`SELECT type, amount, description, actor_id FROM token_transactions WHERE user_id = $1 AND type = 'admin_grant'`, [user.id]);
    expect(row).toMatchObject({ type: 'admin_grant', amount: '700', description: 'Cortesia do suporte', actor_id: admin.id });
    const listed = (await stack.http.get('/api/admin/credits').query({ userId: user.id }).set(as(admin.token)).expect(200)).body;
    expect(listed.items[0]).toMatchObject({ type: 'admin_grant', amount: 700, grantedBy: { id: admin.id } });
    const [opening] = (await stack.http.get('/api/admin/credits').query({ userId: user.id, type: 'all' }).set(as(admin.token)).expect(200)).body.items.slice(-1);
    expect(opening.grantedBy).toBeNull();

    const bad = await stack.http.post('/api/admin/credits').set(as(admin.token)).send({ userId: 'x', amount: 0, reason: '  ' }).expect(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining(['Selecione o usuário.', 'A quantidade de créditos deve ser maior que zero.', 'Informe o motivo.']),
    );
    await stack.http.post('/api/admin/credits').set(as(admin.token)).send({ userId: '00000000-0000-4000-8000-000000000000', amount: 1, reason: 'x' }).expect(404);
  });

  it('lists credit movements by default, filters by type, user and search, paginates', async () => {
    for (let i = 1; i <= 11; i++) {
      await stack.http.post('/api/admin/credits').set(as(admin.token)).send({ userId: user.id, amount: i, reason: `Lote ${i} especial` }).expect(201);
    }
    const list = (await stack.http.get('/api/admin/credits').query({ userId: user.id }).set(as(admin.token)).expect(200)).body;
    // 12 grants; the opening 'renewal' row is not a credit movement.
    expect(list).toMatchObject({ total: 12, page: 1, pageCount: 2 });
    expect(list.items).toHaveLength(10);
    expect(list.items[0]).toMatchObject({
      userId: user.id,
      userName: 'Clotilde Credora',
      userEmail: user.email,
      type: 'admin_grant',
      amount: 11,
      description: 'Lote 11 especial',
      status: 'completed',
    });
    const all = (await stack.http.get('/api/admin/credits').query({ userId: user.id, type: 'all' }).set(as(admin.token)).expect(200)).body;
    expect(all.total).toBe(13);
    const renewal = (await stack.http.get('/api/admin/credits').query({ userId: user.id, type: 'renewal' }).set(as(admin.token)).expect(200)).body;
    expect(renewal.items.map((t: { amount: number }) => t.amount)).toEqual([1_000_000]);
    const search = (await stack.http.get('/api/admin/credits').query({ search: 'LOTE 1' }).set(as(admin.token)).expect(200)).body;
    expect(search.items.map((t: { description: string }) => t.description).sort()).toEqual(['Lote 1 especial', 'Lote 10 especial', 'Lote 11 especial']);
    const byEmail = (await stack.http.get('/api/admin/credits').query({ search: user.email.toUpperCase(), pageSize: 100 }).set(as(admin.token)).expect(200)).body;
    expect(byEmail.total).toBe(12);
    const none = (await stack.http.get('/api/admin/credits').query({ search: 'nada-disso' }).set(as(admin.token)).expect(200)).body;
    expect(none).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
    const bad = await stack.http.get('/api/admin/credits').query({ type: 'presente' }).set(as(admin.token)).expect(400);
    expect(bad.body.message).toEqual(['Tipo de transação inválido.']);
    expect(list.items.every((t: { order: unknown }) => t.order === null)).toBe(true);
  });

  it('shows the payment behind a purchase, so the screen can offer its refund', async () => {
    const buyer = await registerUser(stack, 'Bento Comprador');
    const [order] = await db.query(
      `INSERT INTO orders (user_id, kind, pack_id, item_name, tokens, amount_cents, method, status, payer_email, provider_payment_id)
       VALUES ($1, 'token_pack', 'basic', 'Pacote Básico de tokens', 1000000, 1900, 'pix', 'approved', $2, '1300000999') RETURNING id`,
      [buyer.id, buyer.email],
    );
    await db.query(
      `INSERT INTO token_transactions (user_id, type, amount, credit_amount, order_id, description) VALUES ($1, 'purchase', 1000000, 1000000, $2, 'Compra: Pacote Básico de tokens')`,
      [buyer.id, order.id],
    );
    const list = (await stack.http.get('/api/admin/credits').query({ userId: buyer.id }).set(as(admin.token)).expect(200)).body;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ type: 'purchase', order: { id: order.id, status: 'approved', amountCents: 1900, method: 'pix' } });
  });
});
