import { Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { JOBS, JobData, QUEUES } from '@cda/shared';
import { WebhooksService } from './webhooks.service';

/**
 * Delivers queued webhook events from the API processes (light HTTP work; the analysis workers stay
 * on extraction). A failed attempt throws, and BullMQ retries it with exponential back-off
 * (WEBHOOK_RETRY_BASE_MS, then twice as long each time, WEBHOOK_ATTEMPTS in all).
 */
@Processor(QUEUES.webhooks, { concurrency: 5 })
export class WebhooksProcessor extends WorkerHost {
  private readonly logger = new Logger(WebhooksProcessor.name);

  constructor(private readonly webhooks: WebhooksService) {
    super();
  }

  async process(job: Job<JobData<'webhooks', typeof JOBS.deliverWebhook>>): Promise<string> {
    const attempt = job.attemptsMade + 1;
    const row = await this.webhooks.deliver(job.data, attempt, job.opts.attempts ?? 1);
    if (!row) return 'dropped';
    if (!row.success) {
      if (!row.nextRetryAt) this.logger.warn({ endpointId: job.data.endpointId, eventId: job.data.event.id, attempt }, 'webhook delivery gave up');
      throw new Error(row.error ?? 'delivery failed');
    }
    return 'delivered';
  }
}
