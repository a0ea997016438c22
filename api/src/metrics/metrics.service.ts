import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ANALYSES_QUEUE } from '@cda/shared';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized', 'paused'] as const;

/** One registry per API instance; Prometheus scrapes each instance and sums. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'cda_http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly analysesCreated = new Counter({ name: 'cda_analyses_created_total', help: 'Analyses accepted', registers: [this.registry] });
  readonly filesUploaded = new Counter({ name: 'cda_files_uploaded_total', help: 'PDF files accepted', registers: [this.registry] });
  readonly pagesUploaded = new Counter({ name: 'cda_pages_uploaded_total', help: 'PDF pages accepted', registers: [this.registry] });
  readonly tokensReserved = new Counter({ name: 'cda_tokens_reserved_total', help: 'Tokens reserved at upload', registers: [this.registry] });
  readonly uploadsRefused = new Counter({
    name: 'cda_uploads_refused_total',
    help: 'Uploads refused, by reason',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  readonly payments = new Counter({ name: 'cda_payments_total', help: 'Payments by final status', labelNames: ['status'], registers: [this.registry] });

  constructor(@InjectQueue(ANALYSES_QUEUE) queue: Queue) {
    collectDefaultMetrics({ register: this.registry, prefix: 'cda_api_' });
    new Gauge({
      name: 'cda_queue_jobs',
      help: 'Analyses queue depth by state',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        const counts = await queue.getJobCounts(...QUEUE_STATES);
        for (const state of QUEUE_STATES) this.set({ state }, counts[state] ?? 0);
      },
    });
  }
}
