import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { QUEUE_STATS_EVENT, QueuesOverview, rooms } from '@cda/shared';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { QueuesService } from './queues.service';

export { QUEUE_STATS_EVENT };
const INTERVAL_MS = 2000;

/** Pushes queue stats to the admins connected to this instance; costs nothing when none is watching. */
@Injectable()
export class QueueStatsBroadcaster implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QueueStatsBroadcaster.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly queues: QueuesService,
    private readonly gateway: RealtimeGateway,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.tick(), INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    const server = this.gateway.server;
    if (!server?.sockets?.adapter?.rooms.get(rooms.admins)?.size) return;
    try {
      const overview: QueuesOverview = { ...(await this.queues.overview()), at: new Date().toISOString() };
      server.local.to(rooms.admins).emit(QUEUE_STATS_EVENT, overview);
    } catch (err) {
      this.logger.warn({ err }, 'could not broadcast queue stats');
    }
  }
}
