import { Pool } from 'pg';
import type { AnalysisStatus } from '@cda/shared';

export interface FileOutcome {
  position: number;
  status: 'done' | 'error';
  error: string | null;
  certificateCount: number;
}

export interface FinalOutcome {
  status: AnalysisStatus;
  error: string | null;
  workbooks: string[];
  certificateCount: number;
  summary: Record<string, unknown> | null;
}

/** The few writes a worker makes; the API owns the schema and its migrations. */
export class AnalysisStore {
  constructor(private readonly pool: Pool) {}

  async exists(analysisId: string): Promise<boolean> {
    const r = await this.pool.query('SELECT 1 FROM analyses WHERE id = $1', [analysisId]);
    return (r.rowCount ?? 0) > 0;
  }

  async recordFile(analysisId: string, outcome: FileOutcome, processedFiles: number): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `UPDATE analysis_files SET status = $3, error = $4, certificate_count = $5 WHERE analysis_id = $1 AND position = $2`,
        [analysisId, outcome.position, outcome.status, outcome.error, outcome.certificateCount],
      );
      await client.query(`UPDATE analyses SET processed_files = $2, updated_at = now() WHERE id = $1`, [analysisId, processedFiles]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async resetProgress(analysisId: string): Promise<void> {
    await this.pool.query(`UPDATE analyses SET processed_files = 0, updated_at = now() WHERE id = $1`, [analysisId]);
  }

  async finish(analysisId: string, o: FinalOutcome): Promise<void> {
    await this.pool.query(
      `UPDATE analyses SET status = $2, error = $3, workbooks = $4, certificate_count = $5, summary = $6,
         completed_at = now(), updated_at = now() WHERE id = $1`,
      [analysisId, o.status, o.error, o.workbooks, o.certificateCount, o.summary === null ? null : JSON.stringify(o.summary)],
    );
  }
}
