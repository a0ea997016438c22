import { SOCKET_EVENTS } from './contracts/socket';
import type { WorkerAnnouncement } from './contracts/workers';

/** The queue monitor's figures, as the API answers them and pushes them to admins over socket.io. */
export const QUEUE_JOB_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed', 'paused', 'prioritized'] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

/** Socket event carrying a `QueuesOverview` to the admins' room every few seconds. */
export const QUEUE_STATS_EVENT = SOCKET_EVENTS.queuesStats;

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
  processing: ProcessingStatus;
  at?: string;
}

/**
 * Whether any worker is alive (a worker counts while its heartbeat key lives, i.e. up to three
 * announce intervals after its last one). With none, uploads are still accepted and wait in the
 * queue: the admin sees a banner and the simulator tells users their analyses are queued.
 */
export interface ProcessingStatus {
  workersAlive: number;
  /** When the API first saw no live worker (ISO), or null while some are alive. */
  noWorkerSince: string | null;
}

/** The pt-BR notices for a queue nobody consumes, one for users and one for the admin banner. */
export const NO_WORKER_USER_NOTICE =
  'O processamento está temporariamente parado. Você pode enviar seus arquivos normalmente: as análises ficam na fila e começam assim que o serviço voltar.';
export const NO_WORKER_ADMIN_NOTICE =
  'Nenhum worker ativo: as análises enviadas ficam na fila sem processamento. Verifique os processos de worker.';
