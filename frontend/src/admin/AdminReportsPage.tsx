import { useState } from 'react';
import useSWR from 'swr';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  REPORT_PERIODS,
  REPORT_PERIOD_LABELS,
  REPORT_TYPES,
  REPORT_TYPE_LABELS,
  Report,
  ReportChart,
  ReportPeriod,
  ReportType,
  ReportUnit,
  SubscriptionMonthRow,
  formatCentavos,
  formatTokens,
} from '@cda/shared';
import { downloadFile, fetcher } from '../api/client';
import './admin-ops.css';

/** Charts draw at once: figures an operator reads, and screenshots taken, must not be mid-animation. */
const COLORS = ['#1d4ed8', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2'];
/** Outcomes keep their meaning's colour wherever they appear: errors red, successes green. */
const MEANING: Record<string, string> = { errors: '#dc2626', 'Com erro': '#dc2626', done: '#16a34a', Concluídas: '#16a34a' };
const colorFor = (key: string, i: number) => MEANING[key] ?? COLORS[i % COLORS.length];
const int = new Intl.NumberFormat('pt-BR');

function formatValue(v: number | null | undefined, unit: ReportUnit): string {
  if (v === null || v === undefined) return '—';
  switch (unit) {
    case 'cents':
      return formatCentavos(v);
    case 'percent':
      return `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
    case 'ms':
      return v >= 1000 ? `${(v / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} s` : `${int.format(v)} ms`;
    case 'tokens':
      return formatTokens(v);
    default:
      return int.format(v);
  }
}

/** Short axis labels: 23/11 for a day, compact money and counts. */
const dayLabel = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const axisValue = (v: number, unit: ReportUnit) =>
  unit === 'cents' ? `R$ ${int.format(Math.round(v / 100))}` : unit === 'ms' ? `${int.format(v)} ms` : new Intl.NumberFormat('pt-BR', { notation: 'compact' }).format(v);

function todayIso(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

export function AdminReportsPage() {
  const [type, setType] = useState<ReportType>('overview');
  const [period, setPeriod] = useState<ReportPeriod>('30d');
  const [from, setFrom] = useState(() => todayIso().slice(0, 8) + '01');
  const [to, setTo] = useState(todayIso);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const query = new URLSearchParams({ type, period, ...(period === 'custom' ? { from, to } : {}) }).toString();
  const { data, error, isLoading } = useSWR<Report>(`/admin/reports?${query}`, fetcher, { keepPreviousData: true });

  const exportXlsx = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const name = data ? `relatorio_${type}_${data.from}_${data.to}.xlsx` : `relatorio_${type}.xlsx`;
      await downloadFile(`/admin/reports/export?${query}`, name);
    } catch (e) {
      setExportError((e as Error).message || 'Erro ao exportar relatório');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page page-wide admin-ops">
      <h1>Relatórios</h1>
      <div className="report-types" role="tablist" aria-label="Tipo de relatório">
        {REPORT_TYPES.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={type === t} className={type === t ? 'active' : ''} onClick={() => setType(t)}>
            {REPORT_TYPE_LABELS[t]}
          </button>
        ))}
      </div>
      <div className="report-toolbar">
        <label>
          Período
          <select value={period} onChange={(e) => setPeriod(e.target.value as ReportPeriod)}>
            {REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>{REPORT_PERIOD_LABELS[p]}</option>
            ))}
          </select>
        </label>
        {period === 'custom' && (
          <>
            <label>
              De
              <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label>
              Até
              <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
            </label>
          </>
        )}
        {data && (
          <span className="small muted">
            {dayLabel(data.from)}/{data.from.slice(0, 4)} a {dayLabel(data.to)}/{data.to.slice(0, 4)}
          </span>
        )}
        <button type="button" className="button" onClick={exportXlsx} disabled={exporting || !data}>
          {exporting ? 'Exportando...' : 'Exportar'}
        </button>
      </div>
      {exportError && <p className="alert alert-red" role="alert">{exportError}</p>}
      {error && <p className="alert alert-red" role="alert">{(error as Error).message || 'Erro ao carregar relatório'}</p>}
      {!data && isLoading && <p className="muted">Carregando...</p>}
      {data && (
        <>
          <div className="report-cards">
            {data.cards.map((c) => (
              <div key={c.key} className="card">
                <span className="small muted">{c.label}</span>
                <strong>{formatValue(c.value, c.unit)}</strong>
              </div>
            ))}
          </div>
          <div className="report-charts">
            {data.charts.map((c) => (
              <section key={c.key} className="card" aria-label={c.title}>
                <h3>{c.title}</h3>
                <ChartView chart={c} />
              </section>
            ))}
          </div>
        </>
      )}
      <SubscriptionsReport />
    </div>
  );
}

/** Renewals, cancellations and churn per month (the last 6 months), from /admin/reports/subscriptions. */
function SubscriptionsReport() {
  const now = new Date();
  const month = (d: Date) => d.toISOString().slice(0, 7);
  const from = month(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, 1)));
  const { data, error } = useSWR<SubscriptionMonthRow[]>(`/admin/reports/subscriptions?from=${from}&to=${month(now)}`, fetcher);
  return (
    <section className="card" aria-label="Assinaturas por mês" data-testid="subscriptions-report">
      <h3>Assinaturas por mês</h3>
      {error && <p className="alert alert-red" role="alert">{(error as Error).message}</p>}
      {data && (
        <table className="admin-table">
          <thead>
            <tr><th>Mês</th><th className="num">Ativas no início</th><th className="num">Novas</th><th className="num">Reativações</th><th className="num">Renovações</th><th className="num">Cancelamentos</th><th className="num">Encerradas</th><th className="num">Churn</th></tr>
          </thead>
          <tbody>
            {data.map((r) => (
              <tr key={r.month}>
                <td>{r.month.slice(5)}/{r.month.slice(0, 4)}</td>
                <td className="num">{r.activeAtStart}</td>
                <td className="num">{r.newSubscriptions}</td>
                <td className="num">{r.reactivations}</td>
                <td className="num">{r.renewals}</td>
                <td className="num">{r.cancellations}</td>
                <td className="num">{r.ended}</td>
                <td className="num">{r.churnPercent.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ChartView({ chart }: { chart: ReportChart }) {
  const unit = chart.series[0]?.unit ?? 'count';
  const tooltip = (
    <Tooltip
      formatter={(value, name) => {
        const s = chart.series.find((x) => x.label === name);
        return [formatValue(Number(value), s?.unit ?? unit), name];
      }}
      labelFormatter={(l) => (chart.x.isDate ? `${dayLabel(String(l))}/${String(l).slice(0, 4)}` : String(l))}
    />
  );
  if (chart.kind === 'pie') {
    const s = chart.series[0];
    const rows = chart.rows.filter((r) => Number(r[s.key]) > 0);
    if (!rows.length) return <p className="muted empty">Sem dados no período.</p>;
    return (
      <div className="chart-box">
        <ResponsiveContainer>
          <PieChart>
            <Pie
              isAnimationActive={false}
              data={rows}
              dataKey={s.key}
              nameKey={chart.x.key}
              name={s.label}
              outerRadius={85}
              labelLine={false}
              label={({ percent }) => `${Math.round((percent ?? 0) * 100)}%`}
            >
              {rows.map((r, i) => (
                <Cell key={i} fill={colorFor(String(r[chart.x.key]), i)} />
              ))}
            </Pie>
            <Tooltip formatter={(value, name) => [formatValue(Number(value), s.unit), name]} />
            <Legend
              formatter={(name) => {
                const row = rows.find((r) => r[chart.x.key] === name);
                return `${name}: ${formatValue(Number(row?.[s.key] ?? 0), s.unit)}`;
              }}
            />
          </PieChart>
        </ResponsiveContainer>
      </div>
    );
  }
  const xAxis = <XAxis dataKey={chart.x.key} tickFormatter={chart.x.isDate ? dayLabel : undefined} minTickGap={16} fontSize={12} />;
  const yAxis = <YAxis tickFormatter={(v: number) => axisValue(v, unit)} fontSize={12} width={70} allowDecimals={false} />;
  return (
    <div className="chart-box">
      <ResponsiveContainer>
        {chart.kind === 'line' ? (
          <LineChart data={chart.rows}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
            {xAxis}
            {yAxis}
            {tooltip}
            <Legend />
            {chart.series.map((s, i) => (
              <Line isAnimationActive={false} key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={colorFor(s.key, i)} strokeWidth={2} dot={chart.rows.length <= 31} connectNulls />
            ))}
          </LineChart>
        ) : (
          <BarChart data={chart.rows}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
            {xAxis}
            {yAxis}
            {tooltip}
            <Legend />
            {chart.series.map((s, i) => (
              <Bar isAnimationActive={false} key={s.key} dataKey={s.key} name={s.label} fill={colorFor(s.key, i)} stackId={chart.kind === 'stacked' ? 'stack' : undefined} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
