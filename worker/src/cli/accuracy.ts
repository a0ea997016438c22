import { readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { CertificateRecord, FileExtraction, WarnedField } from '@cda/shared';
import { OCR_WARNING, extractPdf } from '../extraction';

/** The record fields the accuracy run compares (warnings are reported, not scored). */
export const SCORED_FIELDS = [
  'registrationNumber', 'issuer', 'issuerName', 'nature', 'debtorName', 'debtorDocument', 'coDebtors', 'revenueCode',
  'revenueDescription', 'administrativeProcess', 'registrationDate', 'legalBasis', 'status', 'principal', 'fine', 'interest',
  'legalCharge', 'total', 'consolidationDate', 'debts', 'pages',
] as const satisfies ReadonlyArray<keyof CertificateRecord>;

/** The fields that must never be wrong (the official scorer's key fields). */
export const KEY_FIELDS = ['registrationNumber', 'debtorDocument', 'total'] as const;

type Kind = 'texto' | 'ocr';
type Field = (typeof SCORED_FIELDS)[number];
export interface FieldScore {
  ok: number;
  total: number;
}

/** Per certificate: how many were found fully right, and how many wrong ones would reach the user unflagged. */
export interface CertificateScore {
  certificates: number;
  fullyCorrect: number;
  /** Certificates with at least one wrong field. */
  withWrongField: number;
  /** Of those, the ones with no warning at all and no file error (score-cda.mjs's "silent ... any"). */
  silent: number;
  /** Certificates with a wrong key field (registrationNumber, debtorDocument, total), and of those the unflagged. */
  keyWrong: number;
  keySilent: number;
  wrongFields: number;
  /** Wrong fields without a per-field warning `fieldWarnings[field]` (the stricter count). */
  uncoveredFields: number;
  /** Certificates with at least one such field. */
  certificatesWithUncovered: number;
}

export interface AccuracyReport {
  files: number;
  fileErrorsOk: number;
  fields: Record<string, Record<Kind, FieldScore>>;
  mismatches: string[];
  /** Unexpected warnings on records whose fields all matched (noise a user would have to read). */
  extraWarnings: string[];
  msPerFile: number[];
  /** Per kind of certificate (text layer or OCR); filled by compareFile. */
  certificates?: Record<Kind, CertificateScore>;
  /** Files whose outcome (error or not) and every certificate matched, with no invented certificate. */
  casesFullyCorrect?: number;
}

export const emptyReport = (): AccuracyReport => ({ files: 0, fileErrorsOk: 0, fields: {}, mismatches: [], extraWarnings: [], msPerFile: [] });
const emptyCertScore = (): CertificateScore => ({ certificates: 0, fullyCorrect: 0, withWrongField: 0, silent: 0, keyWrong: 0, keySilent: 0, wrongFields: 0, uncoveredFields: 0, certificatesWithUncovered: 0 });

// The samples' README: "names are compared without accents, case or extra spaces, numbers by their
// digits"; a field not printed is null in the samples and "" in the record type: the same answer.
const text = (v: string) => v.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/\s+/g, ' ').trim();
const canonValue = (v: unknown): unknown => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return text(v);
  if (Array.isArray(v)) return v.map(canonValue);
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, canonValue(x)]));
  return v;
};
const DIGIT_FIELDS = new Set<string>(['registrationNumber', 'debtorDocument', 'administrativeProcess', 'revenueCode']);
const canon = (v: unknown, field?: string) => JSON.stringify(field && DIGIT_FIELDS.has(field) ? String(v ?? '').replace(/[^\d/]/g, '') : canonValue(v));
const same = (a: unknown, b: unknown, field?: string) => canon(a, field) === canon(b, field);

