import { Pool } from 'pg';
import { AnalysisStatus, DEFAULT_SETTINGS, FieldWarnings, Settings, SettingsSection } from '@cda/shared';

export interface FileOutcome {
  position: number;
  status: 'done' | 'error';
  error: string | null;
  certificateCount: number;
  /** Each certificate's per-field warnings, in extraction order (shared AnalysisFileView). */
  fieldWarnings: FieldWarnings[];
  /** Time the extraction of this file took, for the admin's processing-time report. */
  processingMs?: number;
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
