import type { DebtRow } from '@cda/shared';
import { formatCentavos } from '@cda/shared';
import { GARBLED_MONTH, MONTH_ABBR, MONTH_WORD, digitsFromLookalikes, fold, isReadPeriod, parseDate, parseDigitsDate, parsePeriod, periodStart } from './normalize';

/**
 * Repairs of OCR digit confusions that a check confirms. Tesseract mistakes some digits for others
 * in a given font (0 read as 6 or 8, 1 as 7, 3 as 8…); a reading is changed only when exactly one
 * single-digit change makes the document agree with itself (a column adds up to its printed total, a
 * month becomes a real month, a due date falls before the inscription), and the change is reported
 * as a per-field warning: repaired, never silent.
 */
const CONFUSIONS: Record<string, string[]> = {
  '0': ['6', '8', '9'], '6': ['0', '5', '8'], '8': ['0', '3', '6', '9'], '9': ['0', '8'], '1': ['7'], '7': ['1'], '3': ['8'], '5': ['6'],
};

/** Every reading of `text` with exactly one digit replaced by a digit OCR confuses it with. */
export function digitVariants(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    for (const d of CONFUSIONS[text[i]] ?? []) out.push(text.slice(0, i) + d + text.slice(i + 1));
  }
  return out;
}

/**
 * The readings of `digits` with one glyph of a doubled pair dropped ("1860021" → "186021"): what a
 * number OCR read one digit too long can have been, each once.
 */
export function undoubled(digits: string): string[] {
  return [...new Set([...digits].flatMap((d, i) => (i > 0 && d === digits[i - 1] ? [digits.slice(0, i) + digits.slice(i + 1)] : [])))];
}

/**
 * A printed total that one OCR slip away would be its parts' sum (principal + multa + juros +
 * encargo), when no single slip in a part explains the gap instead: that sum. Null otherwise.
 * A part `twice` names was read alike in two places (the table's totals row and the summary), so
 * its slip is no explanation.
 */
export function repairTotal(
  v: { principal: number | null; fine: number | null; interest: number | null; legalCharge: number | null; total: number | null },
  twice: ReadonlySet<string> = new Set(),
): number | null {
  if (v.total === null || v.principal === null) return null;
  const parts = (['principal', 'fine', 'interest', 'legalCharge'] as const).map((k) => [k, v[k] ?? 0] as const);
  const sum = parts.reduce((a, [, b]) => a + b, 0);
  if (sum === v.total || !digitVariants(String(v.total)).includes(String(sum))) return null;
  const total = v.total;
  if (parts.some(([k, p]) => p > 0 && !twice.has(k) && digitVariants(String(p)).some((s) => sum - p + Number(s) === total))) return null;
  return sum;
}

/** An encargo at a legal rate of the debt it is charged on (DL 1.025/69: 20 %, 10 % when paid early), to the centavo. */
export const atChargeRate = (base: number, charge: number) => [10, 20].some((x) => Math.abs(charge - Math.round((base * x) / 100)) <= 1);

/**
 * A scanned encargo one glyph off, whatever the glyph ("162.629,17" for 162.629,12), where what the
 * printed total leaves over principal, multa and juros is exactly the encargo's rate of those three
 * and the amount read is not: that remainder. The total is then no slip. Null otherwise.
 */
export function repairChargeByRate(v: MoneyParts): number | null {
  const rest = v.legalCharge === null ? null : chargeLeftAtRate(v);
  if (rest === null) return null;
  const [a, b] = [String(rest), String(v.legalCharge)];
  if (a.length !== b.length || [...a].filter((d, k) => d !== b[k]).length !== 1) return null;
  return !atChargeRate(v.total! - rest, v.legalCharge!) ? rest : null;
}

type MoneyParts = { principal: number | null; fine: number | null; interest: number | null; legalCharge: number | null; total: number | null };

/** What the printed total leaves over principal, multa and juros, when that is exactly the encargo's legal rate of them; null otherwise. */
export function chargeLeftAtRate(v: MoneyParts): number | null {
  if (v.total === null || v.principal === null) return null;
  const base = v.principal + (v.fine ?? 0) + (v.interest ?? 0);
  const rest = v.total - base;
  return rest > 0 && atChargeRate(base, rest) ? rest : null;
}

/** A debt row's money parts. */
export type Part = 'principal' | 'fine' | 'interest';
export const PARTS: readonly Part[] = ['principal', 'fine', 'interest'];

/** What a debt row's own total column checks: its printed total and the other amounts it adds (correção, encargo). */
export interface RowCheck {
  total: number;
  extras: number[];
  /** Parts the row printed no readable amount for (read as 0). */
  missing: Part[];
}

/** What a row's own total column should read: its parts and the extra amounts it adds. */
export const rowSum = (row: DebtRow, check: RowCheck) => row.principal + row.fine + row.interest + check.extras.reduce((a, b) => a + b, 0);

/**
 * A scanned debt row whose parts do not add up to its own printed total: the one part whose
 * one-digit OCR slip makes them add up (when the total's own slip, or an extra's, does not explain
 * the gap as well), or the one part left unread, which is the difference. Null otherwise.
 */
