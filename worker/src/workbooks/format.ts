import { formatCNPJ, formatCPF } from '@brazilian-utils/brazilian-utils';
import type { Issuer } from '@cda/shared';

export const ISSUER_LABEL: Record<Issuer, string> = { federal: 'Federal', state: 'Estadual', municipal: 'Municipal' };

/** CPF or CNPJ as printed on the certificate; anything else is left as extracted. */
export function formatDocument(digits: string): string {
  if (/^\d{11}$/.test(digits)) return formatCPF(digits);
  if (/^[0-9A-Z]{12}\d{2}$/.test(digits)) return formatCNPJ(digits);
  return digits;
}

/** `80 6 19 123456-78` for PGFN numbers, `37.123.456-7` for DEBCAD; other issuers keep their own form. */
export function formatRegistrationNumber(n: string): string {
  let m = /^(\d{2})(\d)(\d{2})(\d{6})(\d{2})$/.exec(n);
  if (m) return `${m[1]} ${m[2]} ${m[3]} ${m[4]}-${m[5]}`;
  m = /^(\d{2})(\d{3})(\d{3})(\d)$/.exec(n);
  if (m) return `${m[1]}.${m[2]}.${m[3]}-${m[4]}`;
  return n;
}

/** `NNNNN.NNNNNN/AAAA-DD` for the 17-digit federal process number. */
export function formatProcess(digits: string): string {
  const m = /^(\d{5})(\d{6})(\d{4})(\d{2})$/.exec(digits);
  return m ? `${m[1]}.${m[2]}/${m[3]}-${m[4]}` : digits;
}

/** `2018-03` → `03/2018`, `2019-Q1` → `1º TRI/2019`, `2018-04-25` → `25/04/2018`, `2019` stays. */
export function formatPeriod(period: string): string {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  m = /^(\d{4})-(\d{2})$/.exec(period);
  if (m) return `${m[2]}/${m[1]}`;
  m = /^(\d{4})-Q([1-4])$/.exec(period);
  if (m) return `${m[2]}º TRI/${m[1]}`;
  return period;
}

/** An ISO date as a spreadsheet date: midnight UTC, which exceljs writes as a whole serial day. */
export function isoToDate(iso: string | null): Date | null {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

/** Spreadsheets have no time zones: the cell must hold Brasília's wall-clock time, whatever the server's zone. */
export function brasiliaWallClock(at: Date): Date {
  const p = Object.fromEntries(wallClock.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute));
}

/** `[1, 2, 3, 5]` → `1–3, 5`. */
export function pageRanges(pages: number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i += 1;
    parts.push(start === sorted[i] ? `${start}` : `${start}–${sorted[i]}`);
  }
  return parts.join(', ');
}

export const centavosToReais = (centavos: number): number => centavos / 100;
