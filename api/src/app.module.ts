import { randomUUID } from 'node:crypto';
import { isUUID } from 'class-validator';
import { Module, RequestMethod } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BullModule } from '@nestjs/bullmq';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig, redisOptionsFromUrl } from '@cda/shared';
import { AppConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { StorageModule } from './storage/storage.module';
import { AuthModule } from './auth/auth.module';
import { UsersModule } from './users/users.module';
import { MailModule } from './mail/mail.module';
import { AnalysesModule } from './analyses/analyses.module';
import { RealtimeModule } from './realtime/realtime.module';
import { HealthModule } from './health/health.module';
import { SettingsModule } from './settings/settings.module';
import { PlansModule } from './plans/plans.module';
import { TokensModule } from './tokens/tokens.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { MaintenanceModule } from './maintenance/maintenance.module';
import { MetricsModule } from './metrics/metrics.module';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import { AuditModule } from './audit/audit.module';
import { PaymentsModule } from './payments/payments.module';
import { QueuesModule } from './queues/queues.module';
import { TicketsModule } from './tickets/tickets.module';
import { AdminModule } from './admin/admin.module';
import { SecurityModule } from './security/security.module';
import { ReportsModule } from './reports/reports.module';
import { ApiTokensModule } from './api-tokens/api-tokens.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { TelemetryModule } from './telemetry/telemetry.module';
import { PushModule } from './push/push.module';

@Module({
  imports: [
    AppConfigModule,
    LoggerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => ({
        // Nest 11 route syntax; the default '*' triggers a legacy-route warning at every start.
        forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        pinoHttp: {
          level: config.get('logLevel', { infer: true }),
          // One id per request, generated here; a proxy's X-Request-Id is kept only when it is a UUID,
          // so a client cannot plant arbitrary text (or another request's id) in the logs and the job.
          genReqId: (req, res) => {
            const sent = req.headers['x-request-id'];
            const id = typeof sent === 'string' && isUUID(sent) ? sent : randomUUID();
            res.setHeader('X-Request-Id', id);
            return id;
          },
          // Never log bearer tokens or cookies.
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
        },
      }),
    }),
    TypeOrmModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => ({
        // Migrations run before the app starts (main.ts), under a lock shared by all instances.
        ...dataSourceOptions(config.get('databaseUrl', { infer: true })),
      }),
    }),
    BullModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AppConfig, true>) => ({
        connection: redisOptionsFromUrl(config.get('redisUrl', { infer: true })),
        prefix: config.get('queuePrefix', { infer: true }),
      }),
    }),
    StorageModule,
    SettingsModule,
    PlansModule,
    TokensModule,
    DashboardModule,
    MaintenanceModule,
    MetricsModule,
    LifecycleModule,
    AuditModule,
    PaymentsModule,
    QueuesModule,
    TicketsModule,
    AuthModule,
    UsersModule,
    MailModule,
    AnalysesModule,
    RealtimeModule,
    HealthModule,
    AdminModule,
    SecurityModule,
    ReportsModule,
    ApiTokensModule,
    WebhooksModule,
    TelemetryModule,
    PushModule,
  ],
})
export class AppModule {}