export function repairRowSum(row: DebtRow, check: RowCheck): { part: Part; value: number } | null {
  const sum = rowSum(row, check);
  if (sum === check.total) return null;
  const slips = (v: number) => digitVariants(String(v)).map(Number);
  if (slips(check.total).includes(sum) || check.extras.some((e) => slips(e).some((s) => sum - e + s === check.total))) return null;
  // A digit lost or doubled in any part ("87102" for 187102) explains a gap as well as a slip elsewhere
  // does; alone, it is the repair ("468200,92" for 46.820,92), unless the total's own lost or doubled
  // digit explains the gap too.
  // Of a row's three parts, a digit dropped is only one read twice: dropping any other ("3.610,50" →
  // 610,50) closes a row by chance as often as the glyph misread elsewhere in it that no check sees.
  const lost = PARTS.flatMap((p) => (row[p] > 0 ? digitLostOrDoubled(row[p], 1, true).filter((s) => sum - row[p] + s === check.total).map((value) => ({ part: p, value })) : []));
  const fits = PARTS.flatMap((p) => (row[p] > 0 ? slips(row[p]).filter((s) => sum - row[p] + s === check.total).map((value) => ({ part: p, value })) : []));
  if (lost.length) return !fits.length && lost.length === 1 && !digitLostOrDoubled(check.total, 1).includes(sum) ? lost[0] : null;
  if (fits.length) return fits.length === 1 ? fits[0] : null;
  const gap = check.total - sum;
  return check.missing.length === 1 && gap > 0 ? { part: check.missing[0], value: gap } : null;
}

/** The one cell of a column whose one-digit repair makes the column add up to `target`, if exactly one. */
export function repairColumn(
  values: number[],
  target: number,
  rowSays?: (index: number, value: number) => boolean | null,
): { index: number; value: number } | null {
  const sum = values.reduce((a, b) => a + b, 0);
  if (sum === target) return null;
  let fits: Array<{ index: number; value: number }> = [];
  // `rowSays`: what the cell's own row total says of a repair (true: it closes the row; false: the row
  // already added up and would not; null: no row total). A row that adds up is never repaired; of
  // several cells one slip from closing the column, the one whose row total the repair closes is.
  const one = () => {
    if (rowSays) fits = fits.filter((f) => rowSays(f.index, f.value) !== false);
    if (fits.length === 1) return fits[0];
    const confirmed = rowSays ? fits.filter((f) => rowSays(f.index, f.value)) : [];
    return confirmed.length === 1 ? confirmed[0] : null;
  };
  values.forEach((v, index) => {
    for (const s of digitVariants(String(v))) {
      const value = Number(s);
      if (sum - v + value === target) fits.push({ index, value });
    }
  });
  if (fits.length) return one();
  // Failing that, a glyph read twice or lost ("100.156,64" for 10.156,64, "922,02" for 9.022,02): the
  // one cell whose one digit removed or added makes the column add up, when just one does.
  const wanted = target - sum;
  values.forEach((v, index) => {
    for (const value of digitLostOrDoubled(v, 3)) if (value - v === wanted) fits.push({ index, value });
  });
  return one();
}

/**
 * Whole percentages `fine` is of `principal`, rounded to the centavo as issuers compute a multa
 * (20 % de mora, 75 % de ofício…); every percentage from 1 % to 300 % that gives exactly that fine.
 */
function fineRates(principal: number, fine: number): number[] {
  if (principal <= 0 || fine <= 0) return [];
  const out: number[] = [];
  for (let pct = Math.max(1, Math.floor((fine * 100) / principal) - 1); pct <= Math.min(300, Math.ceil((fine * 100) / principal) + 1); pct++) {
    if (Math.round((principal * pct) / 100) === fine) out.push(pct);
  }
  return out;
}

/**
 * What a table's multa rate says of a repair of row `i`'s principal or multa, where the row prints no
 * total: true when the repaired row's multa is then exactly a percentage of its principal that two
 * other rows' multas are of theirs (and it was not before); false when the row already was (its
 * principal and multa agree: the slip is elsewhere); null when no two other rows share a rate.
 */
export function fineRateSays(rows: DebtRow[], i: number, col: 'principal' | 'fine', value: number): boolean | null {
  const counts = new Map<number, number>();
  rows.forEach((r, k) => {
    if (k !== i) for (const pct of fineRates(r.principal, r.fine)) counts.set(pct, (counts.get(pct) ?? 0) + 1);
  });
  const shared = new Set([...counts].filter(([, n]) => n >= 2).map(([pct]) => pct));
  if (!shared.size) return null;
  const holds = (principal: number, fine: number) => fineRates(principal, fine).some((pct) => shared.has(pct));
  const r = rows[i];
  if (holds(r.principal, r.fine)) return false;
  return col === 'principal' ? holds(value, r.fine) : holds(r.principal, value);
}

/**
 * Every reading of `v` with one digit more (a glyph OCR lost), or, when it has more than `keep`
 * digits, one fewer (a glyph read twice, or a speck read as a digit: `twiceOnly` keeps to a digit
 * that repeats its neighbour); each once.
 */
function digitLostOrDoubled(v: number, keep: number, twiceOnly = false): number[] {
  const d = String(v);
  const out = new Set<number>();
  for (let i = 0; i <= d.length; i++) {
    if (i < d.length && d.length > keep && (!twiceOnly || d[i] === d[i + 1])) out.add(Number(d.slice(0, i) + d.slice(i + 1)));
    for (const x of '0123456789') out.add(Number(d.slice(0, i) + x + d.slice(i)));
  }
  return [...out];
}

/**
 * The one cell of a column OCR could not read (it reads 0: "5089," lost its cents) when the rest
 * fall short of the printed total: it is the difference. Null when no cell or more than one is missing,
 * or when the difference is more than twice the largest row read.
 */
