import { Body, Controller, Get, Headers, HttpCode, HttpException, HttpStatus, Logger, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ADMIN_ROLES } from '@cda/shared';
import { AdminGuard, CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { OrdersQueryDto, PixPaymentDto } from './dto/payments.dto';
import { SubscriptionCardPaymentDto } from './dto/subscriptions.dto';
import { SubscriptionsService } from './subscriptions.service';
import { OrdersService } from './orders.service';
import { MercadoPagoCredentialsService } from './mercadopago.provider';
import { verifyWebhookSignature } from './webhook-verifier';
import { ProviderError } from './payment-provider';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  private readonly logger = new Logger(PaymentsController.name);

  constructor(
    private readonly orders: OrdersService,
    private readonly subscriptions: SubscriptionsService,
    private readonly credentials: MercadoPagoCredentialsService,
  ) {}

  /** Public: the plans page offers packs before signing in. */
  @Get('token-packs')
  packs() {
    return this.orders.listPacks();
  }

  /** Public key, enabled methods and test mode, for the checkout screen. */
  @Get('payments/config')
  config() {
    return this.orders.paymentConfig();
  }

  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @Post('payments/card')
  card(@CurrentUser() user: AuthUser, @Body() dto: SubscriptionCardPaymentDto) {
    const { item, payer, recurringToken, ...card } = dto;
    // A monthly plan also gets its renewal (preapproval) with the second token of the same card.
    return this.subscriptions.payByCard(user.id, item, payer, card, recurringToken);
  }

  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @Post('payments/pix')
  pix(@CurrentUser() user: AuthUser, @Body() dto: PixPaymentDto) {
    return this.orders.payByPix(user.id, dto.item, dto.payer);
  }

  /**
   * Mercado Pago's notifications. The signature proves the sender; the body is not trusted beyond
   * the payment id, which is re-read from the provider before anything changes.
   */
  @Post('payments/webhook')
  @HttpCode(200)
  async webhook(
    @Req() req: Request,
    @Body() body: { type?: string; action?: string; data?: { id?: string | number } },
    @Headers('x-signature') xSignature?: string,
    @Headers('x-request-id') xRequestId?: string,
  ) {
    // Parsed from the raw URL: a nested query parser would turn `data.id` into an object.
    const query = new URL(req.originalUrl, 'http://local').searchParams;
    const dataId = query.get('data.id') ?? query.get('id') ?? (body?.data?.id !== undefined ? String(body.data.id) : undefined);
    const type = query.get('type') ?? query.get('topic') ?? body?.type;
    const { webhookSecret } = await this.credentials.get();
    const check = verifyWebhookSignature({ xSignature, xRequestId, dataId, secret: webhookSecret });
    if (!check.ok) {
      this.logger.warn({ reason: check.reason, xRequestId, dataId }, 'webhook refused: bad signature');
      throw new HttpException({ statusCode: 401, message: 'Assinatura inválida' }, HttpStatus.UNAUTHORIZED);
    }
    if (!dataId || !['payment', 'subscription_preapproval', 'subscription_authorized_payment'].includes(type ?? '')) return { received: true, ignored: true };
    try {
      return { received: true, ...(await this.subscriptions.onNotification(type!, dataId)) };
    } catch (err) {
      // Provider unreachable: a non-2xx makes Mercado Pago deliver again later.
      if (err instanceof ProviderError) throw new HttpException({ statusCode: 502, message: 'Provedor indisponível' }, HttpStatus.BAD_GATEWAY);
      throw err;
    }
  }

  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @Get('orders')
  mine(@CurrentUser() user: AuthUser, @Query() q: OrdersQueryDto) {
    return this.orders.list({ userId: user.id, status: q.status, kind: q.kind, method: q.method, page: q.page, pageSize: q.pageSize });
  }

  /** Public: the payment result pages without signing in (no personal data; see OrdersService.getPublic). */
  @Get('orders/:id/public')
  publicView(@Param('id') id: string) {
    return this.orders.getPublic(id);
  }

  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @Get('orders/:id')
  one(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.orders.getForUser(id, { id: user.id, isAdmin: ADMIN_ROLES.includes(user.role) });
  }
}

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard, AdminGuard)
@Controller('admin/orders')
export class AdminOrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  list(@Query() q: OrdersQueryDto) {
    return this.orders.list(q);
  }

  @Post(':id/refund')
  @HttpCode(200)
  refund(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.orders.refund(id, user.id);
  }

  @Post(':id/sync')
  @HttpCode(200)
  sync(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.orders.syncWithProvider(id, user.id);
  }
}
