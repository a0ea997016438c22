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

/** The announcement stored under a worker's key, or null for anything else found there. */
export function decodeWorkerAnnouncement(raw: string): WorkerAnnouncement | null {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const text = ['id', 'host', 'version', 'startedAt', 'lastSeen'] as const;
  const numbers = ['pid', 'concurrency', 'activeJobs', 'metricsPort'] as const;
  const get = (k: string): unknown => Reflect.get(v, k);
  const [id, host, version, startedAt, lastSeen] = text.map(get);
  const [pid, concurrency, activeJobs, metricsPort] = numbers.map(get);
  if (typeof id !== 'string' || typeof host !== 'string' || typeof version !== 'string' || typeof startedAt !== 'string' || typeof lastSeen !== 'string') return null;
  if (typeof pid !== 'number' || typeof concurrency !== 'number' || typeof activeJobs !== 'number' || typeof metricsPort !== 'number') return null;
  return { id, host, pid, concurrency, version, startedAt, lastSeen, activeJobs, metricsPort };
}
