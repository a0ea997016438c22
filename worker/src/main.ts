import { Worker, UnrecoverableError } from 'bullmq';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { ANALYSES_QUEUE, AnalysisJobPayload, AnalysisStatus, loadConfig, redisOptionsFromUrl } from '@cda/shared';
import { logger } from './logger';
import { createObjectStore } from './storage';
import { AnalysisStore } from './db';
import { createStatusPublisher } from './status';
import { finish, runAnalysis } from './pipeline';

async function main() {
  const config = loadConfig();
  const connection = redisOptionsFromUrl(config.redisUrl);
  const pool = new Pool({ connectionString: config.databaseUrl, max: Math.max(2, config.workerConcurrency + 1) });
  const publisherRedis = new Redis(connection);
  const deps = {
    store: createObjectStore(config),
    db: new AnalysisStore(pool),
    publish: createStatusPublisher(publisherRedis),
    log: logger,
  };

  const worker = new Worker<AnalysisJobPayload>(ANALYSES_QUEUE, (job) => runAnalysis(job.data, deps), {
    connection,
    prefix: config.queuePrefix,
    concurrency: config.workerConcurrency,
  });

  worker.on('failed', async (job, err) => {
    if (!job) return;
    const final = err instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    logger.error({ analysisId: job.data.analysisId, attempt: job.attemptsMade, final, err: err.message }, 'job failed');
    if (!final) return;
    await finish(job.data, deps, {
      status: AnalysisStatus.Error,
      error: 'Falha interna ao processar a análise. Tente novamente; se persistir, abra um chamado.',
      workbooks: [],
      certificateCount: 0,
      summary: null,
    }).catch((e) => logger.error({ analysisId: job.data.analysisId, err: e }, 'could not record the failure'));
  });
  worker.on('error', (err) => logger.error({ err }, 'worker error'));
  await worker.waitUntilReady();
  logger.info({ pid: process.pid, concurrency: config.workerConcurrency, prefix: config.queuePrefix }, 'worker ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker stopping: finishing jobs in hand');
    await worker.close();
    await Promise.allSettled([pool.end(), publisherRedis.quit()]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  logger.fatal({ err }, 'worker failed to start');
  process.exit(1);
});
