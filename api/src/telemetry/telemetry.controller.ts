import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { ApiTags } from '@nestjs/swagger';
import type { ClientTelemetryConfig } from '@cda/shared';
import { AdminGuard, JwtAuthGuard } from '../common/auth';
import { SettingsService } from '../settings/settings.service';
import { AnalyticsService } from './analytics.service';
import { ErrorReportingService } from './error-reporting.service';
import { UsageEventDto } from './telemetry.dto';

/** Public: every page (signed in or not) reads which switches apply to the browser and reports usage. */
@ApiTags('telemetry')
@Controller('telemetry')
export class TelemetryController {
  constructor(
    private readonly settings: SettingsService,
    private readonly analytics: AnalyticsService,
  ) {}

  @Get('config')
  async config(): Promise<ClientTelemetryConfig> {
    const s = await this.settings.get('system');
    return {
      analyticsEnabled: s.analyticsEnabled,
      errorReportingDsn: s.errorReportingEnabled && s.errorReportingDsn ? s.errorReportingDsn : null,
      assetBaseUrl: s.cdnEnabled && s.cdnBaseUrl ? s.cdnBaseUrl.replace(/\/+$/, '') : null,
    };
  }

  /** 204 either way: recorded when analytics is on, dropped when it is off. At most 120 a minute per address. */
  @Post('events')
  @HttpCode(204)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 120, ttl: 60_000 } })
  async event(@Body() dto: UsageEventDto): Promise<void> {
    await this.analytics.record(dto.name, dto.path);
  }
}

@ApiTags('admin')
@Controller('admin/settings/system')
@UseGuards(JwtAuthGuard, AdminGuard)
export class AdminErrorReportingController {
  constructor(private readonly errors: ErrorReportingService) {}

  @Post('error-test')
  @HttpCode(200)
  test(): Promise<{ sent: boolean }> {
    return this.errors.sendTest();
  }
}
