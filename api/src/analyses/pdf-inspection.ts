/** The PDF header may sit anywhere in the first 1 KiB (ISO 32000-1, 7.5.2); names and MIME types prove nothing. */
export function looksLikePdf(data: Buffer): boolean {
  return data.subarray(0, 1024).includes('%PDF-');
}
