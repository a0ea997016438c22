import { Injectable, Logger, NotFoundException, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Readable } from 'node:stream';
import { AppConfig, JOBS, QUEUES, enqueue, storageKeys } from '@cda/shared';
import { StorageService } from '../storage/storage.service';
import { SettingsService } from '../settings/settings.service';
import type { ContractQueue } from '../common/job-queue';
import { Backup } from './backup.entity';

const SCHEDULER_ID = 'scheduled-backup';
/** Brasília night, when nobody is uploading. */
const PATTERNS = { hourly: '0 * * * *', daily: '0 3 * * *', weekly: '0 3 * * 0', monthly: '0 3 1 * *' } as const;

/** Real database backups: pg_dump's custom format streamed into object storage, restorable with pg_restore. */
@Injectable()
export class BackupsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(BackupsService.name);

  constructor(
    @InjectRepository(Backup) private readonly backups: Repository<Backup>,
    @InjectQueue(QUEUES.maintenance) private readonly queue: ContractQueue<'maintenance'>,
    private readonly storage: StorageService,
    private readonly settings: SettingsService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.applySchedule();
    this.settings.onChange((section) => {
      if (section === 'system') void this.applySchedule().catch((err) => this.logger.error({ err }, 'could not update the backup schedule'));
    });
  }

  /** The backup frequency setting becomes (or stops being) a repeatable job. */
  async applySchedule(): Promise<void> {
    const { backupFrequency } = await this.settings.get('system');
    if (backupFrequency === 'off') {
      await this.queue.removeJobScheduler(SCHEDULER_ID);
      return;
    }
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { pattern: PATTERNS[backupFrequency], tz: 'America/Sao_Paulo' },
      { name: JOBS.backup, data: { trigger: 'scheduled' }, opts: { removeOnComplete: 50, removeOnFail: 50 } },
    );
  }

  /** Records the backup and hands the dump to the maintenance queue (it can take minutes on a big database). */
  async request(userId: string): Promise<Backup> {
    const backup = await this.backups.save(
      this.backups.create({ storageKey: storageKeys.backup(new Date()), trigger: 'manual', createdBy: userId }),
    );
    await enqueue(this.queue, JOBS.backup, { backupId: backup.id }, { removeOnComplete: 50, removeOnFail: 50 });
    return backup;
  }

  /** Runs one dump: for a requested backup (`backupId`) or a scheduled one (a new record). */
  async run(backupId?: string): Promise<Backup> {
    const backup = backupId
      ? await this.backups.findOneByOrFail({ id: backupId })
      : await this.backups.save(this.backups.create({ storageKey: storageKeys.backup(new Date()), trigger: 'scheduled' }));
    // Through a temporary file: S3 servers take a known length more readily than an open-ended pipe.
    const dir = await mkdtemp(path.join(tmpdir(), 'cda-backup-'));
    const file = path.join(dir, 'db.dump');
    try {
      const url = this.config.get('databaseUrl', { infer: true });
      await promisify(execFile)('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`]);
      await this.storage.putFile(backup.storageKey, file, 'application/octet-stream');
      const stat = await this.storage.stat(backup.storageKey);
      await this.backups.update({ id: backup.id }, { status: 'done', sizeBytes: stat?.size ?? 0, finishedAt: new Date() });
      this.logger.log({ backupId: backup.id, size: stat?.size }, 'backup written');
    } catch (err) {
      await this.storage.removeKeys([backup.storageKey]).catch(() => undefined);
      // pg_dump's message may quote the connection string: keep only its first line, without credentials.
      const message = String((err as { stderr?: string }).stderr || (err as Error).message).split('\n')[0].replace(/postgres(ql)?:\/\/[^\s]+/g, '[banco]');
      await this.backups.update({ id: backup.id }, { status: 'failed', error: message.slice(0, 500), finishedAt: new Date() });
      this.logger.error({ backupId: backup.id, err: message }, 'backup failed');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return this.backups.findOneByOrFail({ id: backup.id });
  }

  list(): Promise<Backup[]> {
    return this.backups.find({ order: { createdAt: 'DESC' }, take: 100 });
  }

  async open(id: string): Promise<{ backup: Backup; stream: Readable }> {
    const backup = await this.backups.findOne({ where: { id } });
    if (!backup || backup.status !== 'done') throw new NotFoundException('Backup não encontrado.');
    return { backup, stream: await this.storage.getStream(backup.storageKey) };
  }
}
