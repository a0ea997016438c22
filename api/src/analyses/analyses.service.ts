import { createHash, randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { Readable } from 'node:stream';
import {
  ADMIN_ROLES,
  ANALYSIS_STATUS_LABELS,
  AnalysisFileView,
  AnalysisParams,
  AnalysisStatus,
  AnalysisStatusMessage,
  AnalysisView,
  DEFAULT_ANALYSIS_PARAMS,
  JOBS,
  CertificateEditView,
  CertificateView,
  DebtorSizeSuggestion,
  JobFile,
  Page,
  QUEUES,
  SimulationSummary,
  TYPE_ANALYSIS,
  analysisCost,
  enqueue,
  searchDigits,
  startedEarly,
  toPage,
  storageKeys,
  suggestDebtorSize,
} from '@cda/shared';
import { StorageService } from '../storage/storage.service';
import { SettingsService } from '../settings/settings.service';
import { InsufficientTokensException, TokensService } from '../tokens/tokens.service';
import { MetricsService } from '../metrics/metrics.service';
import { LifecycleService } from '../lifecycle/lifecycle.service';
import { StatusRelayService } from '../realtime/status-relay.service';
import { returned } from '../common/sql-result';
import type { ContractQueue } from '../common/job-queue';
import type { AuthUser } from '../common/auth';
import { Analysis } from './analysis.entity';
import { AnalysisFile } from './analysis-file.entity';
import { CreateAnalysisDto } from './dto/create-analysis.dto';
import { ListAnalysesDto, Period } from './dto/list-analyses.dto';
import { looksLikePdf } from './pdf-inspection';
import { PageCounter } from './page-counter.service';
import { AnalysisReviewService } from './analysis-review.service';

export interface UploadedPdf {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/**
 * With Redis down the queue client holds the command until Redis returns; the user gets an answer
 * (and a refund) now instead. A job that still reaches Redis later finds its analysis ended and is dropped.
 */
const ENQUEUE_TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Periods are calendar periods in Brasília, where our users are. */
const PERIOD_START: Record<Period, string> = {
  today: `date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo'`,
  week: `now() - interval '7 days'`,
  month: `now() - interval '30 days'`,
};

/** An upload's Idempotency-Key names its analysis for this long; after it the key can name a new one. */
const IDEMPOTENCY_WINDOW = `interval '24 hours'`;
export const IDEMPOTENCY_KEY_REUSED =
  'Esta Idempotency-Key já foi usada com outro envio (arquivos ou parâmetros diferentes). Use uma chave nova para um envio novo.';

/** Thrown inside the creation's transaction when another request holds the key: rolls the new analysis back. */
class IdempotencyKeyTaken extends Error {}

/** What an upload's idempotency key is checked against: every file's bytes and name, in order, and the parameters. */
export function uploadFingerprint(files: UploadedPdf[], params: AnalysisParams): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b))));
  for (const f of files) {
    h.update('\0file\0').update(f.originalname).update('\0').update(createHash('sha256').update(f.buffer).digest('hex'));
  }
  return h.digest('hex');
}

export interface CreatedAnalysis {
  analysis: Analysis;
  /** True when an earlier request with the same Idempotency-Key created it: nothing new was charged. */
  replayed: boolean;
}

@Injectable()
export class AnalysesService {
  private readonly logger = new Logger(AnalysesService.name);

