import { Injectable } from '@nestjs/common';

/**
 * The instant the plan rules run at. It is the machine's clock, except in test mode against the
 * bundled test provider, where an administrator may move it forward (with the provider's own clock)
 * to see a period end, a renewal charged or a reminder due without waiting a month.
 */
@Injectable()
export class ClockService {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  offset(): number {
    return this.offsetMs;
  }

  /** Only the test-clock endpoint calls this, and only in test mode. Time never goes back. */
  advance(ms: number): Date {
    if (ms > 0) this.offsetMs += ms;
    return this.now();
  }
}
