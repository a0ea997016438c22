import Redis from 'ioredis';
import { type ChannelName, redisOptionsFromUrl, subscribe, type Subscription } from '@cda/shared';

/** Ends a listener's subscription (its connection is closed; errors on the way out are moot). */
export type StopListening = () => Promise<void>;

/**
 * Listens to one typed Redis channel on a connection of its own (a subscribed connection can do
 * nothing else), once the subscription is in place. The API's listeners (status relay, mailer, push,
 * webhooks, settings) all start this way and stop with the function it returns.
 */
export async function listen<C extends ChannelName>(redisUrl: string, channel: C, sub: Subscription<C>): Promise<StopListening> {
  const redis = new Redis(redisOptionsFromUrl(redisUrl));
  await subscribe(redis, channel, sub);
  return async () => {
    await redis.quit().catch(() => undefined);
  };
}
