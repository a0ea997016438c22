import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { BullModule } from '@nestjs/bullmq';
import { ANALYSES_QUEUE } from '@cda/shared';
import { HealthController } from './health.controller';

@Module({
  imports: [TerminusModule, BullModule.registerQueue({ name: ANALYSES_QUEUE })],
  controllers: [HealthController],
})
export class HealthModule {}
