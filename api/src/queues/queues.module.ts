import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@cda/shared';
import { RealtimeModule } from '../realtime/realtime.module';
import { AdminQueuesController } from './admin-queues.controller';
import { ProcessingController } from './processing.controller';
import { QueuesService } from './queues.service';
import { QueueStatsBroadcaster } from './queue-stats.broadcaster';
import { WorkerWatch } from './worker-watch.service';

@Module({
  imports: [BullModule.registerQueue(...Object.values(QUEUES).map((name) => ({ name }))), RealtimeModule],
  controllers: [AdminQueuesController, ProcessingController],
  providers: [QueuesService, QueueStatsBroadcaster, WorkerWatch],
  exports: [QueuesService, WorkerWatch],
})
export class QueuesModule {}
