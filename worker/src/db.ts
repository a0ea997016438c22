import { Pool } from 'pg';
import {
  AnalysisParams,
  AnalysisStatus,
  CertificateRecord,
  DEFAULT_SETTINGS,
  FieldWarnings,
  Settings,
  SettingsSection,
  certificateTotal,
} from '@cda/shared';

export interface FileOutcome {
  position: number;
  status: 'done' | 'error';
  error: string | null;
  certificateCount: number;
  /** Each certificate's per-field warnings, in extraction order (shared AnalysisFileView). */
  fieldWarnings: FieldWarnings[];
  /** Time the extraction of this file took, for the admin's processing-time report. */
  processingMs?: number;
  /** The records themselves, kept for review, correction and regeneration once the PDF is gone. */
  certificates?: CertificateRecord[];
}

/** What a regeneration reads: the analysis as stored, never its PDFs. */
export interface StoredAnalysis {
  userId: string;
  status: string;
  version: number;
  params: AnalysisParams;
  files: Array<{ position: number; name: string; pages: number; error: string | null }>;
  certificates: Array<{ filePosition: number; record: CertificateRecord }>;
}

export interface RegeneratedOutcome {
  workbooks: string[];
  certificateCount: number;
  flaggedFieldCount: number;
  summary: Record<string, unknown>;
}

/** The row of analysis_certificates for one record: the record plus the columns the history searches. */
function certificateRows(certificates: CertificateRecord[]) {
  return certificates.map((record, i) => ({
    index: i + 1,
    record,
    debtorName: record.debtorName ?? '',
    debtorDocument: (record.debtorDocument ?? '').slice(0, 20),
    registrationNumber: (record.registrationNumber ?? '').slice(0, 40),
    issuer: record.issuer,
    total: certificateTotal(record),
  }));
}

export interface FinalOutcome {
  status: AnalysisStatus;
  error: string | null;
  workbooks: string[];
  certificateCount: number;
  /** countFlaggedFields over every certificate of the analysis. */
  flaggedFieldCount: number;
  summary: Record<string, unknown> | null;
}

/** The few writes a worker makes; the API owns the schema and its migrations. */
export class AnalysisStore {
  constructor(private readonly pool: Pool) {}

  /** `ended` when it already reached a final state (a duplicate run of its job must not touch it). */
  async state(analysisId: string): Promise<'missing' | 'processing' | 'ended'> {
    const r = await this.pool.query('SELECT status FROM analyses WHERE id = $1', [analysisId]);
    if (!r.rowCount) return 'missing';
    return r.rows[0].status === AnalysisStatus.Processing ? 'processing' : 'ended';
  }

  /**
   * Records one file's outcome while the analysis is still running. Returns false when it has already
   * ended (e.g. another worker finished it after this one was stopped): the caller must then stop.
   */
  async recordFile(analysisId: string, outcome: FileOutcome, processedFiles: number): Promise<boolean> {
    // One statement (atomic on its own, one round trip): the file row is updated only while the
    // analysis is still running.
    const r = await this.pool.query(
      `WITH live AS (
         UPDATE analyses SET processed_files = $2, updated_at = now() WHERE id = $1 AND status = $3 RETURNING id
       ), file AS (
         UPDATE analysis_files SET status = $5, error = $6, certificate_count = $7, processing_ms = $8, field_warnings = $9
         WHERE analysis_id = (SELECT id FROM live) AND position = $4
       ), certs AS (
         INSERT INTO analysis_certificates (analysis_id, file_position, file_index, record, debtor_name, debtor_document, registration_number, issuer, total)
         SELECT live.id, $4, (c->>'index')::int, c->'record', c->>'debtorName', c->>'debtorDocument', c->>'registrationNumber', c->>'issuer', (c->>'total')::bigint
         FROM live, jsonb_array_elements($10::jsonb) AS c
         ON CONFLICT (analysis_id, file_position, file_index) DO UPDATE SET record = EXCLUDED.record, debtor_name = EXCLUDED.debtor_name,
           debtor_document = EXCLUDED.debtor_document, registration_number = EXCLUDED.registration_number, issuer = EXCLUDED.issuer, total = EXCLUDED.total
       )
       SELECT count(*)::int AS live FROM live`,
      [
        analysisId,
        processedFiles,
        AnalysisStatus.Processing,
        outcome.position,
        outcome.status,
        outcome.error,
        outcome.certificateCount,
        outcome.processingMs ?? null,
        JSON.stringify(outcome.fieldWarnings),
        JSON.stringify(certificateRows(outcome.certificates ?? [])),
      ],
    );
    return r.rows[0].live === 1;
  }

