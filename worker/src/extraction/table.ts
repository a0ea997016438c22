import type { DebtRow } from '@cda/shared';
import { formatCentavos } from '@cda/shared';
import { distance as editDistance } from 'fastest-levenshtein';
import { findLabel, ocrTolerant } from './fields';
import { COLUMNS, COLUMN_WORDS, type ColumnKind, DEBT_HEADING, TOTAL_ROW } from './lexicon';
import { DATE_TOKEN, OCR_DATE_TOKEN, OCR_HALF_DATE_TOKEN, OCR_PERIOD, OCR_STROKE_DATE_TOKEN, OCR_PERIOD_SHAPE, PERIOD_TOKEN, digitsFromLookalikes, fold, parseDate, parseDigitsDate, parsePeriod, parseStrokeDate } from './normalize';
import type { Cell, Line } from './page';
import { PARTS, type Part, type RowCheck, type RowFix, iso2br, pastLatest, repairRowSum, repairZeros, rowSum } from './repair';
import { valuesOf } from './values';

/**
 * The debt table (discriminativo) read by alignment: columns come from the header's words and
 * positions, in any order and with extra columns (item, código, subtotal, correção); each value of
 * a row goes to the column it sits under. Repeated headers and page furniture are skipped and a
 * table continues across pages until its totals row or the end of its rows.
 */
export interface Column {
  kind: ColumnKind;
  x0: number;
  x1: number;
  /** An "other" column that holds a row's total (its totals-row cell is the certificate's total). */
  total?: boolean;
  /** The column holds amounts (every money kind, and extra columns such as subtotal or correção). */
  amount: boolean;
  /** A scanned caption OCR garbled past reading ("Data Vonc."): what its column holds names it (see nameByContent). */
  unknown?: boolean;
  /** An unknown column from a caption of words OCR garbled (one per header), not a short one. */
  garbled?: boolean;
}

export interface TableResult {
  rows: DebtRow[];
  /** Sums of the totals row, per column kind (`total` when the table has a total column). */
  printed: Partial<Record<'principal' | 'fine' | 'interest' | 'total', number>>;
  /** Lines that belong to the table (header, rows, totals). */
  lines: Set<number>;
  warnings: string[];
  /** Rows whose cells could not all be placed; read, but to be checked. */
  doubtful: number;
  /** Due dates printed but not a real date (OCR), by row index, as read. */
  unreadableDue: Map<number, string>;
  /** The OCR repairs made to the rows' dates, as pt-BR notes. */
  repairs: string[];
  /** Rows whose part their own total repaired or computed, by row index (checked again by the column totals). */
  rowFixes: Map<number, RowFix>;
  /** On a scan, what each row's own total column checks, by row index. */
  rowChecks: Map<number, RowCheck>;
  /** A part's other reading (a speck among its decimals) no row total settled, by row index: for the column's total to settle. */
  alts: Map<number, Partial<Record<Part, number>>>;
}

// Compiled once per kind of text: headers are looked for on every line of every certificate.
const compiled: Partial<Record<'plain' | 'ocr', Array<{ kind: ColumnKind; re: RegExp }>>> = {};
function columnRe(ocr: boolean): Array<{ kind: ColumnKind; re: RegExp }> {
  return (compiled[ocr ? 'ocr' : 'plain'] ??= COLUMNS.map((c) => ({
    kind: c.kind,
    // OCR may put a speck read as a letter before a header's first word ("Vvenc.").
    re: new RegExp(`${ocr ? '(?<=^[a-z]?|[^a-z])' : '(?<![a-z])'}(?:${ocr ? ocrTolerant(c.pattern) : c.pattern})(?![a-z])`, 'g'),
  })));
}

const HEADING = new RegExp(DEBT_HEADING);
const FILLER = /\(?\s*(?:em\s+)?r\$\s*\)?|\bde\b|\bdo\b|\bda\b|\be\b|\(|\)|[/.:–—-]|\s+/g;

const headers = new WeakMap<Line, Column[] | null>();
/** Two or three short words of letters, abbreviated or not: a caption's shape. */
const GARBLED_CAPTION = /^\s*[a-z]{1,8}\.?(?:\s+[a-z]{1,8}\.?){1,2}\s*$/;

/** Columns named by a header line, or null when the line is not a debt-table header. */
export function headerColumns(line: Line): Column[] | null {
  let h = headers.get(line);
  if (h === undefined) headers.set(line, (h = findHeader(line)));
  // A copy: callers re-place columns by their values.
  return h && h.map((c) => ({ ...c }));
}

