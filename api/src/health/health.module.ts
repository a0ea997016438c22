import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { BullModule } from '@nestjs/bullmq';
import { ANALYSES_QUEUE } from '@cda/shared';
import { HealthController } from './health.controller';
import { QueuesModule } from '../queues/queues.module';
import { DependencyDownFilter } from '../common/dependency-down.filter';

@Module({
  imports: [TerminusModule, BullModule.registerQueue({ name: ANALYSES_QUEUE }), QueuesModule],
  controllers: [HealthController],
  // Outages of Postgres or Redis answer 503 in pt-BR on every route, next to the readiness check that reports them.
  providers: [{ provide: APP_FILTER, useClass: DependencyDownFilter }],
})
export class HealthModule {}
