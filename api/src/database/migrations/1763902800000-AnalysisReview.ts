import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each analysis can be reviewed, corrected and re-simulated after its PDFs are gone (issue #24):
 *  - every extracted certificate is kept as its record (jsonb) with the columns the history searches
 *    (debtor name by trigram, CPF/CNPJ and inscription by prefix) and shows (total, issuer);
 *  - every correction is kept (who, when, field, old → new) with the analysis, so deleting the
 *    analysis or the account deletes them too (LGPD), unlike the admin audit log;
 *  - `version` counts the corrections and re-simulations asked for, `workbooks_version` the one whose
 *    workbooks are stored: they differ while the worker regenerates.
 */
export class AnalysisReview1763902800000 implements MigrationInterface {
  name = 'AnalysisReview1763902800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE analysis_certificates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        analysis_id uuid NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
        file_position int NOT NULL,
        file_index int NOT NULL,
        record jsonb NOT NULL,
        debtor_name text NOT NULL DEFAULT '',
        debtor_document varchar(20) NOT NULL DEFAULT '',
        registration_number varchar(40) NOT NULL DEFAULT '',
        issuer varchar(12) NOT NULL,
        total bigint NOT NULL DEFAULT 0,
        edited_at timestamptz,
        UNIQUE (analysis_id, file_position, file_index)
      )`);
    await q.query(`CREATE INDEX analysis_certificates_debtor_name_trgm ON analysis_certificates USING gin (lower(debtor_name) gin_trgm_ops)`);
    await q.query(`CREATE INDEX analysis_certificates_document_idx ON analysis_certificates (debtor_document varchar_pattern_ops)`);
    await q.query(`CREATE INDEX analysis_certificates_number_idx ON analysis_certificates (registration_number varchar_pattern_ops)`);
    await q.query(`
      CREATE TABLE analysis_certificate_edits (
        id bigserial PRIMARY KEY,
        certificate_id uuid NOT NULL REFERENCES analysis_certificates(id) ON DELETE CASCADE,
        analysis_id uuid NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        field varchar(40) NOT NULL,
        old_value jsonb,
        new_value jsonb,
        version int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX analysis_certificate_edits_analysis_idx ON analysis_certificate_edits (analysis_id, id)`);
    await q.query(`ALTER TABLE analyses ADD COLUMN version int NOT NULL DEFAULT 1`);
    await q.query(`ALTER TABLE analyses ADD COLUMN workbooks_version int NOT NULL DEFAULT 1`);
    await q.query(`ALTER TABLE analyses ADD COLUMN edited_at timestamptz`);
    await q.query(`ALTER TABLE analyses ADD COLUMN regeneration_error text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE analyses DROP COLUMN regeneration_error`);
    await q.query(`ALTER TABLE analyses DROP COLUMN edited_at`);
    await q.query(`ALTER TABLE analyses DROP COLUMN workbooks_version`);
    await q.query(`ALTER TABLE analyses DROP COLUMN version`);
    await q.query(`DROP TABLE analysis_certificate_edits`);
    await q.query(`DROP TABLE analysis_certificates`);
  }
}
