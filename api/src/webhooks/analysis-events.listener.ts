import { once } from 'node:events';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import { AnalysisStatus, AnalysisStatusMessage, AppConfig, STATUS_CHANNEL, redisOptionsFromUrl } from '@cda/shared';
import { WebhooksService } from './webhooks.service';

/**
 * Hears every analysis status the workers (and the API itself) publish, and queues the webhook
 * events of those that ended. Every API instance hears each message; the queue's job ids dedupe.
 */
@Injectable()
export class AnalysisEventsListener implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AnalysisEventsListener.name);
  private subscriber?: Redis;

  constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly webhooks: WebhooksService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = new Redis(redisOptionsFromUrl(this.config.get('redisUrl', { infer: true })));
    this.subscriber.on('message', (_channel, raw: string) => {
      let msg: AnalysisStatusMessage;
      try {
        msg = JSON.parse(raw) as AnalysisStatusMessage;
      } catch {
        return;
      }
      if (msg.status === AnalysisStatus.Processing) return;
      this.webhooks.analysisEnded(msg.id).catch((err) => this.logger.error({ analysisId: msg.id, err: String(err) }, 'webhook events not queued'));
    });
    if (this.subscriber.status !== 'ready') await once(this.subscriber, 'ready');
    await this.subscriber.subscribe(STATUS_CHANNEL);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }
}