  constructor(
    @InjectRepository(Analysis) private readonly analyses: Repository<Analysis>,
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.analyses) private readonly queue: ContractQueue<'analyses'>,
    private readonly storage: StorageService,
    private readonly settings: SettingsService,
    private readonly tokens: TokensService,
    private readonly metrics: MetricsService,
    private readonly lifecycle: LifecycleService,
    private readonly status: StatusRelayService,
    private readonly pageCounter: PageCounter,
    private readonly review: AnalysisReviewService,
  ) {}

  /**
   * With an `idempotencyKey`, a repeat of the same upload (same files, names and parameters) answers
   * the analysis the first one created and charges nothing; the same key on a different upload is
   * refused (422). Two concurrent requests with one key: the second waits on the key's row and then
   * answers the first's analysis.
   */
  async create(user: AuthUser, files: UploadedPdf[], dto: CreateAnalysisDto, requestId?: string, idempotencyKey?: string): Promise<CreatedAnalysis> {
    const fingerprint = idempotencyKey ? uploadFingerprint(files, { ...DEFAULT_ANALYSIS_PARAMS, ...stripUndefined(dto) }) : '';
    if (idempotencyKey) {
      const earlier = await this.replay(user.id, idempotencyKey, fingerprint);
      if (earlier) return { analysis: earlier, replayed: true };
    }
    return { analysis: await this.createNew(user, files, dto, requestId, idempotencyKey ? { key: idempotencyKey, fingerprint } : undefined), replayed: false };
  }

  /** The analysis an unexpired key already names (422 when it named another upload), or null. */
  private async replay(userId: string, key: string, fingerprint: string): Promise<Analysis | null> {
    const [row]: { request_hash: string; analysis_id: string }[] = await this.db.query(
      `SELECT request_hash, analysis_id FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND created_at > now() - ${IDEMPOTENCY_WINDOW}`,
      [userId, key],
    );
    if (!row) return null;
    if (row.request_hash !== fingerprint) throw new UnprocessableEntityException({ statusCode: 422, message: IDEMPOTENCY_KEY_REUSED, code: 'IDEMPOTENCY_KEY_REUSED' });
    return this.analyses.findOneOrFail({ where: { id: row.analysis_id } });
  }

  private async createNew(
    user: AuthUser,
    files: UploadedPdf[],
    dto: CreateAnalysisDto,
    requestId?: string,
    idempotency?: { key: string; fingerprint: string },
  ): Promise<Analysis> {
    if (this.lifecycle.isDraining) {
      this.metrics.uploadsRefused.inc({ reason: 'shutting_down' });
      throw new ServiceUnavailableException('Servidor reiniciando. Envie novamente em alguns segundos.');
    }
    if (!files.length) throw new BadRequestException('Envie ao menos um arquivo PDF.');
    files.forEach((f, i) => {
      if (!looksLikePdf(f.buffer)) {
        this.metrics.uploadsRefused.inc({ reason: 'not_pdf' });
        // File names can carry debtor names: log the position, never the name.
        this.logger.warn({ userId: user.id, fileIndex: i + 1, size: f.size }, 'upload refused: not a PDF');
        throw new BadRequestException(`O arquivo "${f.originalname}" não é um PDF válido.`);
      }
    });
    const params: AnalysisParams = { ...DEFAULT_ANALYSIS_PARAMS, ...stripUndefined(dto) };
    const pages = await Promise.all(files.map((f) => this.pageCounter.count(f.buffer)));
    const { tokensPerPage } = await this.settings.get('system');
    const cost = analysisCost(pages, tokensPerPage);
    const refusedForTokens = (err: unknown) => {
      if (err instanceof InsufficientTokensException) this.metrics.uploadsRefused.inc({ reason: 'insufficient_tokens' });
      throw err;
    };
    await this.tokens.assertCovers(user.id, cost.total).catch(refusedForTokens);

    // The id is chosen here so that the files are stored while the reservation's transaction runs:
    // the answer waits for the slower of the two, not for both in turn (bench/upload-latency).
    const id = randomUUID();
    const jobFiles: JobFile[] = files.map((f, i) => ({ key: storageKeys.upload(id, i + 1), name: f.originalname, pages: pages[i] }));
    const stored = startedEarly(Promise.all(files.map((f, i) => this.storage.put(jobFiles[i].key, f.buffer, 'application/pdf'))));

    let analysis: Analysis;
    try {
      analysis = await this.db.transaction(async (tx) => {
        const a = await tx.getRepository(Analysis).save(
          tx.getRepository(Analysis).create({
            id,
            userId: user.id,
            status: AnalysisStatus.Processing,
            fileCount: files.length,
            params,
            tokensCost: cost.total,
          }),
        );
        await this.tokens.reserve(tx, user.id, cost.total, a.id).catch(refusedForTokens);
        await tx.getRepository(AnalysisFile).insert(
          files.map((f, i) => ({
            analysisId: a.id,
            position: i + 1,
            name: f.originalname,
            sizeBytes: f.size,
            pages: pages[i],
            tokens: cost.perFile[i],
            storageKey: jobFiles[i].key,
          })),
        );
        if (idempotency) {
          // Waits while a concurrent request holding the key commits; an expired row is taken over.
          const taken = returned(
            await tx.query(
              `INSERT INTO idempotency_keys (user_id, key, request_hash, analysis_id) VALUES ($1, $2, $3, $4)
               ON CONFLICT (user_id, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, analysis_id = EXCLUDED.analysis_id, created_at = now()
                 WHERE idempotency_keys.created_at <= now() - ${IDEMPOTENCY_WINDOW}
               RETURNING key`,
              [user.id, idempotency.key, idempotency.fingerprint, a.id],
            ),
          );
          if (!taken.length) throw new IdempotencyKeyTaken();
        }
        return a;
      });
    } catch (err) {
      // No analysis: whatever was stored for it goes (the daily upload purge is the safety net).
      await stored.catch(() => undefined);
      await this.storage.removePrefix(storageKeys.uploadPrefix(id)).catch((e) => this.logger.error({ analysisId: id, err: e }, 'could not remove refused uploads'));
      if (err instanceof IdempotencyKeyTaken && idempotency) {
        const earlier = await this.replay(user.id, idempotency.key, idempotency.fingerprint);
        if (earlier) return earlier;
        throw new ConflictException('Outro envio com esta Idempotency-Key está em andamento. Tente novamente em instantes.');
      }
      throw err;
    }

    // Other tabs and devices list it now, not when a worker first reports (the queue may be long).
    this.announce({ id, userId: user.id, status: AnalysisStatus.Processing, processedFiles: 0, totalFiles: files.length });
    try {
      await stored;
      await withTimeout(
        enqueue(
          this.queue,
          JOBS.analyze,
          { analysisId: analysis.id, userId: user.id, files: jobFiles, params, ...(requestId ? { requestId } : {}) },
          // Five attempts, 2+4+8+16 s apart: a worker's job outlives a half-minute database or storage outage.
          { jobId: analysis.id, attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000, removeOnFail: 5000 },
        ),
        ENQUEUE_TIMEOUT_MS,
      );
    } catch (err) {
      this.logger.error({ analysisId: analysis.id, err }, 'could not store uploads or enqueue the job');
      await this.failBeforeStart(analysis.id, 'Falha ao registrar a análise. Tente novamente em instantes.');
      throw new ServiceUnavailableException('Não foi possível iniciar a análise agora. Tente novamente em instantes. Seus tokens foram estornados.');
    }
    this.metrics.analysesCreated.inc();
    this.metrics.filesUploaded.inc(files.length);
    this.metrics.pagesUploaded.inc(pages.reduce((a, b) => a + b, 0));
    this.metrics.tokensReserved.inc(cost.total);
    this.logger.log({ analysisId: analysis.id, userId: user.id, files: files.length, pages, cost: cost.total }, 'analysis enqueued');
    return analysis;
  }

  /**
   * A status the API itself decides (an analysis accepted, or ended before any worker ran it),
   * published where the workers publish theirs: every API instance relays it to the owner's tabs,
   * and the final ones are e-mailed like any other. Not awaited: with Redis down the request must not
   * wait on it (the publish is written before the job is even added, so it still precedes any worker's
   * status); a failure costs the live update, never the upload.
   */
  private announce(message: AnalysisStatusMessage): void {
    this.status.publish(message).catch((err: Error) => {
      this.logger.warn({ analysisId: message.id, status: message.status, err: err.message }, 'analysis status not announced');
    });
  }

  /** Ends an analysis that never reached a worker: Erro, full refund, uploads removed. */
  async failBeforeStart(analysisId: string, reason: string): Promise<void> {
    const [ended] = await this.db.transaction(async (tx) => {
      const rows = returned<{ userId: string; fileCount: number; processedFiles: number }>(
        await tx.query(
          `UPDATE analyses SET status = $2, error = $3, completed_at = now(), updated_at = now() WHERE id = $1 AND status = $4
           RETURNING user_id AS "userId", file_count AS "fileCount", processed_files AS "processedFiles"`,
          [analysisId, AnalysisStatus.Error, reason, AnalysisStatus.Processing],
        ),
      );
      await this.tokens.settle(analysisId, tx);
      // Refunded and never run: a retry with the same Idempotency-Key should start it again, not replay the failure.
      if (rows.length) await tx.query(`DELETE FROM idempotency_keys WHERE analysis_id = $1`, [analysisId]);
      return rows;
    });
    await this.storage.removePrefix(storageKeys.uploadPrefix(analysisId)).catch(() => undefined);
    if (ended) {
      this.announce({
        id: analysisId,
        userId: ended.userId,
        status: AnalysisStatus.Error,
        processedFiles: ended.processedFiles,
        totalFiles: ended.fileCount,
        error: reason,
      });
    }
  }

  async list(user: AuthUser, q: ListAnalysesDto): Promise<Page<AnalysisView>> {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 10;
    const qb = this.analyses.createQueryBuilder('a').where('a.userId = :userId', { userId: user.id });
    if (q.status) qb.andWhere('a.status = :status', { status: q.status });
    if (q.period) qb.andWhere(`a.createdAt >= ${PERIOD_START[q.period]}`);
    const search = q.q?.trim();
    if (search) {
      // Served by the trigram index on the debtor's name and the prefix indexes on CPF/CNPJ and inscription.
      const digits = searchDigits(search);
      const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.andWhere(
        `a.id IN (SELECT c.analysis_id FROM analysis_certificates c WHERE lower(c.debtor_name) LIKE :like
           ${digits ? 'OR c.debtor_document LIKE :prefix OR c.registration_number LIKE :prefix' : ''})`,
        { like, prefix: `${digits}%` },
      );
    }
    const total = search ? await qb.getCount() : await this.countHistory(user.id, q);
    // Page over analyses alone, read in index order (user, [status,] created_at, id); their files come after.
    const ids = await qb
      .select('a.id', 'id')
      .orderBy('a.createdAt', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getRawMany<{ id: string }>();
    const rows = ids.length
      ? await this.analyses.find({ where: ids.map(({ id }) => ({ id })), relations: { files: true }, order: { createdAt: 'DESC', id: 'DESC' } })
      : [];
    const items = rows.map((a) => toView(a, true));
    await this.addListFacts(items);
    return toPage(items, total, page, pageSize);
  }

  /** What the history shows of each analysis beyond its row: first file, debtors and the total of every certificate. */
  private async addListFacts(items: AnalysisView[]): Promise<void> {
    if (!items.length) return;
    const facts = (await this.db.query(
      `SELECT analysis_id, (array_agg(DISTINCT debtor_name) FILTER (WHERE debtor_name <> ''))[1:3] AS debtors,
              count(DISTINCT debtor_name) FILTER (WHERE debtor_name <> '')::int AS debtor_count, COALESCE(sum(total), 0)::bigint AS total
         FROM analysis_certificates WHERE analysis_id = ANY($1) GROUP BY analysis_id`,
      [items.map((a) => a.id)],
    )) as { analysis_id: string; debtors: string[] | null; debtor_count: number; total: string }[];
    const byId = new Map(facts.map((f) => [f.analysis_id, f]));
    for (const a of items) {
      const f = byId.get(a.id);
      a.firstFileName = a.files?.[0]?.name ?? null;
      a.debtors = f?.debtors ?? [];
      a.debtorCount = f?.debtor_count ?? 0;
      a.certificatesTotal = f ? Number(f.total) : 0;
    }
  }

  /**
   * The list's total, exact, from the per-day counters the triggers keep (migration HistoryAtScale):
   * whole days after the one the period starts in are summed, and only that first day's rows are
   * counted, so the cost does not grow with the account's history.
   */
  private async countHistory(userId: string, q: ListAnalysesDto): Promise<number> {
    const args: unknown[] = [userId];
    if (q.status) args.push(q.status);
    const status = (alias: string) => (q.status ? `AND ${alias}.status = $2` : '');
    if (!q.period) {
      const [{ n }] = await this.db.query(`SELECT COALESCE(SUM(c.n), 0) AS n FROM analysis_day_counts c WHERE c.user_id = $1 ${status('c')}`, args);
      return Number(n);
    }
    const tz = `'America/Sao_Paulo'`;
    const [{ n }] = await this.db.query(
      `WITH d AS (SELECT s.start, (s.start AT TIME ZONE ${tz})::date AS day FROM (SELECT ${PERIOD_START[q.period]} AS start) s)
       SELECT (SELECT COALESCE(SUM(c.n), 0) FROM analysis_day_counts c, d WHERE c.user_id = $1 ${status('c')} AND c.day > d.day)
            + (SELECT count(*) FROM analyses a, d WHERE a.user_id = $1 ${status('a')}
                 AND a.created_at >= d.start AND a.created_at < ((d.day + 1)::timestamp AT TIME ZONE ${tz})) AS n`,
      args,
    );
    return Number(n);
  }

  count(userId: string): Promise<number> {
    return this.analyses.count({ where: { userId } });
  }

  /** 404, not 403, for someone else's analysis: its existence is not the caller's business. */
  async findVisible(user: AuthUser, id: string): Promise<Analysis> {
    const analysis = await this.analyses.findOne({ where: { id }, relations: { files: true } });
    // An administrator's API token acts as a user like any other: the back office is for sessions only.
    const seesAll = ADMIN_ROLES.includes(user.role) && !user.apiToken;
    if (!analysis || (analysis.userId !== user.id && !seesAll)) {
      throw new NotFoundException('Análise não encontrada.');
    }
    return analysis;
  }

  /** The analysis page: the analysis, its certificates as stored, its corrections and a suggested debtor size. */
  async view(user: AuthUser, id: string): Promise<AnalysisView> {
    const analysis = await this.findVisible(user, id);
    const view = toView(analysis, true);
    const certificates = await this.review.certificates(id);
    await this.addListFacts([view]);
    return {
      ...view,
      certificates,
      edits: await this.review.edits(id),
      suggestedDebtorSize: suggestDebtorSize(certificates.map((c) => c.record)),
    };
  }

  /** The workbook of the current version (the one whose files are stored). */
  async openWorkbook(user: AuthUser, id: string, name: string): Promise<Readable> {
    const analysis = await this.findVisible(user, id);
    if (!analysis.workbooks.includes(name)) throw new NotFoundException('Arquivo não encontrado.');
    return this.storage.getStream(storageKeys.result(analysis.userId, analysis.id, name, analysis.workbooksVersion));
  }
}

