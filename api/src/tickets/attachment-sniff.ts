import { looksLikePdf } from '../analyses/pdf-inspection';

export type MediaFamily = 'image' | 'video' | 'pdf';

/**
 * What a file is, from its first bytes. Names and the browser's Content-Type prove nothing (an .exe
 * renamed .pdf arrives as application/pdf), so an attachment is kept only when both agree with this.
 * The list covers what people attach to a support request: screenshots, screen recordings, documents.
 */
export function sniffMedia(data: Buffer): { family: MediaFamily; mime: string } | null {
  const ascii = (start: number, end: number) => data.subarray(start, end).toString('latin1');
  if (looksLikePdf(data)) return { family: 'pdf', mime: 'application/pdf' };
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { family: 'image', mime: 'image/png' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { family: 'image', mime: 'image/jpeg' };
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return { family: 'image', mime: 'image/gif' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { family: 'image', mime: 'image/webp' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return { family: 'video', mime: 'video/x-msvideo' };
  if (data.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return { family: 'video', mime: 'video/webm' };
  // ISO base media (MP4, MOV, HEIC): a box size, then "ftyp" and the major brand.
  if (ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return { family: 'image', mime: 'image/heic' };
    if (brand === 'avif') return { family: 'image', mime: 'image/avif' };
    if (brand === 'qt  ') return { family: 'video', mime: 'video/quicktime' };
    return { family: 'video', mime: 'video/mp4' };
  }
  return null;
}

/** The family the client claimed through the part's Content-Type. */
export function claimedFamily(contentType: string): MediaFamily | null {
  const type = contentType.toLowerCase().split(';')[0].trim();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return null;
}

/** A name safe in an S3 key and a Content-Disposition header; what people see keeps the original. */
export function storageSafeName(name: string): string {
  const base = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const cleaned = base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(-120);
  return cleaned || 'anexo';
}
