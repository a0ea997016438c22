import type { AnalysisStatus } from './analysis';

export const SocketEvents = {
  AnalysisStatus: 'analysis:status',
} as const;

/** Redis pub/sub channel on which workers publish status for the API to relay. */
export const STATUS_CHANNEL = 'cda:analysis-status';

export interface AnalysisStatusEvent {
  id: string;
  status: AnalysisStatus;
  processedFiles: number;
  totalFiles: number;
  error?: string;
}

/** What a worker publishes: the browser event plus the room it is for. */
export interface AnalysisStatusMessage extends AnalysisStatusEvent {
  userId: string;
}

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  admins: 'admins',
};

/** Workers announce themselves under this Redis key (refreshed, with a TTL) for the queue monitor. */
export const workerRegistryKey = (queuePrefix: string, workerId: string) => `${queuePrefix}:workers:${workerId}`;
export const WORKER_ANNOUNCE_INTERVAL_MS = 10_000;

export interface WorkerAnnouncement {
  id: string;
  host: string;
  pid: number;
  concurrency: number;
  version: string;
  startedAt: string;
  lastSeen: string;
  activeJobs: number;
  metricsPort: number;
}
