import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { ANALYSES_QUEUE, MAINTENANCE_QUEUE } from '@cda/shared';
import { RealtimeModule } from '../realtime/realtime.module';
import { AdminQueuesController } from './admin-queues.controller';
import { QueuesService } from './queues.service';
import { QueueStatsBroadcaster } from './queue-stats.broadcaster';

@Module({
  imports: [BullModule.registerQueue({ name: ANALYSES_QUEUE }, { name: MAINTENANCE_QUEUE }), RealtimeModule],
  controllers: [AdminQueuesController],
  providers: [QueuesService, QueueStatsBroadcaster],
})
export class QueuesModule {}
