import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AnalysisStatus, QUEUES, UPLOAD_RETENTION_MS } from '@cda/shared';
import { StorageService } from '../storage/storage.service';
import { SettingsService } from '../settings/settings.service';
import { TokensService } from '../tokens/tokens.service';
import { AnalysesService } from '../analyses/analyses.service';
import { QueuesService } from '../queues/queues.service';
import { LoginLockoutService } from '../auth/login-lockout.service';
import type { ContractQueue } from '../common/job-queue';

export const STUCK_MESSAGE = 'A análise foi interrompida antes de terminar. Seus tokens foram estornados; envie os arquivos novamente.';

/** Housekeeping that must happen even when nobody is watching: renewals, orphans, leftovers. */
@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.analyses) private readonly analysesQueue: ContractQueue<'analyses'>,
    private readonly storage: StorageService,
    private readonly settings: SettingsService,
    private readonly tokens: TokensService,
    private readonly analyses: AnalysesService,
    private readonly queues: QueuesService,
    private readonly lockout: LoginLockoutService,
  ) {}

  /** Expired sign-up requests (they hold a password hash) and login-failure counts idle for a day. */
  async purgeAuthLeftovers(now = new Date()): Promise<{ signupRequests: number; loginFailures: number }> {
    const [, signupRequests] = await this.db.query(`DELETE FROM signup_requests WHERE expires_at < $1`, [now]);
    return { signupRequests, loginFailures: await this.lockout.purgeIdle(now) };
  }

  /**
   * Upload idempotency keys name their analysis for 24 h (AnalysesService); the webhook delivery log is
   * kept 90 days, long enough to answer "did you call us last month?", short enough not to grow forever.
   */
  async purgeAutomationLeftovers(now = new Date()): Promise<{ idempotencyKeys: number; webhookDeliveries: number }> {
    const [, idempotencyKeys] = await this.db.query(`DELETE FROM idempotency_keys WHERE created_at < $1::timestamptz - interval '24 hours'`, [now]);
    const [, webhookDeliveries] = await this.db.query(`DELETE FROM webhook_deliveries WHERE created_at < $1::timestamptz - interval '90 days'`, [now]);
    return { idempotencyKeys, webhookDeliveries };
  }

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
   * saving and enqueueing), or held by a worker that died with none left to retake it: Erro, full
   * refund, uploads removed. Live or queued jobs are left alone.
   */
  async sweepStuckAnalyses(now = new Date()): Promise<number> {
    return (await this.sweepOrphanedActiveJobs()) + (await this.sweepJoblessAnalyses(now));
  }

  /**
   * A job stays `active` when its worker dies: BullMQ's stalled-job check, which would hand it back
   * to the queue, runs inside workers, so with none alive nobody ever does. Such a job (its lock gone,
   * i.e. not renewed for a whole WORKER_LOCK_MS, and no worker alive) ends its analysis with Erro and a
   * full refund through the same path as any stuck analysis, and is removed so that a worker coming
   * back later does not run it again (it would drop it anyway: the analysis has ended).
   */
  private async sweepOrphanedActiveJobs(): Promise<number> {
    const active = await this.analysesQueue.getActive();
    if (!active.length || (await this.queues.workers()).length) return 0;
    let ended = 0;
    for (const job of active) {
      if (!job.id || (await this.queues.analysisJobLocked(job.id))) continue;
      const analysisId = job.data.analysisId;
      await this.analyses.failBeforeStart(analysisId, STUCK_MESSAGE);
      await job.remove().catch((err: Error) => this.logger.warn({ analysisId, jobId: job.id, err: err.message }, 'could not remove an orphaned job'));
      this.logger.warn({ analysisId, jobId: job.id }, 'ended an analysis whose worker died (job active, lock expired, no worker alive)');
      ended++;
    }
    return ended;
  }

  private async sweepJoblessAnalyses(now: Date): Promise<number> {
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
