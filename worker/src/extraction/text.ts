import { ocrPage, withTempPdf } from './ocr';

export interface PageText {
  /** 1-based. */
  num: number;
  text: string;
  ocr: boolean;
}

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

/**
 * Text of every page, in order. pdfjs gets one page at a time (the text is small; the parsed
 * document is what costs memory) and is destroyed at the end; scanned pages go through OCR.
 * The event loop gets a turn between pages, so a long file never starves the job's lock.
 */
export async function readPages(data: Buffer, opts: ReadOptions = {}): Promise<PageText[]> {
  sniff(data);
  const { PDFParse } = await loadPdfParse();
  // A copy: pdfjs transfers (detaches) the buffer it is given, and OCR still needs the bytes.
  const parser = new PDFParse({ data: new Uint8Array(data), verbosity: 0 });
  const pages: PageText[] = [];
  let total = 0;
  try {
    try {
      total = (await parser.getInfo()).total;
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
      let text: string;
      try {
        text = (await parser.getText({ partial: [num], pageJoiner: '' })).pages[0]?.text ?? '';
      } catch (err) {
        throw classifyError(err);
      }
      pages.push(isJunkText(text) ? { num, text: '', ocr: true } : { num, text, ocr: false });
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
      const num = page.num;
      const t0 = Date.now();
      let text: string;
      try {
        text = await ocrPage(path, num);
      } catch (err) {
        opts.log?.('ocr failed', { page: num, error: String((err as Error).message ?? err).slice(0, 200) });
        throw new PdfReadError(REASONS.ocrFailed);
      }
      opts.log?.('ocr page', { page: num, ms: Date.now() - t0 });
      page.text = text;
    }
  });
  return pages;
}