  /** A retried job starts over: no file counts as done until this run says so. Tells whether any had. */
  async resetProgress(analysisId: string): Promise<boolean> {
    // One statement: atomic, one round trip; `old` sees the row as it was before the updates.
    const { rows } = await this.pool.query<{ went_back: boolean }>(
      `WITH old AS (
         SELECT processed_files FROM analyses WHERE id = $1 AND status = $2
       ), progress AS (
         UPDATE analyses SET processed_files = 0, updated_at = now() WHERE id = $1 AND status = $2
       ), files AS (
         UPDATE analysis_files SET status = 'pending', error = NULL, certificate_count = 0, processing_ms = NULL, field_warnings = '[]'
         WHERE analysis_id = $1
       ), certs AS (
         DELETE FROM analysis_certificates WHERE analysis_id = $1 AND EXISTS (SELECT 1 FROM old)
       )
       SELECT processed_files > 0 AS went_back FROM old`,
      [analysisId, AnalysisStatus.Processing],
    );
    return rows[0]?.went_back ?? false;
  }

  /**
   * Sets the final state and settles the tokens in one transaction. Only an analysis still
   * `Processando` can end, so a timeout and a late finish never both win. Returns the tokens
   * charged, or null when another call had already ended it.
   */
  async finish(analysisId: string, o: FinalOutcome): Promise<number | null> {
    return this.inTransaction(async (q) => {
      const r = await q(
        `UPDATE analyses SET status = $2, error = $3, workbooks = $4, certificate_count = $5, summary = $6,
           flagged_field_count = $8, completed_at = now(), updated_at = now() WHERE id = $1 AND status = $7`,
        [
          analysisId, o.status, o.error, o.workbooks, o.certificateCount,
          o.summary === null ? null : JSON.stringify(o.summary), AnalysisStatus.Processing, o.flaggedFieldCount,
        ],
      );
      if (!r.rowCount) return null;
      await q(`SELECT settle_analysis($1)`, [analysisId]);
      const charged = await q(`SELECT tokens_cost - tokens_refunded AS charged FROM analyses WHERE id = $1`, [analysisId]);
      return Number(charged.rows[0].charged);
    });
  }

  /** An analysis as stored, for a regeneration; null when it no longer exists. */
  async stored(analysisId: string): Promise<StoredAnalysis | null> {
    const a = await this.pool.query(`SELECT user_id, status, version, params FROM analyses WHERE id = $1`, [analysisId]);
    if (!a.rowCount) return null;
    const files = await this.pool.query(
      `SELECT position, name, pages, error FROM analysis_files WHERE analysis_id = $1 ORDER BY position`,
      [analysisId],
    );
    const certs = await this.pool.query(
      `SELECT file_position, record FROM analysis_certificates WHERE analysis_id = $1 ORDER BY file_position, file_index`,
      [analysisId],
    );
    const row = a.rows[0];
    return {
      userId: row.user_id,
      status: row.status,
      version: row.version,
      params: row.params,
      files: files.rows.map((f) => ({ position: f.position, name: f.name, pages: f.pages, error: f.error })),
      certificates: certs.rows.map((c) => ({ filePosition: c.file_position, record: c.record })),
    };
  }

  /**
   * Points the analysis at the regenerated workbooks of `version`, unless a newer version was asked
   * for meanwhile (its own job will). Returns whether this version is now the current one.
   */
  async finishRegeneration(analysisId: string, version: number, o: RegeneratedOutcome): Promise<boolean> {
    const r = await this.pool.query(
      `UPDATE analyses SET workbooks = $3, workbooks_version = $2, certificate_count = $4, flagged_field_count = $5, summary = $6,
         regeneration_error = NULL, updated_at = now()
       WHERE id = $1 AND version = $2`,
      [analysisId, version, o.workbooks, o.certificateCount, o.flaggedFieldCount, JSON.stringify(o.summary)],
    );
    return r.rowCount === 1;
  }

  async failRegeneration(analysisId: string, version: number, reason: string): Promise<void> {
    await this.pool.query(`UPDATE analyses SET regeneration_error = $3, updated_at = now() WHERE id = $1 AND version = $2`, [analysisId, version, reason]);
  }

  /** Whether an admin ever saved this key: until then the environment's value stands. */
  async isSaved(section: SettingsSection, key: string): Promise<boolean> {
    const r = await this.pool.query(`SELECT value ? $2 AS saved FROM settings WHERE section = $1`, [section, key]);
    return r.rows[0]?.saved === true;
  }

  /** A settings section merged over its defaults, as the API's SettingsService reads it. */
  async settings<S extends SettingsSection>(section: S): Promise<Settings[S]> {
    const r = await this.pool.query(`SELECT value FROM settings WHERE section = $1`, [section]);
    return { ...DEFAULT_SETTINGS[section], ...(r.rows[0]?.value ?? {}) };
  }

  private async inTransaction<T>(
    fn: (q: (sql: string, args: unknown[]) => Promise<{ rowCount: number | null; rows: Record<string, unknown>[] }>) => Promise<T>,
  ): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn((sql, args) => client.query(sql, args));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
