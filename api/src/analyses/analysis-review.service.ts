import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  AnalysisParams,
  AnalysisStatus,
  CertificateEditView,
  CertificateRecord,
  CertificateView,
  DEFAULT_ANALYSIS_PARAMS,
  EditableField,
  FIELD_LABEL,
  JOBS,
  QUEUES,
  RegenerateJobPayload,
  ReviewOutcome,
  SimulationSummary,
  certificateTotal,
  countFlaggedFields,
  enqueue,
  exclusionReason,
  formatFieldValue,
  isEditableField,
  parseFieldEdit,
  simulate,
  summarizeSimulation,
} from '@cda/shared';
import { SettingsService } from '../settings/settings.service';
import type { AuthUser } from '../common/auth';
import { Analysis } from './analysis.entity';
import { AnalysisCertificate, CertificateEdit } from './analysis-certificate.entity';
import type { ResimulateDto } from './dto/review.dto';
import type { ContractQueue } from '../common/job-queue';

const ENQUEUE_TIMEOUT_MS = 3000;
export const LEGACY_ANALYSIS =
  'Esta análise foi feita antes de a revisão na tela existir: suas certidões não foram guardadas. Consulte a planilha Base ou envie os PDFs novamente.';
const REGENERATION_NOT_QUEUED = 'As planilhas desta versão não puderam ser geradas agora. Salve novamente em instantes.';

/**
 * Review of a finished analysis (issue #24): its certificates as stored, corrections checked like the
 * extraction checks them and audited, and re-simulations. Both recompute the simulation here (it is
 * pure) and ask the worker to write the workbooks of the new version from the stored records.
 * Nothing here touches the token ledger: reviewing is free.
 */
