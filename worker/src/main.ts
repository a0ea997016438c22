import os from 'node:os';
import { DelayedError, Job, MetricsTime, UnrecoverableError, Worker } from 'bullmq';
import Redis from 'ioredis';
import { Pool } from 'pg';
import {
  CHANNELS,
  JOBS,
  JobData,
  JobName,
  QUEUES,
  WORKER_ANNOUNCE_INTERVAL_MS,
  WorkerAnnouncement,
  loadConfig,
  redisOptionsFromUrl,
  subscribe,
  workerRegistryKey,
} from '@cda/shared';
import { logger } from './logger';
import { createObjectStore } from './storage';
import { AnalysisStore } from './db';
import { createStatusPublisher } from './status';
import { errorOutcome, finish, runAnalysisWithDeadline } from './pipeline';
import { runRegeneration } from './regenerate';
import { metrics } from './metrics';
import { startOpsServer } from './ops-server';

/** Ending a failed analysis is retried every 2 s for up to 10 minutes (a database outage). */
const FINISH_RETRIES = 300;
const FINISH_RETRY_MS = 2000;
const INTERNAL_FAILURE = 'Falha interna ao processar a análise. Tente novamente; se persistir, abra um chamado.';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const VERSION: string = require('../package.json').version;

/** The one job this worker takes, typed from the contract (shared/src/contracts/queues.ts). */
type AnalysisJob = Job<JobData<'analyses', 'analyze'>, void, typeof JOBS.analyze>;
type RegenerateJob = Job<JobData<'analyses', 'regenerate'>, void, typeof JOBS.regenerate>;
/** The analyses queue carries both: `analyze` (an upload) and `regenerate` (a correction or re-simulation, issue #24). */
type AnalysesQueueJob = AnalysisJob | RegenerateJob;