export function toView(a: Analysis, withFiles: boolean): AnalysisView {
  return {
    id: a.id,
    type: TYPE_ANALYSIS,
    status: a.status,
    statusLabel: ANALYSIS_STATUS_LABELS[a.status],
    createdAt: a.createdAt.toISOString(),
    completedAt: a.completedAt?.toISOString() ?? null,
    fileCount: a.fileCount,
    processedFiles: a.processedFiles,
    certificateCount: a.certificateCount,
    flaggedFieldCount: a.flaggedFieldCount,
    tokens: a.tokensCost - a.tokensRefunded,
    params: a.params,
    error: a.error,
    workbooks: a.workbooks,
    simulation: (a.summary?.simulation as SimulationSummary | undefined) ?? null,
    simulationError: (a.summary?.simulationError as string | undefined) ?? null,
    version: a.version ?? 1,
    workbooksVersion: a.workbooksVersion ?? 1,
    editedAt: a.editedAt?.toISOString() ?? null,
    regenerationError: a.regenerationError ?? null,
    ...(withFiles && a.files
      ? {
          files: [...a.files]
            .sort((x, y) => x.position - y.position)
            .map((f): AnalysisFileView => ({
              position: f.position, name: f.name, pages: f.pages, status: f.status, error: f.error,
              certificateCount: f.certificateCount, fieldWarnings: f.fieldWarnings,
            })),
        }
      : {}),
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