@Injectable()
export class AnalysisReviewService {
  private readonly logger = new Logger(AnalysisReviewService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.analyses) private readonly queue: ContractQueue<'analyses'>,
    private readonly settings: SettingsService,
  ) {}

  /** The analysis' certificates in workbook order: files as uploaded, certificates as extracted. */
  async certificates(analysisId: string, manager: EntityManager = this.db.manager): Promise<CertificateView[]> {
    const rows = await manager.getRepository(AnalysisCertificate).find({
      where: { analysisId },
      order: { filePosition: 'ASC', fileIndex: 'ASC' },
    });
    const names = await manager.query(`SELECT position, name FROM analysis_files WHERE analysis_id = $1`, [analysisId]) as { position: number; name: string }[];
    const nameOf = new Map(names.map((f) => [f.position, f.name]));
    return rows.map((c, i) => ({
      id: c.id,
      position: i + 1,
      filePosition: c.filePosition,
      fileName: nameOf.get(c.filePosition) ?? '',
      record: c.record,
      flaggedFieldCount: countFlaggedFields([c.record]),
      exclusion: exclusionReason(c.record),
      editedAt: c.editedAt ? c.editedAt.toISOString() : null,
    }));
  }

  /** Every correction of the analysis, newest first, with the editor's name. */
  async edits(analysisId: string): Promise<CertificateEditView[]> {
    const rows = (await this.db.query(
      `SELECT e.id, e.certificate_id, e.field, e.old_value, e.new_value, e.version, e.created_at, u.name AS by, c.record
         FROM analysis_certificate_edits e
         JOIN analysis_certificates c ON c.id = e.certificate_id
         LEFT JOIN users u ON u.id = e.user_id
        WHERE e.analysis_id = $1 ORDER BY e.id DESC`,
      [analysisId],
    )) as { id: string; certificate_id: string; field: EditableField; old_value: unknown; new_value: unknown; version: number; created_at: Date; by: string | null; record: CertificateRecord }[];
    const show = (r: (typeof rows)[number], v: unknown) => formatFieldValue(r.field, { ...r.record, [r.field]: v } as CertificateRecord);
    return rows.map((r) => ({
      id: String(r.id),
      certificateId: r.certificate_id,
      field: r.field,
      fieldLabel: FIELD_LABEL[r.field] ?? r.field,
      oldValue: show(r, r.old_value),
      newValue: show(r, r.new_value),
      by: r.by,
      at: new Date(r.created_at).toISOString(),
      version: r.version,
    }));
  }

  /**
   * Corrects fields of one certificate. Every value is checked first (400 with the pt-BR reason,
   * nothing saved); then, in one transaction, the record changes, each change is audited and the
   * analysis moves to its next version, whose workbooks the worker writes.
   */
  async correct(user: AuthUser, analysisId: string, certificateId: string, changes: Record<string, unknown>): Promise<ReviewOutcome> {
    const parsed = new Map<EditableField, CertificateRecord[EditableField]>();
    const entries = Object.entries(changes ?? {});
    if (!entries.length) throw new BadRequestException('Nenhum campo para corrigir.');
    for (const [field, raw] of entries) {
      if (!isEditableField(field)) throw new BadRequestException(`O campo "${field}" não pode ser corrigido.`);
      if (typeof raw !== 'string') throw new BadRequestException(`${FIELD_LABEL[field]}: envie o valor como texto.`);
      const result = parseFieldEdit(field, raw);
      if (!result.ok) throw new BadRequestException(result.error);
      parsed.set(field, result.value);
    }

    const outcome = await this.db.transaction(async (tx) => {
      const analysis = await this.lockOwned(tx, user, analysisId);
      const cert = await tx.getRepository(AnalysisCertificate).findOne({ where: { id: certificateId, analysisId } });
      if (!cert) throw new NotFoundException('Certidão não encontrada.');
      const before = cert.record;
      const changed = [...parsed].filter(([field, value]) => JSON.stringify(before[field]) !== JSON.stringify(value));
      if (!changed.length) throw new BadRequestException('Nenhum valor mudou.');
      const version = analysis.version + 1;
      // A field the user wrote is no longer in doubt: its warning goes (and the same text among the
      // record's warnings, where the extraction also lists it); the audit row keeps the history.
      const fieldWarnings = { ...(before.fieldWarnings ?? {}) };
      const settled = new Set<string>();
      for (const [field] of changed) {
        if (fieldWarnings[field]) settled.add(fieldWarnings[field]!);
        delete fieldWarnings[field];
      }
      const warnings = before.warnings.filter((w) => !settled.has(w));
      const record: CertificateRecord = { ...before, ...Object.fromEntries(changed), fieldWarnings, warnings };
      await tx.query(
        `UPDATE analysis_certificates SET record = $2, debtor_name = $3, debtor_document = $4, registration_number = $5, issuer = $6, total = $7, edited_at = now()
         WHERE id = $1`,
        [cert.id, JSON.stringify(record), record.debtorName, record.debtorDocument.slice(0, 20), record.registrationNumber.slice(0, 40), record.issuer, certificateTotal(record)],
      );
      for (const [field, value] of changed) {
        await tx.query(
          `INSERT INTO analysis_certificate_edits (certificate_id, analysis_id, user_id, field, old_value, new_value, version) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [cert.id, analysisId, user.id, field, JSON.stringify(before[field] ?? null), JSON.stringify(value ?? null), version],
        );
      }
      // The per-file warnings (the history's count and the Base workbook's highlights) follow the record.
      await tx.query(
        `UPDATE analysis_files SET field_warnings = jsonb_set(field_warnings, $3::text[], $4::jsonb)
         WHERE analysis_id = $1 AND position = $2 AND jsonb_array_length(field_warnings) >= $5`,
        [analysisId, cert.filePosition, [String(cert.fileIndex - 1)], JSON.stringify(fieldWarnings), cert.fileIndex],
      );
      return this.nextVersion(tx, analysis, version, analysis.params, true);
    });
    this.logger.log({ analysisId, certificateId, fields: [...parsed.keys()], version: outcome.version }, 'certificate corrected');
    await this.enqueue(user, analysisId, outcome.version);
    return outcome;
  }

  /** New simulation inputs for the analysis; the limits are applied and reported, never refused. */
  async resimulate(user: AuthUser, analysisId: string, dto: ResimulateDto): Promise<ReviewOutcome> {
    const outcome = await this.db.transaction(async (tx) => {
      const analysis = await this.lockOwned(tx, user, analysisId);
      const given = Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined));
      const params: AnalysisParams = { ...DEFAULT_ANALYSIS_PARAMS, ...analysis.params, ...given };
      return this.nextVersion(tx, analysis, analysis.version + 1, params, false);
    });
    await this.enqueue(user, analysisId, outcome.version);
    return outcome;
  }

  /** Only the owner reviews; an analysis still running (or failed) has nothing to correct. */
  private async lockOwned(tx: EntityManager, user: AuthUser, analysisId: string): Promise<Analysis> {
    const analysis = await tx.getRepository(Analysis).findOne({ where: { id: analysisId }, lock: { mode: 'pessimistic_write' } });
    if (!analysis || analysis.userId !== user.id) throw new NotFoundException('Análise não encontrada.');
    if (analysis.status !== AnalysisStatus.Done) throw new ConflictException('Só é possível revisar uma análise concluída.');
    return analysis;
  }

  /** Simulates the stored records with `params` and records the new version (the worker writes its workbooks). */
  private async nextVersion(tx: EntityManager, analysis: Analysis, version: number, params: AnalysisParams, edited: boolean): Promise<ReviewOutcome> {
    const records = (await this.certificates(analysis.id, tx)).map((c) => c.record);
    // Analyses finished before the records were kept (migration AnalysisReview) have nothing to rebuild
    // from; simulating "no certificates" would overwrite their workbooks with empty ones.
    if (!records.length && analysis.certificateCount > 0) throw new ConflictException(LEGACY_ANALYSIS);
    const settings = await this.settings.get('simulation');
    let simulation: SimulationSummary | null = null;
    let simulationError: string | null = null;
    try {
      simulation = summarizeSimulation(simulate(records, params, settings));
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      simulationError = 'A simulação não pôde ser feita com os parâmetros informados; a planilha de certidões foi gerada.';
    }
    await tx.query(
      `UPDATE analyses SET version = $2, params = $3, summary = $4, flagged_field_count = $5, regeneration_error = NULL,
         edited_at = CASE WHEN $6 THEN now() ELSE edited_at END, updated_at = now()
       WHERE id = $1`,
      [analysis.id, version, JSON.stringify(params), JSON.stringify({ simulation, simulationError }), countFlaggedFields(records), edited],
    );
    return { version, simulation, simulationError };
  }

  private async enqueue(user: AuthUser, analysisId: string, version: number): Promise<void> {
    const payload: RegenerateJobPayload = { analysisId, userId: user.id, version };
    try {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        enqueue(this.queue, JOBS.regenerate, payload, {
          jobId: `regenerate-${analysisId}-v${version}`, attempts: 3, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000, removeOnFail: 5000,
        }),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), ENQUEUE_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
    } catch (err) {
      this.logger.error({ analysisId, version, err: String(err) }, 'regeneration not enqueued');
      await this.db.query(`UPDATE analyses SET regeneration_error = $3 WHERE id = $1 AND version = $2`, [analysisId, version, REGENERATION_NOT_QUEUED]);
      throw new ServiceUnavailableException(`Alteração salva. ${REGENERATION_NOT_QUEUED}`);
    }
  }
}