async function main() {
  const config = loadConfig();
  if (config.workerNice) {
    try {
      os.setPriority(Math.min(19, Math.max(0, config.workerNice)));
    } catch (err) {
      logger.warn({ err: (err as Error).message, nice: config.workerNice }, 'could not lower the worker priority');
    }
  }
  const connection = redisOptionsFromUrl(config.redisUrl);
  const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
  // A Postgres restart drops every connection: an idle client's error reaches the pool, a checked-out
  // client's reaches the client itself. Unhandled, either kills the worker; the query in flight still
  // fails and its job is retried.
  pool.on('error', (err) => logger.warn({ err: err.message }, 'idle database connection lost'));
  pool.on('connect', (client) => client.on('error', (err) => logger.warn({ err: err.message }, 'database connection lost')));
  const redis = new Redis(connection);
  const settingsRedis = new Redis(connection);
  const db = new AnalysisStore(pool);
  const deps = { store: createObjectStore(config), db, publish: createStatusPublisher(redis), log: logger };
  const stopping = new AbortController();

  // Admin settings win over the environment's default once saved; they are re-read when announced.
  let system = await db.settings('system');
  if (await db.isSaved('system', 'logLevel')) logger.level = system.logLevel;
  const worker = new Worker<JobData<'analyses', JobName<'analyses'>>, void, JobName<'analyses'>>(
    QUEUES.analyses,
    (job, token) => processJob(job as AnalysesQueueJob, token),
    {
    connection,
    prefix: config.queuePrefix,
    concurrency: system.maxConcurrentAnalyses || config.workerConcurrency,
    lockDuration: config.workerLockMs,
    stalledInterval: Math.max(1000, Math.floor(config.workerLockMs / 2)),
    maxStalledCount: 1,
    // Per-minute completion counts for the queue monitor's throughput.
    metrics: { maxDataPoints: MetricsTime.ONE_WEEK },
  });
  metrics.concurrency.set(worker.concurrency);

  async function processJob(job: AnalysesQueueJob, token?: string): Promise<void> {
    if (job.name === JOBS.regenerate) {
      const data = (job as RegenerateJob).data;
      await runRegeneration(data, { ...deps, log: logger.child({ jobId: job.id, analysisId: data.analysisId, requestId: data.requestId }) });
      return;
    }
    return processAnalysis(job as AnalysisJob, token);
  }

  async function processAnalysis(job: AnalysisJob, token?: string): Promise<void> {
    const log = logger.child({ jobId: job.id, analysisId: job.data.analysisId, requestId: job.data.requestId });
    const started = Date.now();
    metrics.activeJobs.inc();
    try {
      const outcome = await runAnalysisWithDeadline(job.data, { ...deps, log }, system.analysisTimeoutSeconds * 1000, stopping.signal);
      if (outcome === 'interrupted') {
        // Back to the queue at once, without spending an attempt: another worker takes it from the start.
        log.info('worker stopping: job handed back to the queue');
        await job.moveToDelayed(Date.now(), token);
        throw new DelayedError();
      }
      metrics.jobDuration.observe((Date.now() - started) / 1000);
    } finally {
      metrics.activeJobs.dec();
    }
  }

  await subscribe(settingsRedis, CHANNELS.settingsChanged, {
    onMessage: async (section) => {
      if (section !== 'system') return;
      system = await db.settings('system');
      worker.concurrency = system.maxConcurrentAnalyses;
      metrics.concurrency.set(worker.concurrency);
      logger.level = system.logLevel;
      logger.info({ concurrency: system.maxConcurrentAnalyses, timeoutS: system.analysisTimeoutSeconds }, 'settings reloaded');
    },
    onError: (err) => logger.error({ err }, 'could not reload settings'),
  });

  worker.on('failed', (job, err) => void onFailed(job as AnalysesQueueJob | undefined, err));
  worker.on('error', (err) => logger.error({ err }, 'worker error'));

  /** Only the last failure ends the analysis; earlier ones are retried by BullMQ with back-off. */
  async function onFailed(anyJob: AnalysesQueueJob | undefined, err: Error) {
    if (!anyJob || err instanceof DelayedError) return;
    if (anyJob.name === JOBS.regenerate) {
      // The analysis stays as it was (the previous workbooks remain current); its page shows the reason.
      const data = (anyJob as RegenerateJob).data;
      const final = (await anyJob.getState().catch(() => 'unknown')) === 'failed';
      logger.error({ analysisId: data.analysisId, version: data.version, final, err: err.message }, 'regeneration failed');
      if (final) {
        await db
          .failRegeneration(data.analysisId, data.version, 'Não foi possível gerar as planilhas desta versão. Simule novamente para tentar de novo.')
          .catch((e) => logger.error({ err: e }, 'could not record the regeneration failure'));
      }
      return;
    }
    const job = anyJob as AnalysisJob;
    const state = await job.getState().catch(() => 'unknown');
    const final = err instanceof UnrecoverableError || state === 'failed';
    logger.error({ analysisId: job.data.analysisId, jobId: job.id, attempt: job.attemptsMade, state, final, err: err.message }, 'job failed');
    if (!final) return;
    // The last attempt often fails because the database is down: keep trying to end the analysis
    // (and refund it) until it is back, rather than leave it Processando for the stuck-analysis sweep.
    for (let attempt = 1; ; attempt++) {
      try {
        await finish(job.data, deps, errorOutcome(INTERNAL_FAILURE));
        return;
      } catch (e) {
        if (attempt >= FINISH_RETRIES || stopping.signal.aborted) {
          logger.error({ analysisId: job.data.analysisId, err: e }, 'could not record the failure');
          return;
        }
        logger.warn({ analysisId: job.data.analysisId, attempt, err: (e as Error).message }, 'could not record the failure yet; retrying');
        await new Promise((r) => setTimeout(r, FINISH_RETRY_MS));
      }
    }
  }

  await worker.waitUntilReady();
  const ops = await startOpsServer(config.workerMetricsPort, () => !stopping.signal.aborted && worker.isRunning(), config.workerMetricsHost);

  // The queue monitor lists live workers from these keys; a dead worker's key expires on its own.
  const id = `${os.hostname()}:${process.pid}`;
  const startedAt = new Date().toISOString();
  const announce = async () => {
    const a: WorkerAnnouncement = {
      id,
      host: os.hostname(),
      pid: process.pid,
      concurrency: worker.concurrency,
      version: VERSION,
      startedAt,
      lastSeen: new Date().toISOString(),
      activeJobs: (await metrics.activeJobs.get()).values[0]?.value ?? 0,
      metricsPort: ops.port,
    };
    await redis.set(workerRegistryKey(config.queuePrefix, id), JSON.stringify(a), 'PX', WORKER_ANNOUNCE_INTERVAL_MS * 3);
  };
  await announce();
  const announcer = setInterval(() => announce().catch((err) => logger.warn({ err }, 'could not announce')), WORKER_ANNOUNCE_INTERVAL_MS);
  logger.info({ pid: process.pid, nice: os.getPriority(), concurrency: worker.concurrency, prefix: config.queuePrefix, metricsPort: ops.port }, 'worker ready');

  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    const grace = config.workerShutdownGraceMs;
    logger.info({ signal, graceMs: grace }, 'worker stopping: no new jobs, finishing those in hand');
    clearInterval(announcer);
    const closed = worker.close();
    const timer = setTimeout(() => {
      // Past the grace period: stop between files and hand the jobs back to the queue.
      logger.warn('grace period over: handing unfinished jobs back to the queue');
      stopping.abort();
    }, grace);
    const hardStop = setTimeout(() => {
      logger.error('jobs did not stop in time: forcing; their locks will expire and another worker will retake them');
      void worker.close(true);
    }, grace + Math.max(5000, config.workerLockMs));
    await closed;
    clearTimeout(timer);
    clearTimeout(hardStop);
    await redis.del(workerRegistryKey(config.queuePrefix, id)).catch(() => undefined);
    await Promise.allSettled([ops.close(), pool.end(), redis.quit(), settingsRedis.quit()]);
    logger.info('worker stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  logger.fatal({ err }, 'worker failed to start');
  process.exit(1);
});
