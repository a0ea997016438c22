import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { AnalysisStatus, AppConfig, CHANNELS } from '@cda/shared';
import { listen, type StopListening } from '../common/channel-listener';
import { WebhooksService } from './webhooks.service';

/**
 * Hears every analysis status the workers (and the API itself) publish, and queues the webhook
 * events of those that ended. Every API instance hears each message; the queue's job ids dedupe.
 */
@Injectable()
export class AnalysisEventsListener implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AnalysisEventsListener.name);
  private stopListening?: StopListening;

  constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly webhooks: WebhooksService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.stopListening = await listen(this.config.get('redisUrl', { infer: true }), CHANNELS.analysisStatus, {
      onMessage: async (msg) => {
        if (msg.status !== AnalysisStatus.Processing) await this.webhooks.analysisEnded(msg.id);
      },
      onError: (err) => this.logger.error({ err: err.message }, 'webhook events not queued'),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopListening?.();
  }
}
