import { Module } from '@nestjs/common';
import { AnalyticsService } from './analytics.service';
import { ErrorReportingService } from './error-reporting.service';
import { AdminErrorReportingController, TelemetryController } from './telemetry.controller';

/** System settings that act: product analytics in our database, error reporting to a Sentry-compatible DSN. */
@Module({
  controllers: [TelemetryController, AdminErrorReportingController],
  providers: [AnalyticsService, ErrorReportingService],
  exports: [AnalyticsService],
})
export class TelemetryModule {}
