import type { Job, JobSchedulerTemplateOptions, JobsOptions, Queue, RepeatOptions } from 'bullmq';
import type { JobData, JobName, JobProducer, QueueName } from '@cda/shared';

/**
 * A BullMQ queue seen through the contract (shared/src/contracts/queues.ts): `add` and
 * `upsertJobScheduler` take only the queue's job names, each with its own data; everything else
 * (counts, pause, getJob…) is BullMQ's own. Add jobs with `enqueue(queue, name, data, opts)`.
 */
export type ContractQueue<Q extends QueueName> = Omit<Queue, 'add' | 'addBulk' | 'upsertJobScheduler'> &
  JobProducer<Q, JobsOptions, Job> & {
    upsertJobScheduler<N extends JobName<Q>>(
      schedulerId: string,
      repeat: Omit<RepeatOptions, 'key'>,
      template: { name: N; data?: JobData<Q, N>; opts?: JobSchedulerTemplateOptions },
    ): Promise<unknown>;
  };
