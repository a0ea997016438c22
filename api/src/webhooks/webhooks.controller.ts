import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { CreatedWebhookEndpoint, WebhookDeliveryView, WebhookEndpointView } from '@cda/shared';
import { CurrentUser, JwtAuthGuard, type AuthUser } from '../common/auth';
import { CreateWebhookDto, ListDeliveriesQuery, UpdateWebhookDto } from './dto/webhook.dto';
import { WEBHOOK_NOT_FOUND, WebhooksService } from './webhooks.service';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(WEBHOOK_NOT_FOUND) });

/** Perfil → API → Webhooks. Session only (an API token cannot register receivers for itself). */
@ApiTags('webhooks')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('profile/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  list(@CurrentUser() me: AuthUser): Promise<WebhookEndpointView[]> {
    return this.webhooks.list(me.id);
  }

  @Post()
  create(@CurrentUser() me: AuthUser, @Body() dto: CreateWebhookDto): Promise<CreatedWebhookEndpoint> {
    return this.webhooks.create(me.id, dto);
  }

  @Get('deliveries')
  deliveries(@CurrentUser() me: AuthUser, @Query() q: ListDeliveriesQuery): Promise<WebhookDeliveryView[]> {
    return this.webhooks.deliveryLog(me.id, q.endpointId, q.limit ?? 50);
  }

  @Patch(':id')
  update(@CurrentUser() me: AuthUser, @Param('id', uuid) id: string, @Body() dto: UpdateWebhookDto): Promise<WebhookEndpointView> {
    return this.webhooks.setActive(me.id, id, dto.active);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() me: AuthUser, @Param('id', uuid) id: string): Promise<void> {
    await this.webhooks.remove(me.id, id);
  }

  @Post(':id/test')
  @HttpCode(200)
  test(@CurrentUser() me: AuthUser, @Param('id', uuid) id: string): Promise<WebhookDeliveryView> {
    return this.webhooks.sendTest(me.id, id);
  }
}