export function missingCell(values: number[], target: number): { index: number; value: number } | null {
  const zeros = values.flatMap((v, i) => (v === 0 ? [i] : []));
  const gap = target - values.reduce((a, b) => a + b, 0);
  // A gap more than twice the largest row read is other misreads adding up, not one row's amount.
  // A table of one row holds the whole printed amount.
  return zeros.length === 1 && gap > 0 && (values.length === 1 || gap <= 2 * Math.max(...values)) ? { index: zeros[0], value: gap } : null;
}

/**
 * A period whose one-digit repair is a real period not after `due`, if exactly one ("66/2005" →
 * 2005-06); failing that, one whose year is the due date's or the year before, read with dotted
 * zeros ("AGO/26260" → 2020-08 before a due date in 2020).
 */
export function repairPeriod(raw: string, due: string | null, around?: [before: string, after: string], lag?: number): string | null {
  const fits = new Set<string>();
  // A period printed as a date whose second slash OCR lost ("07/022013"): that date, before the due date
  // (the due date itself, read into the period's place, is no period).
  const halfDate = /^(\d{2})\/(\d{2})(\d{4})$/.exec(raw.trim());
  const dated = halfDate ? parseDigitsDate(halfDate.slice(1).join('')) : null;
  if (dated && (!due || dated.value < due)) return dated.value;
  for (const s of digitVariants(raw)) {
    const p = parsePeriod(s);
    if (p && (!due || p.slice(0, 7) <= due.slice(0, 7))) fits.add(p);
  }
  if (!fits.size && due) for (const p of zeroedPeriods(raw, due)) fits.add(p);
  // A month whose slash OCR lost and whose year holds a lookalike letter ("MAL20I4" for MAI/2014).
  const glued = fits.size ? null : GLUED_MONTH_YEAR.exec(raw.trim());
  const gp = glued && parsePeriod(`${glued[1]}/${digitsFromLookalikes(glued[2])}`);
  if (gp && (!due || periodStart(gp)! <= due.slice(0, 7))) fits.add(gp);
  // A quarter printed "2T/2021" whose T OCR read as a 7 ("27/2021": no month is 17 to 47).
  const t = fits.size ? null : /^([1-4])7\/((?:19|20)\d{2})$/.exec(raw.trim());
  if (t && (!due || periodStart(`${t[2]}-Q${t[1]}`)! <= due.slice(0, 7))) fits.add(`${t[2]}-Q${t[1]}`);
  // Its 4 read as an "a" ("aT/2012": the 4's open top closed into a bowl), its 2 as a "Z" ("ZT/2014").
  const a = fits.size ? null : /^([aAzZ])\s?T\s?[/ -]?\s?((?:19|20)\d{2})$/.exec(raw.trim());
  const aq = a && `${a[2]}-Q${/a/i.test(a[1]) ? 4 : 2}`;
  if (aq && (!due || periodStart(aq)! <= due.slice(0, 7))) fits.add(aq);
  // A year whose last digit OCR lost or read as a raised "º" ("JAN/201º"): the one such period not after
  // the due date and less than a year before it.
  const cut = fits.size || !due ? null : CUT_YEAR.exec(raw.trim());
  if (cut)
    for (const d of '0123456789') {
      const p = parsePeriod(`${cut[1]}/${cut[2]}${d}`);
      const start = p && periodStart(p);
      if (start && start <= due!.slice(0, 7) && start > `${Number(due!.slice(0, 4)) - 1}${due!.slice(4, 7)}`) fits.add(p!);
    }
  // A month whose second digit OCR read as a raised "º" ("0º/2016"): in a table listed by period, the
  // one month strictly between the rows around it, not after the due date.
  const ring = fits.size || !around ? null : /^([01])[º°]\/((?:19|20)\d{2})$/.exec(raw.trim());
  if (ring)
    for (const d of '0123456789') {
      const p = parsePeriod(`${ring[1]}${d}/${ring[2]}`);
      if (p && p > around![0] && p < around![1] && (!due || p <= due.slice(0, 7))) fits.add(p);
    }
  // A year that lost a digit ("214" for 2014): in a table listed by year, the one reading with a digit
  // put back that falls strictly between the rows around it, not after the due date.
  const short = fits.size || !around || !/^\d{4}$/.test(around[0]) || !/^\d{4}$/.test(around[1]) ? null : /^\d{3}$/.exec(raw.trim());
  if (short)
    for (let i = 0; i <= 3; i++)
      for (const d of '0123456789') {
        const y = short[0].slice(0, i) + d + short[0].slice(i);
        if (parsePeriod(y) === y && y > around![0] && y < around![1] && (!due || y <= due.slice(0, 4))) fits.add(y);
      }
  // A year whose last digits OCR read as letters ("20H" for 2011): in a table listed by year, the one
  // year strictly between the rows around it whose digits agree with those read, not after the due date.
  const garbled = fits.size || !around || !/^\d{4}$/.test(around[0]) || !/^\d{4}$/.test(around[1]) ? null : /^(?:19|20)[\p{L}\d|!]{1,2}$/u.exec(raw.trim());
  if (garbled)
    for (let y = Number(around![0]) + 1; y < Number(around![1]); y++) {
      const s = String(y);
      if ((!due || s <= due.slice(0, 4)) && [...garbled[0]].every((c, k) => !/\d/.test(c) || c === s[k])) fits.add(s);
    }
  // A month that lost a digit ("0/2015" for 10/2015): any month with a digit put back before or after
  // the one read, for the rows around it or the lag of the others' due dates to choose below.
  const lost = /^(\d)\/((?:19|20)\d{2})$/.exec(raw.trim());
  if (lost && due)
    for (const d of '0123456789')
      for (const m of [d + lost[1], lost[1] + d]) {
        const p = parsePeriod(`${m}/${lost[2]}`);
        if (p && p <= due.slice(0, 7)) fits.add(p);
      }
  // Two readings left ("MAU2019": março or maio): in a table listed by period, the one between the
  // periods of the rows around it.
  if (fits.size > 1 && around && around[0] <= around[1]) for (const p of fits) if (p < around[0] || p > around[1]) fits.delete(p);
  // Or, at the table's edge, the one as far before its due date as every other row's period is before its own.
  if (fits.size > 1 && lag !== undefined && due) {
    const kept = [...fits].filter((p) => /^\d{4}-\d{2}$/.test(p) && monthsBetween(p, due) === lag);
    if (kept.length === 1) return kept[0];
  }
  return fits.size === 1 ? [...fits][0] : null;
}

