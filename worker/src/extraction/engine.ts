import type { CertificateRecord, CoDebtor, DebtRow } from '@cda/shared';
import type { DebtColumn, FieldName, LayoutRule } from './layouts';
import type { Line } from './lines';
import {
  DATE_TOKEN,
  DOCUMENT_TOKEN,
  MONEY_TOKEN,
  PERIOD_TOKEN,
  collapseSpaces,
  documentLabel,
  normalizeRegistration,
  parseDate,
  parseDocument,
  parseMoney,
  parsePeriod,
  upperText,
} from './normalize';

/** Every label the engine looks for: the layout's fields plus the inscription, its decoys and co-debtors. */
type Slot = FieldName | 'registration' | 'decoy' | 'coDebtors' | 'other';

interface Occurrence {
  slot: Slot;
  start: number;
  end: number;
}

const MONEY_FIELDS = new Set<Slot>(['principal', 'fine', 'interest', 'legalCharge', 'total']);
const DATE_FIELDS = new Set<Slot>(['registrationDate', 'consolidationDate']);
const LONG_TEXT = new Set<Slot>(['legalBasis']);
/** Slots whose value has a shape of its own, so it can be looked for on the next lines. */
const TYPED = new Set<Slot>(['registration', 'debtorDocument', 'administrativeProcess', ...MONEY_FIELDS, ...DATE_FIELDS]);

type CompiledLabels = Array<[Slot, RegExp]>;
const compiled = new WeakMap<LayoutRule, { plain?: CompiledLabels; ocr?: CompiledLabels }>();

/**
 * The layout's label patterns as global regexes, built once per layout: findLabels runs for every
 * line against every layout, and compiling them per call was most of the engine's time (bench/pipeline).
 */
function labelSets(layout: LayoutRule, ocr: boolean): CompiledLabels {
  let entry = compiled.get(layout);
  if (!entry) compiled.set(layout, (entry = {}));
  const kind = ocr ? 'ocr' : 'plain';
  let out = entry[kind];
  if (!out) {
    const sets: Array<[Slot, RegExp[]]> = [
      ['registration', layout.registration.labels],
      ['decoy', layout.registration.decoys ?? []],
      ['coDebtors', layout.coDebtors],
      ['other', layout.otherLabels],
      ...(Object.entries(layout.fields) as Array<[FieldName, RegExp[]]>),
    ];
    out = sets.flatMap(([slot, patterns]) =>
      patterns.map((p0): [Slot, RegExp] => {
        const p = ocr ? ocrTolerant(p0) : p0;
        return [slot, new RegExp(p.source, p.flags.includes('g') ? p.flags : `${p.flags}g`)];
      }),
    );
    entry[kind] = out;
  }
  return out;
}

/**
 * Label words also occur inside values ("CONTRIBUIÇÃO", "IMPOSTO SOBRE SERVIÇOS"). Past the start
 * of a line, a label counts only when a colon follows it or a column gap (tab, 2+ spaces) precedes it.
 */
function standsAsLabel(folded: string, o: Occurrence): boolean {
  if (folded.slice(0, o.start).trim() === '') return true;
  if (/^\s*(?:n[ºo°]\.?\s*)?:/.test(folded.slice(o.end)) || /^\s*n[ºo°]/.test(folded.slice(o.end))) return true;
  return /(?:\t|\s{2}|[|;])\s*$/.test(folded.slice(0, o.start)) || /[\d)]\s+$/.test(folded.slice(0, o.start));
}

const loose = new Map<string, RegExp>();

/**
 * The pattern with the letters Tesseract mixes up in thin type (i, l, t, 1, |, !: "Muita",
 * "Vencimenio"; g, y, q: "Encaryo") made interchangeable and a stray space allowed inside words,
 * for OCR'd lines. Label words are long enough that this does
 * not make stray matches; character classes and escapes are left alone.
 */
export function ocrTolerant(re: RegExp): RegExp {
  const key = `${re.source}/${re.flags}`;
  let out = loose.get(key);
  if (!out) {
    let src = '';
    for (let k = 0; k < re.source.length; k++) {
      const c = re.source[k];
      if (c === '\\') {
        src += c + re.source[++k];
      } else if (c === '[') {
        const end = re.source.indexOf(']', k + 1);
        src += re.source.slice(k, end + 1);
        k = end;
      } else if (/[a-z]/.test(c)) {
        src += c === 'i' || c === 'l' || c === 't' ? '[ilt1|!]' : c === 'g' ? '[gyq]' : c;
        // Tesseract also splits a word where two letters stand apart ("IN SCRIÇÃO", "AJ UIZADA").
        if (/[a-z]/.test(re.source[k + 1] ?? '')) src += ' ?';
      } else src += c;
    }
    out = new RegExp(src, re.flags);
    loose.set(key, out);
  }
  return out;
}

