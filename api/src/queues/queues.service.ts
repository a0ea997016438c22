import { ConflictException, Injectable, NotFoundException, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { InjectQueue } from '@nestjs/bullmq';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  AnalysisStatus,
  AppConfig,
  FailedJob,
  QUEUES,
  QueueName,
  QueuesOverview,
  QUEUE_JOB_STATES,
  ProcessingStatus,
  QueueStats,
  WorkerAnnouncement,
  decodeWorkerAnnouncement,
  jobAnalysisId,
  redisOptionsFromUrl,
} from '@cda/shared';

export type { FailedJob, QueueStats };

const STATES = QUEUE_JOB_STATES;

/** What operators need to scale workers: depth, throughput, who is consuming, what failed. */
@Injectable()
export class QueuesService implements OnApplicationShutdown {
  private readonly queues: Map<string, Queue>;
  private readonly redis: Redis;

  constructor(
    @InjectQueue(QUEUES.analyses) analyses: Queue,
    @InjectQueue(QUEUES.maintenance) maintenance: Queue,
    @InjectQueue(QUEUES.webhooks) webhooks: Queue,
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: ConfigService<AppConfig, true>,
  ) {
    // Typed over every name in the contracts map: a queue added there and not monitored here is a compile error.
    const byName: Record<QueueName, Queue> = { analyses, maintenance, webhooks };
    this.queues = new Map(Object.values(QUEUES).map((name) => [name, byName[name]]));
    this.redis = new Redis(redisOptionsFromUrl(config.get('redisUrl', { infer: true })));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }

  /** The queue page: counts, live workers, and since when there has been none. */
  async overview(): Promise<QueuesOverview> {
    const [queues, workers, processing] = await Promise.all([this.stats(), this.workers(), this.processingStatus()]);
    return { queues, workers, processing };
  }

  async stats(): Promise<QueueStats[]> {
    return Promise.all([...this.queues.values()].map((q) => this.statsOf(q)));
  }

  private async statsOf(q: Queue): Promise<QueueStats> {
    const [counts, paused, metrics] = await Promise.all([q.getJobCounts(...STATES), q.isPaused(), q.getMetrics('completed', 0, 14)]);
    // BullMQ keeps per-minute completion counts (newest first) when workers run with `metrics` enabled.
    const perMinute = metrics.data.map(Number);
    return {
      name: q.name,
      paused,
      counts: Object.fromEntries(STATES.map((s) => [s, counts[s] ?? 0])) as QueueStats['counts'],
      throughput: {
        lastMinute: perMinute[0] ?? 0,
        perMinute15: perMinute.length ? perMinute.reduce((a, b) => a + b, 0) / 15 : 0,
        total: Number(metrics.meta.count ?? 0),
      },
    };
  }

  /** Live workers from their announcements; a worker that stopped announcing drops out when its key expires. */
  async workers(): Promise<WorkerAnnouncement[]> {
    const redis = this.redis;
    const pattern = `${this.config.get('queuePrefix', { infer: true })}:workers:*`;
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 200);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    const values = keys.length ? await redis.mget(...keys) : [];
    return values
      .map((v) => (v === null ? null : decodeWorkerAnnouncement(v)))
      .filter((a): a is WorkerAnnouncement => a !== null)
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  /**
   * Live workers, and since when there has been none. The moment is kept in Redis (set once, cleared
   * when a worker is seen again) so every API instance reports, and alerts about, the same outage.
   */
  async processingStatus(): Promise<ProcessingStatus> {
    const alive = (await this.workers()).length;
    const key = `${this.config.get('queuePrefix', { infer: true })}:no-worker-since`;
    if (alive) {
      await this.redis.del(key);
      return { workersAlive: alive, noWorkerSince: null };
    }
    await this.redis.set(key, new Date().toISOString(), 'NX');
    return { workersAlive: 0, noWorkerSince: await this.redis.get(key) };
  }

  /** Whether a worker holds the job's lock (it renews it every WORKER_LOCK_MS / 2 while alive). */
  async analysisJobLocked(jobId: string): Promise<boolean> {
    return (await this.redis.exists(this.queues.get(QUEUES.analyses)!.toKey(`${jobId}:lock`))) === 1;
  }

  /** Analysis jobs waiting for a worker or held by one. */
  async pendingAnalysisJobs(): Promise<number> {
    const counts = await this.queues.get(QUEUES.analyses)!.getJobCounts('waiting', 'active', 'prioritized', 'delayed');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  async failed(name: string, page = 1, pageSize = 20): Promise<{ items: FailedJob[]; total: number }> {
    const q = this.queue(name);
    const [jobs, total] = await Promise.all([q.getFailed((page - 1) * pageSize, page * pageSize - 1), q.getFailedCount()]);
    return {
      total,
      items: jobs.map((j) => ({
        id: String(j.id),
        name: j.name,
        // Ids only: job data may never carry document content, and this list shows none.
        analysisId: jobAnalysisId(j.data),
        reason: j.failedReason,
        attempts: j.attemptsMade,
        failedAt: j.finishedOn ? new Date(j.finishedOn).toISOString() : null,
      })),
    };
  }

  /**
   * A failed analysis was already ended and refunded and its uploads deleted, so it cannot run again;
   * retrying is for jobs whose work is still owed (maintenance tasks, or an analysis still Processando).
   */
  async retry(name: string, id: string): Promise<void> {
    const q = this.queue(name);
    const job = await q.getJob(id);
    if (!job || (await job.getState()) !== 'failed') throw new NotFoundException('Tarefa com falha não encontrada.');
    const analysisId = jobAnalysisId(job.data);
    if (name === QUEUES.analyses && analysisId) {
      const [row] = await this.db.query(`SELECT status FROM analyses WHERE id = $1`, [analysisId]);
      if (!row || row.status !== AnalysisStatus.Processing) {
        throw new ConflictException('Esta análise já foi encerrada e os tokens estornados; peça ao usuário que envie os arquivos novamente.');
      }
    }
    await job.retry();
  }

  async setPaused(name: string, paused: boolean): Promise<void> {
    const q = this.queue(name);
    if (paused) await q.pause();
    else await q.resume();
  }

  private queue(name: string): Queue {
    const q = this.queues.get(name);
    if (!q) throw new NotFoundException('Fila inexistente.');
    return q;
  }
}