/** Whole months from a period (YYYY-MM) to a date's month. */
function monthsBetween(period: string, date: string): number {
  return (Number(date.slice(0, 4)) - Number(period.slice(0, 4))) * 12 + Number(date.slice(5, 7)) - Number(period.slice(5, 7));
}

/** A monthly period, or one printed as a date ("16/08/2022"): its month is what a due date lags. */
const MONTHLY = /^\d{4}-\d{2}(?:-\d{2})?$/;

/** The months every monthly (or dated) row read in full lies before its due date, when they all agree (two rows or more). */
function dueLag(rows: DebtRow[]): number | undefined {
  const lags = rows.filter((r) => MONTHLY.test(r.period) && r.dueDate).map((r) => monthsBetween(r.period.slice(0, 7), r.dueDate!));
  return lags.length >= 2 && new Set(lags).size === 1 ? lags[0] : undefined;
}

const GLUED_MONTH_YEAR = new RegExp(String.raw`^(${MONTH_WORD})\p{L}?\s?[/ -]?\s?((?=[OoIlZzSB]*\d)[\dOoIlZzSB]{4})$`, 'iu');
const CUT_YEAR = new RegExp(String.raw`^(${MONTH_WORD})\p{L}*\.?\s?[/ -]\s?((?:19|20)\d)[º°]?$`, 'iu');

/** Whether `read` can be `printed` in a font whose zero OCR reads as 6, 8 or 9, once perhaps as two glyphs ("28620" for 2020). */
export function readsAs(read: string, printed: string): boolean {
  const fits = (r: string) => r.length === printed.length && [...r].every((c, i) => c === printed[i] || (printed[i] === '0' && CONFUSIONS['0'].includes(c)));
  if (fits(read)) return true;
  if (read.length !== printed.length + 1) return false;
  for (let i = 0; i < read.length; i++) if (fits(read.slice(0, i) + read.slice(i + 1))) return true;
  return false;
}

/** The periods (month and year, or a year) a garbled reading can be in the year of `due` or the one before, not after it. */
function zeroedPeriods(raw: string, due: string): string[] {
  // A quarter ("3º TRI/28020") is read like a month: its first month must not fall after the due date.
  // OCR garbles the "I/" after "TR" and the year's glyphs too ("3º TR42013", "3º TRL2UI4"): the year is
  // the last run of digits once lookalike letters are read as digits.
  let monthWord: string | undefined;
  let monthDigits: string | undefined;
  let quarter = 0;
  let year: string;
  const q = /^([1-4])\s?[º°Oo0]?[.-]?\s?TR(.{1,8})$/iu.exec(raw.trim());
  // A quarter whose T read as a 7 and whose year's zero read as a 9 too ("47/2919").
  const t7 = q ? null : /^([1-4])7\/(\d{4,5})$/.exec(raw.trim());
  if (t7) {
    quarter = Number(t7[1]);
    year = t7[2];
  } else if (q) {
    // A year printed whole after letters is the year: the letters are the garbled "I/" ("TRII2016"),
    // which read as digits would run into it.
    const tail = /(?<!\d)(?:19|20)\d{2}$/.exec(q[2]) ?? /\d{3,6}$/.exec(digitsFromLookalikes(q[2].replace(/[UuV]/g, '0')));
    if (!tail) return [];
    quarter = Number(q[1]);
    year = tail[0];
  } else {
    // A named month's year may be in lookalike letters ("MAI/ZOI9").
    const m = /^(?:(\p{L}{3})\p{L}*\.?\s?[/ -]?\s?|(\d{2,3})\/)?(\d{3,6})$/u.exec(raw.trim()) ?? /^(\p{L}{3})\p{L}*\.?\s?[/ -]\s?()([\dOoIlZzSB]{4})$/u.exec(raw.trim());
    if (!m) return [];
    [, monthWord, monthDigits, year] = m;
    year = digitsFromLookalikes(year);
  }
  const named = monthWord ? MONTH_ABBR.indexOf(fold(monthWord).toUpperCase()) + 1 : 0;
  // A month word whose third letter OCR garbled with its slash ("MAU2019"): the months its first two letters begin.
  const garbled = monthWord && !named && new RegExp(`^${GARBLED_MONTH}$`, 'iu').test(monthWord);
  const prefixed = garbled ? MONTH_ABBR.flatMap((a, k) => (a.startsWith(fold(monthWord!).toUpperCase().slice(0, 2)) ? [k + 1] : [])) : [];
  if (monthWord && !named && !prefixed.length) return [];
  const months = named ? [named] : prefixed.length ? prefixed : monthDigits ? Array.from({ length: 12 }, (_, k) => k + 1).filter((k) => readsAs(monthDigits!, String(k).padStart(2, '0'))) : [0];
  const out: string[] = [];
  for (const y of [Number(due.slice(0, 4)), Number(due.slice(0, 4)) - 1]) {
    if (!readsAs(year, String(y))) continue;
    if (quarter) {
      if (periodStart(`${y}-Q${quarter}`)! <= due.slice(0, 7)) out.push(`${y}-Q${quarter}`);
      continue;
    }
    for (const mo of months) {
      const p = mo ? `${y}-${String(mo).padStart(2, '0')}` : String(y);
      if (p.slice(0, 7) <= due.slice(0, 7)) out.push(p);
    }
  }
  return out;
}