export function compareFile(expected: FileExtraction, actual: FileExtraction, report: AccuracyReport): void {
  report.files++;
  const certs = (report.certificates ??= { texto: emptyCertScore(), ocr: emptyCertScore() });
  report.casesFullyCorrect ??= 0;
  let caseOk = true;
  if (!!expected.error !== !!actual.error || (expected.error && actual.error && expected.error !== actual.error)) {
    report.mismatches.push(`${expected.file}: erro esperado ${JSON.stringify(expected.error)}, obtido ${JSON.stringify(actual.error)}`);
    caseOk = false;
  } else report.fileErrorsOk++;
  const used = new Set<CertificateRecord>();
  expected.certificates.forEach((exp, i) => {
    const kind: Kind = exp.warnings.includes(OCR_WARNING) ? 'ocr' : 'texto';
    const byNumber = actual.certificates.find((c) => c.registrationNumber === exp.registrationNumber && !used.has(c));
    const byPosition = actual.certificates[i] && !used.has(actual.certificates[i])
      && !expected.certificates.some((e) => e.registrationNumber === actual.certificates[i].registrationNumber) ? actual.certificates[i] : undefined;
    const got = byNumber ?? byPosition;
    if (got) used.add(got);
    const wrong: Field[] = [];
    for (const f of SCORED_FIELDS) {
      const s = (report.fields[f] ??= { texto: { ok: 0, total: 0 }, ocr: { ok: 0, total: 0 } })[kind];
      s.total++;
      if (got && same(exp[f], got[f], f)) s.ok++;
      else {
        wrong.push(f);
        report.mismatches.push(`${expected.file} #${i + 1} ${f}: esperado ${JSON.stringify(exp[f]).slice(0, 300)} · obtido ${got ? JSON.stringify(got[f]).slice(0, 300) : '(certidão ausente)'}`);
      }
    }
    const cs = certs[kind];
    cs.certificates++;
    const flagged = !!(got?.warnings.length || actual.error);
    if (!wrong.length) cs.fullyCorrect++;
    else {
      caseOk = false;
      cs.withWrongField++;
      if (!flagged) cs.silent++;
      cs.wrongFields += wrong.length;
      // `pages` cannot carry a per-field warning, so a wrong page list is always uncovered.
      const uncovered = wrong.filter((f) => !(f !== 'pages' && got?.fieldWarnings?.[f as WarnedField]));
      cs.uncoveredFields += uncovered.length;
      if (uncovered.length) cs.certificatesWithUncovered++;
    }
    if (wrong.some((f) => (KEY_FIELDS as readonly string[]).includes(f))) {
      cs.keyWrong++;
      if (!flagged) cs.keySilent++;
    }
    if (got) {
      const extra = got.warnings.filter((w) => !exp.warnings.includes(w));
      if (extra.length) report.extraWarnings.push(`${expected.file} #${i + 1}: ${extra.join(' | ')}`);
    }
  });
  // An invented certificate is a wrong answer; unflagged, it is a silent one (as score-cda.mjs counts it).
  const invented = actual.certificates.filter((c) => !used.has(c));
  if (invented.length) {
    caseOk = false;
    report.mismatches.push(`${expected.file}: ${invented.length} certidão(ões) a mais (${invented.map((c) => c.registrationNumber || '?').join(', ')})`);
    const kind: Kind = invented.some((c) => c.warnings.includes(OCR_WARNING)) ? 'ocr' : 'texto';
    for (const c of invented) {
      const cs = certs[kind];
      cs.certificates++;
      cs.withWrongField++;
      cs.keyWrong++;
      cs.wrongFields++;
      cs.uncoveredFields++;
      cs.certificatesWithUncovered++;
      if (!(c.warnings.length || actual.error)) {
        cs.silent++;
        cs.keySilent++;
      }
    }
  }
  if (caseOk) report.casesFullyCorrect++;
}

async function loadExpected(dir: string, name: string): Promise<FileExtraction | null> {
  try {
    // The reported samples hold one object; the generators write a one-element array (the CLI's output).
    const parsed = JSON.parse(await readFile(join(dir, name.replace(/\.pdf$/, '.expected.json')), 'utf8')) as FileExtraction | FileExtraction[];
    return Array.isArray(parsed) ? parsed[0] : parsed;
  } catch {
    return null;
  }
}

/** Extracts every PDF with an `.expected.json` beside it in the folders and compares the records. */
export async function accuracy(dirs: string | string[], report: AccuracyReport = emptyReport()): Promise<AccuracyReport> {
  for (const dir of Array.isArray(dirs) ? dirs : [dirs]) {
    const names = (await readdir(dir)).filter((f) => f.endsWith('.pdf')).sort();
    for (const name of names) {
      const expected = await loadExpected(dir, name);
      if (!expected) continue;
      const t0 = performance.now();
      const actual = await extractPdf(await readFile(join(dir, name)), basename(name));
      report.msPerFile.push(performance.now() - t0);
      compareFile(expected, actual, report);
    }
  }
  return report;
}

const pct = (s: FieldScore) => (s.total ? `${((100 * s.ok) / s.total).toFixed(2)}% (${s.ok}/${s.total})` : '—');
const add = (a: FieldScore, b: FieldScore): FieldScore => ({ ok: a.ok + b.ok, total: a.total + b.total });

