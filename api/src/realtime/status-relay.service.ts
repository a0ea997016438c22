import { once } from 'node:events';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import { AppConfig, AnalysisStatusMessage, STATUS_CHANNEL, redisOptionsFromUrl } from '@cda/shared';
import { RealtimeGateway } from './realtime.gateway';

/** Workers publish status on Redis; this relays each message to the owner's socket room. */
@Injectable()
export class StatusRelayService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(StatusRelayService.name);
  private subscriber?: Redis;

  constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly gateway: RealtimeGateway,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = new Redis(redisOptionsFromUrl(this.config.get('redisUrl', { infer: true })));
    this.subscriber.on('message', (_channel, raw) => this.relay(raw));
    // Subscribing before the connection is ready makes ioredis' ready check fail in subscriber mode.
    if (this.subscriber.status !== 'ready') await once(this.subscriber, 'ready');
    await this.subscriber.subscribe(STATUS_CHANNEL);
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
  }
}