/**
 * A date (dd/mm/yyyy) whose one-digit repair is a real date within [lo, hi], if exactly one. A glyph
 * OCR read as no digit at all ("15/08/202+") may be any digit; where that leaves several dates and the
 * row's period is a month, the one as many months after it as every other row's due date (`lag`).
 */
export function repairDate(raw: string, lo: string | null, hi: string | null, period?: string, lag?: number): string | null {
  const fits = new Set<string>();
  const glyph = UNREAD_GLYPH_DATE.exec(raw);
  // A day or month that lost a digit ("20/1/2019"): the digit put back before or after the one read.
  const short = glyph ? null : /^(?:(\d)(?=[/.-]\d{2}[/.-])|\d{2}[/.-](\d)(?=[/.-]))/.exec(raw);
  const at = short ? short[0].length - 1 : -1;
  const variants = glyph
    ? [...'0123456789'].map((d) => raw.slice(0, glyph.index + glyph[1].length) + d + raw.slice(glyph.index + glyph[1].length + 1))
    : short
      ? [...'0123456789'].flatMap((d) => [raw.slice(0, at) + d + raw.slice(at), raw.slice(0, at + 1) + d + raw.slice(at + 1)])
      : digitVariants(raw);
  for (const s of variants) {
    const d = parseDate(s);
    if (d && !d.repairedFrom && (!lo || d.value >= lo) && (!hi || d.value <= hi)) fits.add(d.value);
  }
  if (fits.size > 1 && lag !== undefined && period && MONTHLY.test(period)) {
    const kept = [...fits].filter((d) => monthsBetween(period.slice(0, 7), d) === lag);
    if (kept.length === 1) return kept[0];
  }
  return fits.size === 1 ? [...fits][0] : null;
}
/** A date whose year holds one glyph that is no digit ("15/08/202+"). */
const UNREAD_GLYPH_DATE = /^(\d{2}[/.-]\d{2}[/.-]\d{0,3})[^\d\s/.-](?=\d{0,3}$)/;

/**
 * A period's year read after its own due date ("2626" for 2020: the font's zero read as 6 each
 * time): one confusable digit replaced wherever it stands, if exactly one such year falls in the ten
 * years up to the due date's.
 */
export function repairYear(year: string, due: string): string | null {
  const fits = new Set<string>();
  const inWindow = (y: string) => y <= due.slice(0, 4) && Number(y) >= Number(due.slice(0, 4)) - 10;
  for (const [from, tos] of Object.entries(CONFUSIONS)) {
    if (!year.includes(from)) continue;
    for (const to of tos) {
      const y = year.split(from).join(to);
      if (inWindow(y)) fits.add(y);
    }
  }
  // One glyph of a year that prints the digit twice ("1996" for 1986): one slip where it stands.
  if (!fits.size) for (const y of digitVariants(year)) if (inWindow(y)) fits.add(y);
  // Two different glyphs of one zero-heavy year misread ("2681" for 2001): two single-digit slips.
  if (!fits.size) for (const once of digitVariants(year)) for (const y of digitVariants(once)) if (y !== year && inWindow(y)) fits.add(y);
  return fits.size === 1 ? [...fits][0] : null;
}

/**
 * A due date whose day OCR misread ("19/03/1967" for 10/03/1967) in a table whose other rows fall due
 * on a few days only (at most three days, each on two rows or more, holding nine in ten of six rows
 * or more, as an annual tax's do; none a month's last days), the day read on no other row: the one such day a single digit
 * slip of the day read gives. Null when the day is theirs, or no or several are.
 */
export function repairDueDay(rows: DebtRow[], i: number): string | null {
  const due = rows[i].dueDate;
  if (!due) return null;
  const days = rows.flatMap((r, k) => (k !== i && r.dueDate ? [r.dueDate.slice(8, 10)] : []));
  const counts = new Map<string, number>();
  for (const d of days) counts.set(d, (counts.get(d) ?? 0) + 1);
  const common = new Set([...counts].filter(([, n]) => n >= 2).map(([d]) => d));
  const held = days.filter((d) => common.has(d)).length;
  // Due on a month's last days (28 to 31), a table's days follow the months' lengths: no slip to see.
  if (held < 6 || held < days.length * 0.9 || common.size > 3 || counts.has(due.slice(8, 10)) || [...common].some((d) => d >= '28')) return null;
  const fits = digitVariants(due.slice(8, 10)).filter((d) => common.has(d));
  const fixed = fits.length === 1 ? parseDate(`${fits[0]}/${due.slice(5, 7)}/${due.slice(0, 4)}`) : null;
  const start = periodStart(rows[i].period);
  return fixed && (!start || fixed.value.slice(0, 7) >= start) ? fixed.value : null;
}

