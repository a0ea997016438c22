import {
  AnalysisJobPayload,
  AnalysisStatus,
  AnalysisStatusMessage,
  FileExtraction,
  SimulationResult,
  SimulationSettings,
  SimulationSummary,
  WORKBOOK_BASE,
  WORKBOOK_SIMULATION,
  countFlaggedFields,
  simulate,
  startedEarly,
  storageKeys,
  summarizeSimulation,
} from '@cda/shared';
import type { AnalysisStore, FinalOutcome } from './db';
import type { ObjectStore } from './storage';
import type { PublishStatus } from './status';
import type { Logger } from './logger';
import { extractPdf } from './extraction';
import { STREAM_BOMB_REASON, hasStreamBomb } from './stream-bomb';
import { buildBaseWorkbook, buildSimulationWorkbook, WorkbookFile } from './workbooks';
import { metrics } from './metrics';

export interface PipelineDeps {
  store: ObjectStore;
  db: AnalysisStore;
  publish: PublishStatus;
  log: Logger;
  /** `signal` aborts when the analysis times out or the worker stops: the reading should stop too. */
  /** `maxPages`: the pages charged at upload; the reading refuses a file with more. */
  extract?: (data: Buffer, fileName: string, signal?: AbortSignal, maxPages?: number) => Promise<FileExtraction>;
  /** Aborted when the analysis ran out of time or the worker is stopping: stop between files, leave the final state alone. */
  signal?: AbortSignal;
}

export const TIMEOUT_MESSAGE = 'Tempo limite da análise excedido';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * One analysis job, step by step. A bad file is a per-file outcome, never a thrown error: only
 * infrastructure failures (storage, database) throw, so BullMQ retries them.
 */
export async function runAnalysis(job: AnalysisJobPayload, deps: PipelineDeps): Promise<void> {
  const { store, db, publish, log } = deps;
  // The engine's own log lines carry messages and counts, never document text.
  const extract =
    deps.extract ??
    ((data: Buffer, name: string, signal?: AbortSignal, maxPages?: number) =>
      extractPdf(data, name, { signal, maxPages, log: (msg, extra) => log.warn({ ...extra, analysisId: job.analysisId }, msg) }));
  const base = { id: job.analysisId, userId: job.userId, totalFiles: job.files.length };
  const status = (s: Omit<AnalysisStatusMessage, 'id' | 'userId' | 'totalFiles'>) => publish({ ...base, ...s });

  const state = await db.state(job.analysisId);
  if (state === 'missing') {
    log.warn({ analysisId: job.analysisId }, 'analysis no longer exists; dropping its uploads');
    await store.removePrefix(storageKeys.uploadPrefix(job.analysisId));
    return;
  }
  if (state === 'ended') {
    // A second delivery of a job already finished elsewhere (e.g. stalled while its worker was stopping).
    log.warn({ analysisId: job.analysisId }, 'analysis already ended; duplicate run dropped');
    return;
  }
  // The API announced the analysis at 0 files when it accepted it; only a retry that undoes an
  // earlier run's progress has news for the browsers.
  if (await db.resetProgress(job.analysisId)) await status({ status: AnalysisStatus.Processing, processedFiles: 0 });

  // The next file is downloaded while this one is extracted, so the worker's CPU does not wait on
  // storage between files (bench/pipeline). At most two of the analysis's files are in memory.
  const download = (i: number) => startedEarly(store.getBuffer(job.files[i].key));
  let next: Promise<Buffer> | null = job.files.length ? download(0) : null;
  const summaries: WorkbookFile[] = [];
  for (const [i, file] of job.files.entries()) {
    if (deps.signal?.aborted) return;
    const data = await next!;
    next = i + 1 < job.files.length ? download(i + 1) : null;
    const started = Date.now();
    const extraction = (await hasStreamBomb(data))
      ? { file: file.name, certificates: [], error: STREAM_BOMB_REASON }
      : await safeExtract(extract, data, file.name, log, deps.signal, file.pages);
    const processingMs = Date.now() - started;
    const failed = extraction.error !== null;
    metrics.files.inc({ outcome: failed ? 'error' : 'done' });
    if (failed) metrics.fileFailures.inc({ reason: extraction.error! });
    else metrics.pages.inc(file.pages);
    // Positions, not names: file names often carry debtors' names.
    log.info(
      { analysisId: job.analysisId, fileIndex: i + 1, ms: processingMs, certificates: extraction.certificates.length, error: extraction.error },
      'file extracted',
    );
    summaries.push({ name: file.name, pages: file.pages, extraction });
    // Stopped or timed out meanwhile: whoever ends or retakes the analysis owns its progress now.
    if (deps.signal?.aborted) return;
    const recorded = await db.recordFile(
      job.analysisId,
      {
        position: i + 1,
        status: failed ? 'error' : 'done',
        error: extraction.error,
        certificateCount: extraction.certificates.length,
        fieldWarnings: extraction.certificates.map((c) => c.fieldWarnings ?? {}),
        certificates: extraction.certificates,
        processingMs,
      },
      i + 1,
    );
    if (!recorded) {
      log.warn({ analysisId: job.analysisId }, 'analysis already ended elsewhere; dropping this run');
      return;
    }
    await status({ status: AnalysisStatus.Processing, processedFiles: i + 1 });
  }

  if (deps.signal?.aborted) return;
  const certificates = summaries.flatMap((s) => s.extraction.certificates);
  const certificateCount = certificates.length;
  const allFailed = summaries.every((s) => s.extraction.error !== null);
  if (allFailed) {
    const reason = summaries.length === 1
      ? `${summaries[0].extraction.error}.`
      : `Nenhum arquivo pôde ser processado: ${summaries.map((s) => `${s.name}: ${s.extraction.error}`).join('; ')}.`;
    await finish(job, deps, errorOutcome(reason));
    return;
  }

  const settings = await db.settings('simulation');
  const outputs = await writeOutputs(summaries, job.params, settings, (name, body) => store.put(storageKeys.result(job.userId, job.analysisId, name), body, XLSX));
  if (outputs.simulationError) log.warn({ analysisId: job.analysisId, err: outputs.simulationError }, 'simulation skipped');

  await finish(job, deps, {
    status: AnalysisStatus.Done,
    error: null,
    workbooks: outputs.workbooks,
    certificateCount,
    flaggedFieldCount: countFlaggedFields(certificates),
    summary: { simulation: outputs.simulation, simulationError: outputs.simulation ? null : SIMULATION_FAILED },
  });
}

