import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AdminDashboard, Figure } from '@cda/shared';
import { ADMIN_TZ } from '../common/time-zone';
import { num, numOrNull, tableExists } from './admin-sql';

/**
 * The windows every figure uses, from one `now` ($1):
 *   m0 = start of this month, pm0 = start of the previous month, pm_span = pm0 + (now − m0) capped at m0
 *   (the same elapsed part of the previous month), mago = now − 1 month, d0 = start of today.
 */
const WINDOWS = `
  SELECT $1::timestamptz AS now,
         (date_trunc('month', $1::timestamptz AT TIME ZONE '${ADMIN_TZ}') AT TIME ZONE '${ADMIN_TZ}') AS m0,
         ((date_trunc('month', $1::timestamptz AT TIME ZONE '${ADMIN_TZ}') - interval '1 month') AT TIME ZONE '${ADMIN_TZ}') AS pm0,
         (LEAST(date_trunc('month', $1::timestamptz AT TIME ZONE '${ADMIN_TZ}') - interval '1 month'
                  + (($1::timestamptz AT TIME ZONE '${ADMIN_TZ}') - date_trunc('month', $1::timestamptz AT TIME ZONE '${ADMIN_TZ}')),
                date_trunc('month', $1::timestamptz AT TIME ZONE '${ADMIN_TZ}')) AT TIME ZONE '${ADMIN_TZ}') AS pm_span,
         ((($1::timestamptz AT TIME ZONE '${ADMIN_TZ}') - interval '1 month') AT TIME ZONE '${ADMIN_TZ}') AS mago,
         (date_trunc('day', $1::timestamptz AT TIME ZONE '${ADMIN_TZ}') AT TIME ZONE '${ADMIN_TZ}') AS d0`;

/** Percent change in SQL, one decimal, NULL when there is nothing to compare with. */
const pct = (cur: string, prev: string) => `round(100.0 * ((${cur}) - (${prev})) / NULLIF((${prev}), 0), 1)`;

@Injectable()
export class AdminDashboardService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * - totalUsers: accounts now, versus accounts that existed one month ago.
   * - openTickets: tickets not closed now; a ticket's past status is not kept, so the change compares
   *   tickets opened this month so far with the same span of the previous month.
   * - revenueThisMonth: approved orders (by approval time) this month so far, versus the same span of
   *   the previous month. Refunded orders are no longer `approved` and do not count.
   * - analysesToday: analyses created today, versus the previous month's daily average.
   */
  async get(now = new Date()): Promise<AdminDashboard> {
    const q = (sql: string, params?: unknown[]) => this.db.query(sql, params) as Promise<unknown[]>;
    const [hasTickets, hasOrders] = await Promise.all([tableExists(q, 'tickets'), tableExists(q, 'orders')]);

    const [u] = (await this.db.query(
      `WITH w AS (${WINDOWS}),
       c AS (
         SELECT count(*) FILTER (WHERE u.created_at <= w.now) AS total,
                count(*) FILTER (WHERE u.created_at <= w.mago) AS total_prev
         FROM users u, w
         WHERE u.deleted_at IS NULL
       ),
       a AS (
         SELECT count(*) FILTER (WHERE a.created_at >= w.d0 AND a.created_at <= w.now) AS today,
                count(*) FILTER (WHERE a.created_at >= w.pm0 AND a.created_at < w.m0) AS prev_month
         FROM analyses a, w
         WHERE a.created_at >= w.pm0 AND a.created_at <= w.now
       ),
       d AS (SELECT a.today, a.prev_month::numeric / GREATEST(1, extract(day FROM w.m0 - w.pm0)) AS prev_daily FROM a, w)
       SELECT c.total, ${pct('c.total', 'c.total_prev')} AS total_change,
              d.today, ${pct('d.today', 'd.prev_daily')} AS today_change
       FROM c, d`,
      [now],
    )) as Record<string, unknown>[];

    let openTickets: Figure = { value: 0, change: null };
    if (hasTickets) {
      const [t] = (await this.db.query(
        `WITH w AS (${WINDOWS})
         SELECT count(*) FILTER (WHERE t.status <> 'closed' AND t.created_at <= w.now) AS open,
                ${pct(
                  `count(*) FILTER (WHERE t.created_at >= w.m0 AND t.created_at <= w.now)`,
                  `count(*) FILTER (WHERE t.created_at >= w.pm0 AND t.created_at <= w.pm_span)`,
                )} AS change
         FROM tickets t, w`,
        [now],
      )) as Record<string, unknown>[];
      openTickets = { value: num(t.open), change: numOrNull(t.change) };
    }

    let revenue: Figure = { value: 0, change: null };
    if (hasOrders) {
      const [r] = (await this.db.query(
        `WITH w AS (${WINDOWS}),
         s AS (
           SELECT COALESCE(sum(o.amount_cents) FILTER (WHERE o.approved_at >= w.m0 AND o.approved_at <= w.now), 0) AS cur,
                  COALESCE(sum(o.amount_cents) FILTER (WHERE o.approved_at >= w.pm0 AND o.approved_at <= w.pm_span), 0) AS prev
           FROM orders o, w
           WHERE o.status = 'approved' AND o.approved_at >= w.pm0
         )
         SELECT s.cur, ${pct('s.cur', 's.prev')} AS change FROM s`,
        [now],
      )) as Record<string, unknown>[];
      revenue = { value: num(r.cur), change: numOrNull(r.change) };
    }

    const recentTickets = hasTickets
      ? ((await this.db.query(
          `SELECT t.id, t.number, t.title, t.status, t.priority, t.created_at, u.id AS user_id, u.name, u.email
           FROM tickets t JOIN users u ON u.id = t.user_id ORDER BY t.created_at DESC, t.number DESC LIMIT 5`,
        )) as Record<string, unknown>[]).map((r) => ({
          id: r.id as string,
          number: num(r.number),
          title: r.title as string,
          status: r.status as string,
          priority: r.priority as string,
          userId: r.user_id as string,
          userName: r.name as string,
          userEmail: r.email as string,
          createdAt: r.created_at as Date,
        }))
      : [];
    const recentUsers = ((await this.db.query(
      `SELECT id, name, email, plan, role, status, created_at FROM users WHERE deleted_at IS NULL ORDER BY created_at DESC, id LIMIT 5`,
    )) as Record<string, unknown>[]).map((r) => ({
      id: r.id as string,
      name: r.name as string,
      email: r.email as string,
      plan: r.plan as string,
      role: r.role as string,
      status: r.status as string,
      createdAt: r.created_at as Date,
    }));

    return {
      totalUsers: { value: num(u.total), change: numOrNull(u.total_change) },
      openTickets,
      revenueThisMonth: revenue,
      analysesToday: { value: num(u.today), change: numOrNull(u.today_change) },
      sources: { tickets: hasTickets, payments: hasOrders },
      recentTickets,
      recentUsers,
    };
  }
}