/**
 * A due date whose year OCR misread years past its period's ("2008-04-10" in the row of exercício
 * 2000, between rows due in 1999 and 2001): a tax falls due within the year after its period, so the
 * one single-digit reading of the year in that window is taken, and only where it also puts the row
 * back in the table's order, which the misread year broke.
 */
export function repairDueYear(rows: DebtRow[], i: number): string | null {
  const r = rows[i];
  const start = periodStart(r.period);
  // Misread past the window, or before the period it is the due date of.
  if (!r.dueDate || !start || (Number(r.dueDate.slice(0, 4)) <= Number(start.slice(0, 4)) + 1 && r.dueDate.slice(0, 7) >= start)) return null;
  const prev = rows[i - 1]?.dueDate ?? null;
  const next = rows[i + 1]?.dueDate ?? null;
  if (!prev && !next) return null;
  const inOrder = (d: string) => (!prev || prev <= d) && (!next || d <= next);
  if (inOrder(r.dueDate)) return null;
  const first = Number(start.slice(0, 4));
  const fits = new Set<string>();
  for (const y of digitVariants(r.dueDate.slice(0, 4))) {
    const d = `${y}${r.dueDate.slice(4)}`;
    if (Number(y) >= first && Number(y) <= first + 1 && d.slice(0, 7) >= start && inOrder(d)) fits.add(d);
  }
  return fits.size === 1 ? [...fits][0] : null;
}

/**
 * A period whose year OCR misread years before its own due date ("2º Trimestre/2010" due 28/07/2019,
 * among rows of 2018 and 2019): the one single-digit reading of the year that brings the period
 * within the year before its due date and inside the span of the other rows' periods. The due date
 * is not the suspect there: moved to the period's year, it would leave the span of the others' due
 * dates (checked, or neither is repaired).
 */
export function repairFarPeriod(rows: DebtRow[], i: number): string | null {
  const r = rows[i];
  const start = periodStart(r.period);
  if (!r.dueDate || !start || !isReadPeriod(r.period) || Number(r.dueDate.slice(0, 4)) <= Number(start.slice(0, 4)) + 1) return null;
  const others = rows.filter((x, k) => k !== i && isReadPeriod(x.period) && periodStart(x.period));
  const dues = others.flatMap((x) => (x.dueDate ? [x.dueDate] : []));
  if (others.length < 2 || dues.length < 2) return null;
  const starts = others.map((x) => periodStart(x.period)!).sort();
  const [lo, hi] = [starts[0], starts[starts.length - 1]];
  // The row's due date as read already sits among the others': the due date is no suspect.
  const [dlo, dhi] = [dues.reduce((a, b) => (a < b ? a : b)), dues.reduce((a, b) => (a > b ? a : b))];
  if (r.dueDate < dlo || r.dueDate > dhi) return null;
  const fits = new Set<string>();
  for (const y of digitVariants(r.period.slice(0, 4))) {
    const p = y + r.period.slice(4);
    const s = periodStart(p)!;
    if (s >= lo && s <= hi && s <= r.dueDate.slice(0, 7) && Number(r.dueDate.slice(0, 4)) <= Number(y) + 1) fits.add(p);
  }
  return fits.size === 1 ? [...fits][0] : null;
}

/**
 * A month OCR misread as another real month ("06/2014" for 08/2014, between the rows of 07/2014 and
 * 09/2014): the one single-digit reading that puts the row back in the table's order, not after its
 * due date, taken only where the misread month broke that order.
 */
export function repairPeriodOrder(rows: DebtRow[], i: number): string | null {
  const [prev, r, next] = [rows[i - 1]?.period, rows[i].period, rows[i + 1]?.period];
  // Months, or years ("exercício 1996" between 1997 and 1999): all three of one kind.
  const kind = (p: string | undefined) => (!p ? null : /^\d{4}-\d{2}$/.test(p) ? 'month' : /^\d{4}$/.test(p) ? 'year' : null);
  const k = kind(r);
  if (!k || kind(prev) !== k || kind(next) !== k || prev! > next! || (prev! <= r && r <= next!)) return null;
  // The row's due date bounds the period, unless it breaks the order of the due dates too (the same
  // glyph misread in both: "1996 | 15/01/1996" between 1997 and 1999): then it is repaired after.
  const due = dueOutOfOrder(rows, i) ? undefined : rows[i].dueDate?.slice(0, k === 'month' ? 7 : 4);
  const fits = new Set<string>();
  for (const v of digitVariants(r.replace('-', ''))) {
    const p = k === 'month' ? `${v.slice(0, 4)}-${v.slice(4)}` : v;
    const real = k === 'month' ? parsePeriod(`${v.slice(4)}/${v.slice(0, 4)}`) === p : parsePeriod(v) === p;
    if (real && prev! <= p && p <= next! && (!due || p <= due)) fits.add(p);
  }
  return fits.size === 1 ? [...fits][0] : null;
}

/** A row's due date that falls outside its neighbours' (both read): the due date is the suspect, not its period. */
function dueOutOfOrder(rows: DebtRow[], i: number): boolean {
  const [d0, d1, d2] = [rows[i - 1]?.dueDate, rows[i].dueDate, rows[i + 1]?.dueDate];
  return !!(d0 && d1 && d2 && d0 <= d2 && !(d0 <= d1 && d1 <= d2));
}

