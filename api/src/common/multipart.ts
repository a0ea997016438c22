import { BadRequestException, ExecutionContext, PayloadTooLargeException } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';

/** What a multipart route tells the user when its body breaks a limit (pt-BR). */
export interface MultipartRefusals {
  /** A file over `limits.fileSize`. */
  fileSize: string;
  /** More files than `maxFiles`. */
  fileCount: string;
  /** Files sent under another field name than `field`. */
  wrongField: string;
}

export interface MultipartRoute {
  /** The form field carrying the files. */
  field: string;
  maxFiles: number;
  limits: multer.Options['limits'];
  refusals: MultipartRefusals;
}

const UNREADABLE = 'Não foi possível ler o envio. Tente novamente.';

/**
 * The one multer set-up of every multipart route (analysis PDFs, ticket attachments): files in memory,
 * since each is checked (magic bytes, page count) before anything is stored, and names read as UTF-8,
 * as browsers send them; multer's latin1 default turned "Certidão nº 1" into "CertidÃ£o nÂº 1".
 * Every limit is a refusal with a pt-BR reason, never a silent drop: a user who attached one file too
 * many must learn that it was not accepted.
 */
export async function parseMultipart(ctx: ExecutionContext, route: MultipartRoute): Promise<void> {
  const upload = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', limits: route.limits }).array(route.field, route.maxFiles);
  const http = ctx.switchToHttp();
  await new Promise<void>((resolve, reject) =>
    upload(http.getRequest<Request>(), http.getResponse<Response>(), (err: unknown) => (err ? reject(refusal(err, route)) : resolve())),
  );
}

function refusal(err: unknown, { field, refusals }: MultipartRoute): Error {
  if (!(err instanceof multer.MulterError)) return new BadRequestException(UNREADABLE);
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return new PayloadTooLargeException(refusals.fileSize);
    case 'LIMIT_FILE_COUNT':
      return new BadRequestException(refusals.fileCount);
    case 'LIMIT_UNEXPECTED_FILE':
      // Multer reports one file too many as an unexpected file of the right field.
      return new BadRequestException(err.field === field ? refusals.fileCount : refusals.wrongField);
    case 'LIMIT_FIELD_VALUE':
      return new PayloadTooLargeException('O texto enviado é longo demais.');
    default:
      return new BadRequestException(UNREADABLE);
  }
}
