import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'cda_worker_' });

export const metrics = {
  jobs: new Counter({ name: 'cda_worker_jobs_total', help: 'Analyses handled, by outcome', labelNames: ['outcome'], registers: [registry] }),
  jobDuration: new Histogram({
    name: 'cda_worker_job_duration_seconds',
    help: 'Time from job start to final state',
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  }),
  files: new Counter({ name: 'cda_worker_files_total', help: 'Files extracted, by outcome', labelNames: ['outcome'], registers: [registry] }),
  fileFailures: new Counter({ name: 'cda_worker_file_failures_total', help: 'Unreadable files, by reason', labelNames: ['reason'], registers: [registry] }),
  pages: new Counter({ name: 'cda_worker_pages_total', help: 'PDF pages processed', registers: [registry] }),
  tokensSpent: new Counter({ name: 'cda_worker_tokens_spent_total', help: 'Tokens charged for finished analyses', registers: [registry] }),
  activeJobs: new Gauge({ name: 'cda_worker_active_jobs', help: 'Jobs in hand', registers: [registry] }),
  concurrency: new Gauge({ name: 'cda_worker_concurrency', help: 'Configured concurrency', registers: [registry] }),
};
