import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { WORKER_ANNOUNCE_INTERVAL_MS } from '@cda/shared';
import { MailService } from '../mail/mail.service';
import { SettingsService } from '../settings/settings.service';
import { noWorkerMail } from '../mail/templates';
import { QueuesService } from './queues.service';

/** An outage shorter than this (a worker restarting, a deploy) is not worth an e-mail. */
export const NO_WORKER_ALERT_AFTER_MS = WORKER_ANNOUNCE_INTERVAL_MS * 3;

/**
 * Watches the workers' heartbeats from the API, which keeps running when every worker is gone: with
 * none alive for NO_WORKER_ALERT_AFTER_MS while analyses wait, the administrator e-mail of *Geral*
 * is told once per outage (the outbox's dedupe key on the outage's start makes one instance send it).
 */
@Injectable()
export class WorkerWatch implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerWatch.name);
  private timer?: NodeJS.Timeout;
  private lastAlive: number | null = null;

  constructor(
    private readonly queues: QueuesService,
    private readonly mail: MailService,
    private readonly settings: SettingsService,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.tick().catch((err) => this.logger.warn({ err: String(err) }, 'worker watch failed')), WORKER_ANNOUNCE_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One look at the heartbeats; returns whether an alert was sent (tests call it directly). */
  async tick(now = Date.now()): Promise<boolean> {
    const status = await this.queues.processingStatus();
    if (status.workersAlive && this.lastAlive === 0) this.logger.log({ workers: status.workersAlive }, 'workers alive again');
    if (!status.workersAlive && this.lastAlive !== 0) this.logger.error({ since: status.noWorkerSince }, 'no worker alive: analyses wait in the queue');
    this.lastAlive = status.workersAlive;
    if (status.workersAlive || !status.noWorkerSince) return false;
    if (now - Date.parse(status.noWorkerSince) < NO_WORKER_ALERT_AFTER_MS) return false;
    const pending = await this.queues.pendingAnalysisJobs();
    if (!pending) return false;
    const { adminEmail, siteName } = await this.settings.get('general');
    const outcome = await this.mail.send({
      ...noWorkerMail(siteName, status.noWorkerSince, pending),
      to: adminEmail,
      kind: 'no-worker',
      dedupeKey: `no-worker:${status.noWorkerSince}`,
    });
    if (outcome.status === 'duplicate') return false;
    this.logger.warn({ since: status.noWorkerSince, pending, mailId: outcome.id }, 'administrator e-mailed: no worker alive');
    return true;
  }
}
