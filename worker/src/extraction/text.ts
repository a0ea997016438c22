import { ocrPage, withTempPdf } from './ocr';
import { type Frag, type Page, buildLines } from './page';

export class PdfReadError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export const REASONS = {
  empty: 'Arquivo vazio',
  notPdf: 'Arquivo não é um PDF',
  corrupt: 'Arquivo PDF corrompido ou ilegível',
  password: 'PDF protegido por senha',
  noPages: 'PDF sem páginas',
  noText: 'PDF digitalizado sem texto e OCR desativado',
  ocrFailed: 'Falha no OCR do PDF digitalizado',
  /** pdf.js finds more pages than the upload was charged for (ReadOptions.maxPages). */
  unpaidPages: 'PDF com mais páginas do que as cobradas no envio',
  /** The analysis ran out of time or its worker is stopping; this file's result is not used. */
  stopped: 'Leitura interrompida',
} as const;

/** A page whose text layer is this thin (or mostly non-text glyphs) is a scan. */
export function isJunkText(text: string): boolean {
  const compact = text.replace(/\s+/g, '');
  if (compact.length < 40) return true;
  const readable = compact.match(/[\p{L}\p{N}.,:;/()%$-]/gu)?.length ?? 0;
  return readable / compact.length < 0.8;
}

function classifyError(err: unknown): PdfReadError {
  const name = (err as { name?: string })?.name ?? '';
  const msg = String((err as Error)?.message ?? err);
  if (name === 'PasswordException' || /password/i.test(msg)) return new PdfReadError(REASONS.password);
  return new PdfReadError(REASONS.corrupt);
}

export interface ReadOptions {
  ocr?: boolean;
  log?: (msg: string, extra?: object) => void;
  /** Checked between pages: a timed-out analysis must not keep pdf.js or OCR busy in the background. */
  signal?: AbortSignal;
  /** Pages paid for at upload (at least one is always charged): a file with more is refused, unread. */
  maxPages?: number;
}

// pdfjs is heavy; load it on first use only.
let pdfParse: typeof import('pdf-parse') | null = null;
async function loadPdfParse() {
  pdfParse ??= await import('pdf-parse');
  return pdfParse;
}

/** Checks the bytes before pdfjs sees them, so the common wrong-file cases get precise reasons. */
export function sniff(data: Buffer): void {
  if (data.length === 0) throw new PdfReadError(REASONS.empty);
  if (data.subarray(0, 1024).indexOf('%PDF-') < 0) throw new PdfReadError(REASONS.notPdf);
}

/**
 * Lets the event loop turn. pdf.js runs in this thread on promises alone (its Node "worker" is a
 * loopback port), so while it parses, timers and sockets wait: BullMQ's lock renewal among them.
 * A 10,000-page file held the loop for 15–20 s, longer than the job lock, and the job was taken
 * for stalled and failed ("job stalled more than allowable limit").
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The subset of pdf.js's page API the reader uses (pdf-parse bundles pdf.js; its types are not exported). */
interface PdfJsPage {
  getViewport(o: { scale: number }): { transform: number[] };
  getTextContent(): Promise<{ items: Array<{ str?: string; transform?: number[]; width?: number }> }>;
  cleanup(): void;
}
interface PdfJsDoc {
  numPages: number;
  getPage(n: number): Promise<PdfJsPage>;
}

function mul(m1: number[], m2: number[]): number[] {
  return [
    m1[0] * m2[0] + m1[2] * m2[1], m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3], m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4], m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

/**
 * Positioned text runs of one page, in viewport space (the page's /Rotate applied, y downwards).
 * Runs not written left to right (diagonal watermarks, vertical margin notes) are left out.
 */
export async function pageFrags(page: PdfJsPage): Promise<Frag[]> {
  const vt = page.getViewport({ scale: 1 }).transform;
  const content = await page.getTextContent();
  const out: Frag[] = [];
  for (const item of content.items) {
    if (!item.str || !item.transform || !item.str.trim()) continue;
    const t = mul(vt, item.transform);
    const size = Math.hypot(t[2], t[3]);
    const scaleX = Math.hypot(t[0], t[1]);
    if (!size || !scaleX || Math.abs(t[1]) > scaleX * 0.1 || t[0] <= 0) continue;
    const width = (item.width ?? 0) * (scaleX / Math.hypot(item.transform[0], item.transform[1]) || 1);
    out.push({ text: item.str, x0: t[4], x1: t[4] + width, y: t[5], size });
  }
  return out;
}

/** A page whose text layer is this thin (or mostly non-text glyphs) is a scan. */
function isJunk(lines: Page['lines']): boolean {
  return isJunkText(lines.map((l) => l.text).join('\n'));
}

/**
 * Every page as positioned lines, in order. pdf.js gets one page at a time (the text is small; the
 * parsed document is what costs memory) and is destroyed at the end; scanned pages go through OCR,
 * which returns word boxes for the same page model. The event loop gets a turn between pages, so a
 * long file never starves the job's lock.
 */
export async function readPages(data: Buffer, opts: ReadOptions = {}): Promise<Page[]> {
  sniff(data);
  const { PDFParse } = await loadPdfParse();
  // A copy: pdfjs transfers (detaches) the buffer it is given, and OCR still needs the bytes.
  const parser = new PDFParse({ data: new Uint8Array(data), verbosity: 0 });
  const pages: Page[] = [];
  let total = 0;
  try {
    let doc: PdfJsDoc;
    try {
      // pdf-parse keeps the pdf.js document private; its loader is the one place that opens it.
      doc = (await (parser as unknown as { load(): Promise<PdfJsDoc> }).load()) as PdfJsDoc;
      total = doc.numPages;
    } catch (err) {
      throw classifyError(err);
    }
    if (total === 0) throw new PdfReadError(REASONS.noPages);
    if (opts.maxPages !== undefined && total > Math.max(1, opts.maxPages)) {
      opts.log?.('more pages than paid for', { pages: total, paid: opts.maxPages });
      throw new PdfReadError(REASONS.unpaidPages);
    }
    for (let num = 1; num <= total; num++) {
      await yieldToEventLoop();
      if (opts.signal?.aborted) throw new PdfReadError(REASONS.stopped);
      let lines: Page['lines'];
      try {
        const page = await doc.getPage(num);
        lines = buildLines(await pageFrags(page), num, false);
        page.cleanup();
      } catch (err) {
        throw classifyError(err);
      }
      pages.push(isJunk(lines) ? { num, lines: [], ocr: true } : { num, lines, ocr: false });
    }
  } finally {
    await parser.destroy().catch(() => undefined);
  }
  const scanned = pages.filter((p) => p.ocr);
  if (!scanned.length) return pages;
  if (opts.ocr === false) {
    if (scanned.length === total) throw new PdfReadError(REASONS.noText);
    return pages.filter((p) => !p.ocr);
  }
  await withTempPdf(data, async (path) => {
    for (const page of scanned) {
      if (opts.signal?.aborted) throw new PdfReadError(REASONS.stopped);
      const t0 = Date.now();
      try {
        page.lines = buildLines(await ocrPage(path, page.num), page.num, true);
      } catch (err) {
        opts.log?.('ocr failed', { page: page.num, error: String((err as Error).message ?? err).slice(0, 200) });
        throw new PdfReadError(REASONS.ocrFailed);
      }
      opts.log?.('ocr page', { page: page.num, ms: Date.now() - t0 });
    }
  });
  return pages;
}