function findHeader(line: Line): Column[] | null {
  const cols: Column[] = [];
  for (const [k, cell] of line.cells.entries()) {
    const hits: Array<{ kind: ColumnKind; start: number; end: number }> = [];
    // OCR reads an abbreviation's dot as a colon or a semicolon ("PER: APURAÇÃO", "DT; VENC."); a header has no colon of its own
    // between words. Same length, so the offsets still place the columns.
    // After an abbreviation's own dot the colon is a speck ("vlr.: Multa"): a space.
    const folded = line.ocr ? nearHeaderWords(cell.folded.replace(/(?<=[a-z])[:;](?=\s*[a-z])/g, '.').replace(/(?<=\.):(?=\s*[a-z])/g, ' ')) : cell.folded;
    for (const { kind, re } of columnRe(line.ocr)) {
      re.lastIndex = 0;
      for (let m = re.exec(folded); m; m = re.exec(folded)) hits.push({ kind, start: m.index, end: m.index + m[0].length });
    }
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    const kept: typeof hits = [];
    for (const h of hits) {
      const last = kept[kept.length - 1];
      if (last && h.start < last.end) continue;
      // Two words of one kind in one cell name one column ("Período de Referência").
      if (last && last.kind === h.kind && h.kind !== 'other' && !folded.slice(last.end, h.start).replace(FILLER, '').trim()) last.end = h.end;
      else kept.push(h);
    }
    if (!kept.length) {
      // A short caption OCR garbled ("Nº" read as "Fo.") is an unnamed column; the rest of the line
      // must still name a debt table.
      // So is a short word OCR garbled past one edit ("ITEM" read as "ITER"), or an abbreviation past two ("Vercto." for Vencto.).
      // What it holds may still name it ("P.A." read as "BA." over the years: see nameByContent).
      if (line.ocr && (folded.replace(/[^a-z0-9]/g, '').length <= 3 || /^\s*(?:[a-z]{4,5}\.?|[a-z]{6,7}\.)\s*$/.test(folded))) {
        cols.push({ kind: 'other', x0: cell.x0, x1: cell.x1, total: false, amount: false, unknown: true });
        continue;
      }
      // A caption of two or three short words OCR garbled past one edit ("Data Vonc."), no field's
      // label: a column still, named by what it holds below (nameByContent). One per header.
      if (line.ocr && GARBLED_CAPTION.test(folded) && !findLabel(folded, true) && !cols.some((c) => c.unknown && c.garbled)) {
        cols.push({ kind: 'other', x0: cell.x0, x1: cell.x1, total: false, amount: false, unknown: true, garbled: true });
        continue;
      }
      return null;
    }
    // The whole cell must be header words: a cell with other words is not part of a header.
    let rest = folded;
    for (const h of [...kept].reverse()) rest = rest.slice(0, h.start) + rest.slice(h.end);
    // The table's heading set on the header's own line ("COMPOSIÇÃO DO DÉBITO VLR. JUROS") is no header word.
    if (k === 0 && HEADING.test(folded.slice(0, kept[0].start))) rest = rest.slice(kept[0].start);
    const residue = rest.replace(FILLER, '').replace(/\d+%|\bn\b|[º°]/g, '');
    // A scan may garble one short word beside a known one ("CÓD. RECEITA" read as "CÔo. RECEITA").
    if (residue.length > 2 && !(line.ocr && /^\s*[a-z]{2,4}\.?\s*$/.test(residue))) return null;
    const width = cell.x1 - cell.x0;
    const len = Math.max(folded.length, 1);
    for (const h of kept) {
      const x0 = cell.x0 + (width * h.start) / len;
      const x1 = kept.length === 1 ? cell.x1 : cell.x0 + (width * h.end) / len;
      const words = folded.slice(h.start, h.end);
      const amount = h.kind === 'principal' || h.kind === 'fine' || h.kind === 'interest' || (h.kind === 'other' && /total|valor|corr|monet|atualiza|encargo|juros|multa/.test(words));
      // OCR may read the total's l as an i ("Valor Totai"), as the column patterns allow.
      cols.push({ kind: h.kind, x0, x1, total: h.kind === 'other' && /tota[l1i|!]|valor\s+atualizado/.test(words), amount });
    }
  }
  const kinds = new Set(cols.map((c) => c.kind));
  const money = ['principal', 'fine', 'interest'].filter((k) => kinds.has(k as ColumnKind)).length;
  if (money < 2 || !(kinds.has('period') || kinds.has('due')) || cols.length < 3) return null;
  // A kind named twice ("Valor" and "Valor principal"): the later ones are extra columns.
  const seen = new Set<ColumnKind>();
  for (const c of cols) {
    if (c.kind !== 'other' && seen.has(c.kind)) c.kind = 'other';
    seen.add(c.kind);
  }
  return cols;
}

/**
 * A cell that is only one debt column's caption ("DATA VENC.", "TRIBUTO"): a debt card's caption,
 * which may stand at the same place on two pages without being a running header.
 */
export function isColumnCaption(cell: { folded: string }, ocr: boolean): boolean {
  const folded = cell.folded.trim();
  return columnRe(ocr).some(({ re }) => {
    re.lastIndex = 0;
    const m = re.exec(folded);
    return !!m && !(folded.slice(0, m.index) + folded.slice(m.index + m[0].length)).replace(FILLER, '');
  });
}

/** A scanned header's words one letter off a column word ("mula de oficio") read as that word. */
function nearHeaderWords(folded: string): string {
  return folded.replace(/[a-z]{4,}/g, (w) => {
    if (COLUMN_WORDS.includes(w)) return w;
    const near = COLUMN_WORDS.find((c) => Math.abs(c.length - w.length) <= 1 && editDistance(c, w) === 1);
    if (near) return near;
    // A shorter one two letters off, keeping its first letters ("mukha" for multa) or its first and last
    // two ("jisros" for juros), when no other column word is.
    const short = COLUMN_WORDS.filter(
      (c) => c.length >= 5 && c[0] === w[0] && (c[1] === w[1] || c.slice(-2) === w.slice(-2)) && Math.abs(c.length - w.length) <= 1 && editDistance(c, w) === 2,
    );
    if (short.length === 1 && !isColumnCaption({ folded: w }, true)) return short[0];
    if (w.length < 8 || COLUMN_WORDS.some((c) => w.startsWith(c))) return w;
    // A long word two letters off ("morafories" for moratorios) names its column when no other column word is as near.
    // (A word a column's pattern takes as it is, "atualizacao", stays.)
    const two = COLUMN_WORDS.filter((c) => c.length >= 9 && Math.abs(c.length - w.length) <= 2 && editDistance(c, w) === 2);
    if (two.length === 1 && !isColumnCaption({ folded: w }, true)) return two[0];
    // A column word OCR ran into the words after it, one letter off ("mulitadeoficio"): its prefix is read as it.
    for (const c of COLUMN_WORDS) {
      for (const n of [c.length - 1, c.length, c.length + 1]) if (n < w.length - 1 && editDistance(c, w.slice(0, n)) === 1) return c + w.slice(n);
    }
    return w;
  });
}

