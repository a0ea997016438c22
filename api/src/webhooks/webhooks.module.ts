import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QUEUES } from '@cda/shared';
import { Analysis } from '../analyses/analysis.entity';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entities';
import { WebhooksService } from './webhooks.service';
import { WebhooksProcessor } from './webhooks.processor';
import { WebhooksController } from './webhooks.controller';
import { AnalysisEventsListener } from './analysis-events.listener';

@Module({
  imports: [TypeOrmModule.forFeature([WebhookEndpoint, WebhookDelivery, Analysis]), BullModule.registerQueue({ name: QUEUES.webhooks })],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhooksProcessor, AnalysisEventsListener],
  exports: [WebhooksService],
})
export class WebhooksModule {}
