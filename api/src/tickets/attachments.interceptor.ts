import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { TICKET_ATTACHMENTS } from '@cda/shared';
import { MultipartRoute, parseMultipart } from '../common/multipart';

export const ATTACHMENTS_FIELD = 'attachments';
const MAX_MB = TICKET_ATTACHMENTS.maxBytes / (1024 * 1024);

const ROUTE: MultipartRoute = {
  field: ATTACHMENTS_FIELD,
  maxFiles: TICKET_ATTACHMENTS.maxFiles,
  limits: { fileSize: TICKET_ATTACHMENTS.maxBytes, files: TICKET_ATTACHMENTS.maxFiles, fields: 10, fieldSize: 64 * 1024 },
  refusals: {
    fileSize: `Cada anexo pode ter no máximo ${MAX_MB} MB.`,
    fileCount: `Envie no máximo ${TICKET_ATTACHMENTS.maxFiles} anexos.`,
    wrongField: `Envie os anexos no campo "${ATTACHMENTS_FIELD}".`,
  },
};

/** Parses a ticket's multipart body (a message and its attachments). */
@Injectable()
export class TicketAttachmentsInterceptor implements NestInterceptor {
  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await parseMultipart(ctx, ROUTE);
    return next.handle();
  }
}
