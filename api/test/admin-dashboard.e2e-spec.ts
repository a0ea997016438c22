import { DataSource } from 'typeorm';
import { Stack, registerAdmin, registerUser, startStack } from './harness';
import { AdminDashboardService } from '../src/admin/admin-dashboard.service';
import { as, insertUser } from './admin-fixtures';

/**
 * Figures are checked at a fixed "now" in 2031 (Brasília time), so the hand-counted fixtures below are
 * the only rows in this month and the previous one; cumulative figures add the rows other specs left.
 */
const NOW = new Date('2031-03-20T15:00:00-03:00');
const at = (s: string) => `${s}-03:00`;

describe('admin dashboard: real figures with % change versus the previous month', () => {
  let stack: Stack;
  let db: DataSource;
  let admin: { token: string; id: string };
  let user: { token: string; id: string };
  const fixtureUsers: string[] = [];

  beforeAll(async () => {
    stack = await startStack();
    db = stack.app.get(DataSource);
    admin = await registerAdmin(stack);
    user = await registerUser(stack);
  }, 60000);

  afterAll(async () => {
    if (fixtureUsers.length) await db.query(`DELETE FROM users WHERE id = ANY($1)`, [fixtureUsers]);
    await stack?.stop();
  });

  it('GET /api/admin/dashboard: 403 for a plain user, 401 without a session', async () => {
    const res = await stack.http.get('/api/admin/dashboard').set(as(user.token)).expect(403);
    expect(res.body.message).toBe('Acesso restrito a administradores.');
    await stack.http.get('/api/admin/dashboard').expect(401);
  });

  it('counts users, open tickets, approved revenue and analyses from hand-counted rows', async () => {
    const [{ count: usersBefore }] = await db.query(`SELECT count(*) FROM users WHERE deleted_at IS NULL`);
    const [{ count: openBefore }] = await db.query(`SELECT count(*) FROM tickets WHERE status <> 'closed'`);
    const B = Number(usersBefore);

    const owner = await insertUser(db, { name: 'Dona dos Dados', createdAt: at('2031-03-05T10:00:00') });
    fixtureUsers.push(owner);
    fixtureUsers.push(await insertUser(db, { name: 'Março 2', createdAt: at('2031-03-06T10:00:00') }));
    fixtureUsers.push(await insertUser(db, { name: 'Fevereiro', createdAt: at('2031-02-10T10:00:00') }));
    fixtureUsers.push(await insertUser(db, { name: 'Futuro', createdAt: at('2031-03-25T10:00:00') }));

    const ticket = (created: string, status = 'open') =>
      db.query(`INSERT INTO tickets (user_id, title, description, status, created_at) VALUES ($1, 'Dúvida', 'Texto', $2, $3)`, [owner, status, at(created)]);
    await ticket('2031-03-02T09:00:00');
    await ticket('2031-03-19T09:00:00');
    await ticket('2031-03-10T09:00:00', 'closed');
    await ticket('2031-02-01T12:00:00'); // previous month, within the same elapsed span
    await ticket('2031-02-25T12:00:00'); // previous month, after the span
    await ticket('2031-03-25T12:00:00'); // after "now"

    const order = (cents: number, status: string, approvedAt: string | null) =>
      db.query(
        `INSERT INTO orders (user_id, kind, pack_id, item_name, tokens, amount_cents, method, status, payer_email, approved_at, created_at)
         VALUES ($1, 'token_pack', 'basic', 'Pacote', 1000, $2, 'pix', $3, 'p@t.com.br', $4::timestamptz, COALESCE($4::timestamptz, $5::timestamptz))`,
        [owner, cents, status, approvedAt && at(approvedAt), at('2031-03-06T10:00:00')],
      );
    await order(4900, 'approved', '2031-03-05T10:00:00');
    await order(14900, 'approved', '2031-03-15T10:00:00');
    await order(3000, 'rejected', null);
    await order(7900, 'refunded', '2031-03-07T10:00:00');
    await order(9900, 'approved', '2031-02-10T10:00:00');
    await order(5000, 'approved', '2031-02-25T10:00:00');

    const analysis = (created: string) =>
      db.query(`INSERT INTO analyses (user_id, status, file_count, params, created_at) VALUES ($1, 'done', 1, '{}', $2)`, [owner, at(created)]);
    for (let i = 0; i < 3; i++) await analysis('2031-03-20T10:00:00');
    await analysis('2031-03-19T23:30:00'); // yesterday in Brasília, already the 20th in UTC
    await analysis('2031-03-20T16:00:00'); // after "now"
    for (let d = 1; d <= 28; d++) for (let i = 0; i < 2; i++) await analysis(`2031-02-${String(d).padStart(2, '0')}T12:00:00`);

    const d = await stack.app.get(AdminDashboardService).get(NOW);
    expect(d.totalUsers).toEqual({ value: B + 3, change: Math.round((1000 * 2) / (B + 1)) / 10 });
    expect(d.openTickets).toEqual({ value: Number(openBefore) + 4, change: 200 });
    expect(d.revenueThisMonth).toEqual({ value: 19800, change: 100 });
    expect(d.analysesToday).toEqual({ value: 3, change: 50 });
    expect(d.sources).toEqual({ tickets: true, payments: true });
    expect(d.recentUsers[0]).toMatchObject({ id: fixtureUsers[3], name: 'Futuro' });
    expect(d.recentTickets).toHaveLength(5);
    expect(d.recentTickets[0]).toMatchObject({ userId: owner, userName: 'Dona dos Dados', status: 'open', title: 'Dúvida' });

    // A month with nothing before it has no percentage to show.
    const empty = await stack.app.get(AdminDashboardService).get(new Date('2035-06-15T12:00:00-03:00'));
    expect(empty.revenueThisMonth).toEqual({ value: 0, change: null });
    expect(empty.analysesToday).toEqual({ value: 0, change: null });
  });

  it('answers over HTTP with today\'s figures, and 0 for modules whose tables are absent', async () => {
    const before = (await stack.http.get('/api/admin/dashboard').set(as(admin.token)).expect(200)).body;
    await db.query(`INSERT INTO analyses (user_id, status, file_count, params) VALUES ($1, 'done', 1, '{}')`, [user.id]);
    const after = (await stack.http.get('/api/admin/dashboard').set(as(admin.token)).expect(200)).body;
    expect(after.analysesToday.value).toBe(before.analysesToday.value + 1);
    expect(after.totalUsers.value).toBe(Number((await db.query(`SELECT count(*) FROM users WHERE created_at <= now() AND deleted_at IS NULL`))[0].count));

    await db.query(`ALTER TABLE tickets RENAME TO tickets_hidden`);
    await db.query(`ALTER TABLE orders RENAME TO orders_hidden`);
    try {
      const res = (await stack.http.get('/api/admin/dashboard').set(as(admin.token)).expect(200)).body;
      expect(res.sources).toEqual({ tickets: false, payments: false });
      expect(res.openTickets).toEqual({ value: 0, change: null });
      expect(res.revenueThisMonth).toEqual({ value: 0, change: null });
      expect(res.recentTickets).toEqual([]);
    } finally {
      await db.query(`ALTER TABLE tickets_hidden RENAME TO tickets`);
      await db.query(`ALTER TABLE orders_hidden RENAME TO orders`);
    }
  });
});
