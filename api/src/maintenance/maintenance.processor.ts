import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, Queue } from 'bullmq';
import { MAINTENANCE_QUEUE } from '@cda/shared';
import { MaintenanceService } from './maintenance.service';
import { BACKUP_JOB, BackupsService } from '../backups/backups.service';
import { RetentionService } from '../privacy/retention.service';
import { OrdersService } from '../payments/orders.service';

type Task = 'renew-allowances' | 'purge-stale-uploads' | 'purge-auth-leftovers' | 'sweep-stuck-analyses' | 'reconcile-orders' | RetentionTask;

/** The privacy policy's retention rules; each run logs what it deleted. */
type RetentionTask = 'retention-deleted-accounts' | 'retention-access-logs' | 'retention-payment-records';

const SCHEDULE: Record<Task, number> = {
  'renew-allowances': 60 * 60 * 1000,
  'purge-stale-uploads': 60 * 60 * 1000,
  'purge-auth-leftovers': 60 * 60 * 1000,
  // Every minute: it is also what ends analyses held by a worker that died with no other to retake them.
  'sweep-stuck-analyses': 60 * 1000,
  'reconcile-orders': 10 * 60 * 1000,
  'retention-deleted-accounts': 6 * 60 * 60 * 1000,
  'retention-access-logs': 6 * 60 * 60 * 1000,
  'retention-payment-records': 24 * 60 * 60 * 1000,
};

/**
 * Repeatable jobs: however many API instances run, BullMQ gives each tick to exactly one of them.
 */
@Processor(MAINTENANCE_QUEUE)
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    @InjectQueue(MAINTENANCE_QUEUE) private readonly queue: Queue,
    private readonly maintenance: MaintenanceService,
    private readonly backups: BackupsService,
    private readonly retention: RetentionService,
    private readonly orders: OrdersService,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const [task, every] of Object.entries(SCHEDULE)) {
      await this.queue.upsertJobScheduler(task, { every }, { name: task, opts: { removeOnComplete: 100, removeOnFail: 100 } });
    }
  }

  private readonly tasks: Record<Task, () => Promise<number | object>> = {
    'renew-allowances': () => this.maintenance.renewAllowances(),
    'purge-stale-uploads': () => this.maintenance.purgeStaleUploads(),
    'purge-auth-leftovers': () => this.maintenance.purgeAuthLeftovers(),
    'sweep-stuck-analyses': () => this.maintenance.sweepStuckAnalyses(),
    'reconcile-orders': () => this.orders.reconcile(),
    'retention-deleted-accounts': () => this.retention.purgeDeletedAccounts(),
    'retention-access-logs': () => this.retention.purgeAccessLogs(),
    'retention-payment-records': () => this.retention.purgePaymentRecords(),
  };

  async process(job: Job): Promise<number | string | object> {
    if (job.name === BACKUP_JOB) return (await this.backups.run((job.data as { backupId?: string }).backupId)).status;
    const task = this.tasks[job.name as Task];
    if (!task) throw new Error(`unknown maintenance job ${job.name}`);
    const done = await task();
    this.logger.log({ task: job.name, done }, 'maintenance task ran');
    return done;
  }
}