/** The headline figures, per kind and overall (what `--json` prints and the bench reads). */
export function summarize(r: AccuracyReport) {
  const zero = () => ({ ok: 0, total: 0 });
  const fields = { texto: zero(), ocr: zero() };
  const key = { texto: zero(), ocr: zero() };
  for (const [f, s] of Object.entries(r.fields)) {
    for (const k of ['texto', 'ocr'] as const) {
      fields[k] = add(fields[k], s[k]);
      if ((KEY_FIELDS as readonly string[]).includes(f)) key[k] = add(key[k], s[k]);
    }
  }
  const certs = r.certificates ?? { texto: emptyCertScore(), ocr: emptyCertScore() };
  const both = Object.fromEntries(Object.keys(certs.texto).map((k) => [k, certs.texto[k as keyof CertificateScore] + certs.ocr[k as keyof CertificateScore]])) as unknown as CertificateScore;
  const all = add(fields.texto, fields.ocr);
  const keyAll = add(key.texto, key.ocr);
  return {
    files: r.files,
    fileOutcomeOk: r.fileErrorsOk,
    casesFullyCorrect: r.casesFullyCorrect ?? 0,
    fields: { ...all, texto: fields.texto, ocr: fields.ocr },
    keyFields: { ...keyAll, texto: key.texto, ocr: key.ocr },
    perField: r.fields,
    certificates: { ...both, texto: certs.texto, ocr: certs.ocr },
    /** The project's target: ≥ 99.5 % of fields, every key field, no wrong certificate without a warning. */
    pass: all.total > 0 && all.ok / all.total >= 0.995 && keyAll.ok === keyAll.total && both.silent === 0,
  };
}

export function formatReport(r: AccuracyReport): string {
  const s = summarize(r);
  const lines = [`Arquivos: ${r.files} · resultado por arquivo (erro/sem erro) correto: ${r.fileErrorsOk}/${r.files}`, '', 'campo | texto | OCR', '--- | --- | ---'];
  for (const [f, fs] of Object.entries(r.fields)) lines.push(`${f} | ${pct(fs.texto)} | ${pct(fs.ocr)}`);
  lines.push(`**todos os campos** | ${pct(s.fields.texto)} | ${pct(s.fields.ocr)}`);
  lines.push(`**campos-chave** (${KEY_FIELDS.join(', ')}) | ${pct(s.keyFields.texto)} | ${pct(s.keyFields.ocr)}`);
  const c = s.certificates;
  const row = (name: string, get: (x: CertificateScore) => number) => `${name} | ${get(c.texto)} | ${get(c.ocr)} | ${get(c)}`;
  lines.push('', 'certidões | texto | OCR | total', '--- | --- | --- | ---',
    row('certidões esperadas (+ inventadas)', (x) => x.certificates),
    row('totalmente corretas', (x) => x.fullyCorrect),
    row('com algum campo errado', (x) => x.withWrongField),
    row('**erros silenciosos**: campo errado e nenhum aviso', (x) => x.silent),
    row('com campo-chave errado', (x) => x.keyWrong),
    row('campo-chave errado sem aviso', (x) => x.keySilent),
    row('campos errados', (x) => x.wrongFields),
    row('**campos errados sem aviso do campo** (fieldWarnings)', (x) => x.uncoveredFields),
    row('certidões com campo errado sem aviso do campo', (x) => x.certificatesWithUncovered));
  lines.push('', `Divergências (${r.mismatches.length}):`, ...r.mismatches.map((m) => `- ${m}`));
  lines.push('', `Avisos inesperados (${r.extraWarnings.length}):`, ...r.extraWarnings.map((m) => `- ${m}`));
  lines.push('', `Total: ${pct(s.fields)} · campos-chave: ${pct(s.keyFields)} · casos totalmente corretos: ${s.casesFullyCorrect}/${s.files}`
    + ` · erros silenciosos: ${c.silent} certidão(ões) · campos errados sem aviso do campo: ${c.uncoveredFields}`);
  return lines.join('\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const dirs = args.filter((a) => !a.startsWith('--'));
  const json = args.includes('--json');
  if (!dirs.length) {
    process.stderr.write('uso: npm run -s accuracy -- [--json] PASTA [PASTA...]\n');
    process.exit(2);
  }
  accuracy(dirs)
    .then((r) => {
      const s = summarize(r);
      process.stdout.write(json ? `${JSON.stringify(s)}\n` : `${formatReport(r)}\n`);
      // 0 only when the target is met (as score-cda.mjs): ≥ 99.5 % of fields, every key field, no silent error.
      process.exit(s.pass ? 0 : 1);
    })
    .catch((err) => {
      process.stderr.write(`${err?.stack ?? err}\n`);
      process.exit(2);
    });
}
