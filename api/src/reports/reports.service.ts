import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  AnalysisStatus,
  REPORT_MAX_DAYS,
  REPORT_PERIOD_DAYS,
  Report,
  ReportCard,
  ReportChart,
  ReportPeriod,
  ReportType,
} from '@cda/shared';
import { ADMIN_TZ } from '../common/time-zone';
import { num, numOrNull } from '../common/sql-result';
import { AnalyticsService } from '../telemetry/analytics.service';

const METHOD_LABELS: Record<string, string> = { card: 'Cartão de crédito', pix: 'PIX', boleto: 'Boleto' };

/** `col` within the report's days ($1..$2 inclusive, Brasília calendar). */
const inRange = (col: string) =>
  `${col} >= ($1::date::timestamp AT TIME ZONE '${ADMIN_TZ}') AND ${col} < (($2::date + 1)::timestamp AT TIME ZONE '${ADMIN_TZ}')`;
const dayOf = (col: string) => `(${col} AT TIME ZONE '${ADMIN_TZ}')::date`;
const DAYS = `SELECT d::date AS day FROM generate_series($1::date, $2::date, interval '1 day') d`;

interface Day {
  date: string;
  signups: number;
  analyses: number;
  activeUsers: number;
  done: number;
  errors: number;
  tokens: number;
  files: number;
  pages: number;
  certificates: number;
  p50: number | null;
  p95: number | null;
  revenue: number;
  orders: number;
}

interface Totals {
  signups: number;
  usersAtEnd: number;
  activeUsers: number;
  analyses: number;
  done: number;
  errors: number;
  tokens: number;
  files: number;
  filesDone: number;
  filesError: number;
  pages: number;
  certificates: number;
  p50: number | null;
  p95: number | null;
  revenue: number;
  orders: number;
}

/**
 * Admin reports from SQL aggregates over the days of a period (Brasília calendar). Definitions:
 * - sign-ups: accounts created that day; active users: distinct users who started an analysis;
 * - analyses, files, pages, certificates: of analyses started that day; tokens spent: their charge
 *   after refunds, once settled; success rate: Concluída among analyses that ended (Concluída or Erro);
 * - processing time: the worker's time per file (p50/p95), for files of analyses started that day;
 * - revenue: approved orders by approval day (refunded ones are no longer approved), in centavos.
 */
/**
 * Who counts as a user in every figure: accounts not deleted, as on the users page and the admin
 * dashboard (a deleted account leaves lists, logins and figures). Analyses, tokens and revenue stay
 * whole: they happened; only the counts of people leave the deleted out.
 */
const COUNTED = 'deleted_at IS NULL';
/** Joins an analysis to its owner only while the owner counts (active users = distinct counted owners). */
const COUNTED_OWNER = 'LEFT JOIN users au ON au.id = an.user_id AND au.deleted_at IS NULL';

