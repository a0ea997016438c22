import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { SettingsService } from '../settings/settings.service';
import { parseMultipart } from '../common/multipart';

/**
 * The analysis upload, with multer set up per request from the current settings, so an admin's new
 * limits apply at once and an oversized or surplus file aborts the upload before anything is stored.
 */
@Injectable()
export class PdfUploadInterceptor implements NestInterceptor {
  constructor(private readonly settings: SettingsService) {}

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const { maxFileSizeMb, maxFilesPerUpload } = await this.settings.get('general');
    await parseMultipart(ctx, {
      field: 'files',
      maxFiles: maxFilesPerUpload,
      limits: { fileSize: maxFileSizeMb * 1024 * 1024, files: maxFilesPerUpload, fields: 20 },
      refusals: {
        fileSize: `Cada arquivo pode ter no máximo ${maxFileSizeMb} MB.`,
        fileCount: `Envie no máximo ${maxFilesPerUpload} arquivos por análise.`,
        wrongField: 'Envie os PDFs no campo "files".',
      },
    });
    return next.handle();
  }
}
