import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { AdminGuard } from '../auth/admin.guard';
import { MailService } from './mail.service';

class OutboxQuery {
  @IsOptional() @Type(() => Number) @IsInt({ message: 'Página inválida.' }) @Min(1, { message: 'Página inválida.' })
  page?: number;

  @IsOptional() @Type(() => Number) @IsInt({ message: 'Tamanho de página inválido.' }) @Min(1) @Max(100)
  pageSize?: number;
}

/** Where an admin reads the e-mails that were not (or not yet) delivered, e.g. with no SMTP configured. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/mail-outbox')
export class AdminMailController {
  constructor(private readonly mail: MailService) {}

  @Get()
  list(@Query() q: OutboxQuery) {
    return this.mail.list(q.page ?? 1, q.pageSize ?? 20);
  }
}
