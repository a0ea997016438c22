import { Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, UseGuards, DefaultValuePipe } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard, CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { AuditService } from '../audit/audit.service';
import type { QueuesOverview } from '@cda/shared';
import { QueuesService } from './queues.service';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/queues')
export class AdminQueuesController {
  constructor(
    private readonly queues: QueuesService,
    private readonly audit: AuditService,
  ) {}

  @Get()
  overview(): Promise<QueuesOverview> {
    return this.queues.overview();
  }

  @Get(':name/failed')
  failed(
    @Param('name') name: string,
    @Query('page', new DefaultValuePipe(1), ParseIntPipe) page: number,
  ) {
    return this.queues.failed(name, Math.max(1, page));
  }

  @Post(':name/jobs/:id/retry')
  @HttpCode(204)
  async retry(@CurrentUser() user: AuthUser, @Param('name') name: string, @Param('id') id: string) {
    await this.queues.retry(name, id);
    await this.audit.record(user.id, 'queue.retry', `${name}/${id}`);
  }

  @Post(':name/pause')
  @HttpCode(204)
  async pause(@CurrentUser() user: AuthUser, @Param('name') name: string) {
    await this.queues.setPaused(name, true);
    await this.audit.record(user.id, 'queue.pause', name);
  }

  @Post(':name/resume')
  @HttpCode(204)
  async resume(@CurrentUser() user: AuthUser, @Param('name') name: string) {
    await this.queues.setPaused(name, false);
    await this.audit.record(user.id, 'queue.resume', name);
  }
}
