/** Admin reports: the periods and types the screen offers, and the shape the API answers with. */
export const REPORT_PERIODS = ['7d', '30d', '90d', '1y', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  '7d': '7 dias',
  '30d': '30 dias',
  '90d': '90 dias',
  '1y': '1 ano',
  custom: 'Personalizado',
};
/** Days covered by each preset, today included. */
export const REPORT_PERIOD_DAYS: Record<Exclude<ReportPeriod, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
/** Longest custom range, so one request cannot ask for decades of daily rows. */
export const REPORT_MAX_DAYS = 731;

export const REPORT_TYPES = ['overview', 'users', 'revenue', 'usage', 'performance'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  overview: 'Visão geral',
  users: 'Usuários',
  revenue: 'Receita',
  usage: 'Uso',
  performance: 'Desempenho',
};

/** How a figure is written: counts, money in centavos, a percentage, a duration in milliseconds. */
export type ReportUnit = 'count' | 'cents' | 'percent' | 'ms' | 'tokens';

export interface ReportCard {
  key: string;
  label: string;
  value: number | null;
  unit: ReportUnit;
}

export interface ReportSeries {
  key: string;
  label: string;
  unit: ReportUnit;
}

export interface ReportChart {
  key: string;
  title: string;
  /** `line`/`bar` are drawn over `x` (a date or a label); `pie` uses the first series. */
  kind: 'line' | 'bar' | 'stacked' | 'pie';
  x: { key: string; label: string; isDate: boolean };
  series: ReportSeries[];
  rows: Record<string, string | number | null>[];
}

export interface Report {
  type: ReportType;
  period: ReportPeriod;
  /** Inclusive calendar days in Brasília time, YYYY-MM-DD. */
  from: string;
  to: string;
  generatedAt: string;
  cards: ReportCard[];
  charts: ReportChart[];
}
