import type { AnalysisParams } from '../analysis';
import type { WebhookDeliveryJob } from '../automation';

/**
 * Every BullMQ queue, each job name on it and the data that job carries. Producers (`enqueue`,
 * job schedulers) and consumers (the worker, the maintenance processor) are typed from this one map,
 * so a job added with the wrong name or data is a compile error on the producer's side.
 */
export const QUEUES = {
  /** Uploads waiting for a worker process (worker/src/main.ts). */
  analyses: 'analyses',
  /** Repeatable housekeeping and the database backups, run by the API itself (maintenance.processor.ts). */
  maintenance: 'maintenance',
  /** Signed POSTs to users' webhook endpoints, retried with back-off (shared/src/automation.ts). */
  webhooks: 'webhooks',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface JobFile {
  key: string;
  name: string;
  pages: number;
}

/** Ids and keys only: document text never travels through Redis. */
export interface AnalysisJobPayload {
  analysisId: string;
  userId: string;
  files: JobFile[];
  params: AnalysisParams;
  /** The upload's request id, so one id follows the analysis from the API log to the worker's. */
  requestId?: string;
}

/**
 * Job `regenerate` on the analyses queue: rebuild both workbooks and the simulation of a finished
 * analysis from its stored records, after a correction or a re-simulation (issue #24). The PDFs are
 * gone by then (LGPD), so nothing is extracted again. `version` is the analysis version asked for: a
 * newer request supersedes an older one that has not run yet.
 */
export interface RegenerateJobPayload {
  analysisId: string;
  userId: string;
  version: number;
  requestId?: string;
}

/** A backup asked for by an admin carries its record; a scheduled one has none and makes its own. */
export interface BackupJobPayload {
  backupId?: string;
  trigger?: 'scheduled';
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** The maintenance queue's repeatable tasks (they carry no data) and how often each runs. */
export const MAINTENANCE_TASKS = [
  { name: 'renew-allowances', every: HOUR },
  { name: 'purge-stale-uploads', every: HOUR },
  { name: 'purge-auth-leftovers', every: HOUR },
  // Expired upload idempotency keys (24 h) and webhook deliveries older than 90 days.
  { name: 'purge-automation-leftovers', every: HOUR },
  // Every minute: it is also what ends analyses held by a worker that died with no other to retake them.
  { name: 'sweep-stuck-analyses', every: MINUTE },
  { name: 'reconcile-orders', every: 10 * MINUTE },
  // The privacy policy's retention rules; each run logs what it deleted.
  { name: 'retention-deleted-accounts', every: 6 * HOUR },
  { name: 'retention-access-logs', every: 6 * HOUR },
  { name: 'retention-payment-records', every: 24 * HOUR },
] as const;
export type MaintenanceTask = (typeof MAINTENANCE_TASKS)[number]['name'];

/** A job with nothing to carry. */
export type NoPayload = Record<string, never>;

export const JOBS = {
  analyze: 'analyze',
  regenerate: 'regenerate',
  backup: 'backup',
  deliverWebhook: 'deliver',
} as const;

/** Queue name → job name → data. */
export interface QueueJobs {
  analyses: { [JOBS.analyze]: AnalysisJobPayload; [JOBS.regenerate]: RegenerateJobPayload };
  maintenance: { [JOBS.backup]: BackupJobPayload } & { [T in MaintenanceTask]: NoPayload };
  webhooks: { [JOBS.deliverWebhook]: WebhookDeliveryJob };
}

export type JobName<Q extends QueueName> = keyof QueueJobs[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = QueueJobs[Q][N];

/** One job as a consumer sees it: its name tells the type of its data. */
export type JobOf<Q extends QueueName> = { [N in JobName<Q>]: { name: N; data: JobData<Q, N> } }[JobName<Q>];

/** A consumer's handler per job name of a queue. */
export type JobHandlers<Q extends QueueName, R> = { [N in JobName<Q>]: (data: JobData<Q, N>) => Promise<R> };

/** Whether `name` is a job of queue `q` (a job left on Redis by an older release may not be). */
export function isJobName<Q extends QueueName>(handlers: JobHandlers<Q, unknown>, name: string): name is JobName<Q> {
  return Object.prototype.hasOwnProperty.call(handlers, name);
}

/** Runs the handler of the job's name with the job's data, both typed from the contract. */
export function runJob<Q extends QueueName, N extends JobName<Q>, R>(handlers: JobHandlers<Q, R>, name: N, data: JobData<Q, N>): Promise<R> {
  const handler: (data: JobData<Q, N>) => Promise<R> = handlers[name];
  return handler(data);
}

/**
 * What a producer needs of a queue. A BullMQ `Queue` is one as it is (its `add` takes any name and
 * data); seen through this type, `add` accepts only the contract's names with their data.
 */
export interface JobProducer<Q extends QueueName, Opts = object, Added = unknown> {
  /** Never set: it only lets `enqueue` tell the queue from the declared type. */
  readonly queueContract?: Q;
  add<N extends JobName<Q>>(name: N, data: JobData<Q, N>, opts?: Opts): Promise<Added>;
}

/** The one way to add a job: `enqueue(queue, 'analyze', payload, opts)`. */
export function enqueue<Q extends QueueName, N extends JobName<Q>, Opts, Added>(
  queue: JobProducer<Q, Opts, Added>,
  name: N,
  data: JobData<Q, N>,
  opts?: Opts,
): Promise<Added> {
  return queue.add(name, data, opts);
}

/** The analysis id a job carries, if any (the queue monitor lists failed jobs of every queue). */
export function jobAnalysisId(data: unknown): string | null {
  return typeof data === 'object' && data !== null && 'analysisId' in data && typeof data.analysisId === 'string' ? data.analysisId : null;
}
