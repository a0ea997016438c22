import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import { AppConfig, AnalysisStatusMessage, CHANNELS, publish, redisOptionsFromUrl } from '@cda/shared';
import { listen, type StopListening } from '../common/channel-listener';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Workers publish status on Redis; this relays each message to the owner's socket room. The API
 * publishes the statuses it decides itself on the same channel (`publish`), so every instance relays
 * them and the mailer hears them like a worker's.
 */
@Injectable()
export class StatusRelayService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(StatusRelayService.name);
  private stopListening?: StopListening;
  private publisher?: Redis;

  constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly gateway: RealtimeGateway,
  ) {}

  async onModuleInit(): Promise<void> {
    const options = redisOptionsFromUrl(this.config.get('redisUrl', { infer: true }));
    // A subscribed connection cannot publish: one of each. Redis down costs a publish 1 s, not a hung request.
    this.publisher = new Redis({ ...options, lazyConnect: true, commandTimeout: 1000 });
    this.stopListening = await listen(this.config.get('redisUrl', { infer: true }), CHANNELS.analysisStatus, {
      onMessage: ({ userId, ...event }) => this.gateway.relayAnalysisStatus(userId, event),
      onError: (err) => this.logger.warn({ err: err.message }, 'status message not relayed'),
      onMalformed: (raw) => this.logger.warn({ raw }, 'ignored malformed status message'),
    });
  }

  async publish(message: AnalysisStatusMessage): Promise<void> {
    if (!this.publisher) throw new Error('status publisher not started');
    await publish(this.publisher, CHANNELS.analysisStatus, message);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopListening?.();
    await this.publisher?.quit().catch(() => undefined);
  }
}
