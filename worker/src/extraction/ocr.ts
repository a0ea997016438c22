import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Frag } from './page';
import { type Gray, binarize, digitShape, estimateSkew, inkBands, inkThreshold, quarterTurn, readPgm, removeDashedRules, removeRules, removeSpecks, rotate, stackBands, toPbm } from './pgm';

const run = promisify(execFile);

export interface OcrWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  line: string;
  /** Tesseract's confidence in the word (0–100), from hOCR's x_wconf. */
  conf?: number;
  /** Median height of its capitals, digits and ascenders, none accented or descending (hOCR): the type's true size. */
  capHeight?: number;
}

/** Words of Tesseract's TSV (level 5 rows). */
function wordsFromTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    words.push({ text: c[11], left: +c[6], top: +c[7], width: +c[8], height: +c[9], line: `${c[2]}.${c[3]}.${c[4]}` });
  }
  return words;
}

/**
 * Rebuilds lines from Tesseract's TSV: words of one line joined by a space, or by a tab where the
 * gap is wide enough to be a column break, so scans read like the text layer does.
 */
export function linesFromTsv(tsv: string): string {
  return linesFromWords(wordsFromTsv(tsv));
}

interface OcrGlyph {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The recogniser's own ranking of alternatives for this glyph (lstm_choice_mode), best first, with its confidence in each (0–100). */
  choices: Array<{ text: string; conf: number }>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
  );
}

/**
 * Confidence (0–100) of "0" among a "6"'s alternatives from which the glyph is read as "0". On
 * all-scan development seeds a misread zero ranks "0" at 24–72 and a true six at 0–8; 6, 10 and 12
 * scored the same, 20 and 30 repaired fewer zeros (4800–4859: 92.2 % of fields → 94.2 %; checked on
 * 4860–4919, which were not tuned on: 86.6 % → 87.1 %, key fields 97.7 % → 98.6 %). Eights and nines
 * read for zeros rank "0" no differently from true ones and are left alone.
 */
const ZERO_SECOND_THOUGHT = 10;

/**
 * Corrections Tesseract's own glyph geometry supports, which the text alone cannot tell apart. Its
 * character boxes are approximate (a box may be a few pixels tall or swallow a neighbour), so each
 * rule asks for a clear, whole-glyph shift:
 * - a digit between a digit and a non-digit, of about the previous digit's height but shifted up by
 *   a fifth of it or more at both top and bottom, is the raised ordinal "º" of "2º" (read as "22");
 *   a printed "22" sits on one baseline, and an ordinal is never followed by another digit;
 * - a "|" (never printed in a certificate's text) whose best-ranked alternative is a letter or
 *   digit is that letter or digit (the "I" of an inciso); so is a "|" of a letter's height set
 *   right against an "I" ("II" read "|I") — what is left of a table rule is much taller;
 * - a "." after an "I" (or "|") whose box runs from the stroke's top to the baseline and is wider
 *   than a dot can be (a dot is about a quarter of a letter's height across) is a second stroke
 *   with its dot, "I.";
 * - a "6" whose alternatives give "0" at least ZERO_SECOND_THOUGHT is a "0" (records read this way
 *   carry the OCR warning, and the sums and dates still check them);
 * - an 8, 6 or 9 that `zeroShaped` (the page's own look, see barredZeroFont) says is shaped like a zero is a "0".
 */
export function fixGlyphs(glyphs: OcrGlyph[], zeroShaped?: (g: OcrGlyph) => boolean): string {
  let out = '';
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i];
    const prev = glyphs[i - 1];
    const next = glyphs[i + 1];
    let text = g.text;
    if (text === '|' && g.choices.length && /^[\p{L}\p{N}]$/u.test(g.choices[0].text)) text = g.choices[0].text;
    else if (text === '|' && next && /^[Il|]$/.test(next.text) && g.y1 - g.y0 <= (next.y1 - next.y0) * 1.3 && next.x0 - g.x1 <= next.y1 - next.y0) text = 'I';
    const ph = prev ? prev.y1 - prev.y0 : 0;
    if (
      prev && /^\d$/.test(prev.text) && /^\d$/.test(text) && !(next && /^\d$/.test(next.text)) &&
      g.y1 - g.y0 >= ph * 0.6 && g.y0 <= prev.y0 - ph * 0.2 && g.y1 <= prev.y1 - ph * 0.2
    ) {
      text = 'º';
    } else if (prev && text === '.' && /^[|I]$/.test(prev.text) && ph > 0 && g.y0 <= prev.y0 + ph * 0.15 && g.y1 >= prev.y1 - ph * 0.15 && g.x1 - g.x0 >= ph * 0.45) {
      text = 'I.';
    }
    // A "6" the recogniser itself half-read as "0" is the dotted or slashed zero of a monospaced
    // font: true sixes rank "0" far lower.
    if (text === '6' && g.choices.some((c) => c.text === '0' && c.conf >= ZERO_SECOND_THOUGHT)) text = '0';
    // The same zero read as 8, 6 or 9 whose shape on the page is a zero's (see barredZeroFont).
    else if (zeroShaped && /^[689]$/.test(text) && zeroShaped(g)) text = '0';
    out += text;
  }
  return out;
}

