import { BadRequestException, INestApplication, ValidationPipe } from '@nestjs/common';
import helmet from 'helmet';
import { validationMessages } from './common/validation-messages';
import { NestFactory } from '@nestjs/core';
import { SwaggerModule } from '@nestjs/swagger';
import { buildOpenApiDocument } from './openapi/document';
import { Logger } from 'nestjs-pino';
import { ConfigService } from '@nestjs/config';
import { AppModule } from './app.module';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { MetricsService } from './metrics/metrics.service';
import { httpMetrics } from './metrics/http-metrics.middleware';
import { SettingsService } from './settings/settings.service';
import { corsFromSettings } from './security/cors';

/** Builds the configured app; main.ts and the integration tests share it so tests run what production runs. */
export async function createApp(): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  // Security headers on every answer (nosniff, frame and referrer policies, no X-Powered-By). No CSP:
  // the API answers JSON and files, and the OpenAPI page at /api/docs relies on inline styles.
  app.use(helmet({ contentSecurityPolicy: false }));
  app.use(httpMetrics(app.get(MetricsService)));
  app.enableCors(corsFromSettings(app.get(SettingsService)));
  app.useWebSocketAdapter(new RedisIoAdapter(app, app.get(ConfigService).get<string>('redisUrl')!));
  app.setGlobalPrefix('api');
  // X-Forwarded-For only from the configured proxies (TRUSTED_PROXIES): from anyone else it is the
  // client's own claim, and rate limits, the login throttle and the access records key on the address.
  const trusted = app.get(ConfigService).get<string[]>('trustedProxies') ?? [];
  app.getHttpAdapter().getInstance().set('trust proxy', trusted.length ? trusted : false);
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => new BadRequestException(validationMessages(errors)),
    }),
  );
  // The contract (summaries, typed answers, errors, batch API examples): src/openapi/, linted by `npm test`.
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app));
  return app;
}
