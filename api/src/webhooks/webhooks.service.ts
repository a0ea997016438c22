import { randomBytes, randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  AnalysisStatus,
  AppConfig,
  CreatedWebhookEndpoint,
  MAX_WEBHOOK_ENDPOINTS_PER_USER,
  JOBS,
  QUEUES,
  WEBHOOK_ATTEMPTS,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_SIGNATURE_HEADER,
  WebhookDeliveryJob,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEvent,
  WebhookEventType,
  enqueue,
  webhookUrlProblem,
} from '@cda/shared';
import { SecretBox } from '../settings/secret-box';
import type { ContractQueue } from '../common/job-queue';
import { Analysis } from '../analyses/analysis.entity';
import { analysisSummary } from '../analyses/analysis-summary';
import { CreateWebhookDto } from './dto/webhook.dto';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entities';
import { postWebhook, SendOutcome } from './webhook-sender';
import { signWebhook } from './webhook-signature';

export const WEBHOOK_NOT_FOUND = 'Webhook não encontrado.';
const USER_AGENT = 'CDA-Extractor-Webhooks/1.0';

/**
 * Completion webhooks: endpoints per account, events built from the analysis' totals, deliveries
 * through the `webhooks` queue (retried with exponential back-off), and every attempt logged.
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);
  private readonly box: SecretBox;
  private readonly options: AppConfig['webhooks'];
  private readonly publicUrl: string;

  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: Repository<WebhookEndpoint>,
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    @InjectRepository(Analysis) private readonly analyses: Repository<Analysis>,
    @InjectQueue(QUEUES.webhooks) private readonly queue: ContractQueue<'webhooks'>,
    config: ConfigService<AppConfig, true>,
  ) {
    this.box = new SecretBox(config.get('settingsKey', { infer: true }), config.get('settingsKeysPrevious', { infer: true }));
    this.options = config.get('webhooks', { infer: true });
    this.publicUrl = config.get('publicUrl', { infer: true });
  }

  async list(userId: string): Promise<WebhookEndpointView[]> {
    return (await this.endpoints.find({ where: { userId }, order: { createdAt: 'ASC' } })).map(toEndpointView);
  }

  async create(userId: string, dto: CreateWebhookDto): Promise<CreatedWebhookEndpoint> {
    const problem = webhookUrlProblem(dto.url, this.options.allowPrivateTargets);
    if (problem) throw new BadRequestException(problem);
    if ((await this.endpoints.count({ where: { userId } })) >= MAX_WEBHOOK_ENDPOINTS_PER_USER) {
      throw new BadRequestException(`Limite de ${MAX_WEBHOOK_ENDPOINTS_PER_USER} webhooks por conta atingido. Remova um antes de cadastrar outro.`);
    }
    const secret = WEBHOOK_SECRET_PREFIX + randomBytes(24).toString('base64url');
    const saved = await this.endpoints.save(
      this.endpoints.create({
        userId,
        url: dto.url,
        description: dto.description ?? '',
        events: [...new Set(dto.events ?? WEBHOOK_EVENTS)],
        secret: this.box.seal(secret),
        secretPrefix: secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4),
      }),
    );
    return { ...toEndpointView(saved), secret };
  }

  async setActive(userId: string, id: string, active: boolean): Promise<WebhookEndpointView> {
    const endpoint = await this.own(userId, id);
    await this.endpoints.update({ id }, { active });
    return toEndpointView({ ...endpoint, active });
  }

  /** Removes the endpoint and its log; pending retries find it gone and stop. */
  async remove(userId: string, id: string): Promise<void> {
    await this.own(userId, id);
    await this.endpoints.delete({ id, userId });
  }

  async deliveryLog(userId: string, endpointId?: string, limit = 50): Promise<WebhookDeliveryView[]> {
    const rows = await this.deliveries.find({ where: { userId, ...(endpointId ? { endpointId } : {}) }, order: { id: 'DESC' }, take: limit });
    return rows.map(toDeliveryView);
  }

  /** "Enviar evento de teste": one signed `webhook.test` delivered now (no retries), logged like any other. */
  async sendTest(userId: string, id: string): Promise<WebhookDeliveryView> {
    await this.own(userId, id);
    const event: WebhookEvent = {
      id: randomUUID(),
      type: 'webhook.test',
      createdAt: new Date().toISOString(),
      data: {
        analysis: {
          id: '00000000-0000-4000-8000-000000000000',
          status: AnalysisStatus.Done,
          createdAt: new Date().toISOString(),
          completedAt: new Date().toISOString(),
          fileCount: 1,
          processedFiles: 1,
          failedFiles: 0,
          certificateCount: 1,
          flaggedFieldCount: 0,
          tokensCharged: 0,
          error: null,
          workbooks: [],
          simulation: null,
          url: `${this.publicUrl.replace(/\/+$/, '')}/history`,
        },
      },
    };
    const row = await this.deliver({ endpointId: id, userId, event }, 1, 1);
    return toDeliveryView(row!);
  }

  /**
   * Queues the event of an analysis that ended for each of its owner's active endpoints subscribed to
   * it. Every API instance hears the end: the job id (event type, analysis, endpoint) lets only the
   * first one's job in. Returns how many deliveries were queued by this call.
   */
  async analysisEnded(analysisId: string): Promise<number> {
    const analysis = await this.analyses.findOne({ where: { id: analysisId }, relations: { files: true } });
    if (!analysis || analysis.status === AnalysisStatus.Processing) return 0;
    const type: WebhookEventType = analysis.status === AnalysisStatus.Done ? 'analysis.completed' : 'analysis.failed';
    const targets = (await this.endpoints.find({ where: { userId: analysis.userId, active: true } })).filter((e) => e.events.includes(type));
    if (!targets.length) return 0;
    const event: WebhookEvent = { id: randomUUID(), type, createdAt: new Date().toISOString(), data: { analysis: analysisSummary(analysis, this.publicUrl) } };
    for (const endpoint of targets) {
      await enqueue(
        this.queue,
        JOBS.deliverWebhook,
        { endpointId: endpoint.id, userId: analysis.userId, event },
        {
          jobId: `${type}.${analysis.id}.${endpoint.id}`,
          attempts: WEBHOOK_ATTEMPTS,
          backoff: { type: 'exponential', delay: this.options.retryBaseMs },
          removeOnComplete: 1000,
          removeOnFail: 5000,
        },
      );
    }
    this.logger.log({ analysisId, type, endpoints: targets.length }, 'webhook deliveries queued');
    return targets.length;
  }

  /**
   * One attempt: signs the body with the endpoint's secret at the current time, POSTs it, logs the
   * outcome. Returns the logged row, or null when the endpoint is gone or switched off (nothing to do).
   * The caller (the queue processor) retries a failed attempt by throwing.
   */
  async deliver(job: WebhookDeliveryJob, attempt: number, maxAttempts: number): Promise<WebhookDelivery | null> {
    const endpoint = await this.endpoints.findOne({ where: { id: job.endpointId, userId: job.userId }, select: { id: true, url: true, secret: true, active: true } });
    if (!endpoint || (!endpoint.active && job.event.type !== 'webhook.test')) return null;
    const body = JSON.stringify(job.event);
    const t = Math.floor(Date.now() / 1000);
    let outcome: SendOutcome;
    const problem = webhookUrlProblem(endpoint.url, this.options.allowPrivateTargets);
    if (problem) outcome = { statusCode: null, error: problem, durationMs: 0 };
    else {
      outcome = await postWebhook(
        endpoint.url,
        body,
        {
          'User-Agent': USER_AGENT,
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(this.box.open(endpoint.secret), t, body),
          [WEBHOOK_EVENT_HEADER]: job.event.type,
          [WEBHOOK_DELIVERY_HEADER]: job.event.id,
        },
        { allowPrivate: this.options.allowPrivateTargets, timeoutMs: this.options.timeoutMs },
      );
    }
    const success = outcome.error === null;
    const nextRetryAt = !success && attempt < maxAttempts ? new Date(Date.now() + this.options.retryBaseMs * 2 ** (attempt - 1)) : null;
    const row = await this.deliveries.save(
      this.deliveries.create({
        endpointId: endpoint.id,
        userId: job.userId,
        eventId: job.event.id,
        eventType: job.event.type,
        analysisId: job.event.type === 'webhook.test' ? null : job.event.data.analysis.id,
        attempt,
        statusCode: outcome.statusCode,
        success,
        error: outcome.error,
        durationMs: outcome.durationMs,
        nextRetryAt,
      }),
    );
    this.logger.log({ endpointId: endpoint.id, eventId: job.event.id, type: job.event.type, attempt, statusCode: outcome.statusCode, success }, 'webhook delivery attempt');
    return row;
  }

  private async own(userId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.findOne({ where: { id, userId } });
    if (!endpoint) throw new NotFoundException(WEBHOOK_NOT_FOUND);
    return endpoint;
  }
}

function toEndpointView(e: WebhookEndpoint): WebhookEndpointView {
  return { id: e.id, url: e.url, description: e.description, events: e.events, active: e.active, createdAt: e.createdAt.toISOString(), secretPrefix: e.secretPrefix };
}

function toDeliveryView(d: WebhookDelivery): WebhookDeliveryView {
  return {
    id: String(d.id),
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    analysisId: d.analysisId,
    attempt: d.attempt,
    statusCode: d.statusCode,
    success: d.success,
    error: d.error,
    durationMs: d.durationMs,
    createdAt: d.createdAt.toISOString(),
    nextRetryAt: d.nextRetryAt?.toISOString() ?? null,
  };
}
