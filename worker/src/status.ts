import type Redis from 'ioredis';
import { AnalysisStatusMessage, CHANNELS, publish } from '@cda/shared';

export type PublishStatus = (msg: AnalysisStatusMessage) => Promise<void>;

export function createStatusPublisher(redis: Redis): PublishStatus {
  return (msg) => publish(redis, CHANNELS.analysisStatus, msg);
}