@Injectable()
export class ReportsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly analytics: AnalyticsService,
  ) {}

  /** Resolves a period into inclusive days; presets end today in Brasília. */
  range(period: ReportPeriod, from?: string, to?: string, today = todayInBrasilia()): { from: string; to: string } {
    if (period !== 'custom') return { from: addDays(today, 1 - REPORT_PERIOD_DAYS[period]), to: today };
    if (!from || !to) throw new BadRequestException('Informe as datas inicial e final do período personalizado.');
    if (!isRealDate(from) || !isRealDate(to)) throw new BadRequestException('Data inválida no período personalizado.');
    if (from > to) throw new BadRequestException('A data inicial deve ser anterior ou igual à data final.');
    if (daysBetween(from, to) + 1 > REPORT_MAX_DAYS) throw new BadRequestException(`O período personalizado pode ter no máximo ${REPORT_MAX_DAYS} dias.`);
    return { from, to };
  }

  async report(type: ReportType, period: ReportPeriod, from: string, to: string): Promise<Report> {
    const [days, totals, byPlan, byMethod, usersByPlan] = await Promise.all([
      this.days(from, to),
      this.totals(from, to),
      this.revenueBy(`COALESCE(p.name, 'Pacotes de tokens')`, from, to),
      this.revenueBy(`o.method`, from, to),
      this.usersByPlan(to),
    ]);
    const shaped = shape(type, days, totals, {
      byPlan,
      byMethod: byMethod.map((r) => ({ ...r, label: METHOD_LABELS[r.label] ?? r.label })),
      usersByPlan,
    });
    // Usage also shows how the product is used (System settings → Analytics: events without personal data).
    if (type === 'usage') {
      const product = await this.analytics.report(from, to);
      shaped.cards.push(...product.cards);
      shaped.charts.push(...product.charts);
    }
    return { type, period, from, to, generatedAt: new Date().toISOString(), ...shaped };
  }

  private async days(from: string, to: string): Promise<Day[]> {
    const rows: Record<string, unknown>[] = await this.db.query(
      `WITH days AS (${DAYS}),
       u AS (SELECT ${dayOf('created_at')} AS day, count(*) AS signups FROM users WHERE ${inRange('created_at')} AND ${COUNTED} GROUP BY 1),
       a AS (SELECT ${dayOf('an.created_at')} AS day, count(*) AS analyses, count(DISTINCT au.id) AS active_users,
                    count(*) FILTER (WHERE an.status = $3) AS done, count(*) FILTER (WHERE an.status = $4) AS errors,
                    COALESCE(sum(an.tokens_cost - an.tokens_refunded) FILTER (WHERE an.settled_at IS NOT NULL), 0) AS tokens
               FROM analyses an ${COUNTED_OWNER} WHERE ${inRange('an.created_at')} GROUP BY 1),
       f AS (SELECT ${dayOf('a.created_at')} AS day, count(*) AS files, COALESCE(sum(f.pages), 0) AS pages,
                    COALESCE(sum(f.certificate_count), 0) AS certificates,
                    percentile_cont(0.5) WITHIN GROUP (ORDER BY f.processing_ms) AS p50,
                    percentile_cont(0.95) WITHIN GROUP (ORDER BY f.processing_ms) AS p95
               FROM analyses a JOIN analysis_files f ON f.analysis_id = a.id WHERE ${inRange('a.created_at')} GROUP BY 1),
       o AS (SELECT ${dayOf('approved_at')} AS day, sum(amount_cents) AS revenue, count(*) AS orders
               FROM orders WHERE status = 'approved' AND ${inRange('approved_at')} GROUP BY 1)
       SELECT to_char(days.day, 'YYYY-MM-DD') AS date, u.signups, a.analyses, a.active_users, a.done, a.errors, a.tokens,
              f.files, f.pages, f.certificates, f.p50, f.p95, o.revenue, o.orders
         FROM days LEFT JOIN u USING (day) LEFT JOIN a USING (day) LEFT JOIN f USING (day) LEFT JOIN o USING (day)
        ORDER BY days.day`,
      [from, to, AnalysisStatus.Done, AnalysisStatus.Error],
    );
    return rows.map((r) => ({
      date: String(r.date),
      signups: num(r.signups),
      analyses: num(r.analyses),
      activeUsers: num(r.active_users),
      done: num(r.done),
      errors: num(r.errors),
      tokens: num(r.tokens),
      files: num(r.files),
      pages: num(r.pages),
      certificates: num(r.certificates),
      p50: roundOrNull(r.p50),
      p95: roundOrNull(r.p95),
      revenue: num(r.revenue),
      orders: num(r.orders),
    }));
  }

  private async totals(from: string, to: string): Promise<Totals> {
    const [r]: Record<string, unknown>[] = await this.db.query(
      `SELECT
         (SELECT count(*) FROM users WHERE ${inRange('created_at')} AND ${COUNTED}) AS signups,
         (SELECT count(*) FROM users WHERE created_at < (($2::date + 1)::timestamp AT TIME ZONE '${ADMIN_TZ}') AND ${COUNTED}) AS users_at_end,
         a.*, f.*, o.*
       FROM (SELECT count(*) AS analyses, count(DISTINCT au.id) AS active_users,
                    count(*) FILTER (WHERE an.status = $3) AS done, count(*) FILTER (WHERE an.status = $4) AS errors,
                    COALESCE(sum(an.tokens_cost - an.tokens_refunded) FILTER (WHERE an.settled_at IS NOT NULL), 0) AS tokens
               FROM analyses an ${COUNTED_OWNER} WHERE ${inRange('an.created_at')}) a,
            (SELECT count(*) AS files, count(*) FILTER (WHERE f.status = 'done') AS files_done,
                    count(*) FILTER (WHERE f.status = 'error') AS files_error,
                    COALESCE(sum(f.pages), 0) AS pages, COALESCE(sum(f.certificate_count), 0) AS certificates,
                    percentile_cont(0.5) WITHIN GROUP (ORDER BY f.processing_ms) AS p50,
                    percentile_cont(0.95) WITHIN GROUP (ORDER BY f.processing_ms) AS p95
               FROM analyses a JOIN analysis_files f ON f.analysis_id = a.id WHERE ${inRange('a.created_at')}) f,
            (SELECT COALESCE(sum(amount_cents), 0) AS revenue, count(*) AS orders
               FROM orders WHERE status = 'approved' AND ${inRange('approved_at')}) o`,
      [from, to, AnalysisStatus.Done, AnalysisStatus.Error],
    );
    return {
      signups: num(r.signups),
      usersAtEnd: num(r.users_at_end),
      activeUsers: num(r.active_users),
      analyses: num(r.analyses),
      done: num(r.done),
      errors: num(r.errors),
      tokens: num(r.tokens),
      files: num(r.files),
      filesDone: num(r.files_done),
      filesError: num(r.files_error),
      pages: num(r.pages),
      certificates: num(r.certificates),
      p50: roundOrNull(r.p50),
      p95: roundOrNull(r.p95),
      revenue: num(r.revenue),
      orders: num(r.orders),
    };
  }

  private async revenueBy(labelSql: string, from: string, to: string): Promise<{ label: string; revenue: number; orders: number }[]> {
    const rows: Record<string, unknown>[] = await this.db.query(
      `SELECT ${labelSql} AS label, sum(o.amount_cents) AS revenue, count(*) AS orders
         FROM orders o LEFT JOIN plans p ON p.id = o.plan_id
        WHERE o.status = 'approved' AND ${inRange('o.approved_at')}
        GROUP BY 1 ORDER BY 2 DESC, 1`,
      [from, to],
    );
    return rows.map((r) => ({ label: String(r.label), revenue: num(r.revenue), orders: num(r.orders) }));
  }

  /** Accounts existing at the end of the period by their current plan. */
  private async usersByPlan(to: string): Promise<{ label: string; users: number }[]> {
    const rows: Record<string, unknown>[] = await this.db.query(
      `SELECT p.name AS label, count(u.id) AS users
         FROM plans p LEFT JOIN users u ON u.plan = p.id AND u.created_at < (($1::date + 1)::timestamp AT TIME ZONE '${ADMIN_TZ}') AND u.deleted_at IS NULL
        GROUP BY p.id, p.name, p.sort_order ORDER BY p.sort_order`,
      [to],
    );
    return rows.map((r) => ({ label: String(r.label), users: num(r.users) }));
  }
}

