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

/** Excel refuses sheet names over 31 characters. */
export const SHEET_NAME_MAX = 31;
/** Words a shortened name must not end on ("Tempo de processamento por"). */
const DANGLING = new Set(['a', 'à', 'as', 'ao', 'com', 'da', 'das', 'de', 'do', 'dos', 'e', 'em', 'na', 'no', 'o', 'os', 'ou', 'para', 'por', 'sem']);

/** A title cut to `max` characters at a word boundary, without a dangling connective at the end. */
function cutAtWord(title: string, max: number): string {
  if (title.length <= max) return title;
  const words = title.split(' ');
  const kept: string[] = [];
  for (const w of words) {
    if ([...kept, w].join(' ').length > max) break;
    kept.push(w);
  }
  while (kept.length > 1 && DANGLING.has(kept[kept.length - 1].toLowerCase())) kept.pop();
  // A single word longer than the limit has no boundary to cut at.
  return kept.length ? kept.join(' ') : title.slice(0, max);
}

/**
 * An Excel sheet name for a report chart: no `[]:*?/\`, at most 31 characters cut between words
 * (never "Análises concluídas e com erro p"), unique within the workbook (`taken`, which it updates)
 * by a numeric suffix.
 */
export function sheetNameFor(title: string, taken: Set<string>): string {
  const clean = title.replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim() || 'Planilha';
  let name = cutAtWord(clean, SHEET_NAME_MAX);
  for (let i = 2; [...taken].some((t) => t.toLowerCase() === name.toLowerCase()); i++) {
    const suffix = ` ${i}`;
    name = `${cutAtWord(clean, SHEET_NAME_MAX - suffix.length)}${suffix}`;
  }
  taken.add(name);
  return name;
}
