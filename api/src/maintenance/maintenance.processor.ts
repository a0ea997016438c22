import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { JobHandlers, MAINTENANCE_TASKS, QUEUES, isJobName, runJob } from '@cda/shared';
import { MaintenanceService } from './maintenance.service';
import { BackupsService } from '../backups/backups.service';
import { RetentionService } from '../privacy/retention.service';
import { OrdersService } from '../payments/orders.service';
import type { ContractQueue } from '../common/job-queue';
import { SubscriptionsService } from '../payments/subscriptions.service';

type Outcome = number | string | object;

/**
 * Repeatable jobs: however many API instances run, BullMQ gives each tick to exactly one of them.
 */
@Processor(QUEUES.maintenance)
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    @InjectQueue(QUEUES.maintenance) private readonly queue: ContractQueue<'maintenance'>,
    private readonly maintenance: MaintenanceService,
    private readonly backups: BackupsService,
    private readonly retention: RetentionService,
    private readonly orders: OrdersService,
    private readonly subscriptions: SubscriptionsService,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const { name, every } of MAINTENANCE_TASKS) {
      await this.queue.upsertJobScheduler(name, { every }, { name, opts: { removeOnComplete: 100, removeOnFail: 100 } });
    }
  }

  /** One handler per job of the maintenance queue (shared/src/contracts/queues.ts): a task missing here does not compile. */
  private readonly handlers: JobHandlers<'maintenance', Outcome> = {
    backup: async (data) => (await this.backups.run(data.backupId)).status,
    // Plan periods first (downgrades, expiries, reminders), then the allowances of paid periods.
    'renew-allowances': () => this.subscriptions.runDue(),
    'purge-stale-uploads': () => this.maintenance.purgeStaleUploads(),
    'purge-auth-leftovers': () => this.maintenance.purgeAuthLeftovers(),
    'purge-automation-leftovers': () => this.maintenance.purgeAutomationLeftovers(),
    'sweep-stuck-analyses': () => this.maintenance.sweepStuckAnalyses(),
    'reconcile-orders': () => this.orders.reconcile(),
    'retention-deleted-accounts': () => this.retention.purgeDeletedAccounts(),
    'retention-access-logs': () => this.retention.purgeAccessLogs(),
    'retention-payment-records': () => this.retention.purgePaymentRecords(),
  };

  async process(job: Job): Promise<Outcome> {
    if (!isJobName(this.handlers, job.name)) throw new Error(`unknown maintenance job ${job.name}`);
    const done = await runJob(this.handlers, job.name, job.data);
    this.logger.log({ task: job.name, done }, 'maintenance task ran');
    return done;
  }
}
