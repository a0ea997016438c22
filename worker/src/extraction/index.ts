import type { CertificateRecord, FileExtraction } from '@cda/shared';
import { findLabels, readSegment } from './engine';
import { LAYOUTS } from './layouts';
import { toLines } from './lines';
import { buildRecord } from './record';
import { segment } from './segment';
import { type PageText, PdfReadError, REASONS, readPages, sniff } from './text';

export { OCR_WARNING } from './record';
export { REASONS } from './text';

export const NOT_A_CDA = 'Documento não reconhecido como CDA';

export interface ExtractOptions {
  /** OCR of pages without a text layer (default true). */
  ocr?: boolean;
  log?: (msg: string, extra?: object) => void;
  /** Stops the reading between pages (analysis timed out, worker stopping). */
  signal?: AbortSignal;
  /** Pages the upload was charged for: a file with more is refused (ReadOptions.maxPages). */
  maxPages?: number;
}

/** Certificates from already-extracted page texts: the pure part, used by tests and the PDF path. */
export function extractFromPages(pages: PageText[]): CertificateRecord[] {
  // A repeated line that carries a label of any layout is content (a mixed court file repeats titles
  // such as "Termo de Inscrição Nº …" that hold the number), never page furniture.
  const keep = (folded: string) => LAYOUTS.some((l) => findLabels(folded, l).length > 0);
  const lines = toLines(pages, keep);
  return segment(lines).map((s) => {
    const pageNums = [...new Set(s.lines.map((l) => l.page))].sort((a, b) => a - b);
    const ocr = s.lines.some((l) => l.ocr);
    return buildRecord(readSegment(s.lines, s.layout), s.layout, pageNums, ocr);
  });
}

/**
 * Every certificate in one PDF. Never throws for bad input: unreadable, encrypted, empty, non-PDF
 * and not-a-CDA files come back with `error` set to a pt-BR reason.
 */
export async function extractPdf(data: Buffer, fileName: string, opts: ExtractOptions = {}): Promise<FileExtraction> {
  try {
    const pages = await readPages(data, opts);
    const certificates = extractFromPages(pages);
    if (!certificates.length) return { file: fileName, certificates: [], error: NOT_A_CDA };
    return { file: fileName, certificates, error: null };
  } catch (err) {
    if (err instanceof PdfReadError) return { file: fileName, certificates: [], error: err.reason };
    opts.log?.('extraction failed', { error: String((err as Error)?.message ?? err).slice(0, 300) });
    return { file: fileName, certificates: [], error: REASONS.corrupt };
  }
}

/** Page count without extracting text; null when the file is not a readable PDF. */
export async function countPages(data: Buffer): Promise<number | null> {
  try {
    sniff(data);
    const { PDFParse } = await import('pdf-parse');
    // A copy: pdfjs transfers (detaches) the buffer it is given, and OCR still needs the bytes.
  const parser = new PDFParse({ data: new Uint8Array(data), verbosity: 0 });
    try {
      return (await parser.getInfo()).total;
    } finally {
      await parser.destroy().catch(() => undefined);
    }
  } catch {
    return null;
  }
}
