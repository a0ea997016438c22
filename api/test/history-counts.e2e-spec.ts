import { DataSource } from 'typeorm';
import { Stack, registerUser, startStack } from './harness';

/**
 * The history total comes from per-day counters kept by triggers (migration HistoryAtScale); it must
 * equal a plain count(*) for every filter, across inserts, status changes, deletions and the edges of
 * the rolling periods.
 */
describe('history totals from the per-day counters', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  }, 60000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('match count(*) for every status and period', async () => {
    const db = stack.app.get(DataSource);
    const user = await registerUser(stack);
    const other = await registerUser(stack);
    // Ages straddling each period's start: today, the 7- and 30-day edges (±1 h), older.
    const ages = ['1 minute', '2 hours', '1 day', '6 days 23 hours', '7 days 1 hour', '29 days 23 hours', '30 days 1 hour', '90 days'];
    const statuses = ['done', 'error', 'processing'];
    for (const [i, age] of ages.entries()) {
      for (const [j, status] of statuses.entries()) {
        for (const who of [user.id, other.id]) {
          await db.query(
            `INSERT INTO analyses (user_id, status, file_count, processed_files, params, tokens_cost, created_at, updated_at)
             SELECT $1, $2, 1, 0, '{}', 0, now() - $3::interval, now() FROM generate_series(1, $4)`,
            [who, status, age, 1 + ((i + j) % 3)],
          );
        }
      }
    }
    // Status changes and deletions go through the triggers too.
    await db.query(`UPDATE analyses SET status = 'done' WHERE user_id = $1 AND status = 'processing' AND created_at < now() - interval '1 day'`, [user.id]);
    await db.query(`DELETE FROM analyses WHERE id IN (SELECT id FROM analyses WHERE user_id = $1 AND status = 'error' ORDER BY created_at LIMIT 2)`, [user.id]);

    const starts: Record<string, string> = {
      today: `date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo'`,
      week: `now() - interval '7 days'`,
      month: `now() - interval '30 days'`,
    };
    for (const status of [undefined, ...statuses]) {
      for (const period of [undefined, 'today', 'week', 'month']) {
        const qs = new URLSearchParams({ pageSize: '5', ...(status ? { status } : {}), ...(period ? { period } : {}) });
        const res = await stack.http.get(`/api/analyses?${qs}`).set('Authorization', `Bearer ${user.token}`).expect(200);
        const [{ n }] = await db.query(
          `SELECT count(*)::int AS n FROM analyses WHERE user_id = $1 ${status ? `AND status = '${status}'` : ''} ${period ? `AND created_at >= ${starts[period]}` : ''}`,
          [user.id],
        );
        expect({ status, period, total: res.body.total }).toEqual({ status, period, total: n });
        expect(res.body.items.length).toBe(Math.min(5, n));
      }
    }
  });
});
