import { Module } from '@nestjs/common';
import { AdminReportsController } from './admin-reports.controller';
import { ReportsService } from './reports.service';
import { TelemetryModule } from '../telemetry/telemetry.module';

/** Admin reports: SQL aggregates over users, analyses, files and orders (tables other modules own). */
@Module({ imports: [TelemetryModule], controllers: [AdminReportsController], providers: [ReportsService] })
export class ReportsModule {}
