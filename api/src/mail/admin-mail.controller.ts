import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { MailStatus } from '@cda/shared';
import { AdminGuard, CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { MailService } from './mail.service';

const STATUSES: MailStatus[] = ['pending', 'sent', 'failed', 'unsent'];

class OutboxQuery {
  @IsOptional() @Type(() => Number) @IsInt({ message: 'Página inválida.' }) @Min(1, { message: 'Página inválida.' })
  page?: number;

  @IsOptional() @Type(() => Number) @IsInt({ message: 'Tamanho de página inválido.' }) @Min(1) @Max(100)
  pageSize?: number;

  @IsOptional() @IsIn(STATUSES, { message: 'Status inválido.' })
  status?: MailStatus;
}

/** The back office's E-mails page: every mail the product sent or tried to, and whether SMTP works. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/mail-outbox')
export class AdminMailController {
  constructor(private readonly mail: MailService) {}

  @Get()
  list(@Query() q: OutboxQuery) {
    return this.mail.list(q.page ?? 1, q.pageSize ?? 20, q.status);
  }

  /** SMTP configured and reachable, and the local catcher's inbox when mail goes there (the banner). */
  @Get('status')
  status() {
    return this.mail.deliveryStatus();
  }

  @Post(':id/resend')
  @HttpCode(200)
  resend(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.mail.resend(id, actor.id);
  }
}
