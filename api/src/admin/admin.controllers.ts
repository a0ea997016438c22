import { Readable } from 'node:stream';
import { Body, Controller, Delete, Get, HttpCode, Logger, NotFoundException, Param, ParseUUIDPipe, Post, Put, Query, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard, CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { AuditService } from '../audit/audit.service';
import { AdminDashboardService } from './admin-dashboard.service';
import { AdminUsersService } from './admin-users.service';
import { AdminPlansService } from './admin-plans.service';
import { AdminCreditsService } from './admin-credits.service';
import { AddCreditsDto, CreateUserDto, ExportUsersQuery, ListUsersQuery, UpdateUserDto } from './dto/admin-users.dto';
import { CreatePlanDto, UpdatePlanDto } from './dto/admin-plans.dto';
import { GrantCreditsDto, ListCreditsQuery } from './dto/admin-credits.dto';

/** A malformed id names no user: 404, like an unknown one. */
const uuid = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Usuário não encontrado.') });

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/dashboard')
export class AdminDashboardController {
  constructor(private readonly dashboard: AdminDashboardService) {}

  @Get()
  get() {
    return this.dashboard.get();
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/users')
export class AdminUsersController {
  private readonly logger = new Logger(AdminUsersController.name);

  constructor(
    private readonly users: AdminUsersService,
    private readonly audit: AuditService,
  ) {}

  /** `{items, total, page, pageCount}`, 10 per page unless `pageSize` says otherwise. */
  @Get()
  list(@Query() query: ListUsersQuery) {
    return this.users.list(query);
  }

  @Get('stats')
  stats() {
    return this.users.stats();
  }

  /**
   * The filtered list (same search/status/plan as the table, every page) as a CSV download, streamed
   * batch by batch; a failure halfway is logged and cuts the download rather than the process.
   */
  @Get('export')
  async export(@CurrentUser() actor: AuthUser, @Query() query: ExportUsersQuery): Promise<StreamableFile> {
    const filters = { search: query.search, status: query.status, plan: query.plan };
    await this.audit.record(actor.id, 'admin.user.export', 'users', filters);
    // One batch queued at a time: a slow client holds the query loop instead of filling memory.
    const stream = Readable.from(this.users.exportCsv(filters), { highWaterMark: 1 });
    stream.on('error', (err) => this.logger.error({ err: String(err), filters }, 'users CSV export failed midway'));
    return new StreamableFile(stream, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${this.users.exportFileName()}"`,
    });
  }

  @Get(':id')
  get(@Param('id', uuid) id: string) {
    return this.users.get(id);
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateUserDto) {
    return this.users.create(actor, dto);
  }

  @Put(':id')
  update(@CurrentUser() actor: AuthUser, @Param('id', uuid) id: string, @Body() dto: UpdateUserDto) {
    return this.users.update(actor, id, dto);
  }

  @Post(':id/suspend')
  @HttpCode(200)
  suspend(@CurrentUser() actor: AuthUser, @Param('id', uuid) id: string) {
    return this.users.setStatus(actor, id, 'suspended');
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  reactivate(@CurrentUser() actor: AuthUser, @Param('id', uuid) id: string) {
    return this.users.setStatus(actor, id, 'active');
  }

  @Post(':id/credits')
  @HttpCode(200)
  addCredits(@CurrentUser() actor: AuthUser, @Param('id', uuid) id: string, @Body() dto: AddCreditsDto) {
    return this.users.addCredits(actor, id, dto.amount, dto.description);
  }

  @Delete(':id')
  remove(@CurrentUser() actor: AuthUser, @Param('id', uuid) id: string) {
    return this.users.remove(actor, id);
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/plans')
export class AdminPlansController {
  constructor(
    private readonly plans: AdminPlansService,
    private readonly audit: AuditService,
  ) {}

  /** Every plan, active or not, with its number of subscribers. */
  @Get()
  list() {
    return this.plans.list();
  }

  @Post()
  async create(@CurrentUser() actor: AuthUser, @Body() dto: CreatePlanDto) {
    const plan = await this.plans.create(dto);
    await this.audit.record(actor.id, 'admin.plan.create', plan.id, { name: plan.name, tokenLimit: plan.tokenLimit });
    return plan;
  }

  @Put(':id')
  async update(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() dto: UpdatePlanDto) {
    const { plan, changed } = await this.plans.update(id, dto);
    if (changed.length) await this.audit.record(actor.id, 'admin.plan.update', id, { keys: changed });
    return plan;
  }

  @Delete(':id')
  async remove(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    const plan = await this.plans.remove(id);
    await this.audit.record(actor.id, 'admin.plan.delete', id, { name: plan.name });
    return plan;
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/credits')
export class AdminCreditsController {
  constructor(
    private readonly credits: AdminCreditsService,
    private readonly users: AdminUsersService,
  ) {}

  /** The token ledger; by default only credit movements (purchase, bonus, refund, admin_grant, reversal). */
  @Get()
  list(@Query() query: ListCreditsQuery) {
    return this.credits.list(query);
  }

  /** The grant modal: user, amount and reason, recorded as `admin_grant` with the reason as description. */
  @Post()
  grant(@CurrentUser() actor: AuthUser, @Body() dto: GrantCreditsDto) {
    return this.users.addCredits(actor, dto.userId, dto.amount, dto.reason);
  }
}
