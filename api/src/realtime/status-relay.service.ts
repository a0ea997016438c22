import { once } from 'node:events';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import { AppConfig, AnalysisStatusMessage, STATUS_CHANNEL, redisOptionsFromUrl } from '@cda/shared';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Workers publish status on Redis; this relays each message to the owner's socket room. The API
 * publishes the statuses it decides itself on the same channel (`publish`), so every instance relays
 * them and the mailer hears them like a worker's.
 */
@Injectable()
export class StatusRelayService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(StatusRelayService.name);
  private subscriber?: Redis;
  private publisher?: Redis;

  constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly gateway: RealtimeGateway,
  ) {}

  async onModuleInit(): Promise<void> {
    const options = redisOptionsFromUrl(this.config.get('redisUrl', { infer: true }));
    // A subscribed connection cannot publish: one of each. Redis down costs a publish 1 s, not a hung request.
    this.publisher = new Redis({ ...options, lazyConnect: true, commandTimeout: 1000 });
    this.subscriber = new Redis(options);
    this.subscriber.on('message', (_channel, raw) => this.relay(raw));
    // Subscribing before the connection is ready makes ioredis' ready check fail in subscriber mode.
    if (this.subscriber.status !== 'ready') await once(this.subscriber, 'ready');
    await this.subscriber.subscribe(STATUS_CHANNEL);
  }

  async publish(message: AnalysisStatusMessage): Promise<void> {
    if (!this.publisher) throw new Error('status publisher not started');
    await this.publisher.publish(STATUS_CHANNEL, JSON.stringify(message));
  }

  private relay(raw: string): void {
    let msg: AnalysisStatusMessage;
    try {
      msg = JSON.parse(raw) as AnalysisStatusMessage;
    } catch {
      this.logger.warn({ raw: raw.slice(0, 200) }, 'ignored malformed status message');
      return;
    }
    const { userId, ...event } = msg;
    this.gateway.relayAnalysisStatus(userId, event);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
    await this.publisher?.quit().catch(() => undefined);
  }
}
