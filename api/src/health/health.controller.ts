import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { ANALYSES_QUEUE } from '@cda/shared';
import { StorageService } from '../storage/storage.service';
import { LifecycleService } from '../lifecycle/lifecycle.service';
import { QueuesService } from '../queues/queues.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicator: HealthIndicatorService,
    private readonly storage: StorageService,
    @InjectQueue(ANALYSES_QUEUE) private readonly queue: Queue,
    private readonly lifecycle: LifecycleService,
    private readonly queues: QueuesService,
  ) {}

  /** Liveness: the process answers. Restarting it would not fix a database outage, so no dependencies here. */
  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /** Readiness (also at /api/health): dependencies up and not shutting down, or the balancer should look elsewhere. */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.check();
  }

  @Get()
  @HealthCheck()
  check() {
    return this.health.check([
      () => (this.lifecycle.isDraining ? this.indicator.check('lifecycle').down({ message: 'shutting down' }) : this.indicator.check('lifecycle').up()),
      () => this.db.pingCheck('database'),
      () => this.probe('redis', async () => (await this.queue.getJobCounts()) !== undefined),
      () => this.probe('storage', () => this.storage.isReachable()),
      () => this.workers(),
    ]);
  }

  /**
   * Reported, not failed on: with no worker alive this API still takes uploads (they wait in the
   * queue) and serves everything else, so taking it out of the balancer would only add an outage.
   * The report is what monitoring and the admin banner read.
   */
  private async workers() {
    const check = this.indicator.check('workers');
    try {
      const { workersAlive, noWorkerSince } = await this.queues.processingStatus();
      return workersAlive ? check.up({ alive: workersAlive }) : check.up({ alive: 0, message: 'no worker alive', since: noWorkerSince });
    } catch (err) {
      // Redis is down: the redis check above already fails readiness.
      return check.up({ alive: null, message: (err as Error).message });
    }
  }

  private async probe(key: string, ok: () => Promise<boolean>) {
    const check = this.indicator.check(key);
    try {
      // A dependency that hangs must fail the check, not the health endpoint itself.
      const timeout = new Promise<boolean>((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000).unref());
      return (await Promise.race([ok(), timeout])) ? check.up() : check.down({ message: 'unexpected answer' });
    } catch (err) {
      return check.down({ message: (err as Error).message });
    }
  }
}
