import { Module } from '@nestjs/common';
import { AnalysesModule } from '../analyses/analyses.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

@Module({ imports: [AnalysesModule], controllers: [DashboardController], providers: [DashboardService] })
export class DashboardModule {}