/** Label occurrences of one line, overlaps resolved in favour of the earliest, then the longest. */
export function findLabels(folded: string, layout: LayoutRule, ocr = false): Occurrence[] {
  const all: Occurrence[] = [];
  for (const [slot, re] of labelSets(layout, ocr)) {
    // exec on the shared regex (matchAll would clone it per call); lastIndex is reset before each use.
    re.lastIndex = 0;
    for (let m = re.exec(folded); m; m = re.exec(folded)) {
      all.push({ slot, start: m.index, end: m.index + m[0].length });
      if (m[0].length === 0) re.lastIndex++;
    }
  }
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Occurrence[] = [];
  for (const o of all) if ((!out.length || o.start >= out[out.length - 1].end) && standsAsLabel(folded, o)) out.push(o);
  return out;
}

interface Token {
  value: string;
  /** Offset in the searched text just past the token. */
  end: number;
  raw: string;
}

function firstMatch(re: RegExp, text: string, anchored: boolean): Token | null {
  const m = new RegExp(re.source, re.flags.replace('g', '')).exec(text);
  if (!m) return null;
  if (anchored && text.slice(0, m.index).trim() !== '') return null;
  return { value: m[0], end: m.index + m[0].length, raw: m[0] };
}

// OCR may split a number with a space ("195 15.095250/2021-85"); a space is taken inside the
// number only when more digits and a separator follow, so a process and a following count stay apart.
const PROCESS = /(?<![\d/])[\dO](?:[\dO]|[./-](?=[\dO])|\s(?=[\dO]+[./-][\dO])){5,24}(?![\d/])/;
// OCR may glue a speck to the code or drop the space after the dash ("1099'- …", "8109 —PIS").
const REVENUE = /^(?:(\d(?:[\d.-]{0,10}\d)?)['`.,]?\s*(?:[-–—:]\s*(?=\S)|\s+(?=[A-Za-zÀ-ú])))?(.+)$/;

/** A value of the slot's type at the start of `text` (anchored) or anywhere in it. */
function valueToken(slot: Slot, layout: LayoutRule, text: string, anchored: boolean): Token | null {
  if (slot === 'registration' || slot === 'decoy') return firstMatch(layout.registration.pattern, text, anchored);
  if (slot === 'debtorDocument') return firstMatch(DOCUMENT_TOKEN, text, anchored);
  if (MONEY_FIELDS.has(slot)) return firstMatch(MONEY_TOKEN, text, anchored);
  if (DATE_FIELDS.has(slot)) return firstMatch(DATE_TOKEN, text, anchored);
  if (slot === 'administrativeProcess') return firstMatch(PROCESS, text, anchored);
  if (slot === 'revenueCode') return firstMatch(/\d{3,5}(?:[-.]\d{1,2})?/, text, anchored);
  // Free text runs to a column break (tab).
  const lead = text.length - text.trimStart().length;
  const tab = text.indexOf('\t', lead);
  const piece = (tab < 0 ? text : text.slice(0, tab)).trim().replace(/^[:.\-–—]\s*/, '');
  if (!piece) return null;
  return { value: piece, end: tab < 0 ? text.length : tab, raw: piece };
}

/** Text after a label: separators and "(R$)" dropped. */
function afterLabel(text: string): string {
  return text.replace(/^\s*(?:\(r\$\)|\(em r\$\))?\s*[:.\-–—]?\s*(?:n[ºo°]\.?\s*:?)?/i, '');
}

export interface RawFields {
  values: Partial<Record<Slot, string>>;
  /** Line indexes used by the field parser, for the long-text continuation. */
}

interface ParseContext {
  layout: LayoutRule;
  lines: Line[];
  labels: Occurrence[][];
  skip: boolean[];
}

function isLabelOnly(line: Line, occ: Occurrence[]): boolean {
  if (!occ.length) return false;
  let rest = '';
  let pos = 0;
  for (const o of occ) {
    rest += line.folded.slice(pos, o.start);
    pos = o.end;
  }
  rest += line.folded.slice(pos);
  rest = rest.replace(/\b(?:n[ºo°]|r\$|em r\$)/g, '');
  // OCR leaves garbled bits between labels ("CNP)", "a"); short digit-free leftovers do not make a value.
  if (line.ocr) rest = rest.replace(/(?:^|\s)[^\s\d]{1,4}(?=\s|$)/g, ' ');
  return /^[\s:.\-–—()/|r$]*$/.test(rest);
}

/** Long text: the inline part plus the following lines up to the next label or region. */
function longText(ctx: ParseContext, lineIdx: number, first: string): string {
  const parts = [first];
  // A wrapped value continues on unlabelled lines; a full stop ends it (the next line is another paragraph).
  for (let j = lineIdx + 1; j < ctx.lines.length && !ctx.skip[j] && !ctx.labels[j].length && !/\.\s*$/.test(parts[parts.length - 1]); j++) {
    parts.push(ctx.lines[j].text);
  }
  return collapseSpaces(parts.join(' ').replace(/\t/g, ' '));
}

/**
 * Label → value, whichever way the PDF put them: on the same line after the label, or a block of
 * label-only lines (a label on the previous line, a row of column headers, or a whole label column)
 * followed by the values in the same order.
 */
function readFields(ctx: ParseContext): Partial<Record<Slot, string>> {
  const { lines, labels, skip, layout } = ctx;
  const values: Partial<Record<Slot, string>> = {};
  const set = (slot: Slot, v: string) => {
    if (slot === 'decoy' || slot === 'coDebtors' || slot === 'other') return;
    if (values[slot] === undefined && v.trim()) values[slot] = v.trim();
  };
  const searchBelow = (slot: Slot, from: number) => {
    for (let j = from; j < Math.min(lines.length, from + 4); j++) {
      if (skip[j]) continue;
      const t = valueToken(slot, layout, lines[j].text, false);
      if (t) return t.value;
    }
    return null;
  };
  let i = 0;
  while (i < lines.length) {
    if (skip[i] || !labels[i].length) {
      i++;
      continue;
    }
    if (!isLabelOnly(lines[i], labels[i])) {
      const occ = labels[i];
      occ.forEach((o, k) => {
        const end = k + 1 < occ.length ? occ[k + 1].start : lines[i].text.length;
        const inline = afterLabel(lines[i].text.slice(o.end, end));
        if (LONG_TEXT.has(o.slot) && inline.trim()) return set(o.slot, longText(ctx, i, inline));
        const t = inline.trim() ? valueToken(o.slot, layout, inline, false) : null;
        if (t) set(o.slot, t.value);
        else if (TYPED.has(o.slot)) {
          const below = searchBelow(o.slot, i + 1);
          if (below) set(o.slot, below);
        }
        // A total printed with its date ("consolidado em 31/10/2025: R$ …") carries the consolidation date.
        if (o.slot === 'total') {
          const d = valueToken('consolidationDate', layout, inline, false);
          if (d) set('consolidationDate', d.value);
        }
      });
      i++;
      continue;
    }
    // A block of label-only lines; values follow in the same order.
    const block: Occurrence[] = [];
    let j = i;
    while (j < lines.length && !skip[j] && labels[j].length && isLabelOnly(lines[j], labels[j])) block.push(...labels[j++]);
    let k = 0;
    let line = j;
    let rest = line < lines.length ? lines[line].text : '';
    const advance = () => {
      line++;
      while (line < lines.length && skip[line]) line++;
      rest = line < lines.length && !labels[line].length ? lines[line].text : '';
    };
    while (k < block.length && line < lines.length && !skip[line] && !labels[line].length) {
      if (!rest.trim()) {
        advance();
        if (!rest.trim()) break;
        continue;
      }
      const slot = block[k].slot;
      if (LONG_TEXT.has(slot)) {
        set(slot, longText(ctx, line, rest));
        k++;
        advance();
        continue;
      }
      const t = valueToken(slot, layout, rest, true);
      if (t) {
        let value = t.value;
        let end = t.end;
        // Free text before a typed value of the next label on the same line (no tab between them).
        const next = block[k + 1]?.slot;
        if (next && !t.raw.match(/\d/) && /\d/.test(rest)) {
          const n = valueToken(next, layout, rest, false);
          const at = n ? rest.indexOf(n.value) : -1;
          if (n && at > 0 && at < end) {
            value = rest.slice(0, at).trim();
            end = at;
          }
        }
        set(slot, value);
        rest = rest.slice(end);
      } else {
        const below = searchBelow(slot, line);
        if (below) set(slot, below);
      }
      k++;
      if (!rest.trim()) advance();
    }
    for (; k < block.length; k++) {
      const below = searchBelow(block[k].slot, j);
      if (below && block[k].slot !== 'debtorName') set(block[k].slot, below);
    }
    i = Math.max(j, i + 1);
  }
  return values;
}

/** A row with one value unreadable: kept so the printed totals can tell which cell it was. */
export interface PartialRow {
  at: number;
  row: DebtRow;
  values: number[];
  columns: DebtColumn[];
}

export interface TableResult {
  rows: DebtRow[];
  partial: PartialRow[];
  /** Sums from a printed "Total" row, per column. */
  printed: Partial<Record<DebtColumn, number>>;
  region: Set<number>;
  warnings: string[];
  repairs: string[];
}

interface Header {
  columns: DebtColumn[];
  dueFirst: boolean;
  periodIsFull: boolean;
  leadingCode: boolean;
}

function tableHeader(folded: string, layout: LayoutRule, ocr: boolean): Header | null {
  const t = layout.table;
  const pick = (re: RegExp) => (ocr ? ocrTolerant(re) : re);
  let periodAt = folded.search(pick(t.periodHeader));
  const dueAt = folded.search(pick(t.dueHeader));
  // OCR can garble the period's header ("Competêrrcia"); a line that names the due date and the
  // money columns is still the header, with the period just before the due date as usual.
  if (periodAt < 0 && ocr && dueAt >= 0) periodAt = dueAt;
  if (periodAt < 0) return null;
  const found: Array<{ column: DebtColumn; start: number; end: number }> = [];
  for (const c of t.columns) {
    const re = new RegExp(pick(c.pattern).source, 'g');
    for (const m of folded.matchAll(re)) found.push({ column: c.column, start: m.index!, end: m.index! + m[0].length });
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const cols: typeof found = [];
  for (const f of found) if (!cols.length || f.start >= cols[cols.length - 1].end) cols.push(f);
  const money = cols.filter((c) => c.column !== 'other' || c.start > periodAt);
  if (money.filter((c) => c.column !== 'other').length < 2) return null;
  const codeAt = t.leadingCode ? folded.search(pick(t.leadingCode)) : -1;
  return {
    columns: money.map((c) => c.column),
    dueFirst: dueAt >= 0 && dueAt < periodAt,
    periodIsFull: false,
    leadingCode: codeAt >= 0 && codeAt < periodAt,
  };
}

const TOTAL_ROW = /^\s*(?:total|totais|soma|subtotal)\b/;
const BARE_CENTS = /(?<![\d.,/:])\d{3,9}(?![\d.,/:])/g;

/** The debt table (discriminativo): one row per period, across page breaks, until the totals. */
export function readTable(lines: Line[], layout: LayoutRule, skip: boolean[], labels: Occurrence[][]): TableResult {
  const res: TableResult = { rows: [], partial: [], printed: {}, region: new Set(), warnings: [], repairs: [] };
  let header: Header | null = null;
  let unknown = 0;
  for (let i = 0; i < lines.length; i++) {
    if (skip[i]) continue;
    const l = lines[i];
    const h = tableHeader(l.folded, layout, l.ocr);
    if (h) {
      if (!header || h.columns.length === header.columns.length) {
        header = h;
        res.region.add(i);
        unknown = 0;
        continue;
      }
    }
    if (!header) continue;
    let moneyTokens = [...l.text.matchAll(MONEY_TOKEN)];
    // OCR drops the decimal comma of a cell now and then ("448,05" read "44805"). In a row short of
    // values, bare digit groups after the period and due date stand for those cells, read as
    // centavos and flagged as repairs: only the printed totals can confirm them.
    if (l.ocr && moneyTokens.length && moneyTokens.length < header.columns.length) {
      let from = 0;
      for (const m of l.text.matchAll(DATE_TOKEN)) if (m.index! < moneyTokens[0].index!) from = Math.max(from, m.index! + m[0].length);
      const p = PERIOD_TOKEN.exec(l.text);
      if (p && p.index < moneyTokens[0].index!) from = Math.max(from, p.index + p[0].length);
      const bare = [...l.text.matchAll(BARE_CENTS)].filter((m) => m.index! >= from);
      const all = [...moneyTokens, ...bare].sort((a, b) => a.index! - b.index!);
      if (bare.length && all.length === header.columns.length) moneyTokens = all;
    }
    // A totals row has one sum per column; a single value is the summary total, read as a field.
    if (TOTAL_ROW.test(l.folded) && moneyTokens.length >= 2) {
      res.region.add(i);
      const values = moneyTokens.map((m) => parseMoney(m[0]));
      if (moneyTokens.length === header.columns.length) {
        header.columns.forEach((c, k) => {
          if (c !== 'other' && values[k]) res.printed[c] = values[k]!.value;
        });
      }
      header = null;
      continue;
    }
    const row = moneyTokens.length ? parseRow(l.text, moneyTokens, header) : null;
    if (row) {
      res.region.add(i);
      unknown = 0;
      res.repairs.push(...row.repairs);
      if (row.row) res.rows.push(row.row);
      else if (row.values.length === header.columns.length - 1) res.partial.push({ at: res.rows.length, row: row.base, values: row.values, columns: header.columns });
      else if (row.warning) res.warnings.push(row.warning);
      continue;
    }
    if (l.furniture) continue;
    // A labelled line (summary, legal basis…) closes the table; other stray lines may be page noise.
    if (labels[i].length || ++unknown > 3) header = null;
  }
  return res;
}

interface ParsedRow {
  row: DebtRow | null;
  base: DebtRow;
  values: number[];
  warning?: string;
  repairs: string[];
}

function parseRow(text: string, money: RegExpMatchArray[], header: Header): ParsedRow | null {
  let head = text.slice(0, money[0].index).trim();
  // OCR may glue a speck to the code ("2172,", "-1097").
  if (header.leadingCode) head = head.replace(/^[-.,:;'`]?\d{3,5}(?:[-.]\d{1,2})?[.,:;]?\s+(?=\S)/, '');
  const dates = [...head.matchAll(DATE_TOKEN)].map((m) => m[0]);
  const periodMatch = PERIOD_TOKEN.exec(head);
  // A row starts with its period (or due date); anything else is prose that happens to hold money.
  if (!periodMatch || head.slice(0, periodMatch.index).trim() !== '') return null;
  const repairs: string[] = [];
  let periodText = periodMatch[0];
  let dueText: string | undefined;
  if (dates.length >= 2) {
    [periodText, dueText] = header.dueFirst ? [dates[1], dates[0]] : [dates[0], dates[1]];
  } else if (dates.length === 1 && dates[0] !== periodText) {
    dueText = dates[0];
  } else if (dates.length === 1 && head.indexOf(dates[0]) > periodMatch.index) {
    dueText = dates[0];
  }
  const period = parsePeriod(periodText);
  if (!period) return null;
  const due = dueText ? parseDate(dueText) : null;
  if (due?.repairedFrom) repairs.push(due.repairedFrom);
  // A bare digit group only comes from a cell whose comma OCR lost: its digits are the centavos.
  const parsed = money.map((m) => (/^\d+$/.test(m[0]) ? { value: Number(m[0]), repairedFrom: m[0] } : parseMoney(m[0])));
  parsed.forEach((v) => v?.repairedFrom && repairs.push(v.repairedFrom));
  const values = parsed.filter((v) => !!v).map((v) => v!.value);
  const base: DebtRow = { period, dueDate: due?.value ?? null, principal: 0, fine: 0, interest: 0 };
  const label = periodText.trim();
  if (values.length !== header.columns.length) {
    return { row: null, base, values, repairs, warning: `Linha da tabela de débitos (${label}) com ${values.length} valores para ${header.columns.length} colunas; linha ignorada` };
  }
  return { row: rowFrom(base, values, header.columns), base, values, repairs };
}

export function rowFrom(base: DebtRow, values: number[], columns: DebtColumn[]): DebtRow {
  const pick = (c: DebtColumn) => {
    const k = columns.indexOf(c);
    return k < 0 ? 0 : values[k];
  };
  return { ...base, principal: pick('principal'), fine: pick('fine'), interest: pick('interest') };
}

/** Co-debtors: one row per person (name, CPF/CNPJ, often a legal basis) after their label. */
export function readCoDebtors(ctx: ParseContext): { list: CoDebtor[]; region: Set<number>; warnings: string[] } {
  const out = { list: [] as CoDebtor[], region: new Set<number>(), warnings: [] as string[] };
  const { lines, labels, skip } = ctx;
  for (let i = 0; i < lines.length; i++) {
    if (skip[i] || !labels[i].some((o) => o.slot === 'coDebtors')) continue;
    out.region.add(i);
    const own = labels[i].find((o) => o.slot === 'coDebtors')!;
    const inline = lines[i].text.slice(own.end);
    let pendingName = '';
    let misses = 0;
    const rows = [inline, ...lines.slice(i + 1).map((l) => l.text)];
    for (let k = 0; k < rows.length && misses < 2; k++) {
      const idx = i + k;
      if (k > 0 && skip[idx]) continue;
      const text = rows[k];
      const doc = DOCUMENT_TOKEN.exec(text);
      if (!doc) {
        if (k === 0) continue;
        // Before the first row, a labelled line is the co-debtor table's header (Nome, CPF/CNPJ…).
        if (labels[idx].length) {
          if (out.list.length || k > 2) break;
          out.region.add(idx);
          continue;
        }
        if (/^\s*(?:nao ha|nenhum|inexistente)/i.test(ctx.lines[idx].folded)) {
          out.region.add(idx);
          break;
        }
        pendingName = text;
        misses++;
        if (k > 0) out.region.add(idx);
        continue;
      }
      if (k > 0) out.region.add(idx);
      misses = 0;
      let name = text.slice(0, doc.index).replace(/\b(?:nome|cpf|cnpj|cpf\/cnpj)\s*:?/gi, '');
      name = name.replace(/[\s:–—\-|(]+$/, '').replace(/^[\s:–—\-|•\d.)]+/, '').trim();
      if (!name && pendingName) name = pendingName.trim();
      pendingName = '';
      const parsed = parseDocument(doc[0]);
      if (!parsed) continue;
      if (!parsed.valid) out.warnings.push(`${documentLabel(parsed.kind)} do corresponsável ${name} com dígito verificador inválido (${doc[0].trim()})`);
      out.list.push({ name: upperText(name), document: parsed.digits });
    }
    break;
  }
  return out;
}

export interface SegmentFields {
  registration: string | null;
  issuerName: string;
  values: Partial<Record<Slot, string>>;
  table: TableResult;
  coDebtors: ReturnType<typeof readCoDebtors>;
  warnings: string[];
}

export function issuerNameOf(lines: Line[], layout: LayoutRule): string {
  for (const re of layout.issuerName) {
    for (const l of lines) {
      const m = new RegExp(re.source).exec(l.folded);
      if (m) return upperText(l.text.slice(m.index, m.index + m[0].length));
    }
  }
  return '';
}

/** The inscription number of a stretch of lines, decoys skipped (also used by segmentation). */
export function registrationOf(lines: Line[], layout: LayoutRule): string | null {
  const ctx = context(lines, layout);
  const v = readFields(ctx).registration;
  return v ? normalizeRegistration(v, !!layout.registration.keepSlash) : null;
}

function context(lines: Line[], layout: LayoutRule): ParseContext {
  return { layout, lines, labels: lines.map((l) => findLabels(l.folded, layout, l.ocr)), skip: lines.map((l) => l.furniture) };
}

/** Reads every field of one certificate's lines with one layout. */
export function readSegment(lines: Line[], layout: LayoutRule): SegmentFields {
  const ctx = context(lines, layout);
  const table = readTable(lines, layout, ctx.skip, ctx.labels);
  for (const i of table.region) ctx.skip[i] = true;
  const coDebtors = readCoDebtors(ctx);
  for (const i of coDebtors.region) ctx.skip[i] = true;
  const values = readFields(ctx);
  const warnings: string[] = [];
  if (!values.debtorDocument) {
    // OCR can garble the label ("CNP)") while the number survives; the check digits vouch for it.
    for (let i = 0; i < lines.length && !values.debtorDocument; i++) {
      const m = ctx.skip[i] ? null : DOCUMENT_TOKEN.exec(lines[i].text);
      if (m && parseDocument(m[0])?.valid) {
        values.debtorDocument = m[0];
        warnings.push('CPF/CNPJ do devedor encontrado sem rótulo; confira');
      }
    }
  }
  const registration = values.registration ? normalizeRegistration(values.registration, !!layout.registration.keepSlash) : null;
  return { registration, issuerName: issuerNameOf(lines, layout), values, table, coDebtors, warnings };
}

export function splitRevenue(text: string): { code: string; description: string } {
  const m = REVENUE.exec(collapseSpaces(text));
  if (!m) return { code: '', description: upperText(text) };
  return { code: m[1] ?? '', description: upperText(m[2]) };
}

export type { CertificateRecord };
