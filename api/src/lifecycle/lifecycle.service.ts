import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';

/** Knows when this instance is going away, so readiness fails and new uploads are turned away first. */
@Injectable()
export class LifecycleService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(LifecycleService.name);
  private draining = false;

  get isDraining(): boolean {
    return this.draining;
  }

  beforeApplicationShutdown(signal?: string): void {
    this.draining = true;
    this.logger.log({ signal }, 'shutting down: refusing new uploads, draining requests');
  }
}
