import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { Report } from '@cda/shared';
import { Stack, downloadBinary, registerAdmin, registerUser, startStack } from './harness';
import { as, insertUser } from './admin-fixtures';

/**
 * Hand-counted fixtures in May 2019 (no other spec writes there), Brasília times. Period 01–07/05.
 * Users: u1 01/05 10:00 (basic), u2 01/05 23:30 (free; 02/05 in UTC), u3 03/05 00:10 (premium),
 * u4 30/04 23:59 (free, before), u5 08/05 00:00:30 (after).
 */
describe('admin reports from SQL aggregates', () => {
  let stack: Stack;
  let admin: { token: string };
  let db: DataSource;
  const Q = '/api/admin/reports?period=custom&from=2019-05-01&to=2019-05-07';
  const get = async (type: string): Promise<Report> => (await stack.http.get(`${Q}&type=${type}`).set(as(admin.token)).expect(200)).body;
  const card = (r: Report, key: string) => r.cards.find((c) => c.key === key)?.value;
  const chart = (r: Report, key: string) => r.charts.find((c) => c.key === key)!;
  const day = (r: Report, key: string, date: string) => chart(r, key).rows.find((x) => x.date === date);

  beforeAll(async () => {
    stack = await startStack();
    admin = await registerAdmin(stack);
    db = stack.app.get(DataSource);
    const u1 = await insertUser(db, { name: 'R1', plan: 'basic', createdAt: '2019-05-01T10:00:00-03:00' });
    const u2 = await insertUser(db, { name: 'R2', plan: 'free', createdAt: '2019-05-01T23:30:00-03:00' });
    const u3 = await insertUser(db, { name: 'R3', plan: 'premium', createdAt: '2019-05-03T00:10:00-03:00' });
    await insertUser(db, { name: 'R4', plan: 'free', createdAt: '2019-04-30T23:59:00-03:00' });
    await insertUser(db, { name: 'R5', plan: 'free', createdAt: '2019-05-08T00:00:30-03:00' });

    const analysis = async (user: string, at: string, status: string, cost: number, refunded: number, settled: boolean, files: [number, number | null, string, number][]) => {
      const [a] = await db.query(
        `INSERT INTO analyses (user_id, status, file_count, params, created_at, tokens_cost, tokens_refunded, settled_at)
         VALUES ($1, $2, $3, '{}', $4, $5, $6, CASE WHEN $7 THEN $4::timestamptz END) RETURNING id`,
        [user, status, files.length, at, cost, refunded, settled],
      );
      for (const [i, [pages, ms, fstatus, certs]] of files.entries()) {
        await db.query(
          `INSERT INTO analysis_files (analysis_id, position, name, size_bytes, pages, storage_key, status, certificate_count, processing_ms)
           VALUES ($1, $2, 'f.pdf', 1000, $3, 'k', $4, $5, $6)`,
          [a.id, i + 1, pages, fstatus, certs, ms],
        );
      }
    };
    await analysis(u1, '2019-05-01T12:00:00-03:00', 'done', 3000, 1000, true, [[2, 100, 'done', 1], [1, 300, 'error', 0]]);
    await analysis(u1, '2019-05-01T15:00:00-03:00', 'error', 500, 500, true, [[4, 200, 'error', 0]]);
    await analysis(u2, '2019-05-02T09:00:00-03:00', 'done', 4000, 0, true, [[3, 400, 'done', 2]]);
    await analysis(u3, '2019-05-03T10:00:00-03:00', 'processing', 1000, 0, false, [[5, null, 'pending', 0]]);
    await analysis(u1, '2019-05-09T10:00:00-03:00', 'done', 9999, 0, true, [[9, 999, 'done', 9]]);

    const order = async (user: string, kind: string, item: string, cents: number, method: string, status: string, approvedAt: string | null) =>
      db.query(
        `INSERT INTO orders (user_id, kind, plan_id, pack_id, billing_cycle, item_name, tokens, amount_cents, method, status, payer_email, approved_at)
         VALUES ($1, $2, $3, $4, $5, 'Item', 1000, $6, $7, $8::order_status, 'p@teste.com.br', $9)`,
        [user, kind, kind === 'plan' ? item : null, kind === 'plan' ? null : item, kind === 'plan' ? 'monthly' : null, cents, method, status, approvedAt],
      );
    await order(u1, 'plan', 'basic', 4900, 'card', 'approved', '2019-05-01T20:00:00-03:00');
    await order(u2, 'token_pack', 'premium', 7900, 'pix', 'approved', '2019-05-02T23:30:00-03:00');
    await order(u3, 'plan', 'premium', 143000, 'pix', 'approved', '2019-05-07T10:00:00-03:00');
    await order(u1, 'plan', 'basic', 4900, 'boleto', 'refunded', '2019-05-04T10:00:00-03:00');
    await order(u2, 'plan', 'basic', 4900, 'card', 'pending', null);
    await order(u1, 'plan', 'basic', 4900, 'card', 'approved', '2019-04-30T22:00:00-03:00');
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('is for admins only and validates the period in pt-BR', async () => {
    const user = await registerUser(stack);
    await stack.http.get('/api/admin/reports').set(as(user.token)).expect(403);
    await stack.http.get('/api/admin/reports/export').set(as(user.token)).expect(403);
    const missing = await stack.http.get('/api/admin/reports?period=custom').set(as(admin.token)).expect(400);
    expect(missing.body.message).toBe('Informe as datas inicial e final do período personalizado.');
    const reversed = await stack.http.get('/api/admin/reports?period=custom&from=2019-05-07&to=2019-05-01').set(as(admin.token)).expect(400);
    expect(reversed.body.message).toBe('A data inicial deve ser anterior ou igual à data final.');
    expect((await stack.http.get('/api/admin/reports?type=nada').set(as(admin.token)).expect(400)).body.message).toEqual(['Tipo de relatório inválido.']);
    expect((await stack.http.get('/api/admin/reports?period=custom&from=2019-02-30&to=2019-03-01').set(as(admin.token)).expect(400)).body.message).toBe(
      'Data inválida no período personalizado.',
    );
    const week = (await stack.http.get('/api/admin/reports?period=7d').set(as(admin.token)).expect(200)).body as Report;
    expect(chart(week, 'activity').rows).toHaveLength(7);
    expect(week.to).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()));
    const year = (await stack.http.get('/api/admin/reports?period=1y&type=usage').set(as(admin.token)).expect(200)).body as Report;
    expect(chart(year, 'tokens').rows).toHaveLength(365);
  });

  it('overview and users: sign-ups per Brasília day, active users, users by plan', async () => {
    const o = await get('overview');
    expect(o).toMatchObject({ from: '2019-05-01', to: '2019-05-07', period: 'custom' });
    expect(Object.fromEntries(o.cards.map((c) => [c.key, c.value]))).toEqual({
      signups: 3,
      activeUsers: 3,
      revenue: 155800,
      analyses: 4,
      pages: 15,
      tokens: 6000,
      successRate: 66.7,
    });
    expect(chart(o, 'activity').rows).toHaveLength(7);
    expect(day(o, 'activity', '2019-05-01')).toEqual({ date: '2019-05-01', signups: 2, analyses: 2 });
    expect(day(o, 'activity', '2019-05-02')).toEqual({ date: '2019-05-02', signups: 0, analyses: 1 });
    expect(day(o, 'activity', '2019-05-03')).toEqual({ date: '2019-05-03', signups: 1, analyses: 1 });

    const u = await get('users');
    expect(card(u, 'usersAtEnd')).toBe(4);
    expect(day(u, 'activeUsers', '2019-05-01')).toEqual({ date: '2019-05-01', activeUsers: 1 });
    const names: { id: string; name: string }[] = await db.query(`SELECT id, name FROM plans`);
    const plan = (id: string) => names.find((p) => p.id === id)!.name;
    const byPlan = Object.fromEntries(chart(u, 'usersByPlan').rows.map((r) => [r.label, r.users]));
    // Other suites share this database and may add plans (admin-plans creates "Equipe"); they hold none of these users.
    const seeded = ['free', 'basic', 'premium', 'enterprise'].map(plan);
    expect(Object.fromEntries(seeded.map((name) => [name, byPlan[name]]))).toEqual({ [plan('free')]: 2, [plan('basic')]: 1, [plan('premium')]: 1, [plan('enterprise')]: 0 });
    expect(Object.entries(byPlan).filter(([label]) => !seeded.includes(label))).toEqual(Object.entries(byPlan).filter(([label]) => !seeded.includes(label)).map(([label]) => [label, 0]));
  });

  it('revenue by day, plan and payment method (approved only, by approval day)', async () => {
    const r = await get('revenue');
    expect(Object.fromEntries(r.cards.map((c) => [c.key, c.value]))).toEqual({ revenue: 155800, orders: 3, averageTicket: 51933 });
    expect(chart(r, 'revenue').rows.filter((x) => x.revenue).map((x) => [x.date, x.revenue])).toEqual([
      ['2019-05-01', 4900],
      ['2019-05-02', 7900],
      ['2019-05-07', 143000],
    ]);
    const [premium] = await db.query(`SELECT name FROM plans WHERE id = 'premium'`);
    const [basic] = await db.query(`SELECT name FROM plans WHERE id = 'basic'`);
    expect(chart(r, 'revenueByPlan').rows).toEqual([
      { label: premium.name, revenue: 143000, orders: 1 },
      { label: 'Pacotes de tokens', revenue: 7900, orders: 1 },
      { label: basic.name, revenue: 4900, orders: 1 },
    ]);
    expect(chart(r, 'revenueByMethod').rows).toEqual([
      { label: 'PIX', revenue: 150900, orders: 2 },
      { label: 'Cartão de crédito', revenue: 4900, orders: 1 },
    ]);
  });

  it('usage and performance: pages, tokens after refunds, success rate, p50/p95 per file', async () => {
    const u = await get('usage');
    expect(Object.fromEntries(u.cards.map((c) => [c.key, c.value]))).toEqual({ analyses: 4, files: 5, pages: 15, certificates: 3, tokens: 6000, pageViews: 0, analysesStarted: 0 });
    expect(day(u, 'analysesPages', '2019-05-01')).toEqual({ date: '2019-05-01', analyses: 2, pages: 7 });
    expect(day(u, 'tokens', '2019-05-02')).toEqual({ date: '2019-05-02', tokens: 4000 });
    expect(day(u, 'tokens', '2019-05-03')).toEqual({ date: '2019-05-03', tokens: 0 });

    const p = await get('performance');
    // Files' times 100, 300, 200, 400 ms (the pending file has none): p50 = 250, p95 = 300 + 0.85 × 100.
    expect(Object.fromEntries(p.cards.map((c) => [c.key, c.value]))).toEqual({ successRate: 66.7, errors: 1, filesError: 2, p50: 250, p95: 385 });
    expect(day(p, 'processing', '2019-05-01')).toEqual({ date: '2019-05-01', p50: 200, p95: 290 });
    expect(day(p, 'processing', '2019-05-04')).toEqual({ date: '2019-05-04', p50: null, p95: null });
    expect(day(p, 'outcomes', '2019-05-01')).toEqual({ date: '2019-05-01', done: 1, errors: 1 });
    expect(chart(p, 'outcome').rows).toEqual([
      { label: 'Concluídas', analyses: 2 },
      { label: 'Com erro', analyses: 1 },
    ]);
  });

  it('exports the report as a real XLSX with the same figures', async () => {
    const res = await downloadBinary(stack, `/api/admin/reports/export?period=custom&from=2019-05-01&to=2019-05-07&type=revenue`, admin.token);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="relatorio_revenue_2019-05-01_2019-05-07.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Resumo', 'Receita por dia', 'Receita por plano', 'Receita por forma de pagamento']);
    const summary = wb.getWorksheet('Resumo')!;
    expect(summary.getCell('A1').value).toBe('Relatório: Receita');
    expect(summary.getCell('B2').value).toBe('Personalizado (01/05/2019 a 07/05/2019)');
    expect(summary.getRow(6).values).toEqual([undefined, 'Receita (R$)', 1558]);
    expect(summary.getRow(7).values).toEqual([undefined, 'Pagamentos aprovados', 3]);
    const daily = wb.getWorksheet('Receita por dia')!;
    expect(daily.rowCount).toBe(8);
    expect(daily.getRow(1).values).toEqual([undefined, 'Data', 'Receita (R$)']);
    expect(daily.getCell('A8').value).toEqual(new Date('2019-05-07T00:00:00Z'));
    expect(daily.getCell('B8').value).toBe(1430);
    expect(daily.getCell('B8').numFmt).toBe('"R$" #,##0.00');
    const methods = wb.getWorksheet('Receita por forma de pagamento')!;
    expect(methods.getRow(2).values).toEqual([undefined, 'PIX', 1509, 2]);
  });
});
