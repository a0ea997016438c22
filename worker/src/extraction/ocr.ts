import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { binarize, estimateSkew, inkThreshold, readPgm, removeRules, removeSpecks, rotate, writePgm } from './pgm';

const run = promisify(execFile);

export interface OcrWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  line: string;
}

/**
 * Rebuilds lines from Tesseract's TSV: words of one line joined by a space, or by a tab where the
 * gap is wide enough to be a column break, so scans read like the text layer does.
 */
export function linesFromTsv(tsv: string): string {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    // Table rules and quote marks that survived clean-up cling to words as | “ ' .
    const text = c[11].trim().replace(/^[|“”"'‘’`]+|[|“”"'‘’`]+$/g, '');
    if (!text) continue;
    words.push({ text, left: +c[6], top: +c[7], width: +c[8], height: +c[9], line: `${c[2]}.${c[3]}.${c[4]}` });
  }
  const out: string[] = [];
  let current: OcrWord[] = [];
  const flush = () => {
    if (!current.length) return;
    const h = [...current].map((w) => w.height).sort((a, b) => a - b)[current.length >> 1];
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
    let s = current[0].text;
    for (let i = 1; i < current.length; i++) {
      s += (gap(current[i - 1], current[i]) > h * 1.6 ? '\t' : ' ') + current[i].text;
    }
    out.push(s);
    current = [];
  };
  for (const w of words) {
    if (current.length && current[0].line !== w.line) flush();
    current.push(w);
  }
  flush();
  return out.join('\n');
}

export interface OcrOptions {
  dpi?: number;
}

/** OCR of one page (1-based) of a PDF already written to `pdfPath`. Needs poppler-utils and tesseract-ocr-por. */
export async function ocrPage(pdfPath: string, page: number, opts: OcrOptions = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cda-ocr-'));
  try {
    const base = join(dir, 'p');
    const dpi = opts.dpi ?? 300;
    await run('pdftoppm', ['-r', String(dpi), '-gray', '-f', String(page), '-l', String(page), '-singlefile', pdfPath, base]);
    let img = readPgm(await readFile(`${base}.pgm`));
    // Tesseract's own clean-up leaves a tilted, grainy copy hard to read: rows drift into each other
    // and specks turn numbers into letters. Straighten, binarise with a speck filter, then drop rules.
    img = rotate(img, estimateSkew(img));
    img = binarize(img, inkThreshold(img));
    // Vertical runs over ~5 mm (10 mm across) are rules, not letters.
    removeRules(img, Math.round(dpi / 5));
    // A speck is under ~1 mm² and over ~2 mm from any letter (an "i" dot or a comma is closer).
    removeSpecks(img, Math.round((dpi / 100) ** 2 * 3), Math.round(dpi / 12));
    await writeFile(`${base}.pgm`, writePgm(img));
    // psm 6 keeps each printed row on one line, which the table and label-column parsing rely on;
    // certificates print dark on light, so the retry of doubtful lines as inverted text is wasted time.
    const { stdout } = await run('tesseract', [`${base}.pgm`, 'stdout', '-l', 'por', '--psm', '6', '-c', 'tessedit_do_invert=0', 'tsv'], {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    return linesFromTsv(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
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

