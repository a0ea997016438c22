import { Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard, CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { AuditService } from '../audit/audit.service';
import { BackupsService } from './backups.service';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Backup não encontrado.') });

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/backups')
export class AdminBackupsController {
  constructor(
    private readonly backups: BackupsService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  list() {
    return this.backups.list();
  }

  @Post()
  @HttpCode(202)
  async create(@CurrentUser() user: AuthUser) {
    const backup = await this.backups.request(user.id);
    await this.audit.record(user.id, 'backup.create', backup.id);
    return backup;
  }

  @Get(':id/download')
  async download(@CurrentUser() user: AuthUser, @Param('id', uuid) id: string): Promise<StreamableFile> {
    const { backup, stream } = await this.backups.open(id);
    await this.audit.record(user.id, 'backup.download', id);
    const name = backup.storageKey.split('/').pop()!;
    return new StreamableFile(stream, { type: 'application/octet-stream', disposition: `attachment; filename="${name}"` });
  }
}
