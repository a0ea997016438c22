import path from 'node:path';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';

/** A file pdf.js has not counted by then is hostile or broken; the upload must not wait on it. */
export const PAGE_COUNT_TIMEOUT_MS = 15_000;

/**
 * The page count that prices an upload and bounds what the worker reads (the job carries it, and the
 * worker refuses a file with more pages than were paid for). Counted with the worker's own reader,
 * pdf.js through pdf-parse (`getInfo().total`, as worker/src/extraction reads), so both sides agree:
 * pdf-lib, used before, counted only leaves typed `/Type /Page`, and a file with those blanked was
 * charged one page while pdf.js read every page.
 *
 * pdf.js runs in worker threads (api/threads/page-count.js): parsing an untrusted file never holds
 * the API's event loop, and one that takes longer than PAGE_COUNT_TIMEOUT_MS has its thread killed.
 * 0 means pdf.js could not establish a count (corrupt, password, no pages, too slow): the file is
 * charged the one-page minimum, and the worker, whose reader fails on it the same way, refuses it
 * with its pt-BR reason, and the analysis settlement refunds it.
 */
@Injectable()
export class PageCounter implements OnApplicationShutdown {
  private readonly logger = new Logger(PageCounter.name);
  private readonly pool = new Piscina<ArrayBuffer, number>({
    // The same relative path from src/analyses (tests) and dist/analyses (build).
    filename: path.resolve(__dirname, '../../threads/page-count.js'),
    // Two: the machine is shared with the workers; counts of ordinary files take milliseconds
    // (1–2 ms for one page, 6–8 ms for 300, warm). One thread stays warm: starting one and loading
    // pdf.js costs ~190 ms, which an upload after a quiet minute would otherwise wait for.
    maxThreads: 2,
    minThreads: 1,
    idleTimeout: 60_000,
  });

  async count(data: Buffer): Promise<number> {
    // A copy moved to the thread: the upload keeps its own bytes for storage.
    const copy = new Uint8Array(data).buffer;
    try {
      return await this.pool.run(copy, { transferList: [copy], signal: AbortSignal.timeout(PAGE_COUNT_TIMEOUT_MS) });
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, bytes: data.length }, 'page count failed; charged the one-page minimum');
      return 0;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}
