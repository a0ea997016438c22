import { BadRequestException, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource, Repository } from 'typeorm';
import { Readable } from 'node:stream';
import {
  ANALYSES_QUEUE,
  AnalysisJobPayload,
  AnalysisParams,
  AnalysisStatus,
  DEFAULT_ANALYSIS_PARAMS,
  JobFile,
  storageKeys,
} from '@cda/shared';
import { StorageService } from '../storage/storage.service';
import type { AuthUser } from '../auth/auth-user';
import { ADMIN_ROLES } from '@cda/shared';
import { Analysis } from './analysis.entity';
import { AnalysisFile } from './analysis-file.entity';
import { CreateAnalysisDto } from './dto/create-analysis.dto';
import { countPdfPages, looksLikePdf } from './pdf-inspection';

export interface UploadedPdf {
  originalname: string;
  buffer: Buffer;
  size: number;
}

@Injectable()
export class AnalysesService {
  private readonly logger = new Logger(AnalysesService.name);

  constructor(
    @InjectRepository(Analysis) private readonly analyses: Repository<Analysis>,
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(ANALYSES_QUEUE) private readonly queue: Queue<AnalysisJobPayload>,
    private readonly storage: StorageService,
  ) {}

  async create(user: AuthUser, files: UploadedPdf[], dto: CreateAnalysisDto): Promise<Analysis> {
    if (!files.length) throw new BadRequestException('Envie ao menos um arquivo PDF.');
    for (const f of files) {
      if (!looksLikePdf(f.buffer)) {
        this.logger.warn({ userId: user.id, file: f.originalname, size: f.size }, 'upload refused: not a PDF');
        throw new BadRequestException(`O arquivo "${f.originalname}" não é um PDF válido.`);
      }
    }
    const params: AnalysisParams = { ...DEFAULT_ANALYSIS_PARAMS, ...stripUndefined(dto) };
    const pages = await Promise.all(files.map((f) => countPdfPages(f.buffer)));

    const analysis = await this.db.transaction(async (tx) => {
      const a = await tx.getRepository(Analysis).save(
        tx.getRepository(Analysis).create({ userId: user.id, status: AnalysisStatus.Processing, fileCount: files.length, params }),
      );
      await tx.getRepository(AnalysisFile).insert(
        files.map((f, i) => ({
          analysisId: a.id,
          position: i + 1,
          name: f.originalname,
          sizeBytes: f.size,
          pages: pages[i],
          storageKey: storageKeys.upload(a.id, i + 1),
        })),
      );
      return a;
    });

    const jobFiles: JobFile[] = files.map((f, i) => ({ key: storageKeys.upload(analysis.id, i + 1), name: f.originalname, pages: pages[i] }));
    try {
      await Promise.all(files.map((f, i) => this.storage.put(jobFiles[i].key, f.buffer, 'application/pdf')));
      await this.queue.add(
        'analyze',
        { analysisId: analysis.id, userId: user.id, files: jobFiles, params },
        { jobId: analysis.id, attempts: 3, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000, removeOnFail: 5000 },
      );
    } catch (err) {
      this.logger.error({ analysisId: analysis.id, err }, 'could not store uploads or enqueue the job');
      await this.analyses.update(
        { id: analysis.id },
        { status: AnalysisStatus.Error, error: 'Falha ao registrar a análise. Tente novamente em instantes.' },
      );
      await this.storage.removePrefix(storageKeys.uploadPrefix(analysis.id)).catch(() => undefined);
      throw new ServiceUnavailableException('Não foi possível iniciar a análise agora. Tente novamente em instantes.');
    }
    this.logger.log({ analysisId: analysis.id, userId: user.id, files: files.length, pages }, 'analysis enqueued');
    return analysis;
  }

  list(user: AuthUser): Promise<Analysis[]> {
    return this.analyses.find({ where: { userId: user.id }, order: { createdAt: 'DESC' }, take: 100 });
  }

  /** 404, not 403, for someone else's analysis: its existence is not the caller's business. */
  async findVisible(user: AuthUser, id: string): Promise<Analysis> {
    const analysis = await this.analyses.findOne({ where: { id }, relations: { files: true } });
    if (!analysis || (analysis.userId !== user.id && !ADMIN_ROLES.includes(user.role))) {
      throw new NotFoundException('Análise não encontrada.');
    }
    analysis.files?.sort((a, b) => a.position - b.position);
    return analysis;
  }

  async openWorkbook(user: AuthUser, id: string, name: string): Promise<Readable> {
    const analysis = await this.findVisible(user, id);
    if (!analysis.workbooks.includes(name)) throw new NotFoundException('Arquivo não encontrado.');
    return this.storage.getStream(storageKeys.result(analysis.userId, analysis.id, name));
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
