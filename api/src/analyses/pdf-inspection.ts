import { PDFDocument } from 'pdf-lib';

/** The PDF header may sit anywhere in the first 1 KiB (ISO 32000-1, 7.5.2); names and MIME types prove nothing. */
export function looksLikePdf(data: Buffer): boolean {
  return data.subarray(0, 1024).includes('%PDF-');
}

/**
 * Page count for the job payload and, later, pricing. A file that pdf-lib cannot open is still accepted
 * here (it passed the magic-byte check): the worker reports why it is unreadable, per file.
 */
export async function countPdfPages(data: Buffer): Promise<number> {
  try {
    const doc = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    return doc.getPageCount();
  } catch {
    return 0;
  }
}
