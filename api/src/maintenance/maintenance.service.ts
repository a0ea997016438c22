import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ANALYSES_QUEUE, AnalysisJobPayload, AnalysisStatus, UPLOAD_RETENTION_MS } from '@cda/shared';
import { StorageService } from '../storage/storage.service';
import { SettingsService } from '../settings/settings.service';
import { TokensService } from '../tokens/tokens.service';
import { AnalysesService } from '../analyses/analyses.service';

export const STUCK_MESSAGE = 'A análise foi interrompida antes de terminar. Seus tokens foram estornados; envie os arquivos novamente.';

/** Housekeeping that must happen even when nobody is watching: renewals, orphans, leftovers. */
@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(ANALYSES_QUEUE) private readonly analysesQueue: Queue<AnalysisJobPayload>,
    private readonly storage: StorageService,
    private readonly settings: SettingsService,
    private readonly tokens: TokensService,
    private readonly analyses: AnalysesService,
  ) {}

  renewAllowances(now = new Date()): Promise<number> {
    return this.tokens.renewDueAllowances(now);
  }

  /** Deletes temporary uploads older than the retention, whatever became of their analysis. */
  async purgeStaleUploads(olderThan = new Date(Date.now() - UPLOAD_RETENTION_MS)): Promise<number> {
    const stale = (await this.storage.listObjects('uploads/')).filter((o) => o.lastModified < olderThan).map((o) => o.key);
    await this.storage.removeKeys(stale);
    if (stale.length) this.logger.warn({ count: stale.length }, 'purged stale uploads');
    return stale.length;
  }

  /**
   * Ends analyses stuck in `Processando` whose job is gone or dead (e.g. the API stopped between
   * saving and enqueueing): Erro, full refund, uploads removed. Live or queued jobs are left alone.
   */
  async sweepStuckAnalyses(now = new Date()): Promise<number> {
    const { analysisTimeoutSeconds } = await this.settings.get('system');
    const cutoff = new Date(now.getTime() - (analysisTimeoutSeconds + 300) * 1000);
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM analyses WHERE status = $1 AND updated_at < $2 ORDER BY updated_at LIMIT 500`,
      [AnalysisStatus.Processing, cutoff],
    );
    let ended = 0;
    for (const { id } of rows) {
      const job = await this.analysesQueue.getJob(id);
      const state = job ? await job.getState() : 'missing';
      if (['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'].includes(state)) continue;
      await this.analyses.failBeforeStart(id, STUCK_MESSAGE);
      this.logger.warn({ analysisId: id, jobState: state }, 'ended a stuck analysis');
      ended++;
    }
    return ended;
  }
}
