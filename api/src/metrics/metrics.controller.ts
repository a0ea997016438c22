import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Res, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppConfig } from '@cda/shared';
import { MetricsService } from './metrics.service';

const digest = (s: string) => createHash('sha256').update(s).digest();

@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  /** Open in development only; elsewhere METRICS_TOKEN is required (and, unset, nobody gets in). */
  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response) {
    const token = this.config.get('metricsToken', { infer: true });
    const open = !token && this.config.get('nodeEnv', { infer: true }) === 'development';
    // Compared as digests: equal lengths, constant time.
    if (!open && !(token && timingSafeEqual(digest(authorization ?? ''), digest(`Bearer ${token}`)))) throw new UnauthorizedException();
    res.setHeader('Content-Type', this.metrics.registry.contentType);
    res.send(await this.metrics.registry.metrics());
  }
}
