import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import { AnalysisStatus, AppConfig, CHANNELS, redisOptionsFromUrl, subscribe } from '@cda/shared';
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
    await subscribe(this.subscriber, CHANNELS.analysisStatus, {
      onMessage: async (msg) => {
        if (msg.status !== AnalysisStatus.Processing) await this.webhooks.analysisEnded(msg.id);
      },
      onError: (err) => this.logger.error({ err: err.message }, 'webhook events not queued'),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }
}
