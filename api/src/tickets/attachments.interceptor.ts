import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { Observable } from 'rxjs';
import { TICKET_ATTACHMENTS } from '@cda/shared';
import { memoryMultipart } from '../common/multipart';

export const ATTACHMENTS_FIELD = 'attachments';
const MAX_MB = TICKET_ATTACHMENTS.maxBytes / (1024 * 1024);

/**
 * Parses a ticket's multipart body. Every limit is a refusal with a pt-BR reason, never a silent drop:
 * a user who attached four files must learn that the fourth was not accepted.
 */
@Injectable()
export class TicketAttachmentsInterceptor implements NestInterceptor {
  private readonly upload = memoryMultipart({
    fileSize: TICKET_ATTACHMENTS.maxBytes,
    files: TICKET_ATTACHMENTS.maxFiles,
    fields: 10,
    fieldSize: 64 * 1024,
  }).array(ATTACHMENTS_FIELD, TICKET_ATTACHMENTS.maxFiles);

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = ctx.switchToHttp();
    await new Promise<void>((resolve, reject) =>
      this.upload(http.getRequest<Request>(), http.getResponse<Response>(), (err: unknown) => (err ? reject(translate(err)) : resolve())),
    );
    return next.handle();
  }
}

function translate(err: unknown): Error {
  if (err instanceof multer.MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new PayloadTooLargeException(`Cada anexo pode ter no máximo ${MAX_MB} MB.`);
      case 'LIMIT_FILE_COUNT':
        return new BadRequestException(`Envie no máximo ${TICKET_ATTACHMENTS.maxFiles} anexos.`);
      case 'LIMIT_UNEXPECTED_FILE':
        return err.field === ATTACHMENTS_FIELD
          ? new BadRequestException(`Envie no máximo ${TICKET_ATTACHMENTS.maxFiles} anexos.`)
          : new BadRequestException(`Envie os anexos no campo "${ATTACHMENTS_FIELD}".`);
      case 'LIMIT_FIELD_VALUE':
        return new PayloadTooLargeException('O texto enviado é longo demais.');
      default:
        return new BadRequestException('Não foi possível ler o envio. Tente novamente.');
    }
  }
  return new BadRequestException('Não foi possível ler o envio. Tente novamente.');
}
