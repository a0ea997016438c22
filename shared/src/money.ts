const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Money lives as integer centavos; this is the edge where it becomes `R$ 1.234,56`. */
export function formatCentavos(centavos: number): string {
  // Intl puts a non-breaking space after R$; users copy these into documents, so use a plain one.
  return brl.format(centavos / 100).replace(/\u00a0/g, ' ');
}

/**
 * Parses a pt-BR money text (`1.234.567,89`, `R$ 10,00`, `-5,5`) into integer centavos without
 * going through floating point. Returns null when the text is not a money value.
 */
export function parseBRLToCentavos(text: string): number | null {
  const m = /^\s*(-)?\s*(?:R\$\s*)?(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const reais = Number(m[2].replace(/\./g, ''));
  const cents = Number((m[3] ?? '0').padEnd(2, '0'));
  const value = reais * 100 + cents;
  return m[1] ? -value : value;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo',
});

/** `22/11/2026 14:05` in Brasília time, whatever the viewer's machine is set to. */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(typeof value === 'string' ? new Date(value) : value).replace(',', '');
}

const clock = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'America/Sao_Paulo' });

/** A time of day with seconds, in Brasília time like every other date we show (`14:05:09`). */
export function formatTime(value: string | Date): string {
  return clock.format(typeof value === 'string' ? new Date(value) : value);
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'];

/** File sizes as the upload list shows them: 1024-based, two decimals (`1.5 MB` → `1,50 MB`). */
export function formatBytes(bytes: number): string {
  if (bytes <= 0) return '0 Bytes';
  const i = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${value.toLocaleString('pt-BR', { minimumFractionDigits: i === 0 ? 0 : 2, maximumFractionDigits: 2 })} ${SIZE_UNITS[i]}`;
}

/** `1 arquivo` / `3 arquivos`. */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
}

/** `70.5` → `70,5%`, `65` → `65%`: percentages as users write them, with the pt-BR comma. */
export function formatPercent(value: number, maxDecimals = 2): string {
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: maxDecimals, useGrouping: false })}%`;
}

/** A rate such as jobs per minute: `2.5` → `2,5`, always with `decimals` digits. */
export function formatDecimal(value: number, decimals = 1): string {
  return value.toLocaleString('pt-BR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
