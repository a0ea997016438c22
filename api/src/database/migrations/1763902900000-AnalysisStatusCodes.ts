import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Analysis statuses were stored as their pt-BR labels ('Processando', 'Concluída', 'Erro'); they
 * become codes ('processing', 'done', 'error'), the labels living only in ANALYSIS_STATUS_LABELS
 * (shared/src/analysis.ts), as tickets and orders already do. Converted everywhere a status is
 * kept: the rows, the per-day history counters, the stuck-analysis index and the settlement
 * function (settle_analysis, whose body is rewritten in place rather than copied here).
 */
const CODES: [label: string, code: string][] = [
  ['Processando', 'processing'],
  ['Concluída', 'done'],
  ['Erro', 'error'],
];

export class AnalysisStatusCodes1763902900000 implements MigrationInterface {
  name = 'AnalysisStatusCodes1763902900000';

  async up(q: QueryRunner): Promise<void> {
    await convert(q, CODES);
    await q.query(`ALTER TABLE analyses ADD CONSTRAINT analyses_status_check CHECK (status IN ('processing', 'done', 'error'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE analyses DROP CONSTRAINT analyses_status_check`);
    await convert(
      q,
      CODES.map(([label, code]) => [code, label]),
    );
  }
}

async function convert(q: QueryRunner, pairs: [from: string, to: string][]): Promise<void> {
  const params = pairs.flat();
  const cases = pairs.map((_, i) => `WHEN $${2 * i + 1} THEN $${2 * i + 2}`).join(' ');
  const from = pairs.map((_, i) => `$${2 * i + 1}`).join(', ');
  // The counters are renamed in one statement below, so the trigger that moves a row between
  // counters on a status change must not run for this rename.
  await q.query(`ALTER TABLE analyses DISABLE TRIGGER analyses_day_counts_update`);
  await q.query(`UPDATE analyses SET status = CASE status ${cases} END WHERE status IN (${from})`, params);
  await q.query(`ALTER TABLE analyses ENABLE TRIGGER analyses_day_counts_update`);
  await q.query(`UPDATE analysis_day_counts SET status = CASE status ${cases} END WHERE status IN (${from})`, params);

  // Partial index of the running analyses (pairs[0] is Processando ↔ processing).
  await q.query(`DROP INDEX analyses_processing_idx`);
  await q.query(`CREATE INDEX analyses_processing_idx ON analyses (updated_at) WHERE status = '${pairs[0][1]}'`);

  // settle_analysis compares the status with literals: the same function, its literals swapped.
  const [{ def }] = await q.query(`SELECT pg_get_functiondef('settle_analysis(uuid)'::regprocedure) AS def`);
  let body: string = def;
  for (const [a, b] of pairs) body = body.split(`'${a}'`).join(`'${b}'`);
  await q.query(body);
}
