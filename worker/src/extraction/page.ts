import { distance as editDistance } from 'fastest-levenshtein';
import { DEBT_ITEM } from './lexicon';
import { fold } from './normalize';

/**
 * The page model shared by text PDFs and scans: words (or runs of words) with their boxes, grouped
 * into lines and, inside a line, into cells separated by column gaps. Coordinates are in the page's
 * own units (PDF points for the text layer, pixels for OCR), y growing downwards, `y` the baseline.
 */
export interface Frag {
  text: string;
  x0: number;
  x1: number;
  y: number;
  /** Font size (text layer) or word height (OCR): the unit gaps are measured in. */
  size: number;
  /** OCR: which of the recogniser's lines the run came from. */
  row?: number;
}

export interface Cell {
  text: string;
  folded: string;
  x0: number;
  x1: number;
}

export interface Line {
  page: number;
  y: number;
  size: number;
  cells: Cell[];
  /** Cells joined by a tab, so plain-text readers still see the column breaks. */
  text: string;
  folded: string;
  ocr: boolean;
  /** Page furniture (repeated header/footer, page counter): kept for segmentation, skipped by the readers. */
  furniture: boolean;
}

export interface Page {
  num: number;
  ocr: boolean;
  lines: Line[];
}

/** A gap wider than this many font sizes between two runs of a line is a column break. */
const CELL_GAP = 0.9;
/** Runs whose baselines differ by less than this share of the font size sit on one line. */
export const SAME_LINE = 0.6;

/**
 * Letter-spaced titles ("C E R T I D Ã O  D E  D Í V I D A") are printed one glyph per word; the
 * letters are put back together so the title reads as words. A run of three or more single letters
 * is joined; a double space between letters (the printed word gap) stays a space.
 */
export function unspace(text: string): string {
  if (!/(?:^|\s)\p{L}(?:\s\p{L}){3,}(?:\s|$)/u.test(text)) return text;
  return text
    .split(/\s{2,}/)
    .map((w) => (/^\p{L}(?:\s\p{L})+$/u.test(w) ? w.replace(/\s/g, '') : w))
    .join(' ')
    .replace(/(?:^|\s)((?:\p{L}\s){3,}\p{L})(?=\s|$)/gu, (m, run: string) => m.replace(run, run.replace(/\s/g, '')));
}

function makeCell(frags: Frag[]): Cell {
  let text = '';
  for (let i = 0; i < frags.length; i++) {
    const f = frags[i];
    if (i > 0) {
      const gap = f.x0 - frags[i - 1].x1;
      // pdf.js often keeps the space inside the item; otherwise a gap of a fifth of an em is one.
      // A separate run of digits after a word is a value after its label, even when a tight (or
      // overlapping, mis-measured) run leaves no gap: "INSCRIÇÃO" + "2261830108041".
      const labelThenNumber = /\p{L}$/u.test(text) && /^\d/.test(f.text);
      // Runs that overlap by more than a tenth of an em were placed apart (a label whose width was
      // mis-measured, then its value), not one word split in two: "DEVEDOR" + "CONCEIÇÃO",
      // "… em 29/08/2025" + "7.640,19".
      const overlapping = gap < -f.size * 0.1;
      // A complete date or amount ends its value: a separate run of digits after it is the next one
      // ("… em 17/09/2025" + "4550,78").
      const valueThenNumber = /(?:\b\d{1,2}\/\d{1,2}\/\d{4}|\d,\d{2})$/.test(text) && /^\d/.test(f.text);
      if (!/\s$/.test(text) && !/^\s/.test(f.text) && (gap > f.size * 0.18 || labelThenNumber || overlapping || valueThenNumber)) text += ' ';
    }
    text += f.text;
  }
  text = unspace(text.replace(/\s+/g, ' ').trim());
  return { text, folded: fold(text), x0: frags[0].x0, x1: frags[frags.length - 1].x1 };
}

