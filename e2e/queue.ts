import { Queue } from 'bullmq';

/**
 * Holds the analyses queue (BullMQ's global pause) so a test can start watching an analysis before
 * any worker takes it; the pipeline is fast enough that a small batch may otherwise finish first.
 * The returned function lets the queue go again.
 */
export async function holdAnalysesQueue(): Promise<() => Promise<void>> {
  const queue = new Queue('analyses', { connection: { host: '127.0.0.1', port: 6379 }, prefix: process.env.E2E_QUEUE_PREFIX });
  await queue.pause();
  return async () => {
    try {
      await queue.resume();
    } finally {
      await queue.close();
    }
  };
}
