import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MAINTENANCE_QUEUE } from '@cda/shared';
import { Backup } from './backup.entity';
import { BackupsService } from './backups.service';
import { AdminBackupsController } from './admin-backups.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Backup]), BullModule.registerQueue({ name: MAINTENANCE_QUEUE })],
  controllers: [AdminBackupsController],
  providers: [BackupsService],
  exports: [BackupsService],
})
export class BackupsModule {}