/** Latest year a certificate's date can hold: an OCR'd "2069" is a 2009 whose zero read as 6. */
export const LATEST_YEAR = 2050;
/** Earliest year a repaired date may land on: older debts are not inscribed today. */
const EARLIEST_YEAR = 1950;
/** An ISO date, or a year, OCR cannot have read right: past LATEST_YEAR. */
export const pastLatest = (iso: string) => Number(iso.slice(0, 4)) > LATEST_YEAR;

/**
 * The reading of `digits` that the fewest zeros restore, where the font's zero (dotted or slashed)
 * was read as 6, 8 or 9, often in several places at once, and that `ok` accepts: null when no such
 * reading is accepted or when two need equally few.
 */
export function restoreZeros<T>(digits: string, ok: (candidate: string) => T | null): T | null {
  const spots = [...digits].flatMap((c, i) => (CONFUSIONS['0'].includes(c) ? [i] : []));
  if (spots.length > 10) return null;
  let fewest = Infinity;
  const fits = new Map<string, T>();
  for (let mask = 1; mask < 1 << spots.length; mask++) {
    const n = spots.filter((_, k) => mask & (1 << k)).length;
    if (n > fewest) continue;
    const d = [...digits];
    spots.forEach((at, k) => {
      if (mask & (1 << k)) d[at] = '0';
    });
    const value = ok(d.join(''));
    if (value === null) continue;
    if (n < fewest) fits.clear();
    fewest = n;
    fits.set(JSON.stringify(value), value);
  }
  return fits.size === 1 ? [...fits.values()][0] : null;
}

/** A dd/mm/yyyy reading that is no plausible date for its dotted zeros ("68/04/2669" → 2009-04-08), between EARLIEST_YEAR and LATEST_YEAR. */
export function repairZeros(raw: string): string | null {
  const m = /^(\d{2})[/.-] ?(\d{2})[/.-] ?(\d{4})$/.exec(raw.trim());
  if (!m) return null;
  return restoreZeros(m[1] + m[2] + m[3], (s) => {
    const year = Number(s.slice(4));
    if (year < EARLIEST_YEAR || year > LATEST_YEAR) return null;
    return parseDigitsDate(s)?.value ?? null;
  });
}

/** A year OCR read past LATEST_YEAR ("2624"), with the fewest dotted zeros restored that make it a plausible one, if just one. */
export function restoreYear(year: string): string | null {
  return restoreZeros(year, (y) => (Number(y) >= EARLIEST_YEAR && Number(y) <= LATEST_YEAR ? y : null));
}

const PART_NAMES: Record<Part, string> = { principal: 'principal', fine: 'multa', interest: 'juros' };

/** A row's part set by its own total (a slip repaired, or an unread part computed): the part and what was read. */
export interface RowFix {
  part: Part;
  was: number;
}

/**
 * A row's total checks the sum of its parts, not which part OCR misread: when its repair went to the
 * wrong part, two money columns miss their printed totals by the same amount in opposite directions.
 * Moving that amount, in the one row repaired by its total, from the repaired part to the other closes
 * the other column (and the repaired one, unless another of its rows was misread too: then only the
 * repair's own slip is undone, and the column's one-digit repair finds the rest). Null unless exactly
 * one such move fits.
 */
export function moveRowFix(
  rows: DebtRow[],
  printed: Partial<Record<Part, number | null>>,
  rowFixes: ReadonlyMap<number, RowFix>,
): { index: number; from: Part; to: Part; by: number } | null {
  if (!rowFixes.size) return null;
  const gap = (c: Part) => {
    const t = printed[c];
    return t === null || t === undefined ? null : rows.reduce((a, r) => a + r[c], 0) - t;
  };
  const moves: Array<{ index: number; from: Part; to: Part; by: number }> = [];
  for (const [index, fix] of rowFixes) {
    const r = rows[index];
    const over = gap(fix.part);
    if (!r || !over) continue;
    // The whole gap of the repaired part's column, or (another row of that column misread as well)
    // just the slip this repair made, undone.
    const amounts = new Set([over]);
    const change = r[fix.part] - fix.was;
    if (fix.was && change && Math.sign(change) === Math.sign(over) && Math.abs(change) < Math.abs(over)) amounts.add(change);
    for (const by of amounts)
      for (const to of PARTS) {
        if (to !== fix.part && gap(to) === -by && r[fix.part] - by >= 0 && r[to] + by >= 0) moves.push({ index, from: fix.part, to, by });
      }
  }
  return moves.length === 1 ? moves[0] : null;
}

export const iso2br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Repairs the debt rows of an OCR'd certificate against what else it prints: each money column
 * against its printed total, unreadable periods, and due dates that are not dates or fall after the
 * inscription. Returns the pt-BR notes of what was changed (empty when nothing was).
 */