interface Token {
  /** 'bare': digits OCR read without their punctuation ("368372", "25052019"), a cell's value only where its column has no other. */
  kind: 'money' | 'date' | 'period' | 'bare';
  text: string;
  value: number | string;
  x0: number;
  x1: number;
  /** Where the token's cell begins: a cell is aligned to its column even when its token is not. */
  cellX0: number;
  /** The reading an OCR repair changed, to be reported. */
  repairedFrom?: string;
  /** Another reading of the same glyphs (a speck among the decimals: "3201,005" is 3.201,00 or 3.201,05). */
  alt?: number;
}

/**
 * OCR's slips in a table cell: a decimal comma read as a dot or a colon ("6425.33", "891:98", "687.976:95"),
 * after thousands as a slash ("57.145/91") or lost ("7.92105"); a period's slash lost ("012012") or read as
 * a stroke ("0272023") or a ring ("0102016").
 */
const OCR_MONEY = /(?<![\d.,/:])(?:\d{1,6}[.:]|\d{1,3}(?:\.\d{3})+[:/]|\d{1,3}(?:\.\d{3})*\.\d{3})\d{2}(?![\d.,/:])/g;
const OCR_PERIODS = new RegExp(OCR_PERIOD.source, 'g');
const OCR_MONEY_SPECK = /(?<![\d.,/:])(\d{1,6}|\d{1,3}(?:\.\d{3})+),[.'`´]\s?(\d{2})(?![\d.,/:])/g;
const OCR_MONEY_EXTRA = /(?<![\d.,/:])(\d{1,6}|\d{1,3}(?:\.\d{3})+),\s?(\d{2})\d(?![\d.,/:])/g;
/** An amount OCR split at a space that is no thousands gap ("8501 14,63"); never after a year, which a cell may hold before its amount. */
const OCR_SPLIT_MONEY = /(?<![\d.,/:])(?!(?:19|20)\d{2}\s)(\d{2,6})\s(\d{1,2}|\d{4,5}),(\d{2})(?![\d.,/:])/g;
/** A month's leading 0 or 1 read as a letter of its shape ("Q4/2017", "O8/2019", "l2/2020"; a 0 whose bowl broke, "e3/2018"). */
const OCR_LETTER_PERIOD = /(?<![\p{L}\d.,/])([OoQDIl|ec][0-9]|1[OoQDIl|])\/((?:19|20)\d{2})(?![\d.,/])/gu;
/** A year OCR split in two at a space ("20 18"), alone in its cell, perhaps after its month ("07/20 14"). */
const OCR_SPLIT_YEAR = /^\s*(?:(0[1-9]|1[0-2])\/)?((?:19|20)\s\d{2})\s*$/;
const OCR_BARE = /(?<![\p{L}\d.,/])\d{3,8}(?![\p{L}\d.,/])/gu;

function tokensOf(cell: Cell, ocr = false): Token[] {
  const out: Token[] = [];
  const width = cell.x1 - cell.x0;
  const len = Math.max(cell.text.length, 1);
  const at = (s: number, e: number) => ({ x0: cell.x0 + (width * s) / len, x1: cell.x0 + (width * e) / len, cellX0: cell.x0 });
  const taken: Array<[number, number]> = [];
  const free = (s: number, e: number) => !taken.some(([a, b]) => s < b && a < e);
  for (const m of cell.text.matchAll(new RegExp(DATE_TOKEN.source, 'g'))) {
    const d = parseDate(m[0]);
    if (!d || (ocr && pastLatest(d.value))) continue;
    taken.push([m.index!, m.index! + m[0].length]);
    out.push({ kind: 'date', text: m[0], value: d.value, ...at(m.index!, m.index! + m[0].length) });
  }
  if (ocr) {
    // A date whose zeros the font's dotted zero turned into 6, 8 or 9 ("68/04/2669").
    for (const m of cell.text.matchAll(OCR_DATE_TOKEN)) {
      if (!free(m.index!, m.index! + m[0].length)) continue;
      const d = repairZeros(m[0]);
      if (!d) continue;
      taken.push([m.index!, m.index! + m[0].length]);
      out.push({ kind: 'date', text: m[0], value: d, repairedFrom: m[0], ...at(m.index!, m.index! + m[0].length) });
    }
    // One whose slash OCR read as a stroke or a 4 ("27110/2014", "20410/2013").
    for (const m of cell.text.matchAll(OCR_STROKE_DATE_TOKEN)) {
      const d = parseStrokeDate(m);
      if (!d || pastLatest(d.value) || !free(m.index!, m.index! + m[0].length)) continue;
      taken.push([m.index!, m.index! + m[0].length]);
      out.push({ kind: 'date', text: m[0], value: d.value, repairedFrom: m[0], ...at(m.index!, m.index! + m[0].length) });
    }
  }
  // An amount OCR split in two at a space ("8501 14,63"): the whole, flagged, or the part after the
  // space (a number of another column run into the cell), as the row's total decides.
  if (ocr)
    for (const m of cell.text.matchAll(OCR_SPLIT_MONEY)) {
      if (!free(m.index!, m.index! + m[0].length)) continue;
      taken.push([m.index!, m.index! + m[0].length]);
      out.push({ kind: 'money', text: m[0], value: Number(`${m[1]}${m[2]}${m[3]}`), repairedFrom: m[0], alt: Number(`${m[2]}${m[3]}`), ...at(m.index!, m.index! + m[0].length) });
    }
  // On a scan, as a label's amount: a first digit read as its lookalike letter ("B6,30", flagged: a
  // digit was changed), thousands dots read as commas ("11,503,61").
  for (const v of valuesOf('money', cell.text, ocr)) {
    // A third decimal ("3201,005") has two readings, kept below for the row's total to choose.
    if (!free(v.start, v.end) || (v.repaired && /,\d{3}$/.test(v.raw))) continue;
    taken.push([v.start, v.end]);
    const letter = /[^\d\s.,;:R$]/.test(v.raw);
    out.push({ kind: 'money', text: v.raw, value: Number(v.value), ...(letter ? { repairedFrom: v.raw } : {}), ...at(v.start, v.end) });
  }
  const period = new RegExp(PERIOD_TOKEN.source, 'giu');
  for (const m of cell.text.matchAll(period)) {
    if (!free(m.index!, m.index! + m[0].length)) continue;
    const p = parsePeriod(m[0]);
    if (!p) continue;
    taken.push([m.index!, m.index! + m[0].length]);
    out.push({ kind: 'period', text: m[0], value: p, ...at(m.index!, m.index! + m[0].length) });
  }
  if (ocr) {
    // Only where nothing else was read: such a token is a value of its column, checked by the sums
    // and the dates like any other.
    for (const m of cell.text.matchAll(OCR_MONEY)) {
      if (!free(m.index!, m.index! + m[0].length)) continue;
      taken.push([m.index!, m.index! + m[0].length]);
      // Always two decimals: the digits are the centavos.
      out.push({ kind: 'money', text: m[0], value: Number(m[0].replace(/\D/g, '')), ...at(m.index!, m.index! + m[0].length) });
    }
    // A speck between the decimal comma and the centavos ("19288,.17"): the amount as printed, no digit changed.
    for (const m of cell.text.matchAll(OCR_MONEY_SPECK)) {
      if (!free(m.index!, m.index! + m[0].length)) continue;
      taken.push([m.index!, m.index! + m[0].length]);
      out.push({ kind: 'money', text: m[0], value: Number(`${m[1]}${m[2]}`.replace(/\D/g, '')), ...at(m.index!, m.index! + m[0].length) });
    }
    // A speck read as a third decimal ("11793,500"): the amount is its first two. Flagged: the speck
    // may have stood among them ("33.334,008" for 33.334,08), which only the column's total can tell.
    for (const m of cell.text.matchAll(OCR_MONEY_EXTRA)) {
      if (!free(m.index!, m.index! + m[0].length)) continue;
      taken.push([m.index!, m.index! + m[0].length]);
      const alt = Number(`${m[1]}${m[0].slice(-2)}`.replace(/\D/g, ''));
      out.push({ kind: 'money', text: m[0], value: Number(`${m[1]}${m[2]}`.replace(/\D/g, '')), repairedFrom: m[0], alt, ...at(m.index!, m.index! + m[0].length) });
    }
    for (const m of cell.text.matchAll(OCR_PERIODS)) {
      if (!free(m.index!, m.index! + m[0].length)) continue;
      taken.push([m.index!, m.index! + m[0].length]);
      out.push({ kind: 'period', text: m[0], value: `${m[2]}-${m[1]}`, ...at(m.index!, m.index! + m[0].length) });
    }
    const split = OCR_SPLIT_YEAR.exec(cell.text);
    if (split && free(split.index, cell.text.length)) {
      taken.push([0, cell.text.length]);
      const year = split[2].replace(/\s/, '');
      if (!pastLatest(year)) out.push({ kind: 'period', text: split[0].trim(), value: split[1] ? `${year}-${split[1]}` : year, ...at(0, cell.text.length) });
    }
    for (const m of cell.text.matchAll(OCR_LETTER_PERIOD)) {
      const month = Number(digitsFromLookalikes(m[1].replace(/[ec]/, '0')));
      if (!free(m.index!, m.index! + m[0].length) || month < 1 || month > 12) continue;
      taken.push([m.index!, m.index! + m[0].length]);
      out.push({ kind: 'period', text: m[0], value: `${m[2]}-${String(month).padStart(2, '0')}`, ...at(m.index!, m.index! + m[0].length) });
    }
    // A date that lost one of its slashes ("2907/2015", "15/012020"): its digits, as a bare date.
    for (const m of cell.text.matchAll(OCR_HALF_DATE_TOKEN)) {
      if (!free(m.index!, m.index! + m[0].length)) continue;
      taken.push([m.index!, m.index! + m[0].length]);
      out.push({ kind: 'bare', text: m[0].replace('/', ''), value: Number(m[0].replace('/', '')), ...at(m.index!, m.index! + m[0].length) });
    }
    for (const m of cell.text.matchAll(OCR_BARE)) {
      if (!free(m.index!, m.index! + m[0].length)) continue;
      out.push({ kind: 'bare', text: m[0], value: Number(m[0]), ...at(m.index!, m.index! + m[0].length) });
    }
  }
  return out.sort((a, b) => a.x0 - b.x0);
}

const PERIOD_SHAPE = /(?<![\d/])\d{2}\/\d{4}(?![\d/])/g;
/** A year's first two digits and one or two glyphs, one at least no digit ("20H", "20l"). */
const GARBLED_YEAR = /(?<![\p{L}\d,./])(?:19|20)(?=[\p{L}\d|!]?[\p{L}|!](?![\p{L}\d]))[\p{L}\d|!]{1,2}(?![\p{L}\d,./])/gu;
/** Period-shaped text that is no real period ("66/2005", "13/2019"), with its position and where its cell starts. */
type RawPeriod = { text: string; x0: number; x1: number; cellX0: number };
function periodShapes(cell: Cell, ocr: boolean): RawPeriod[] {
  const out: RawPeriod[] = [];
  const width = cell.x1 - cell.x0;
  const len = Math.max(cell.text.length, 1);
  let shaped = false;
  for (const m of cell.text.matchAll(ocr ? OCR_PERIOD_SHAPE : PERIOD_SHAPE)) {
    shaped = true;
    if (parsePeriod(m[0])) continue;
    out.push({ text: m[0], x0: cell.x0 + (width * m.index!) / len, x1: cell.x0 + (width * (m.index! + m[0].length)) / len, cellX0: cell.x0 });
  }
  // A scanned cell of no period's shape at all ("-TRI/2021": the quarter's digit lost) still holds the
  // row's period, unread: short, with a year's worth of digits and a letter (bare digits are read as
  // such), and no amount or date in it.
  const t = cell.text.trim();
  if (ocr && !shaped && t.length <= 14 && (t.match(/\d/g)?.length ?? 0) >= 3 && /\p{L}/u.test(t) && !/\d,\d{2}|\d{2}\/\d{2}\/\d/.test(t)) out.push({ text: t, x0: cell.x0, x1: cell.x1, cellX0: cell.x0 });
  // So does a year whose last digits OCR read as a letter ("20H" for 2011), in a cell of its own or
  // after the amount OCR ran into it ("139,32 20H").
  else if (ocr && !shaped)
    for (const m of cell.text.matchAll(GARBLED_YEAR))
      out.push({ text: m[0], x0: cell.x0 + (width * m.index!) / len, x1: cell.x0 + (width * (m.index! + m[0].length)) / len, cellX0: cell.x0 });
  return out;
}

/** Horizontal distance between a token and a column (0 when they overlap), then centre distance. */
function distance(t: { x0: number; x1: number }, c: Column): [number, number] {
  const gap = Math.max(0, c.x0 - t.x1, t.x0 - c.x1);
  return [gap, Math.abs((t.x0 + t.x1) / 2 - (c.x0 + c.x1) / 2)];
}

function nearest(t: Token, cols: Column[]): Column | null {
  let best: Column | null = null;
  let bd: [number, number] = [Infinity, Infinity];
  for (const c of cols) {
    const d = distance(t, c);
    if (d[0] < bd[0] - 0.5 || (Math.abs(d[0] - bd[0]) <= 0.5 && d[1] < bd[1])) {
      best = c;
      bd = d;
    }
  }
  return best;
}

const TOTAL_START = new RegExp(`^(?:${TOTAL_ROW})`);
const isTotalRow = (line: Line) => TOTAL_START.test(fold(line.cells[0]?.text ?? '').trim());
/** A totals row whose word shares a cell with the first sum ("120.351,75 Totais"). */
const holdsTotalWord = (line: Line) => line.cells.some((c) => TOTAL_START.test(fold(c.text.replace(/(?:R\$\s?)?\d+(?:\.\d{3})*,\d{2}(?:\s?R\$)?/g, '')).trim()));

/**
 * Money columns placed by the values themselves: amounts are aligned on their right edge, so the
 * right edges of a table's money cells form one cluster per column. When the clusters are as many as
 * the money columns the header names, they map to those columns in order (a header may be centred or
 * left-aligned over right-aligned numbers, and nearest-header guesses then go wrong).
 */
export function alignColumns(cols: Column[], body: Token[][]): Column[] {
  const money = cols.filter((c) => c.amount).sort((a, b) => a.x0 - b.x0);
  const edges = body.flatMap((ts) => ts.filter((t) => t.kind === 'money').map((t) => ({ x0: t.x0, x1: t.x1 }))).sort((a, b) => a.x1 - b.x1);
  if (!edges.length) return cols;
  const clusters: Array<{ x0: number; x1: number; n: number }> = [];
  const tol = Math.max(4, (edges[0].x1 - edges[0].x0) * 0.25);
  for (const e of edges) {
    const c = clusters[clusters.length - 1];
    if (c && e.x1 - c.x1 <= tol) {
      c.x0 = Math.min(c.x0, e.x0);
      c.x1 = e.x1;
      c.n++;
    } else clusters.push({ ...e, n: 1 });
  }
  const rows = body.filter((ts) => ts.some((t) => t.kind === 'money')).length;
  const solid = clusters.filter((c) => c.n >= Math.max(1, rows * 0.5));
  if (solid.length !== money.length) return cols;
  // Each money column becomes the span of its values; period and due columns keep the header's.
  const placed = money.map((c, k) => ({ ...c, x0: solid[k].x0, x1: solid[k].x1 }));
  return [...cols.filter((c) => !c.amount), ...placed];
}

/**
 * A column whose caption OCR garbled is the due date's when the header names none and most rows
 * hold a date under it, or the period's likewise; otherwise it stays an extra column, its values unread.
 */
function nameByContent(cols: Column[], body: Token[][]): Column[] {
  if (body.length < 2) return cols;
  for (const unknown of cols.filter((c) => c.unknown)) {
    const textCols = cols.filter((c) => !c.amount);
    const holding = (kinds: Array<Token['kind']>) => body.filter((ts) => ts.some((t) => kinds.includes(t.kind) && nearest(t, textCols) === unknown)).length;
    const kind: ColumnKind | null = !cols.some((c) => c.kind === 'due') && holding(['date']) >= body.length * 0.6 ? 'due' : !cols.some((c) => c.kind === 'period') && holding(['period', 'date']) >= body.length * 0.6 ? 'period' : null;
    if (kind) cols = cols.map((c) => (c === unknown ? { ...c, kind, unknown: false } : c));
  }
  return cols;
}

/** Tokens shaped like a debt row: a period (or a date standing for it) and a due date, and two amounts. */
function rowShaped(tokens: Token[]): boolean {
  const count = (k: Token['kind']) => tokens.filter((t) => t.kind === k).length;
  return (count('period') >= 1 ? count('date') >= 1 : count('date') >= 2) && count('money') >= 2;
}

/** A line shaped like a debt row, whatever its header, its values in separate cells. */
export function looksLikeDebtRow(line: Line): boolean {
  return line.cells.length >= 3 && rowShaped(line.cells.flatMap((c) => tokensOf(c, line.ocr)));
}

/**
 * A row of captions with its amounts on the line below ("Imposto | Multa" over "5.019,66 | 1.458,24"):
 * those captions belong to the values under them, so a row with a period above them is still a debt row.
 */
function captionsOverValues(lines: Line[], at: number): boolean {
  const [caption, below] = [lines[at], lines[at + 1]];
  return !!below && below.page === caption.page && below.y - caption.y < caption.size * 2 && below.cells.some((c) => tokensOf(c, below.ocr).some((t) => t.kind === 'money'));
}

/** Reads every debt table of a certificate's lines. */
export function readTables(lines: Line[]): TableResult {
  const res: TableResult = { rows: [], printed: {}, lines: new Set(), warnings: [], doubtful: 0, unreadableDue: new Map(), repairs: [], rowFixes: new Map(), rowChecks: new Map(), alts: new Map() };
  let i = 0;
  while (i < lines.length) {
    const header = headerColumns(lines[i]);
    if (!header) {
      i++;
      continue;
    }
    res.lines.add(i);
    // The table's body: lines up to its totals row, a labelled line, another header or too many strays.
    const body: Array<{ at: number; tokens: Token[] }> = [];
    let totals: { at: number; tokens: Token[] } | null = null;
    let misses = 0;
    // Lines since the top of a continuation page (none yet: the table starts on its header's page).
    let sincePageTop = Infinity;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j];
      if (headerColumns(line)) break;
      if (line.page !== lines[j - 1].page) {
        misses = 0;
        sincePageTop = 0;
      }
      sincePageTop++;
      if (line.furniture) continue;
      const cellTokens = line.cells.map((c) => tokensOf(c, line.ocr));
      const tokens = cellTokens.flat();
      const money = tokens.filter((t) => t.kind === 'money');
      // One value after "Total …" is a summary line ("Total Principal ....: 27.311,56"), read as a
      // field; a totals row has a sum under several columns.
      if (isTotalRow(line) && money.length === 1) break;
      // Amounts each after its own label ("VALOR ORIGINÁRIO: 838,56  MULTA MORATÓRIA: 628,92 …") are
      // the consolidation's fields, read as such: the table ended above them.
      if (line.cells.filter((c, k) => findLabel(c.folded, line.ocr) && cellTokens[k].some((t) => t.kind === 'money')).length >= 2) break;
      // A total word inside a cell ("120.351,75 Totais") makes a totals row only right under the rows: after
      // other lines it is a summary sentence ("37.729,02 TOTAL DA DÍVIDA em 26/09/2025: R$ 226.374,10").
      if ((isTotalRow(line) && money.length) || (money.length >= 2 && !misses && holdsTotalWord(line))) {
        totals = { at: j, tokens };
        j++;
        break;
      }
      // A row has cells; a line of running text (one long cell) that holds amounts and a date is prose.
      // So is an OCR'd row whose amounts all lost their punctuation ("JAN/2018 | 25/02/2018 | 54434 | 40826").
      const bare = tokens.filter((t) => t.kind === 'bare').length;
      const bareRow = line.ocr && !money.length && bare >= 2 && tokens.some((t) => t.kind === 'period' || t.kind === 'date');
      // And one whose period and due date lost their slashes too ("15032021 | 280400201 | 35.517,05 |
      // 2663779"): cells of numbers under the header, the period's column to tell (readRow).
      const numbersRow = line.ocr && line.cells.length >= 3 && bare >= 1 && money.length + bare >= 3;
      if (line.cells.length >= 2 && (money.length || bareRow) && (tokens.some((t) => t.kind === 'date' || t.kind === 'period') || money.length >= 2 || numbersRow)) {
        // Values over a row of their captions (a consolidation printed caption-under-value) are that
        // summary's, not one more debt row.
        const next = lines[j + 1];
        if (body.length && next && next.page === line.page && next.cells.length >= 2 && !/\d/.test(next.text) && next.cells.filter((c) => findLabel(c.folded, next.ocr)).length >= 2 && next.y - line.y < line.size * 2 && !(rowShaped(tokens) && captionsOverValues(lines, j + 1))) break;
        body.push({ at: j, tokens });
        misses = 0;
        continue;
      }
      // A row of captions alone ("Consolidado em | Tributo | Multa") ends the table, at a page's top too:
      // the summary's values under it are no debt row.
      if (body.length && line.cells.length >= 2 && line.cells.every((c) => findLabel(c.folded, line.ocr))) break;
      // The head of a continuation page (a running header such as "Inscrição 80 6 …") does not end the table.
      if (sincePageTop <= 4 && j > i + 1 && body.length) continue;
      // A row of labels (the consolidated values' captions) ends the table.
      const label = line.cells.some((c) => findLabel(c.folded, line.ocr));
      // Unless it is the foot of a page the rows go on after ("Emitido em 06/09/2025" under the page's last row).
      let next = j + 1;
      while (next < lines.length && lines[next].page === line.page && lines[next].furniture) next++;
      const pageFoot = j + 1 < lines.length && (next === lines.length || lines[next].page !== line.page);
      if (label && body.length && pageFoot) continue;
      if ((label && body.length) || ++misses > 3) break;
    }
    const bodyTokens = body.map((b) => b.tokens);
    const cols = nameByContent(alignColumns(header, bodyTokens), bodyTokens);
    const periodShapesOf = (at: number) => lines[at].cells.flatMap((c) => periodShapes(c, lines[at].ocr));
    for (const b of body) {
      const row = readRow(b.tokens, cols, periodShapesOf(b.at));
      if (!row) {
        // Amounts in the table's columns without a period: a row lost, never in silence.
        if (b.tokens.filter((t) => t.kind === 'money').length >= 2) {
          res.doubtful++;
          res.warnings.push('Linha da tabela de débitos sem período legível; confira');
        }
        continue;
      }
      res.lines.add(b.at);
      const dueCol = cols.find((c) => c.kind === 'due');
      if (!row.row.dueDate && dueCol) {
        // A date's shape that is no date ("62/09/2005"): kept as read for the repair by the checks.
        const raw = lines[b.at].cells
          .filter((c) => distance(c, dueCol)[0] <= dueCol.x1 - dueCol.x0)
          // Or one whose glyph OCR read as no digit ("15/08/202+").
          // Or one whose day or month lost a digit ("20/1/2019" for 20/11/2019).
          .flatMap((c) => [...c.text.matchAll(/(?<![\d/])(?:\d{2}[/.-]\d{2}[/.-](?:\d{4}|\d{3}[^\d\s/.-]|\d{2}[^\d\s/.-]\d|\d[^\d\s/.-]\d{2})|\d[/.-]\d{2}[/.-]\d{4}|\d{2}[/.-]\d[/.-]\d{4})(?![\d/])/g)].map((m) => m[0]))
          .find((t) => !parseDate(t));
        if (raw) res.unreadableDue.set(res.rows.length, raw);
      }
      // A speck among an amount's decimals ("3201,005"): of its two readings, the one the row's own total takes.
      // Failing that (no row total, or one OCR garbled too), the column's printed total may (repairRows).
      if (lines[b.at].ocr && !(row.check && takeReadings(row.row, row.check, row.alts)) && Object.keys(row.alts).length)
        res.alts.set(res.rows.length, Object.fromEntries(Object.entries(row.alts).map(([p, t]) => [p, t.alt!])));
      for (const t of row.repaired)
        res.repairs.push(
          t.kind === 'money'
            ? `Valor "${t.text}" da linha ${row.label} lido por OCR corrigido para ${formatCentavos(t.value as number)}; confira`
            : `Data "${t.text}" lida por OCR corrigida para ${iso2br(String(t.value))}; confira`,
        );
      // On a scan, a row that prints its own total checks its parts: one slip (or one unread part) repaired.
      const fix = lines[b.at].ocr && row.check ? repairRowSum(row.row, row.check) : null;
      if (lines[b.at].ocr && row.check) res.rowChecks.set(res.rows.length, row.check);
      if (fix) {
        const was = row.row[fix.part];
        res.repairs.push(
          was
            ? `Valor ${formatCentavos(was)} da linha ${row.label} lido por OCR corrigido para ${formatCentavos(fix.value)} pelo total da linha; confira`
            : `Valor da linha ${row.label} não lido por OCR; calculado como ${formatCentavos(fix.value)} pelo total da linha; confira`,
        );
        res.rowFixes.set(res.rows.length, { part: fix.part, was });
        row.row[fix.part] = fix.value;
      }
      if (row.doubt) {
        res.doubtful++;
        res.warnings.push(`Linha da tabela de débitos (${row.label}) com valor ilegível ou fora das colunas; confira`);
      }
      res.rows.push(row.row);
    }
    if (totals) {
      res.lines.add(totals.at);
      const moneyCols = cols.filter((c) => c.kind === 'principal' || c.kind === 'fine' || c.kind === 'interest' || c.total);
      for (const t of totals.tokens.filter((x) => x.kind === 'money')) {
        const c = nearest(t, moneyCols);
        if (!c) continue;
        const key = c.total ? 'total' : (c.kind as 'principal' | 'fine' | 'interest');
        if (res.printed[key] === undefined) res.printed[key] = t.value as number;
      }
    }
    i = Math.max(j, i + 1);
  }
  return res;
}

