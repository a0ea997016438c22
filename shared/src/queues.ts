import type { WorkerAnnouncement } from './realtime';

/** The queue monitor's figures, as the API answers them and pushes them to admins over socket.io. */
export const QUEUE_JOB_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed', 'paused', 'prioritized'] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

/** Socket event carrying a `QueuesOverview` to the admins' room every few seconds. */
export const QUEUE_STATS_EVENT = 'queues:stats';

export interface QueueStats {
  name: string;
  paused: boolean;
  counts: Record<QueueJobState, number>;
  /**
   * Completed jobs in the last full minute and the average per minute over the last 15 full minutes
   * (BullMQ records a minute when it ends), plus the running total since metrics began.
   */
  throughput: { lastMinute: number; perMinute15: number; total: number };
}

export interface FailedJob {
  id: string;
  name: string;
  analysisId: string | null;
  reason: string;
  attempts: number;
  failedAt: string | null;
}

export interface QueuesOverview {
  queues: QueueStats[];
  workers: WorkerAnnouncement[];
  at?: string;
}