/** Groups fragments into lines (by baseline) and cells (by column gap), top to bottom. */
export function buildLines(frags: Frag[], page: number, ocr: boolean): Line[] {
  const sorted = frags.filter((f) => f.text.trim()).sort((a, b) => a.y - b.y || a.x0 - b.x0);
  const groups: Frag[][] = [];
  // Two lines the recogniser told apart that stand one over the other (a run of each at the same x)
  // are two printed rows however close their baselines (a table's last row and its totals row).
  const overlaps = (a: Frag, b: Frag) => Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0);
  const stacked = (f: Frag, g: Frag[]) => f.row !== undefined && g.some((o) => o.row !== undefined && o.row !== f.row && overlaps(o, f));
  for (const f of sorted) {
    let g: Frag[] | undefined;
    for (let k = groups.length - 1; k >= Math.max(0, groups.length - 3); k--) {
      const c = groups[k];
      if (Math.abs(f.y - c[0].y) > SAME_LINE * Math.max(f.size, c[0].size)) break;
      if (!stacked(f, c)) {
        g = c;
        break;
      }
    }
    if (g) g.push(f);
    else groups.push([f]);
  }
  return groups.map((g) => {
    g.sort((a, b) => a.x0 - b.x0);
    const size = g.map((f) => f.size).sort((a, b) => a - b)[g.length >> 1];
    const cells: Cell[] = [];
    let run: Frag[] = [];
    for (const f of g) {
      const prev = run[run.length - 1];
      if (prev && f.x0 - prev.x1 > CELL_GAP * Math.max(size, f.size)) {
        cells.push(makeCell(run));
        run = [];
      }
      run.push(f);
    }
    if (run.length) cells.push(makeCell(run));
    // On a scan, a cell of one letter or mark standing apart ("o", "t", "«") is a speck Tesseract read,
    // not a value: it would split a caption from its value or a card's period from its caption.
    const live = cells.filter((c) => c.text && !(ocr && /^[\p{L}\p{P}\p{S}]$/u.test(c.text)));
    const text = live.map((c) => c.text).join('\t');
    // fold keeps one character per character, so the line's folded text is its cells' joined.
    return { page, y: g[0].y, size, cells: live, text, folded: live.map((c) => c.folded).join('\t'), ocr, furniture: false };
  }).filter((l) => l.cells.length);
}

const PAGE_COUNTER = /^(?:-- \d+ of \d+ --|p[aá]g(?:ina|\.)?\s*\d+\s*(?:de|\/)\s*\d+\.?|fls?\.?\s*\d+)$/i;
/** A bare "2/5" is a page counter only alone at the page's edge; elsewhere it is a value (livro/folha, period). */
const EDGE_COUNTER = /^\d{1,3}\s*\/\s*\d{1,3}$/;
const EDGE = 3;