function shape(
  type: ReportType,
  days: Day[],
  t: Totals,
  groups: { byPlan: { label: string; revenue: number; orders: number }[]; byMethod: { label: string; revenue: number; orders: number }[]; usersByPlan: { label: string; users: number }[] },
): { cards: ReportCard[]; charts: ReportChart[] } {
  const ended = t.done + t.errors;
  const successRate = ended ? Math.round((1000 * t.done) / ended) / 10 : null;
  const day = { key: 'date', label: 'Data', isDate: true };
  const daily = (key: string, title: string, kind: ReportChart['kind'], series: ReportChart['series']): ReportChart => ({
    key,
    title,
    kind,
    x: day,
    series,
    rows: days.map((d) => Object.fromEntries([['date', d.date], ...series.map((s) => [s.key, d[s.key as keyof Day]])])),
  });
  const cards: Record<string, ReportCard> = {
    signups: { key: 'signups', label: 'Novos usuários', value: t.signups, unit: 'count' },
    usersAtEnd: { key: 'usersAtEnd', label: 'Usuários cadastrados', value: t.usersAtEnd, unit: 'count' },
    activeUsers: { key: 'activeUsers', label: 'Usuários ativos', value: t.activeUsers, unit: 'count' },
    revenue: { key: 'revenue', label: 'Receita', value: t.revenue, unit: 'cents' },
    orders: { key: 'orders', label: 'Pagamentos aprovados', value: t.orders, unit: 'count' },
    averageTicket: { key: 'averageTicket', label: 'Ticket médio', value: t.orders ? Math.round(t.revenue / t.orders) : null, unit: 'cents' },
    analyses: { key: 'analyses', label: 'Análises', value: t.analyses, unit: 'count' },
    files: { key: 'files', label: 'Arquivos', value: t.files, unit: 'count' },
    pages: { key: 'pages', label: 'Páginas', value: t.pages, unit: 'count' },
    certificates: { key: 'certificates', label: 'Certidões extraídas', value: t.certificates, unit: 'count' },
    tokens: { key: 'tokens', label: 'Tokens consumidos', value: t.tokens, unit: 'tokens' },
    successRate: { key: 'successRate', label: 'Taxa de sucesso', value: successRate, unit: 'percent' },
    errors: { key: 'errors', label: 'Análises com erro', value: t.errors, unit: 'count' },
    filesError: { key: 'filesError', label: 'Arquivos com erro', value: t.filesError, unit: 'count' },
    p50: { key: 'p50', label: 'Tempo por arquivo (p50)', value: t.p50, unit: 'ms' },
    p95: { key: 'p95', label: 'Tempo por arquivo (p95)', value: t.p95, unit: 'ms' },
  };
  const pick = (...keys: string[]) => keys.map((k) => cards[k]);
  const byPlan: ReportChart = {
    key: 'revenueByPlan',
    title: 'Receita por plano',
    kind: 'pie',
    x: { key: 'label', label: 'Plano', isDate: false },
    series: [{ key: 'revenue', label: 'Receita', unit: 'cents' }, { key: 'orders', label: 'Pagamentos', unit: 'count' }],
    rows: groups.byPlan,
  };
  const byMethod: ReportChart = { ...byPlan, key: 'revenueByMethod', title: 'Receita por forma de pagamento', x: { key: 'label', label: 'Forma de pagamento', isDate: false }, rows: groups.byMethod };
  const outcome: ReportChart = {
    key: 'outcome',
    title: 'Resultado das análises',
    kind: 'pie',
    x: { key: 'label', label: 'Resultado', isDate: false },
    series: [{ key: 'analyses', label: 'Análises', unit: 'count' }],
    rows: [
      { label: 'Concluídas', analyses: t.done },
      { label: 'Com erro', analyses: t.errors },
    ],
  };
  switch (type) {
    case 'overview':
      return {
        cards: pick('signups', 'activeUsers', 'revenue', 'analyses', 'pages', 'tokens', 'successRate'),
        charts: [
          daily('activity', 'Cadastros e análises por dia', 'line', [
            { key: 'signups', label: 'Cadastros', unit: 'count' },
            { key: 'analyses', label: 'Análises', unit: 'count' },
          ]),
          daily('revenue', 'Receita por dia', 'bar', [{ key: 'revenue', label: 'Receita', unit: 'cents' }]),
        ],
      };
    case 'users':
      return {
        cards: pick('signups', 'activeUsers', 'usersAtEnd'),
        charts: [
          daily('signups', 'Cadastros por dia', 'bar', [{ key: 'signups', label: 'Cadastros', unit: 'count' }]),
          daily('activeUsers', 'Usuários ativos por dia', 'line', [{ key: 'activeUsers', label: 'Usuários ativos', unit: 'count' }]),
          {
            key: 'usersByPlan',
            title: 'Usuários por plano',
            kind: 'pie',
            x: { key: 'label', label: 'Plano', isDate: false },
            series: [{ key: 'users', label: 'Usuários', unit: 'count' }],
            rows: groups.usersByPlan,
          },
        ],
      };
    case 'revenue':
      return {
        cards: pick('revenue', 'orders', 'averageTicket'),
        charts: [daily('revenue', 'Receita por dia', 'bar', [{ key: 'revenue', label: 'Receita', unit: 'cents' }]), byPlan, byMethod],
      };
    case 'usage':
      return {
        cards: pick('analyses', 'files', 'pages', 'certificates', 'tokens'),
        charts: [
          daily('analysesPages', 'Análises e páginas por dia', 'bar', [
            { key: 'analyses', label: 'Análises', unit: 'count' },
            { key: 'pages', label: 'Páginas', unit: 'count' },
          ]),
          daily('tokens', 'Tokens consumidos por dia', 'line', [{ key: 'tokens', label: 'Tokens', unit: 'tokens' }]),
        ],
      };
    case 'performance':
      return {
        cards: pick('successRate', 'errors', 'filesError', 'p50', 'p95'),
        charts: [
          daily('outcomes', 'Análises concluídas e com erro por dia', 'stacked', [
            { key: 'done', label: 'Concluídas', unit: 'count' },
            { key: 'errors', label: 'Com erro', unit: 'count' },
          ]),
          daily('processing', 'Tempo de processamento por arquivo', 'line', [
            { key: 'p50', label: 'p50', unit: 'ms' },
            { key: 'p95', label: 'p95', unit: 'ms' },
          ]),
          outcome,
        ],
      };
  }
}

function roundOrNull(v: unknown): number | null {
  const n = numOrNull(v);
  return n === null ? null : Math.round(n);
}

export function todayInBrasilia(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ADMIN_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