export function repairRows(
  rows: DebtRow[],
  printed: Partial<Record<Part, number | null>>,
  unreadableDue: Map<number, string>,
  registrationDate: string | null,
  rowFixes: ReadonlyMap<number, RowFix> = new Map(),
  rowChecks: ReadonlyMap<number, RowCheck> = new Map(),
  alts: ReadonlyMap<number, Partial<Record<Part, number>>> = new Map(),
): string[] {
  const notes: string[] = [];
  const moved = moveRowFix(rows, printed, rowFixes);
  if (moved) {
    const { index, from, to, by } = moved;
    const r = rows[index];
    notes.push(
      `Valores da linha ${r.period} corrigidos pelos totais impressos das colunas: ${PART_NAMES[from]} ${formatCentavos(r[from])} → ${formatCentavos(r[from] - by)}, ${PART_NAMES[to]} ${formatCentavos(r[to])} → ${formatCentavos(r[to] + by)}; confira`,
    );
    r[from] -= by;
    r[to] += by;
  }
  const lag = dueLag(rows);
  rows.forEach((r, i) => {
    if (!isReadPeriod(r.period)) {
      const iso = (k: number) => (rows[k] && isReadPeriod(rows[k].period) ? rows[k].period : undefined);
      const [before, after] = [iso(i - 1), iso(i + 1)];
      const p = repairPeriod(r.period, r.dueDate, before && after ? [before, after] : undefined, lag);
      if (p) {
        notes.push(`Período "${r.period}" lido por OCR corrigido para ${p}; confira`);
        r.period = p;
      }
    } else if (r.dueDate && r.period.slice(0, 4) > r.dueDate.slice(0, 4) && !dueOutOfOrder(rows, i)) {
      const y = repairYear(r.period.slice(0, 4), r.dueDate);
      if (y) {
        notes.push(`Período "${r.period}" lido por OCR corrigido para ${y}${r.period.slice(4)}; confira`);
        r.period = y + r.period.slice(4);
      }
    }
    const inOrder = repairPeriodOrder(rows, i);
    if (inOrder) {
      notes.push(`Período "${r.period.length === 4 ? r.period : `${r.period.slice(5)}/${r.period.slice(0, 4)}`}" lido por OCR corrigido para ${inOrder} pela ordem da tabela; confira`);
      r.period = inOrder;
    }
    const far = repairFarPeriod(rows, i);
    if (far) {
      notes.push(`Período "${r.period}" lido por OCR corrigido para ${far} pelo vencimento da linha; confira`);
      r.period = far;
    }
    const dueYear = repairDueYear(rows, i);
    if (dueYear) {
      notes.push(`Vencimento "${iso2br(r.dueDate!)}" lido por OCR corrigido para ${iso2br(dueYear)}; confira`);
      r.dueDate = dueYear;
    }
    const day = repairDueDay(rows, i);
    if (day) {
      notes.push(`Vencimento "${iso2br(r.dueDate!)}" lido por OCR corrigido para ${iso2br(day)} pelo dia de vencimento das demais linhas; confira`);
      r.dueDate = day;
    }
    const rawDue = r.dueDate === null ? unreadableDue.get(i) : registrationDate && r.dueDate > registrationDate ? iso2br(r.dueDate) : undefined;
    if (rawDue) {
      // A due date falls after its period begins and, for a tax, within the year after it ends; that
      // window decides between repairs the inscription date alone leaves open ("30/01/2028" under
      // 4º TRI/2019 and an inscription in 2025: 2020 or 2023).
      const start = periodStart(r.period);
      const soon = start && `${Number(start.slice(0, 4)) + 2}${start.slice(4)}-01`;
      const d = repairDate(rawDue, null, registrationDate) ?? (start && soon ? repairDate(rawDue, `${start}-01`, registrationDate && registrationDate < soon ? registrationDate : soon, r.period, lag) : null);
      if (d) {
        notes.push(`Vencimento "${rawDue}" lido por OCR corrigido para ${iso2br(d)}; confira`);
        r.dueDate = d;
      }
    }
  });
  for (const col of ['principal', 'fine', 'interest'] as const) {
    const target = printed[col];
    if (target === null || target === undefined || !rows.length) continue;
    const rowSays = (i: number, value: number) => {
      const check = rowChecks.get(i);
      if (!check) return col === 'interest' ? null : fineRateSays(rows, i, col, value);
      const sum = rowSum(rows[i], check);
      return sum !== check.total && sum - rows[i][col] + value === check.total;
    };
    // A cell read with a third decimal ("25216,007": 25.216,00 or 25.216,07) whose row prints no total:
    // the one such cell whose other reading closes the column.
    const sum = rows.reduce((a, r) => a + r[col], 0);
    const swaps = [...alts].filter(([i, a]) => rows[i] && a[col] !== undefined && sum - rows[i][col] + a[col]! === target);
    if (sum !== target && swaps.length === 1) {
      const [i, a] = swaps[0];
      notes.push(`Valor ${formatCentavos(rows[i][col])} da linha ${rows[i].period} lido por OCR corrigido para ${formatCentavos(a[col]!)} pelo total impresso; confira`);
      rows[i][col] = a[col]!;
      continue;
    }
    const fix = repairColumn(rows.map((r) => r[col]), target, rowSays);
    if (!fix) {
      const gap = missingCell(rows.map((r) => r[col]), target);
      if (gap) {
        notes.push(`Valor da linha ${rows[gap.index].period} não lido por OCR; calculado como ${formatCentavos(gap.value)} pela diferença com o total impresso; confira`);
        rows[gap.index][col] = gap.value;
      }
      continue;
    }
    notes.push(`Valor ${formatCentavos(rows[fix.index][col])} da linha ${rows[fix.index].period} lido por OCR corrigido para ${formatCentavos(fix.value)} pelo total impresso; confira`);
    rows[fix.index][col] = fix.value;
  }
  return notes;
}
