import { Body, Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { MERCADO_PAGO_API } from '@cda/shared';
import { AdminGuard, CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { SubscriptionsService } from './subscriptions.service';
import { ClockService } from './clock.service';
import { MercadoPagoCredentialsService } from './mercadopago.provider';
import { ExtendPeriodDto, PlanChangeDto, SubscriptionReportQueryDto, TestClockDto } from './dto/subscriptions.dto';

/** Perfil → Plano: the account's own plan. */
@ApiTags('payments')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('subscription')
export class SubscriptionController {
  constructor(private readonly subs: SubscriptionsService) {}

  @Get()
  mine(@CurrentUser() user: AuthUser) {
    return this.subs.view(user.id);
  }

  @Get('options')
  options(@CurrentUser() user: AuthUser) {
    return this.subs.changeOptions(user.id);
  }

  @Post('cancel-renewal')
  @HttpCode(200)
  cancelRenewal(@CurrentUser() user: AuthUser) {
    return this.subs.cancelRenewal(user.id);
  }

  /** A downgrade for the next cycle (the current plan again clears it); upgrades are paid at checkout. */
  @Post('downgrade')
  @HttpCode(200)
  downgrade(@CurrentUser() user: AuthUser, @Body() dto: PlanChangeDto) {
    return this.subs.scheduleDowngrade(user.id, dto.planId, dto.billingCycle);
  }

  @Post('refund')
  @HttpCode(200)
  refund(@CurrentUser() user: AuthUser) {
    return this.subs.refund(user.id);
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin')
export class AdminSubscriptionsController {
  constructor(
    private readonly subs: SubscriptionsService,
    private readonly clock: ClockService,
    private readonly credentials: MercadoPagoCredentialsService,
  ) {}

  @Get('users/:id/subscription')
  one(@Param('id', ParseUUIDPipe) id: string) {
    return this.subs.view(id);
  }

  @Post('users/:id/subscription/end')
  @HttpCode(200)
  end(@CurrentUser() user: AuthUser, @Param('id', ParseUUIDPipe) id: string) {
    return this.subs.adminEnd(id, user.id);
  }

  @Post('users/:id/subscription/extend')
  @HttpCode(200)
  extend(@CurrentUser() user: AuthUser, @Param('id', ParseUUIDPipe) id: string, @Body() dto: ExtendPeriodDto) {
    return this.subs.adminExtend(id, dto.days, user.id);
  }

  @Get('reports/subscriptions')
  report(@Query() q: SubscriptionReportQueryDto) {
    return this.subs.monthlyReport(new Date(`${q.from}-01T00:00:00Z`), new Date(`${q.to}-01T00:00:00Z`));
  }

  /** Only against the bundled test provider (never the real Mercado Pago): whether the clock can move, and where it is. */
  @Get('test-clock')
  async testClock() {
    const { baseUrl } = await this.credentials.get();
    return { available: baseUrl !== MERCADO_PAGO_API, now: this.clock.now().toISOString(), offsetMs: this.clock.offset() };
  }

  /**
   * Test mode only: moves the plan rules' clock and the test provider's forward, lets the provider
   * charge what fell due (its webhooks arrive meanwhile), then runs the plan job at the new instant.
   */
  @Post('test-clock')
  @HttpCode(200)
  async advance(@Body() dto: TestClockDto) {
    const { baseUrl } = await this.credentials.get();
    if (baseUrl === MERCADO_PAGO_API) throw new NotFoundException();
    const now = this.clock.advance(((dto.days ?? 0) * 24 + (dto.hours ?? 0)) * 3600_000);
    const res = await fetch(`${baseUrl}/__test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ to: now.toISOString() }) });
    if (!res.ok) throw new NotFoundException('O provedor de teste não tem relógio.');
    return { now: now.toISOString(), ...(await this.subs.runDue(now)) };
  }
}
