import Redis from 'ioredis';
import { AnalysisStatusMessage, STATUS_CHANNEL } from '@cda/shared';

export type PublishStatus = (msg: AnalysisStatusMessage) => Promise<void>;

export function createStatusPublisher(redis: Redis): PublishStatus {
  return async (msg) => {
    await redis.publish(STATUS_CHANNEL, JSON.stringify(msg));
  };
}
