import { once } from 'node:events';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import Redis from 'ioredis';
import { Pool } from 'pg';
import {
  ANALYSES_QUEUE,
  AnalysisJobPayload,
  AnalysisStatus,
  SETTINGS_CHANNEL,
  loadConfig,
  redisOptionsFromUrl,
} from '@cda/shared';
import { logger } from './logger';
import { createObjectStore } from './storage';
import { AnalysisStore } from './db';
import { createStatusPublisher } from './status';
import { finish, runAnalysisWithDeadline } from './pipeline';

const INTERNAL_FAILURE = 'Falha interna ao processar a análise. Tente novamente; se persistir, abra um chamado.';

async function main() {
  const config = loadConfig();
  const connection = redisOptionsFromUrl(config.redisUrl);
  const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
  const publisherRedis = new Redis(connection);
  const settingsRedis = new Redis(connection);
  const db = new AnalysisStore(pool);
  const deps = { store: createObjectStore(config), db, publish: createStatusPublisher(publisherRedis), log: logger };

  // Admin settings win over the environment's default once saved; they are re-read when announced.
  let system = await db.systemSettings();
  const worker = new Worker<AnalysisJobPayload>(
    ANALYSES_QUEUE,
    (job) => runAnalysisWithDeadline(job.data, deps, system.analysisTimeoutSeconds * 1000),
    {
      connection,
      prefix: config.queuePrefix,
      concurrency: system.maxConcurrentAnalyses || config.workerConcurrency,
      lockDuration: config.workerLockMs,
      stalledInterval: Math.max(1000, Math.floor(config.workerLockMs / 2)),
      maxStalledCount: 1,
    },
  );
  settingsRedis.on('message', async (_channel, section: string) => {
    if (section !== 'system') return;
    try {
      system = await db.systemSettings();
      worker.concurrency = system.maxConcurrentAnalyses;
      logger.info({ concurrency: system.maxConcurrentAnalyses, timeoutS: system.analysisTimeoutSeconds }, 'settings reloaded');
    } catch (err) {
      logger.error({ err }, 'could not reload settings');
    }
  });
  // Subscribing before the connection is ready makes ioredis' ready check fail in subscriber mode.
  if (settingsRedis.status !== 'ready') await once(settingsRedis, 'ready');
  await settingsRedis.subscribe(SETTINGS_CHANNEL);

  worker.on('failed', (job, err) => void onFailed(job, err));
  worker.on('error', (err) => logger.error({ err }, 'worker error'));

  /** Only the last failure ends the analysis; earlier ones are retried by BullMQ with back-off. */
  async function onFailed(job: Job<AnalysisJobPayload> | undefined, err: Error) {
    if (!job) return;
    const state = await job.getState().catch(() => 'unknown');
    const final = err instanceof UnrecoverableError || state === 'failed';
    logger.error({ analysisId: job.data.analysisId, attempt: job.attemptsMade, state, final, err: err.message }, 'job failed');
    if (!final) return;
    await finish(job.data, deps, { status: AnalysisStatus.Error, error: INTERNAL_FAILURE, workbooks: [], certificateCount: 0, summary: null }).catch(
      (e) => logger.error({ analysisId: job.data.analysisId, err: e }, 'could not record the failure'),
    );
  }

  await worker.waitUntilReady();
  logger.info({ pid: process.pid, concurrency: worker.concurrency, prefix: config.queuePrefix }, 'worker ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping: finishing jobs in hand');
    await worker.close();
    await Promise.allSettled([pool.end(), publisherRedis.quit(), settingsRedis.quit()]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  logger.fatal({ err }, 'worker failed to start');
  process.exit(1);
});
