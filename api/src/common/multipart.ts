import multer from 'multer';

/**
 * The one multer set-up of every multipart route (analysis PDFs, ticket attachments): files in memory,
 * since each is checked (magic bytes, page count) before anything is stored, and names read as UTF-8,
 * as browsers send them; multer's latin1 default turned "Certidão nº 1" into "CertidÃ£o nÂº 1".
 */
export function memoryMultipart(limits: multer.Options['limits']): multer.Multer {
  return multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', limits });
}