/**
 * The readings of a row's ambiguous amounts that its printed total confirms: each token's value and
 * its alternative are tried together, and the one combination that adds up is taken (the tokens are
 * set to it, so their notes report it). Nothing changes when none or several add up (false then).
 */
function takeReadings(row: DebtRow, check: RowCheck, alts: Partial<Record<Part, Token>>): boolean {
  const parts = PARTS.filter((p) => alts[p]);
  if (!parts.length) return false;
  const fits: number[] = [];
  for (let mask = 0; mask < 1 << parts.length; mask++) {
    const trial = { ...row };
    parts.forEach((p, n) => (trial[p] = mask & (1 << n) ? alts[p]!.alt! : (alts[p]!.value as number)));
    if (rowSum(trial, check) === check.total) fits.push(mask);
  }
  if (fits.length !== 1) return false;
  parts.forEach((p, n) => {
    const t = alts[p]!;
    if (fits[0] & (1 << n)) [t.value, t.alt] = [t.alt!, t.value as number];
    row[p] = t.value as number;
  });
  return true;
}

function readRow(
  tokens: Token[],
  cols: Column[],
  rawPeriod: RawPeriod[],
): { row: DebtRow; doubt: boolean; label: string; repaired: Token[]; check?: RowCheck; alts: Partial<Record<Part, Token>> } | null {
  const periodCol = cols.find((c) => c.kind === 'period');
  const dueCol = cols.find((c) => c.kind === 'due');
  const moneyCols = cols.filter((c) => c.amount);
  const textCols = cols.filter((c) => !c.amount);
  let period: string | null = null;
  let label = '';
  let due: string | null = null;
  const cells = new Map<Column, Token[]>();
  const repaired: Token[] = [];
  let doubt = false;
  const bare: Token[] = [];
  for (const t of tokens) {
    if (t.kind === 'bare') {
      bare.push(t);
      continue;
    }
    if (t.kind === 'money') {
      // A code under its own column that OCR read with a decimal dot ("1.21" for 1.2.1 under "Cód.") is no amount.
      if (textCols.some((c) => distance(t, c)[0] === 0) && !moneyCols.some((c) => distance(t, c)[0] === 0)) continue;
      const c = nearest(t, moneyCols);
      if (c) cells.set(c, [...(cells.get(c) ?? []), t]);
      if (c && t.repairedFrom) repaired.push(t);
      continue;
    }
    // A period or date goes to the nearest column that is not an amount: a year-like receita code
    // ("2089") under "Receita" is not the period.
    let c = nearest(t, textCols);
    // A period at the end of a wide cell that starts under the period's header ("Exercício 2012"
    // under "P.A.") lands nearer the next column: its cell says where it belongs.
    if (t.kind === 'period' && c !== periodCol && periodCol && !period && t.cellX0 >= periodCol.x0 - 2 && t.cellX0 <= periodCol.x1) c = periodCol;
    if (!c || (c.kind !== 'period' && c.kind !== 'due')) continue;
    // A period (no day) cannot fill the due column: placed nearer to it, it is the period written
    // at the end of a wider cell ("Exercício 2013" under "Ano").
    if (t.kind === 'period' && c.kind === 'due' && periodCol && !period) c = periodCol;
    if (t.kind === 'period' && c.kind !== 'period') continue;
    if (c.kind === 'period' && !period) {
      period = String(t.value);
      label = t.text;
    } else if (c.kind === 'due' && !due && t.kind === 'date') due = String(t.value);
    else if (c.kind === 'period' && t.kind === 'date' && !due && dueCol) due = String(t.value);
    else continue;
    if (t.repairedFrom) repaired.push(t);
  }
  if (!period && !periodCol && due) {
    period = due;
    label = due;
  }
  // A cell whose digits OCR read without their punctuation, right under its column: an amount in
  // cents ("368372" for 3.683,72) or a date ("25052019"), kept as read and flagged, for the sums and
  // the dates to check.
  const under = (c: Column) => bare.find((t) => distance(t, c)[0] === 0);
  const bareDue = !due && dueCol ? under(dueCol) : undefined;
  const d = bareDue ? parseDigitsDate(bareDue.text) : null;
  if (d) {
    due = d.value;
    doubt = true;
  }
  // A period cell that holds a period's shape but no real period (OCR's "66/2005") keeps its row,
  // as read and flagged: dropping it would lose the row's values.
  let unreadable = false;
  if (!period && periodCol && due) {
    // The shape nearest the period column: a code column beside it may hold shapes too.
    // Or, as a read period's, at the end of a wide cell that starts under the period's header, or
    // nearer the due column than any other but the period's ("5849,58 Exercício 20200" under "Vlr. Juros P.A.").
    const near = (t: RawPeriod) => {
      if (distance(t, periodCol)[0] <= periodCol.x1 - periodCol.x0 || (t.cellX0 >= periodCol.x0 - 2 && t.cellX0 <= periodCol.x1)) return true;
      const c = nearest({ ...t, kind: 'period', value: '' }, textCols);
      return c === periodCol || c === dueCol;
    };
    const raw = rawPeriod.filter(near).sort((a, b) => distance(a, periodCol)[0] - distance(b, periodCol)[0])[0];
    if (raw) {
      period = raw.text;
      label = raw.text;
      unreadable = true;
    }
  }
  // A period printed as a date whose slashes OCR lost ("11082020" under "Competência"): kept, flagged.
  // So is a number cut short under the period column ("200" for 2011) on a row with its due date and
  // amounts, as read: dropping the row would shift the ones after it and break the column sums.
  if (!period && periodCol) {
    const t = under(periodCol);
    const date = t ? parseDigitsDate(t.text) : null;
    if (t && (date || (due && tokens.filter((x) => x.kind === 'money').length >= 2))) {
      period = date ? date.value : t.text;
      label = t.text;
      unreadable = true;
    }
  }
  if (!period) return null;
  for (const c of moneyCols) {
    const t = !cells.get(c)?.length ? under(c) : undefined;
    if (t) {
      cells.set(c, [{ ...t, kind: 'money' }]);
      doubt = true;
    }
  }
  const alts: Partial<Record<Part, Token>> = {};
  const pick = (kind: Part) => {
    const c = moneyCols.find((x) => x.kind === kind);
    const ts = c ? cells.get(c) ?? [] : [];
    if (ts.length > 1) doubt = true;
    if (ts.length === 1 && ts[0].alt !== undefined) alts[kind] = ts[0];
    return ts.length ? (ts[0].value as number) : null;
  };
  let principal = pick('principal');
  let fine = pick('fine');
  let interest = pick('interest');
  const money = tokens.filter((t) => t.kind === 'money');
  // A row whose every amount lost its punctuation ("54434 | 40826 | 50203") is still a row, flagged.
  if (!money.length && !doubt) return null;
  // Values that crowd into one column while another stays empty: the row's own order decides,
  // when it has exactly one value per column.
  const filled = [...cells.values()].filter((v) => v.length).length;
  if (filled < money.length && money.length === moneyCols.length) {
    const byOrder = [...moneyCols].sort((a, b) => a.x0 - b.x0);
    const val = (k: ColumnKind) => money[byOrder.findIndex((c) => c.kind === k)]?.value as number | undefined;
    principal = val('principal') ?? principal;
    fine = val('fine') ?? fine;
    interest = val('interest') ?? interest;
    doubt = true;
  } else if (filled < money.length) doubt = true;
  // The row's own total column, when it has one (and every other amount column it adds is read once).
  const once = (c: Column) => {
    const ts = cells.get(c) ?? [];
    return ts.length === 1 ? (ts[0].value as number) : null;
  };
  const totalCols = moneyCols.filter((c) => c.total);
  const extras = moneyCols.filter((c) => c.kind === 'other' && !c.total).map(once);
  const rowTotal = totalCols.length === 1 ? once(totalCols[0]) : null;
  const missing = (['principal', 'fine', 'interest'] as const).filter((k, n) => [principal, fine, interest][n] === null && moneyCols.some((c) => c.kind === k));
  const check = rowTotal !== null && extras.every((e) => e !== null) ? { total: rowTotal, extras: extras as number[], missing } : undefined;
  return { row: { period, dueDate: due, principal: principal ?? 0, fine: fine ?? 0, interest: interest ?? 0 }, doubt: doubt || unreadable, label, repaired, check, alts };
}
