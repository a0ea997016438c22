import { Global, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { ANALYSES_QUEUE } from '@cda/shared';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

@Global()
@Module({
  imports: [BullModule.registerQueue({ name: ANALYSES_QUEUE })],
  controllers: [MetricsController],
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}
