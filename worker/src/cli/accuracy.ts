import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CertificateRecord, FileExtraction } from '@cda/shared';
import { OCR_WARNING, extractPdf } from '../extraction';

/** The record fields the accuracy run compares (warnings are reported, not scored). */
export const SCORED_FIELDS = [
  'registrationNumber', 'issuer', 'issuerName', 'nature', 'debtorName', 'debtorDocument', 'coDebtors', 'revenueCode',
  'revenueDescription', 'administrativeProcess', 'registrationDate', 'legalBasis', 'status', 'principal', 'fine', 'interest',
  'legalCharge', 'total', 'consolidationDate', 'debts', 'pages',
] as const satisfies ReadonlyArray<keyof CertificateRecord>;

type Kind = 'texto' | 'ocr';
export interface FieldScore {
  ok: number;
  total: number;
}
export interface AccuracyReport {
  files: number;
  fileErrorsOk: number;
  fields: Record<string, Record<Kind, FieldScore>>;
  mismatches: string[];
  /** Unexpected warnings on records whose fields all matched (noise a user would have to read). */
  extraWarnings: string[];
  msPerFile: number[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function compareFile(expected: FileExtraction, actual: FileExtraction, report: AccuracyReport): void {
  report.files++;
  if (expected.error !== actual.error) report.mismatches.push(`${expected.file}: erro esperado ${JSON.stringify(expected.error)}, obtido ${JSON.stringify(actual.error)}`);
  else report.fileErrorsOk++;
  expected.certificates.forEach((exp, i) => {
    const kind: Kind = exp.warnings.includes(OCR_WARNING) ? 'ocr' : 'texto';
    const got = actual.certificates.find((c) => c.registrationNumber === exp.registrationNumber) ?? actual.certificates[i];
    for (const f of SCORED_FIELDS) {
      const s = (report.fields[f] ??= { texto: { ok: 0, total: 0 }, ocr: { ok: 0, total: 0 } })[kind];
      s.total++;
      if (got && same(exp[f], got[f])) s.ok++;
      else report.mismatches.push(`${expected.file} #${i + 1} ${f}: esperado ${JSON.stringify(exp[f]).slice(0, 300)} · obtido ${got ? JSON.stringify(got[f]).slice(0, 300) : '(certidão ausente)'}`);
    }
    if (got) {
      const extra = got.warnings.filter((w) => !exp.warnings.includes(w));
      if (extra.length) report.extraWarnings.push(`${expected.file} #${i + 1}: ${extra.join(' | ')}`);
    }
  });
  if (actual.certificates.length > expected.certificates.length) {
    report.mismatches.push(`${expected.file}: ${actual.certificates.length - expected.certificates.length} certidão(ões) a mais`);
  }
}

export async function accuracy(dir: string): Promise<AccuracyReport> {
  const report: AccuracyReport = { files: 0, fileErrorsOk: 0, fields: {}, mismatches: [], extraWarnings: [], msPerFile: [] };
  const names = (await readdir(dir)).filter((f) => f.endsWith('.pdf')).sort();
  for (const name of names) {
    let expected: FileExtraction;
    try {
      [expected] = JSON.parse(await readFile(join(dir, name.replace(/\.pdf$/, '.expected.json')), 'utf8')) as FileExtraction[];
    } catch {
      continue;
    }
    const t0 = performance.now();
    const actual = await extractPdf(await readFile(join(dir, name)), name);
    report.msPerFile.push(performance.now() - t0);
    compareFile(expected, actual, report);
  }
  return report;
}

const pct = (s: FieldScore) => (s.total ? `${((100 * s.ok) / s.total).toFixed(2)}% (${s.ok}/${s.total})` : '—');

export function formatReport(r: AccuracyReport): string {
  const lines = [`Arquivos: ${r.files} · resultado por arquivo (erro/sem erro) correto: ${r.fileErrorsOk}/${r.files}`, '', 'campo | texto | OCR', '--- | --- | ---'];
  const all: Record<Kind, FieldScore> = { texto: { ok: 0, total: 0 }, ocr: { ok: 0, total: 0 } };
  for (const [f, s] of Object.entries(r.fields)) {
    lines.push(`${f} | ${pct(s.texto)} | ${pct(s.ocr)}`);
    for (const k of ['texto', 'ocr'] as const) {
      all[k].ok += s[k].ok;
      all[k].total += s[k].total;
    }
  }
  lines.push(`**todos os campos** | ${pct(all.texto)} | ${pct(all.ocr)}`);
  const total = { ok: all.texto.ok + all.ocr.ok, total: all.texto.total + all.ocr.total };
  lines.push('', `Total: ${pct(total)}`);
  lines.push('', `Divergências (${r.mismatches.length}):`, ...r.mismatches.map((m) => `- ${m}`));
  lines.push('', `Avisos inesperados (${r.extraWarnings.length}):`, ...r.extraWarnings.map((m) => `- ${m}`));
  return lines.join('\n');
}

if (require.main === module) {
  const dir = process.argv[2];
  if (!dir) {
    process.stderr.write('uso: npm run -s accuracy -- PASTA\n');
    process.exit(2);
  }
  accuracy(dir)
    .then((r) => {
      process.stdout.write(`${formatReport(r)}\n`);
      process.exit(r.mismatches.length ? 1 : 0);
    })
    .catch((err) => {
      process.stderr.write(`${err?.stack ?? err}\n`);
      process.exit(1);
    });
}
