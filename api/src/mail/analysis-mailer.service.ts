import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { AnalysisStatus, AnalysisStatusMessage, AppConfig, CHANNELS } from '@cda/shared';
import { listen, type StopListening } from '../common/channel-listener';
import { UsersService } from '../users/users.service';
import { SettingsService } from '../settings/settings.service';
import { MailService } from './mail.service';
import { analysisFinishedMail } from './templates';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Analysis } from '../analyses/analysis.entity';
import { analysisSummary } from '../analyses/analysis-summary';

/**
 * E-mails the owner once per analysis (never per file) when it ends, with its totals and a link to its
 * page (/history/:id), if their `emailAnalysis` preference is on and the admin
 * has not switched e-mail notifications off. Every API instance hears the worker's message; the
 * outbox's dedupe key makes only one of them send.
 */
@Injectable()
export class AnalysisMailer implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AnalysisMailer.name);
  private stopListening?: StopListening;

  constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly users: UsersService,
    private readonly settings: SettingsService,
    private readonly mail: MailService,
    @InjectRepository(Analysis) private readonly analyses: Repository<Analysis>,
  ) {}

  async onModuleInit(): Promise<void> {
    this.stopListening = await listen(this.config.get('redisUrl', { infer: true }), CHANNELS.analysisStatus, {
      onMessage: async (msg) => void (await this.handle(msg)),
      onError: (err) => this.logger.error({ err: err.message }, 'analysis e-mail failed'),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopListening?.();
  }

  /** Returns whether a mail was handed to the MailService (exposed for tests). */
  async handle(msg: AnalysisStatusMessage): Promise<boolean> {
    if (msg.status === AnalysisStatus.Processing) return false;
    if (!(await this.settings.get('email')).notificationsEnabled) return false;
    const user = await this.users.findById(msg.userId);
    if (!user || !user.notificationPrefs.emailAnalysis) return false;
    const analysis = await this.analyses.findOne({ where: { id: msg.id }, relations: { files: true } });
    if (!analysis) return false;
    const { siteName } = await this.settings.get('general');
    await this.mail.send({
      ...analysisFinishedMail(siteName, user.name, analysisSummary(analysis, this.config.get('publicUrl', { infer: true }))),
      to: user.email,
      kind: 'analysis-finished',
      dedupeKey: `analysis-finished:${msg.id}`,
    });
    return true;
  }
}
