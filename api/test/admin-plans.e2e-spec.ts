import { DataSource } from 'typeorm';
import { Stack, registerAdmin, registerUser, startStack } from './harness';
import { as, insertUser } from './admin-fixtures';

describe('admin plans: the plans table, edited in Postgres, read by /api/plans', () => {
  let stack: Stack;
  let db: DataSource;
  let admin: { token: string; id: string };
  let user: { token: string };

  beforeAll(async () => {
    stack = await startStack();
    db = stack.app.get(DataSource);
    admin = await registerAdmin(stack);
    user = await registerUser(stack);
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  it.each([
    ['get', '/api/admin/plans'],
    ['post', '/api/admin/plans'],
    ['put', '/api/admin/plans/basic'],
    ['delete', '/api/admin/plans/basic'],
  ])('%s %s: 403 for a plain user, 401 without a session', async (method, path) => {
    const call = (stack.http as unknown as Record<string, (p: string) => import('supertest').Test>)[method];
    expect((await call.call(stack.http, path).set(as(user.token)).send({})).status).toBe(403);
    expect((await call.call(stack.http, path).send({})).status).toBe(401);
    expect((await db.query(`SELECT count(*) FROM plans WHERE id = 'basic'`))[0].count).toBe('1');
  });

  it('lists every plan with its seeded values and subscriber counts', async () => {
    const [{ count }] = await db.query(`SELECT count(*) FROM users WHERE plan = 'free' AND deleted_at IS NULL`);
    const plans = (await stack.http.get('/api/admin/plans').set(as(admin.token)).expect(200)).body;
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['free', 'basic', 'premium', 'enterprise']);
    expect(plans[0]).toMatchObject({ monthlyPriceCents: 0, tokenLimit: 1_000_000, subscribers: Number(count), unlimited: false });
    expect(plans[1]).toMatchObject({ monthlyPriceCents: 4900, yearlyPriceCents: 47000, tokenLimit: 5_000_000 });
    expect(plans[2]).toMatchObject({ monthlyPriceCents: 14900, yearlyPriceCents: 143000, tokenLimit: 20_000_000 });
    expect(plans[3]).toMatchObject({ tokenLimit: 999_999_999, unlimited: true });
  });

  it('creates, edits, deactivates (hidden from /api/plans) and deletes a plan; audited', async () => {
    const created = await stack.http
      .post('/api/admin/plans')
      .set(as(admin.token))
      .send({ id: 'pro', name: 'Pro', monthlyPriceCents: 9900, yearlyPriceCents: 95000, tokenLimit: 10_000_000, features: ['10M tokens'], color: 'green' })
      .expect(201);
    expect(created.body).toMatchObject({ id: 'pro', isActive: true, subscribers: 0, sortOrder: 5 });
    await stack.http.post('/api/admin/plans').set(as(admin.token)).send({ ...created.body, createdAt: undefined, updatedAt: undefined, subscribers: undefined, unlimited: undefined }).expect(409);
    expect((await stack.http.get('/api/plans').expect(200)).body.map((p: { id: string }) => p.id)).toContain('pro');

    const edited = await stack.http.put('/api/admin/plans/pro').set(as(admin.token)).send({ name: 'Pro+', tokenLimit: 12_000_000, isActive: false }).expect(200);
    expect(edited.body).toMatchObject({ name: 'Pro+', tokenLimit: 12_000_000, isActive: false });
    expect((await stack.http.get('/api/plans').expect(200)).body.map((p: { id: string }) => p.id)).not.toContain('pro');

    await stack.http.delete('/api/admin/plans/pro').set(as(admin.token)).expect(200);
    expect(await db.query(`SELECT 1 FROM plans WHERE id = 'pro'`)).toHaveLength(0);
    const actions = (await db.query(`SELECT action, details FROM audit_log WHERE target = 'pro' ORDER BY id`)) as { action: string; details: { keys?: string[] } }[];
    expect(actions.map((a) => a.action)).toEqual(['admin.plan.create', 'admin.plan.update', 'admin.plan.delete']);
    expect(actions[1].details.keys!.sort()).toEqual(['isActive', 'name', 'tokenLimit']);
    await stack.http.put('/api/admin/plans/pro').set(as(admin.token)).send({ name: 'x' }).expect(404);
  });

  it('refuses deleting or deactivating Free, and deleting a plan with subscribers', async () => {
    const free = await stack.http.delete('/api/admin/plans/free').set(as(admin.token)).expect(400);
    expect(free.body.message).toBe('O plano Gratuito não pode ser excluído.');
    const off = await stack.http.put('/api/admin/plans/free').set(as(admin.token)).send({ isActive: false }).expect(400);
    expect(off.body.message).toBe('O plano Gratuito não pode ser desativado.');

    await stack.http.post('/api/admin/plans').set(as(admin.token)).send({ id: 'equipe', name: 'Equipe', monthlyPriceCents: 1, yearlyPriceCents: 1, tokenLimit: 1 }).expect(201);
    await insertUser(db, { name: 'Assinante 1', plan: 'equipe' });
    await insertUser(db, { name: 'Assinante 2', plan: 'equipe' });
    const busy = await stack.http.delete('/api/admin/plans/equipe').set(as(admin.token)).expect(409);
    expect(busy.body.message).toBe('Não é possível excluir este plano: há 2 usuários com este plano. Mude-os de plano ou desative-o.');
    expect((await stack.http.get('/api/admin/plans').set(as(admin.token)).expect(200)).body.find((p: { id: string }) => p.id === 'equipe').subscribers).toBe(2);
  });

  it('validates with pt-BR messages', async () => {
    const bad = await stack.http
      .post('/api/admin/plans')
      .set(as(admin.token))
      .send({ id: 'Com Espaço', name: '', monthlyPriceCents: -1, yearlyPriceCents: 1.5, tokenLimit: 1_000_000_000, color: 'rgb(1,2,3)', extra: 1 })
      .expect(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining([
        'Identificador: de 2 a 40 letras minúsculas, números ou hífen.',
        'Informe o nome do plano.',
        'O preço mensal não pode ser negativo.',
        'O preço anual deve ser um valor inteiro em centavos.',
        'O limite de tokens pode ser no máximo 999.999.999 (ilimitado).',
        'Cor inválida: use um nome (ex.: blue) ou #RRGGBB.',
      ]),
    );
    await stack.http.put('/api/admin/plans/basic').set(as(admin.token)).send({ id: 'outro' }).expect(400);
  });
});
