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