/** Repeated headers differ only in page counters; values differ in their digits, so digits stay. */
function shape(folded: string): string {
  // "2/5" is a counter; "10/2013" (a period at a page's top) is a value and keeps its digits.
  return folded
    .replace(/p[aá]g(?:ina|\.)?\s*\d+\s*(?:de|\/)\s*\d+/g, '#')
    .replace(/(?<![\d/])\d{1,4}\s*(?:de|of)\s*\d{1,4}(?![\d/])|(?<![\d/])\d{1,3}\s*\/\s*\d{1,3}(?![\d/])/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Marks page furniture: page counters, and lines at a page's top or bottom that repeat at the edge
 * of a neighbouring page (issuer header, "Dívida Ativa da União — extrato…"). A repeated line that
 * `keep` says carries a field (a header with the inscription number) stays readable content.
 */
export function markFurniture(pages: Page[], keep: (line: Line) => boolean): void {
  const edges = pages.map((p) => new Set([...p.lines.slice(0, EDGE), ...p.lines.slice(-EDGE)].map((l) => shape(l.folded))));
  // OCR reads the same printed line a little differently on each page ("Emitido em 09/07/2025" and
  // "Emitido em 00/07/2025", "PGFN"/"PGEN"): on scans a line one slip in ten characters away repeats.
  // Only a line with words: two debt rows can be as close in their digits. And only one whose digits
  // are as close as its letters: two debt items written out ("3) competência 04/2013, vencido em …",
  // "4) competência 05/2013, …") at the foot of one page and the head of the next differ in digits only.
  const digits = (t: string) => t.replace(/\D/g, '');
  const repeats = (k: number, l: Line) => {
    const own = shape(l.folded);
    const fuzzy = l.ocr && own.length >= 10 && /\p{L}{3}/u.test(own);
    const ownDigits = digits(own);
    const near = (other: string) =>
      Math.abs(other.length - own.length) <= 2 &&
      editDistance(own, other) <= Math.floor(own.length / 10) &&
      editDistance(ownDigits, digits(other)) <= Math.max(1, Math.floor(ownDigits.length / 10));
    return [edges[k - 1], edges[k + 1]].some((e) => e && (e.has(own) || (fuzzy && [...e].some(near))));
  };
  pages.forEach((p, k) => {
    p.lines.forEach((l, i) => {
      const atEdge = i < EDGE || i >= p.lines.length - EDGE;
      if (l.cells.every((c) => PAGE_COUNTER.test(c.text.trim()))) l.furniture = true;
      else if ((i === 0 || i === p.lines.length - 1) && l.cells.length === 1 && EDGE_COUNTER.test(l.text.trim())) l.furniture = true;
      else if (atEdge && repeats(k, l) && !keep(l)) l.furniture = true;
      else if (l.cells.length > 1) {
        // A counter sharing its line with a header ("PROCURADORIA…      Página 1 de 2") is dropped from it.
        const cells = l.cells.filter((c) => !PAGE_COUNTER.test(c.text.trim()));
        if (cells.length !== l.cells.length) {
          l.cells = cells;
          l.text = cells.map((c) => c.text).join('\t');
          l.folded = fold(l.text);
        }
      }
    });
  });
}

/** Two lines set in the same type size (PDF sizes are exact; OCR's vary a little). */
export function sameSize(a: { size: number }, b: { size: number }): boolean {
  return Math.abs(a.size - b.size) <= Math.max(0.5, b.size * 0.08);
}

/**
 * Line j is the next page's running header as seen from text set like `body`: among the page's first
 * three lines, with only furniture or lines in another type size above it (and itself one of those).
 */
export function inRunningHeader(lines: Line[], j: number, body: Line): boolean {
  const top = lines.findIndex((l) => l.page === lines[j].page);
  return j - top < 3 && lines.slice(top, j + 1).every((l) => l.furniture || !sameSize(l, body));
}

/**
 * Line j is its page's running footer as seen from text set like `body` ("Emitido em 15/08/2025" under a
 * list that goes on over the page): among the page's last two lines, with only furniture or lines in
 * another type size from it to the page's end, and more text on a later page.
 */
export function inRunningFooter(lines: Line[], j: number, body: Line): boolean {
  let end = j;
  while (end + 1 < lines.length && lines[end + 1].page === lines[j].page) end++;
  return end + 1 < lines.length && end - j < 2 && lines.slice(j, end + 1).every((l) => l.furniture || !sameSize(l, body));
}

/** One item of the reading stream: a cell's text with where it came from. */
export interface Piece {
  line: number;
  cell: number;
  text: string;
  folded: string;
  /** The line's type size. */
  size: number;
  /** Read by OCR, whose type sizes vary from line to line. */
  ocr?: boolean;
}

/**
 * Reading order rebuilt from geometry. Lines are read top to bottom; where consecutive lines share a
 * vertical gutter that no cell crosses, and both sides hold several lines of their own, the block is
 * a two-column layout and is read column by column, so side-by-side label/value blocks (or debt
 * "cards") do not interleave. Tables are excluded by the caller (their rows share gutters too).
 */
export function readingOrder(lines: Line[], skip: (i: number) => boolean, isLabel: (c: Cell, ocr: boolean) => boolean = () => false): Piece[] {
  const out: Piece[] = [];
  const piece = (i: number, k: number): Piece => ({ line: i, cell: k, text: lines[i].cells[k].text, folded: lines[i].cells[k].folded, size: lines[i].size, ocr: lines[i].ocr });
  let i = 0;
  while (i < lines.length) {
    if (skip(i)) {
      i++;
      continue;
    }
    const block = twoColumnBlock(lines, i, skip, isLabel);
    if (block) {
      const { end, gutter } = block;
      for (const side of [0, 1]) {
        for (let j = i; j < end; j++) {
          if (skip(j)) continue;
          lines[j].cells.forEach((c, k) => {
            if ((side === 0) === c.x1 <= gutter) out.push(piece(j, k));
          });
        }
      }
      i = end;
      continue;
    }
    lines[i].cells.forEach((_c, k) => out.push(piece(i, k)));
    i++;
  }
  return out;
}

/** A label with its value across the gutter: the row is one label/value pair, not two columns. */
function pairsAcross(line: Line, gutter: number, isLabel: (c: Cell, ocr: boolean) => boolean): boolean {
  const l = line.cells.filter((c) => c.x1 <= gutter);
  const r = line.cells.filter((c) => c.x0 >= gutter);
  return l.length === 1 && r.length === 1 && ((!/\d/.test(l[0].text) && /\d/.test(r[0].text)) || (isLabel(l[0], line.ocr) && !isLabel(r[0], line.ocr)));
}

const CARD_CAPTION = new RegExp(DEBT_ITEM);
/** A line of two debt cards' captions side by side ("DÉBITO 1 - ANO | DÉBITO 2 - ANO"): cards in a grid. */
const cardRow = (l: Line) => l.cells.filter((c) => CARD_CAPTION.test(c.folded)).length >= 2;

/** The two-column block starting at line `start`, if any: its end (exclusive) and gutter x. */
function twoColumnBlock(lines: Line[], start: number, skip: (i: number) => boolean, isLabel: (c: Cell, ocr: boolean) => boolean): { end: number; gutter: number } | null {
  const first = lines[start];
  if (first.cells.length < 2) return null;
  // Candidate gutters: the gaps of the first line.
  let candidates = first.cells.slice(1).map((c, k) => [first.cells[k].x1, c.x0] as [number, number]);
  let end = start + 1;
  let both = 1;
  for (let j = start + 1; j < lines.length && candidates.length; j++) {
    // A skipped stretch (a table, a co-debtor block) ends the block: reading across it would mix regions.
    if (skip(j)) break;
    const l = lines[j];
    if (l.page !== first.page || l.y - lines[j - 1].y > l.size * 6) break;
    // Debt cards side by side start a block of their own: read with the fields above, their columns would mix.
    if (cardRow(l)) break;
    const next: Array<[number, number]> = [];
    for (const cand of candidates) {
      // The line must not cross the gutter; a cell reaching into it narrows it to what stays free.
      let [a, b] = cand;
      for (const c of l.cells) {
        if (c.x1 <= a || c.x0 >= b) continue;
        if (c.x0 <= a && c.x1 >= b) {
          a = b;
          break;
        }
        if (c.x0 <= a) a = c.x1;
        else if (c.x1 >= b) b = c.x0;
        else if (c.x0 - a > b - c.x1) b = c.x0;
        else a = c.x1;
      }
      if (b > a) next.push([a, b]);
    }
    const wide = next.filter(([a, b]) => b - a >= first.size * 1.5);
    if (!wide.length) break;
    // Once the block already reads as two columns (cards side by side), a label with its value
    // across the gutter starts what follows it (a summary of label/value rows), not more of it.
    // Only a typed value counts here: card headers differ in which words the lexicon knows.
    if (end - start >= 4 && both >= 3 && pairsAcross(l, (wide[0][0] + wide[0][1]) / 2, () => false)) break;
    candidates = wide;
    end = j + 1;
    const g = (candidates[0][0] + candidates[0][1]) / 2;
    if (l.cells.some((c) => c.x1 <= g) && l.cells.some((c) => c.x0 >= g)) both++;
  }
  if (end - start < 4 || both < 3 || !candidates.length) return null;
  // The widest surviving gutter; with several, the one nearest the middle of the block's extent.
  const [a, b] = candidates.reduce((best, c) => (c[1] - c[0] > best[1] - best[0] ? c : best));
  const gutter = (a + b) / 2;
  // A grid of cards ends with its last card on the right: what follows on the left alone (a last card,
  // the summary) is read after the grid, not before the right column's cards.
  if (cardRow(first))
    while (end > start + 1 && (skip(end - 1) || !lines[end - 1].cells.some((c) => c.x0 >= gutter))) end--;
  // Each side must hold several lines of its own: a label column beside a value column is not
  // two reading columns (its rows pair across the gutter).
  let left = 0;
  let right = 0;
  let rowsPairLabelValue = 0;
  for (let j = start; j < end; j++) {
    if (skip(j)) continue;
    const l = lines[j].cells.filter((c) => c.x1 <= gutter);
    const r = lines[j].cells.filter((c) => c.x0 >= gutter);
    if (l.length) left++;
    if (r.length) right++;
    if (pairsAcross(lines[j], gutter, isLabel)) rowsPairLabelValue++;
  }
  // Both columns must hold words: a column of bare amounts beside label/value rows is part of those rows.
  const wordy = (side: 'l' | 'r') => {
    let n = 0;
    for (let j = start; j < end; j++) {
      if (skip(j)) continue;
      const cells = lines[j].cells.filter((c) => (side === 'l' ? c.x1 <= gutter : c.x0 >= gutter));
      if (cells.some((c) => /\p{L}{4}/u.test(c.text))) n++;
    }
    return n;
  };
  if (left < 3 || right < 3 || rowsPairLabelValue >= Math.max(2, (end - start) / 4) || wordy('l') < 2 || wordy('r') < 2) return null;
  return { end, gutter };
}
