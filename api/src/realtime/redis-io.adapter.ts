import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { redisOptionsFromUrl } from '@cda/shared';
import { SettingsService } from '../settings/settings.service';
import { socketCorsOrigin } from '../security/cors';

/**
 * socket.io over Redis: an event emitted by any API instance reaches sockets connected to any other,
 * so browsers may land on whichever instance the load balancer picks.
 */
export class RedisIoAdapter extends IoAdapter {
  private pub?: Redis;
  private sub?: Redis;

  constructor(
    private readonly app: INestApplicationContext,
    private readonly redisUrl: string,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    // Cross-origin handshakes follow the admin's CORS settings, like the REST API.
    const settings = this.app.get(SettingsService, { strict: false });
    const server: Server = super.createIOServer(port, { ...options, cors: { origin: socketCorsOrigin(settings), credentials: true } } as ServerOptions);
    this.pub = new Redis(redisOptionsFromUrl(this.redisUrl));
    this.sub = this.pub.duplicate();
    server.adapter(createAdapter(this.pub, this.sub));
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    await Promise.allSettled([this.pub?.quit(), this.sub?.quit()]);
  }
}
