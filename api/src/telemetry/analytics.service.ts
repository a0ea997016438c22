import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ANALYTICS_EVENTS, ANALYTICS_EVENT_LABELS, AnalyticsEvent, ReportCard, ReportChart, analyticsPath } from '@cda/shared';
import { ADMIN_TZ } from '../common/time-zone';
import { num } from '../common/sql-result';
import { SettingsService } from '../settings/settings.service';

/**
 * Product analytics kept in our own database (System settings → Analytics). An event row holds a name
 * from a fixed list, a route pattern (telemetry.ts strips ids, queries and anything odd) and its time:
 * nothing that identifies a person, so no consent banner or retention rule is needed for it.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly settings: SettingsService,
  ) {}

  /** Records one event when analytics is on; answers whether it was recorded. */
  async record(name: AnalyticsEvent, location: string | undefined): Promise<boolean> {
    if (!(await this.settings.get('system')).analyticsEnabled) return false;
    const path = location === undefined ? null : analyticsPath(location);
    await this.db.query(`INSERT INTO usage_events (name, path) VALUES ($1, $2)`, [name, path]);
    return true;
  }

  /** The Relatórios figures for the days $from..$to (Brasília calendar): per day and event, and the most viewed routes. */
  async report(from: string, to: string): Promise<{ cards: ReportCard[]; charts: ReportChart[] }> {
    const inRange = `created_at >= ($1::date::timestamp AT TIME ZONE '${ADMIN_TZ}') AND created_at < (($2::date + 1)::timestamp AT TIME ZONE '${ADMIN_TZ}')`;
    const daily = (await this.db.query(
      `SELECT to_char(d::date, 'YYYY-MM-DD') AS date, e.name, count(e.id) AS n
         FROM generate_series($1::date, $2::date, interval '1 day') d
         LEFT JOIN usage_events e ON (e.created_at AT TIME ZONE '${ADMIN_TZ}')::date = d::date AND ${inRange.replace(/created_at/g, 'e.created_at')}
        GROUP BY 1, 2 ORDER BY 1`,
      [from, to],
    )) as { date: string; name: string | null; n: string }[];
    const rows = new Map<string, Record<string, string | number>>();
    for (const r of daily) {
      const row = rows.get(r.date) ?? Object.fromEntries([['date', r.date], ...ANALYTICS_EVENTS.map((e) => [e, 0])]);
      if (r.name) row[r.name] = num(r.n);
      rows.set(r.date, row);
    }
    const pages = (await this.db.query(
      `SELECT path AS label, count(*) AS views FROM usage_events WHERE name = 'page_view' AND path IS NOT NULL AND ${inRange}
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`,
      [from, to],
    )) as { label: string; views: string }[];
    const total = (e: AnalyticsEvent) => [...rows.values()].reduce((sum, r) => sum + Number(r[e] ?? 0), 0);
    return {
      cards: [
        { key: 'pageViews', label: ANALYTICS_EVENT_LABELS.page_view, value: total('page_view'), unit: 'count' },
        { key: 'analysesStarted', label: ANALYTICS_EVENT_LABELS.analysis_started, value: total('analysis_started'), unit: 'count' },
      ],
      charts: [
        {
          key: 'productUsage',
          title: 'Uso do produto por dia',
          kind: 'line',
          x: { key: 'date', label: 'Data', isDate: true },
          series: ANALYTICS_EVENTS.map((e) => ({ key: e, label: ANALYTICS_EVENT_LABELS[e], unit: 'count' as const })),
          rows: [...rows.values()],
        },
        {
          key: 'topPages',
          title: 'Páginas mais vistas',
          kind: 'bar',
          x: { key: 'label', label: 'Página', isDate: false },
          series: [{ key: 'views', label: 'Visualizações', unit: 'count' }],
          rows: pages.map((p) => ({ label: p.label, views: num(p.views) })),
        },
      ],
    };
  }
}
