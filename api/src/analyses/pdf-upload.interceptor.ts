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
import { SettingsService } from '../settings/settings.service';
import { memoryMultipart } from '../common/multipart';

/**
 * Multer configured per request from the current settings, so an admin's new limits apply at once
 * and an oversized or surplus file aborts the upload before anything is stored.
 */
@Injectable()
export class PdfUploadInterceptor implements NestInterceptor {
  constructor(private readonly settings: SettingsService) {}

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const { maxFileSizeMb, maxFilesPerUpload } = await this.settings.get('general');
    const http = ctx.switchToHttp();
    const upload = memoryMultipart({ fileSize: maxFileSizeMb * 1024 * 1024, files: maxFilesPerUpload, fields: 20 }).array('files', maxFilesPerUpload);
    await new Promise<void>((resolve, reject) =>
      upload(http.getRequest<Request>(), http.getResponse<Response>(), (err: unknown) => {
        if (!err) return resolve();
        reject(translate(err, maxFileSizeMb, maxFilesPerUpload));
      }),
    );
    return next.handle();
  }
}

function translate(err: unknown, maxMb: number, maxFiles: number): Error {
  if (err instanceof multer.MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new PayloadTooLargeException(`Cada arquivo pode ter no máximo ${maxMb} MB.`);
      case 'LIMIT_FILE_COUNT':
      case 'LIMIT_UNEXPECTED_FILE':
        return err.code === 'LIMIT_UNEXPECTED_FILE' && err.field !== 'files'
          ? new BadRequestException('Envie os PDFs no campo "files".')
          : new BadRequestException(`Envie no máximo ${maxFiles} arquivos por análise.`);
      default:
        return new BadRequestException('Não foi possível ler o envio. Tente novamente.');
    }
  }
  return new BadRequestException('Não foi possível ler o envio. Tente novamente.');
}