const SIMULATION_FAILED = 'A simulação não pôde ser feita com os parâmetros informados; a planilha de certidões foi gerada.';

export interface Outputs {
  workbooks: string[];
  simulation: SimulationSummary | null;
  /** The RangeError's message when the parameters or settings were out of range (for the log). */
  simulationError: string | null;
}

/**
 * Both workbooks of an analysis from its records, stored through `put`: used by the analysis job and
 * by the regeneration after a correction or re-simulation, so both write the same thing.
 */
export async function writeOutputs(
  files: WorkbookFile[],
  params: AnalysisJobPayload['params'],
  settings: SimulationSettings,
  put: (name: string, body: Buffer) => Promise<void>,
  generatedAt = new Date(),
): Promise<Outputs> {
  const certificates = files.flatMap((f) => f.extraction.certificates);
  let result: SimulationResult | null = null;
  let simulationError: string | null = null;
  try {
    result = simulate(certificates, params, settings);
  } catch (err) {
    // Out-of-range parameters or settings: the extraction is still worth delivering.
    if (!(err instanceof RangeError)) throw err;
    simulationError = err.message;
  }
  const simulation = result ? summarizeSimulation(result) : null;
  // The first workbook is stored while the second is built.
  const baseStored = startedEarly(buildBaseWorkbook(files, simulation).then((body) => put(WORKBOOK_BASE, body)));
  const workbooks = [WORKBOOK_BASE];
  if (result) {
    await put(WORKBOOK_SIMULATION, await buildSimulationWorkbook(result, params, settings, generatedAt));
    workbooks.push(WORKBOOK_SIMULATION);
  }
  await baseStored;
  return { workbooks, simulation, simulationError };
}

/** An analysis that ends in error delivers nothing: no workbooks, no certificates, nothing to check. */
export function errorOutcome(error: string): FinalOutcome {
  return { status: AnalysisStatus.Error, error, workbooks: [], certificateCount: 0, flaggedFieldCount: 0, summary: null };
}

/**
 * Final state: uploads are deleted first, so that a client told "done" never finds them in storage;
 * then status and token settlement in one transaction; then the event, if this call was the one that ended it.
 */
export async function finish(
  job: AnalysisJobPayload,
  deps: Pick<PipelineDeps, 'store' | 'db' | 'publish' | 'log'>,
  outcome: FinalOutcome,
): Promise<void> {
  await deps.store
    .removePrefix(storageKeys.uploadPrefix(job.analysisId))
    .catch((err) => deps.log.error({ analysisId: job.analysisId, err }, 'could not delete uploads'));
  const charged = await deps.db.finish(job.analysisId, outcome);
  if (charged === null) return;
  metrics.tokensSpent.inc(charged);
  metrics.jobs.inc({ outcome: outcome.status });
  await deps.publish({
    id: job.analysisId,
    userId: job.userId,
    totalFiles: job.files.length,
    processedFiles: outcome.status === AnalysisStatus.Done ? job.files.length : 0,
    status: outcome.status,
    ...(outcome.error ? { error: outcome.error } : {}),
  });
}

export type RunOutcome = 'done' | 'timeout' | 'interrupted';

/**
 * Runs the analysis under a deadline. When time runs out the analysis ends `Erro` at once (and is
 * refunded); the extraction still running is told to stop and its late result is ignored. When
 * `interrupt` fires (the worker is stopping) the work stops between files and nothing is finished:
 * the caller hands the job back to the queue.
 */
export async function runAnalysisWithDeadline(
  job: AnalysisJobPayload,
  deps: PipelineDeps,
  timeoutMs: number,
  interrupt?: AbortSignal,
): Promise<RunOutcome> {
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  interrupt?.addEventListener('abort', onInterrupt);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const work = runAnalysis(job, { ...deps, signal: controller.signal }).then(() => 'done' as const);
  try {
    if ((await Promise.race([work, timedOut])) === 'done') return interrupt?.aborted ? 'interrupted' : 'done';
  } finally {
    clearTimeout(timer);
    interrupt?.removeEventListener('abort', onInterrupt);
  }
  controller.abort();
  deps.log.warn({ analysisId: job.analysisId, timeoutMs }, 'analysis timed out');
  work.catch((err) => deps.log.warn({ analysisId: job.analysisId, err }, 'timed-out analysis failed afterwards'));
  await finish(job, deps, errorOutcome(`${TIMEOUT_MESSAGE}.`));
  return 'timeout';
}

async function safeExtract(
  extract: NonNullable<PipelineDeps['extract']>,
  data: Buffer,
  name: string,
  log: Logger,
  signal?: AbortSignal,
  maxPages?: number,
): Promise<FileExtraction> {
  try {
    return await extract(data, name, signal, maxPages);
  } catch (err) {
    // The extractor should report bad input itself; anything that escapes is still only this file's problem.
    log.error({ err }, 'extractor threw');
    return { file: name, certificates: [], error: 'Não foi possível ler este arquivo' };
  }
}
