import {
  AnalysisStatus,
  RegenerateJobPayload,
  countFlaggedFields,
  storageKeys,
} from '@cda/shared';
import type { AnalysisStore } from './db';
import type { ObjectStore } from './storage';
import type { PublishStatus } from './status';
import type { Logger } from './logger';
import type { WorkbookFile } from './workbooks';
import { writeOutputs } from './pipeline';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface RegenerationDeps {
  store: ObjectStore;
  db: AnalysisStore;
  publish: PublishStatus;
  log: Logger;
}

/**
 * Rebuilds both workbooks and the simulation of a finished analysis from its stored records, as a
 * new version beside the previous ones (issue #24). The PDFs were deleted when the analysis ended
 * (LGPD): nothing is read again, and no tokens move. A job for a version that is no longer the
 * latest does nothing: the newer request's job writes the newer version.
 */
export async function runRegeneration(job: RegenerateJobPayload, deps: RegenerationDeps): Promise<'done' | 'superseded' | 'missing'> {
  const { store, db, publish, log } = deps;
  const stored = await db.stored(job.analysisId);
  if (!stored || stored.status !== AnalysisStatus.Done) return 'missing';
  if (stored.version !== job.version) {
    log.info({ analysisId: job.analysisId, version: job.version, latest: stored.version }, 'regeneration superseded');
    return 'superseded';
  }
  const files: WorkbookFile[] = stored.files.map((f) => ({
    name: f.name,
    pages: f.pages,
    extraction: {
      file: f.name,
      certificates: stored.certificates.filter((c) => c.filePosition === f.position).map((c) => c.record),
      error: f.error,
    },
  }));
  const settings = await db.settings('simulation');
  const put = (name: string, body: Buffer) => store.put(storageKeys.result(stored.userId, job.analysisId, name, job.version), body, XLSX);
  const outputs = await writeOutputs(files, stored.params, settings, put);
  const records = stored.certificates.map((c) => c.record);
  const current = await db.finishRegeneration(job.analysisId, job.version, {
    workbooks: outputs.workbooks,
    certificateCount: records.length,
    flaggedFieldCount: countFlaggedFields(records),
    summary: {
      simulation: outputs.simulation,
      simulationError: outputs.simulation ? null : 'A simulação não pôde ser feita com os parâmetros informados; a planilha de certidões foi gerada.',
    },
  });
  if (!current) return 'superseded';
  log.info({ analysisId: job.analysisId, version: job.version, certificates: records.length }, 'workbooks regenerated');
  // A final status makes every open screen fetch the analysis again and see the new version.
  await publish({
    id: job.analysisId,
    userId: stored.userId,
    status: AnalysisStatus.Done,
    processedFiles: stored.files.length,
    totalFiles: stored.files.length,
  });
  return 'done';
}
