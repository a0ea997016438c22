import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { ANALYSES_QUEUE, MAINTENANCE_QUEUE } from '@cda/shared';
import { AnalysesModule } from '../analyses/analyses.module';
import { MaintenanceService } from './maintenance.service';
import { MaintenanceProcessor } from './maintenance.processor';
import { BackupsModule } from '../backups/backups.module';
import { PrivacyModule } from '../privacy/privacy.module';
import { PaymentsModule } from '../payments/payments.module';
import { QueuesModule } from '../queues/queues.module';

@Module({
  imports: [BullModule.registerQueue({ name: MAINTENANCE_QUEUE }, { name: ANALYSES_QUEUE }), AnalysesModule, BackupsModule, PrivacyModule, PaymentsModule, QueuesModule],
  providers: [MaintenanceService, MaintenanceProcessor],
  exports: [MaintenanceService],
})
export class MaintenanceModule {}