/** A rule's remnant or a speck read as a mark at a word's edge ("|318927932", "“SEBASTIÃO"), which fragsFromWords drops. */
const EDGE_MARK = /^(?:[|“”"'‘’`]|\s*)$/;

/**
 * The box of a word's glyphs without the marks at its edges: a box rule read as "|" beside a word
 * runs the rule's height, and Tesseract's word box with it, which doubles the line's measured
 * height (and so every gap taken as a column break). Nothing when no such mark was read.
 */
function coreBox(glyphs: OcrGlyph[]): Partial<OcrWord> {
  let a = 0;
  let b = glyphs.length;
  while (a < b && EDGE_MARK.test(glyphs[a].text)) a++;
  while (b > a && EDGE_MARK.test(glyphs[b - 1].text)) b--;
  if (a === b || (a === 0 && b === glyphs.length)) return {};
  const core = glyphs.slice(a, b);
  const [x0, y0] = [Math.min(...core.map((g) => g.x0)), Math.min(...core.map((g) => g.y0))];
  return { left: x0, top: y0, width: Math.max(...core.map((g) => g.x1)) - x0, height: Math.max(...core.map((g) => g.y1)) - y0 };
}

const CAP_GLYPH = /^[A-Z0-9bdfhklt]$/;
function capHeight(glyphs: OcrGlyph[]): number | undefined {
  const hs = glyphs.filter((g) => CAP_GLYPH.test(g.text)).map((g) => g.y1 - g.y0);
  return hs.length ? hs.sort((a, b) => a - b)[hs.length >> 1] : undefined;
}

/**
 * Words of Tesseract's hOCR with character boxes (`hocr_char_boxes=1`), glyph fixes applied; `zeroShaped`
 * looks at a digit's shape on the page Tesseract read.
 */
export function wordsFromHocr(hocr: string, zeroShaped?: (g: OcrGlyph) => boolean): OcrWord[] {
  const words: OcrWord[] = [];
  let line = '';
  let glyphs: OcrGlyph[] = [];
  let word: Omit<OcrWord, 'text'> | null = null;
  const flush = () => {
    if (word) words.push({ ...word, ...coreBox(glyphs), capHeight: capHeight(glyphs), text: fixGlyphs(glyphs, zeroShaped) });
    word = null;
    glyphs = [];
  };
  const span = /<span class='(\w+)'(?: id='([^']*)')?(?: title=(?:'([^']*)'|"([^"]*)"))?>([^<]*)/g;
  for (let m = span.exec(hocr); m; m = span.exec(hocr)) {
    const [, cls, id = '', t1, t2, body] = m;
    const title = t1 ?? t2 ?? '';
    if (cls === 'ocr_line' || cls === 'ocr_header' || cls === 'ocr_caption' || cls === 'ocr_textfloat') {
      flush();
      line = id;
    } else if (cls === 'ocrx_word') {
      flush();
      const b = /bbox (\d+) (\d+) (\d+) (\d+)/.exec(title);
      const c = /x_wconf (\d+)/.exec(title);
      if (b) word = { left: +b[1], top: +b[2], width: +b[3] - +b[1], height: +b[4] - +b[2], line, conf: c ? +c[1] : undefined };
    } else if (cls === 'ocrx_cinfo') {
      const b = /x_bboxes (\d+) (\d+) (\d+) (\d+)/.exec(title);
      if (b) glyphs.push({ text: decodeEntities(body), x0: +b[1], y0: +b[2], x1: +b[3], y1: +b[4], choices: [] });
      else if (id.startsWith('choice_') && glyphs.length) {
        const c = /x_confs ([\d.]+)/.exec(title);
        glyphs[glyphs.length - 1].choices.push({ text: decodeEntities(body), conf: c ? Number(c[1]) : 0 });
      }
    }
  }
  flush();
  return words;
}

export function linesFromHocr(hocr: string): string {
  return linesFromWords(wordsFromHocr(hocr));
}

/** A word OCR made of a dot leader: lower-case letters dots are misread as, with stray punctuation. */
const LEADER_LETTERS = /^[ceilmnorsatuvwx.,:;!'|?+\]]+$/;
const LEADER_JUNK = /^(?=(?:.*[ceimnorsatu]){3})[ceilmnorsatuvwx.,:;!'|?+\]]+$/;

/** Small words a lower-case value may start with: never a leader's last dots. */
const SMALL_WORDS = new Set(['a', 'o', 'e', 'as', 'os', 'ao', 'de', 'do', 'da', 'dos', 'das', 'em', 'no', 'na', 'nos', 'nas', 'um', 'se']);

/** The leader's last dots read as one short word ("Tributo... ms 1.2.1 - TAXA"), before a value that starts with a digit or a capital. */
function shortLeaderEnd(run: OcrWord[], value: OcrWord): boolean {
  return run.length === 1 && /^[a-z.,:;!'|?+\]]{2,3}$/.test(run[0].text) && !SMALL_WORDS.has(run[0].text) && /^[\dA-ZÀ-Ý]/.test(value.text);
}

/**
 * A line's word height over its glyphs' cap height: 1.07 at the median over the all-scan development
 * pages' lines (1.03–1.18 for half of them); over 1.35, accents and descenders inflate the words' boxes.
 */
const WORD_OVER_CAPS = 1.07;
const INFLATED_LINE = 1.35;
const MAX_INFLATION = 2.2;

/** A line's typical word height (about a cap height): the unit its gaps are measured in. */
const medianHeight = (words: OcrWord[]) => words.map((w) => w.height).sort((a, b) => a - b)[words.length >> 1];

/**
 * Cleans Tesseract's words line by line (specks at the margins, rule remnants read as punctuation)
 * and groups each line's words into runs split at column gaps: the page model's fragments.
 */
export function fragsFromWords(raw: OcrWord[]): Frag[] {
  const words: OcrWord[] = [];
  for (const w of raw) {
    // Table rules and quote marks that survived clean-up cling to words as | “ ' .
    let text = w.text.trim().replace(/^[|“”"'‘’`]+|[|“”"'‘’`]+$/g, '');
    // ...but a "|" carrying punctuation ("|," for "I,") was the word itself, not a rule beside it.
    if (text && !/[\p{L}\p{N}]/u.test(text) && /^\|[.,;]$/.test(w.text.trim())) text = w.text.trim();
    if (text) words.push({ ...w, text });
  }
  const out: Frag[] = [];
  let rows = 0;
  let current: OcrWord[] = [];
  const flush = () => {
    if (!current.length) return;
    // Specks read as dots can outnumber a short line's words ("Receita" and two stray "."s) and make
    // it a line of 3-pixel type: then the words that hold letters or digits measure it. (Otherwise
    // the thin marks, dashes and dots, keep their say: accents and descenders make words taller
    // than the cap height the gaps are measured in.)
    const lettered = current.filter((w) => /[\p{L}\p{N}]/u.test(w.text));
    const all = medianHeight(current);
    let h = lettered.length && all < medianHeight(lettered) / 2 ? medianHeight(lettered) : all;
    // A line whose every word carries an accent, a cedilla or a descender ("SEBASTIÃO GONÇALVES
    // ARAÚJO") measures half again its type's size, and its box gaps then pass for word spaces: there
    // the glyphs' own height measures it, at the usual share a word's box adds to it.
    const caps = current.map((w) => w.capHeight).filter((x): x is number => x !== undefined).sort((a, b) => a - b);
    // (Boxes past twice the glyphs' height are no accents: specks read as small glyphs measure nothing.)
    const cap = caps[caps.length >> 1];
    if (caps.length >= 2 && h > cap * INFLATED_LINE && h < cap * MAX_INFLATION) h = cap * WORD_OVER_CAPS;
    const gap = (a: OcrWord, b: OcrWord) => b.left - (a.left + a.width);
    // Specks at the margins come out as one- or two-character "words" far from the line's text.
    const speck = (w: OcrWord) => w.text.length <= 2 && !/^\d+$/.test(w.text);
    while (current.length > 1 && speck(current[0]) && gap(current[0], current[1]) > h * 1.6) current.shift();
    while (current.length > 1 && speck(current[current.length - 1]) && gap(current[current.length - 2], current[current.length - 1]) > h * 1.6) current.pop();
    if (current.length === 1 && speck(current[0])) {
      current = [];
      return;
    }
    // Bits of rules and specks read as a lone "-", "." or ":" at the start or end of a line or of a
    // column (next to a column gap); printed punctuation of that kind is attached to its words.
    const punct = (w: OcrWord) => w.text.length <= 2 && !/[\p{L}\p{N}]/u.test(w.text);
    current = current.filter((w, i) => {
      if (!punct(w)) return true;
      const before = i === 0 || gap(current[i - 1], w) > h * 1.6;
      const after = i === current.length - 1 || gap(w, current[i + 1]) > h * 1.6;
      return !(before || after);
    });
    if (!current.length) return;
    // A dot leader OCR read as letters ("Razão Social.......remeesesseeserreeesoe! FARMÁCIA …") is
    // still a leader: after a word ending in dots, lower-case runs of the letters dots turn into
    // (never the line's last word, which is the value) become dots again.
    for (let i = 0; i < current.length - 1; i++) {
      // Junk glued to the leader's dots ("Social.......remeesesseeserreeesoe!").
      // Or glued to an abbreviated caption's own dot, when long ("Sit.meereeceereceee!").
      const glued = /^(.*\.{2,})([^.\s]+)$/.exec(current[i].text) ?? /^(.*\p{L}\.)([^.\s]{8,})$/u.exec(current[i].text);
      if (glued && LEADER_JUNK.test(glued[2])) current[i] = { ...current[i], text: `${glued[1]}...` };
      else if (glued && LEADER_LETTERS.test(glued[2])) {
        // A short tail glued to the dots ("Contribuinte.......s erre! JOSE") is junk with the words after it.
        let end = i + 1;
        while (end < current.length - 1 && LEADER_LETTERS.test(current[end].text)) end++;
        if (end > i + 1 && LEADER_JUNK.test(glued[2] + current.slice(i + 1, end).map((w) => w.text).join(''))) current[i] = { ...current[i], text: `${glued[1]}...` };
      }
      if (!/\.{2,}$/.test(current[i].text)) continue;
      // The words after the dots that could be misread dots ("se rcesersesecereoi", "st. ri"), the value excepted.
      let end = i + 1;
      while (end < current.length - 1 && LEADER_LETTERS.test(current[end].text)) end++;
      const run = current.slice(i + 1, end);
      if (!LEADER_JUNK.test(run.map((w) => w.text).join('')) && !shortLeaderEnd(run, current[end])) continue;
      for (let k = i + 1; k < end; k++) current[k] = { ...current[k], text: '...' };
      i = end - 1;
    }
    // One baseline for the line (psm 6 keeps a printed row on one line); runs split at column gaps.
    const y = Math.max(...current.map((w) => w.top + w.height));
    // A word's height is about a cap height; the page model measures gaps in font sizes (~1.4 of it).
    const size = h * 1.4;
    let run: OcrWord[] = [current[0]];
    const row = rows++;
    const push = () => out.push({ text: run.map((w) => w.text).join(' '), x0: run[0].left, x1: run[run.length - 1].left + run[run.length - 1].width, y, size, row });
    for (let i = 1; i < current.length; i++) {
      if (gap(current[i - 1], current[i]) > h * 1.6) {
        push();
        run = [];
      }
      run.push(current[i]);
    }
    push();
    current = [];
  };
  const flushBands = () => {
    const bands = rowBands(current);
    for (const band of bands) {
      current = band;
      flush();
    }
    current = [];
  };
  for (const w of words) {
    if (current.length && current[0].line !== w.line) flushBands();
    current.push(w);
  }
  flushBands();
  return out;
}

/**
 * One Tesseract line that holds two printed rows (psm 6 merges rows set close together, or a table's
 * last row with its totals row): its words' middles fall in two bands a row apart, and both bands run
 * across the same stretch of the page (a raised or lowered word is one word, not a row). Each band is
 * a line of its own, top first; a line already one row comes back whole.
 */
export function rowBands(line: OcrWord[]): OcrWord[][] {
  if (line.length < 4) return [line];
  const h = medianHeight(line);
  const mid = (w: OcrWord) => w.top + w.height / 2;
  const byMid = [...line].sort((a, b) => mid(a) - mid(b));
  let cut = -1;
  let widest = 0;
  for (let i = 1; i < byMid.length; i++) {
    const gap = mid(byMid[i]) - mid(byMid[i - 1]);
    if (gap > widest) [widest, cut] = [gap, i];
  }
  // Words of one row differ in middle by a fraction of their height (descenders, accents, capitals).
  if (widest < h * 0.8 || cut < 2 || byMid.length - cut < 2) return [line];
  const upper = byMid.slice(0, cut).sort((a, b) => a.left - b.left);
  const lower = byMid.slice(cut).sort((a, b) => a.left - b.left);
  const span = (ws: OcrWord[]) => [ws[0].left, Math.max(...ws.map((w) => w.left + w.width))];
  const [a0, a1] = span(upper);
  const [b0, b1] = span(lower);
  const overlap = Math.min(a1, b1) - Math.max(a0, b0);
  if (overlap < 0.5 * Math.min(a1 - a0, b1 - b0)) return [line];
  return [...rowBands(upper), ...rowBands(lower)];
}

function linesFromWords(raw: OcrWord[]): string {
  const frags = fragsFromWords(raw);
  const lines: string[] = [];
  let y = NaN;
  for (const f of frags) {
    if (f.y === y) lines[lines.length - 1] += `\t${f.text}`;
    else lines.push(f.text);
    y = f.y;
  }
  return lines.join('\n');
}

export interface OcrOptions {
  dpi?: number;
  /** Largest page raster OCR works on, in pixels (default MAX_RENDER_PIXELS). */
  maxPixels?: number;
}

/**
 * Largest raster an OCR'd page is rendered to: A4 (8.7 Mpixel) and Legal (10.7 Mpixel) at 300 dpi
 * fit, so real certificates are read exactly as before. The worker holds up to three page-sized
 * buffers while it cleans a page up (the file, a deskewed copy, the black-and-white page; the
 * masks are bit maps), so this bounds OCR's share of the worker's memory to ~40 MB whatever page
 * size a PDF claims: pdftoppm renders the page box at the resolution asked, and a 200-inch page at
 * 300 dpi would be 3.6 Gpixel. (A huge image on an A4 page is no problem: the page is what is rendered.)
 */
export const MAX_RENDER_PIXELS = 12_000_000;

/** Resolution for a page of `widthPt` × `heightPt` points: `dpi`, lowered until the raster fits in `maxPixels`. */
export function renderDpi(widthPt: number, heightPt: number, dpi = 300, maxPixels = MAX_RENDER_PIXELS): number {
  const pixels = (widthPt / 72) * (heightPt / 72) * dpi * dpi;
  if (!(pixels > maxPixels)) return dpi;
  return Math.max(10, Math.floor(dpi * Math.sqrt(maxPixels / pixels)));
}

/** Page size in points as poppler (which renders it) sees it. */
async function pageSizePt(pdfPath: string, page: number): Promise<[number, number]> {
  const { stdout } = await run('pdfinfo', ['-f', String(page), '-l', String(page), pdfPath], { timeout: 30_000 });
  const m = /^Page\s+\d+\s+size:\s+([\d.]+)\s+x\s+([\d.]+)/m.exec(stdout);
  if (!m) throw new Error('pdfinfo: no page size');
  return [Number(m[1]), Number(m[2])];
}

/** OCR of one page (1-based) of a PDF already written to `pdfPath`. Needs poppler-utils and tesseract-ocr-por. */
export async function ocrPage(pdfPath: string, page: number, opts: OcrOptions = {}): Promise<Frag[]> {
  const dir = await mkdtemp(join(tmpdir(), 'cda-ocr-'));
  try {
    const base = join(dir, 'p');
    const maxPixels = opts.maxPixels ?? MAX_RENDER_PIXELS;
    const dpi = renderDpi(...(await pageSizePt(pdfPath, page)), opts.dpi ?? 300, maxPixels);
    // Time limits: a hostile page must end as this file's OCR failure, not hold the job.
    await run('pdftoppm', ['-r', String(dpi), '-gray', '-f', String(page), '-l', String(page), '-singlefile', pdfPath, base], { timeout: 120_000 });
    // pdfinfo and pdftoppm read the same boxes; should they ever disagree, never load an unbounded raster.
    if ((await stat(`${base}.pgm`)).size > maxPixels * 1.1 + 64) throw new Error(`page ${page} rendered larger than ${maxPixels} pixels`);
    const raw = readPgm(await readFile(`${base}.pgm`));
    let words = await recognise(raw, base, dpi);
    // Digits read with little confidence (a dotted zero whose dot the threshold joined to its ring
    // reads as 6 or 8): a thinner binarisation, nearer Otsu, is tried and the surer reading kept.
    const digits = digitConfidence(words);
    if (readable(words) && digits < DOUBTFUL_DIGITS) {
      const thin = await recognise(raw, base, dpi, 0);
      // Neither binarisation is surer everywhere: the page's lines come from the surer reading and
      // each word from whichever reading was surer of it.
      words = digitConfidence(thin) > digits ? mergeReadings(thin, words) : mergeReadings(words, thin);
    }
    // A page fed sideways or upside down reads as gibberish: ask Tesseract's orientation detector
    // (osd) which way is up, turn the page and read it again. Upright pages never pay for this.
    // OSD is often unsure on a grainy page (confidence under 1): its answer is tried first, then
    // the other turns, until one reads; the best reading wins.
    if (!readable(words)) {
      const first = await orientation(`${base}.pgm`);
      for (const turn of [...new Set([first, 180, 90, 270])].filter(Boolean)) {
        const again = await recognise(quarterTurn(raw, turn), base, dpi);
        if (score(again) > score(words)) words = again;
        if (readable(words)) break;
      }
    }
    return fragsFromWords(words);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `base` with each word replaced by the same word of `other` when `other` read it with more
 * confidence: one word over one word (a word split or joined differently in the two readings
 * keeps base's), so base's lines and boxes stay as they are.
 */
export function mergeReadings(base: OcrWord[], other: OcrWord[]): OcrWord[] {
  const same = (a: OcrWord, b: OcrWord) => {
    const across = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
    const down = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
    return across >= 0.6 * Math.max(a.width, b.width) && down >= 0.5 * Math.min(a.height, b.height);
  };
  const byTop = [...other].sort((a, b) => a.top - b.top);
  const near = (w: OcrWord, list: OcrWord[]) => list.filter((o) => o.top < w.top + w.height && o.top + o.height > w.top && same(w, o));
  const merged = base.map((w) => {
    const match = near(w, byTop);
    if (match.length !== 1 || (match[0].conf ?? 0) <= (w.conf ?? 0) || near(match[0], base).length !== 1) return w;
    return { ...w, text: match[0].text, conf: match[0].conf };
  });
  return withMissingLines(merged, other);
}

/** Boxes that share area; `slack` (a share of the smaller box's height) lets them overlap that much down the page and still not count. */
const overlaps = (a: OcrWord, b: OcrWord, slack = 0) =>
  a.left < b.left + b.width &&
  b.left < a.left + a.width &&
  Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top) > slack * Math.min(a.height, b.height);

/**
 * A line the other reading holds and base lost whole (no word of it touches a word of base: a row of
 * small captions set against a box's border, which one binarisation joins to the rule) is put into
 * base at its place, when it was read with confidence. Lines base has, even in part, stay base's.
 */
function withMissingLines(base: OcrWord[], other: OcrWord[], slack = 0): OcrWord[] {
  const groups = (words: OcrWord[]) => {
    const out: OcrWord[][] = [];
    for (const w of words) {
      const last = out[out.length - 1];
      if (last && last[0].line === w.line) last.push(w);
      else out.push([w]);
    }
    return out;
  };
  // A line is judged by its words: a dot leader Tesseract read as a long run of letters at no
  // confidence ("CPF Nº rserens… 482.009.289-85") or a two-glyph "Nº" says nothing of its quality.
  const words = (line: OcrWord[]) => line.filter((w) => /[\p{L}\p{N}]{3}/u.test(w.text) && (w.conf ?? 0) > 0);
  const missing = groups(other).filter((line) => {
    const read = words(line);
    return read.length > 0 && score(read) >= 60 && !line.some((w) => base.some((b) => overlaps(w, b, slack)));
  });
  if (!missing.length) return base;
  const top = (line: OcrWord[]) => Math.min(...line.map((w) => w.top));
  // Base's lines keep their order; each lost line goes before the first base line below it.
  const lines = groups(base);
  for (const line of missing) {
    const at = lines.findIndex((l) => top(l) > top(line));
    lines.splice(at < 0 ? lines.length : at, 0, line.map((w) => ({ ...w, line: `other:${w.line}` })));
  }
  return lines.flat();
}

/** Mean confidence of the words that hold digits: what the certificate's numbers rest on. */
function digitConfidence(words: OcrWord[]): number {
  return score(words.filter((w) => /\d/.test(w.text)));
}
// Measured on all-scan development seeds: 90 and 97 read the same; 97 re-reads more pages.
const DOUBTFUL_DIGITS = 90;

async function recognise(raw: Gray, base: string, dpi: number, towardsPaper?: number): Promise<OcrWord[]> {
  // Tesseract's own clean-up leaves a tilted, grainy copy hard to read: rows drift into each other
  // and specks turn numbers into letters. Straighten, binarise with a speck filter, then drop rules.
  const straight = rotate(raw, estimateSkew(raw));
  const img = clean(binarize(straight, inkThreshold(straight, towardsPaper)), dpi);
  await writeFile(`${base}-clean.pbm`, toPbm(img));
  const words = await tesseract(img, `${base}-clean.pbm`);
  // Tesseract's boxes of a line it merged with the next reach into it: a lost line may touch them.
  return readable(words) ? withMissingLines(words, await readLostLines(straight, img, words, base, dpi), LOST_LINE.touch) : words;
}

/** Rules and specks off a black-and-white page (in place), which Tesseract reads as punctuation. */
function clean(img: Gray, dpi: number): Gray {
  // Vertical runs over ~5 mm (10 mm across) are rules, not letters.
  removeRules(img, Math.round(dpi / 5));
  // Dashed rules up to ~0.5 mm thick across ~15 mm or more.
  removeDashedRules(img, Math.round(dpi / 50), Math.round(dpi * 0.6));
  // A speck is under ~1 mm² and over ~2 mm from any letter (an "i" dot or a comma is closer).
  removeSpecks(img, Math.round((dpi / 100) ** 2 * 3), Math.round(dpi / 12));
  return img;
}

/** Tesseract's words on the black-and-white `img`, already written to `pbmPath`. */
async function tesseract(img: Gray, pbmPath: string): Promise<OcrWord[]> {
  // psm 6 keeps each printed row on one line, which the table and label-column parsing rely on;
  // certificates print dark on light, so the retry of doubtful lines as inverted text is wasted time.
  // hOCR with character boxes and the recogniser's ranked alternatives: the glyph geometry tells
  // a raised ordinal "º" from a digit (see fixGlyphs); it costs no more time than the TSV.
  const { stdout } = await run(
    'tesseract',
    [pbmPath, 'stdout', '-l', 'por', '--psm', '6', '-c', 'tessedit_do_invert=0', '-c', 'hocr_char_boxes=1', '-c', 'lstm_choice_mode=2', 'hocr'],
    {
      maxBuffer: 64 * 1024 * 1024,
      timeout: 300_000,
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    },
  );
  return wordsFromHocr(stdout, barredZeroFont(stdout, img));
}

/**
 * Printed lines Tesseract passed over whole: with psm 6 a line set close under a bolder one (a
 * table's header row under the table's title) can be taken into that line's box and dropped, and
 * the table then has no header. Bands of ink of a line's height that no word read touches are read
 * again on their own, all in one call; the words come back at their place on the page. Pages where
 * every line was read never pay for this.
 */
async function readLostLines(straight: Gray, img: Gray, words: OcrWord[], base: string, dpi: number): Promise<OcrWord[]> {
  const h = medianHeight(words);
  const lost = lostBands(img, words, h);
  if (!lost.length) return [];
  // The same rows binarised nearer Otsu: such a line is often bold, and the page's ink-friendly
  // threshold fills a bold word's counters until Tesseract reads nothing in it.
  const stack = stackBands(straight, lost, 2 * h);
  const strips = clean(binarize(stack.img, inkThreshold(straight, 0)), dpi);
  const at = stack.at;
  await writeFile(`${base}-lost.pbm`, toPbm(strips));
  const out: OcrWord[] = [];
  for (const w of await tesseract(strips, `${base}-lost.pbm`)) {
    const mid = w.top + w.height / 2;
    const i = at.findIndex((y, k) => mid >= y && mid <= y + lost[k].y1 - lost[k].y0);
    // A speck between the words, read with no confidence, would pull the line's score under the bar.
    if (i >= 0 && (w.conf ?? 0) >= LOST_LINE.minConf) out.push({ ...w, top: w.top - at[i] + lost[i].y0, line: `lost:${w.line}` });
  }
  return out;
}

/**
 * The bands of ink on black-and-white `img` that look like a line of text (see LOST_LINE; `h` is the
 * page's median word height) and that no word of `words` touches, each with a margin of paper that
 * stops short of the neighbouring bands.
 */
export function lostBands(img: Gray, words: OcrWord[], h: number): Array<{ y0: number; y1: number }> {
  const bands = inkBands(img);
  const lost: Array<{ y0: number; y1: number }> = [];
  bands.forEach((b, i) => {
    const bh = b.y1 - b.y0 + 1;
    if (bh < LOST_LINE.minHeight * h || bh > LOST_LINE.maxHeight * h || b.x1 - b.x0 < LOST_LINE.minWidth * h) return;
    if (words.some((w) => Math.min(w.top + w.height, b.y1 + 1) - Math.max(w.top, b.y0) > LOST_LINE.touch * bh)) return;
    const pad = Math.round(h / 4);
    lost.push({ y0: Math.max(b.y0 - pad, i > 0 ? bands[i - 1].y1 + 1 : 0), y1: Math.min(b.y1 + pad, i + 1 < bands.length ? bands[i + 1].y0 - 1 : img.height - 1) });
  });
  return lost;
}

/**
 * What a passed-over line looks like, in the page's median word height: a single line's height
 * (a band two lines high was read if any word touches it) and wide enough to hold a few words.
 */
const LOST_LINE = { minHeight: 0.5, maxHeight: 2, minWidth: 4, touch: 0.3, minConf: 30 };

/**
 * On a page whose zeros carry a bar (a monospaced font's dotted zero joined to its ring), Tesseract
 * reads some of them as 8, 6 or 9: there, a digit read so whose shape is a zero's is a zero (the
 * check `wordsFromHocr` takes). Only there: in other fonts a small 8's waist may not pinch at all
 * (Liberation Serif at 9 pt), so the page must first show that its own zeros are barred.
 */
export function barredZeroFont(hocr: string, img: Gray): ((g: { x0: number; y0: number; x1: number; y1: number }) => boolean) | undefined {
  const shapes = new Map<string, ReturnType<typeof digitShape>>();
  const shape = (b: { x0: number; y0: number; x1: number; y1: number }) => {
    const key = `${b.x0},${b.y0},${b.x1},${b.y1}`;
    let s = shapes.get(key);
    if (!s) shapes.set(key, (s = digitShape(img, b.x0, b.y0, b.x1, b.y1)));
    return s;
  };
  const zeros = glyphBoxes(hocr, '0').map(shape).filter((s) => s !== 'other');
  const barred = zeros.filter((s) => s === 'barred').length;
  if (barred < BARRED_ZEROS || barred < zeros.length * BARRED_SHARE) return undefined;
  return (g) => shape(g) !== 'other';
}

/**
 * Zeros read as such that show a bar, before a page counts as set in a barred-zero font: on all-scan
 * development pages in Liberation Mono about half the zeros read were barred (29 of 56), in Liberation
 * Sans and Serif none of hundreds.
 */
const BARRED_ZEROS = 3;
const BARRED_SHARE = 0.2;

/** The boxes of the glyphs an hOCR page read as `text`. */
function glyphBoxes(hocr: string, text: string): Array<{ x0: number; y0: number; x1: number; y1: number }> {
  const out: Array<{ x0: number; y0: number; x1: number; y1: number }> = [];
  const re = /<span class='ocrx_cinfo' title='x_bboxes (\d+) (\d+) (\d+) (\d+)[^']*'>([^<]*)</g;
  for (let m = re.exec(hocr); m; m = re.exec(hocr)) if (m[5] === text) out.push({ x0: +m[1], y0: +m[2], x1: +m[3], y1: +m[4] });
  return out;
}

/** Tesseract's mean confidence over the page's words: text read upside down or sideways scores low. */
function score(words: OcrWord[]): number {
  const confs = words.map((w) => w.conf).filter((c): c is number => c !== undefined);
  return confs.length ? confs.reduce((a, b) => a + b, 0) / confs.length : 0;
}

/** A page read with enough words and confidence was read the right way up. */
export function readable(words: OcrWord[]): boolean {
  return words.length >= 8 && score(words) >= 60;
}

/** Degrees to turn the page clockwise so its text is upright, per Tesseract's orientation detector (0 when it has no answer). */
async function orientation(pgm: string): Promise<number> {
  try {
    const { stdout } = await run('tesseract', [pgm, 'stdout', '--psm', '0', '-l', 'osd'], { timeout: 60_000, env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
    const rot = /Rotate:\s*(\d+)/.exec(stdout);
    const conf = /Orientation confidence:\s*([\d.]+)/.exec(stdout);
    if (!rot || !conf || Number(conf[1]) <= 0) return 0;
    return Number(rot[1]);
  } catch {
    // No osd data or an unreadable page: read the page as it is.
    return 0;
  }
}

/** Writes the buffer once so every OCR'd page of the file can be rendered from disk. */
export async function withTempPdf<T>(data: Buffer, fn: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'cda-pdf-'));
  const path = join(dir, 'in.pdf');
  try {
    await writeFile(path, data);
    return await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

