import { INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { ConfigService } from '@nestjs/config';
import { AppModule } from './app.module';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { MetricsService } from './metrics/metrics.service';
import { httpMetrics } from './metrics/http-metrics.middleware';

/** Builds the configured app; main.ts and the integration tests share it so tests run what production runs. */
export async function createApp(): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.use(httpMetrics(app.get(MetricsService)));
  app.useWebSocketAdapter(new RedisIoAdapter(app, app.get(ConfigService).get<string>('redisUrl')!));
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
  const doc = new DocumentBuilder().setTitle('CDA Extractor API').setVersion('0.1.0').addBearerAuth().build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, doc));
  return app;
}
