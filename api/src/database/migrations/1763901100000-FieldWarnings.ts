import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Doubt stays visible after the worker is done (issue #20, item 6): per file, each certificate's
 * per-field warnings as the worker extracted them; per analysis, how many fields need checking, so
 * the history list shows it without reading the files.
 */
export class FieldWarnings1763901100000 implements MigrationInterface {
  name = 'FieldWarnings1763901100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE analysis_files ADD COLUMN field_warnings jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`ALTER TABLE analyses ADD COLUMN flagged_field_count int NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE analyses DROP COLUMN flagged_field_count`);
    await q.query(`ALTER TABLE analysis_files DROP COLUMN field_warnings`);
  }
}
