import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BullModule } from '@nestjs/bullmq';
import { ANALYSES_QUEUE } from '@cda/shared';
import { Analysis } from './analysis.entity';
import { AnalysisFile } from './analysis-file.entity';
import { AnalysisCertificate, CertificateEdit } from './analysis-certificate.entity';
import { AnalysisReviewService } from './analysis-review.service';
import { AnalysesController } from './analyses.controller';
import { AnalysesService } from './analyses.service';
import { PdfUploadInterceptor } from './pdf-upload.interceptor';
import { PageCounter } from './page-counter.service';
import { RealtimeModule } from '../realtime/realtime.module';

@Module({
  imports: [TypeOrmModule.forFeature([Analysis, AnalysisFile, AnalysisCertificate, CertificateEdit]), BullModule.registerQueue({ name: ANALYSES_QUEUE }), RealtimeModule],
  controllers: [AnalysesController],
  providers: [AnalysesService, AnalysisReviewService, PdfUploadInterceptor, PageCounter],
  exports: [AnalysesService, AnalysisReviewService],
})
export class AnalysesModule {}
