/**
 * Page count of a selected PDF, in the browser, to price the analysis before sending it. pdf-lib is
 * loaded on first use only (it is large). null when the file cannot be read: the server counts again
 * and charges such a file as one page.
 */
export async function countPdfPages(file: Blob): Promise<number | null> {
  try {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(await file.arrayBuffer(), { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    return doc.getPageCount();
  } catch {
    return null;
  }
}
