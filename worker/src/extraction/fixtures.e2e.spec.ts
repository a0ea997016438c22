import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FileExtraction } from '@cda/shared';
import { generate } from '../../fixtures/generate';
import { type AccuracyReport, compareFile } from '../cli/accuracy';
import { NOT_A_CDA, extractPdf } from '.';

/**
 * End to end: real PDFs printed by Chromium (one per layout family, a multi-certificate file, a
 * scan, a non-CDA and a corrupt file) go through the `extract` CLI and are compared field by field
 * with the generator's expected records. The CLI runs in its own Node process: pdf.js starts its
 * worker with a dynamic import, which Jest's module sandbox refuses.
 */
async function runCli(files: string[]): Promise<FileExtraction[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, '../cli/extract.ts'), ...files], {
    cwd: join(__dirname, '../..'),
    env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '../../tsconfig.json') },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as FileExtraction[];
}

const FILES = ['pgfn-grid-1', 'pgfn-classic-1', 'inss-debcad-1', 'estado-tabela-1', 'estado-prosa-1', 'municipal-1', 'multi-federal', 'scan-inss', 'nao-e-cda'];

describe('fixture corpus (Chromium + OCR)', () => {
  let dir: string;
  const report: AccuracyReport = { files: 0, fileErrorsOk: 0, fields: {}, mismatches: [], extraWarnings: [], msPerFile: [] };
  const results: Record<string, FileExtraction> = {};

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cda-fixtures-'));
    await generate(dir, { size: 'small', only: FILES });
    const good = await readFile(join(dir, 'pgfn-grid-1.pdf'));
    await writeFile(join(dir, 'corrompido.pdf'), Buffer.concat([good.subarray(0, 400), Buffer.alloc(300, 7)]));
    const out = await runCli([...FILES, 'corrompido'].map((n) => join(dir, `${n}.pdf`)));
    FILES.forEach((name, i) => (results[name] = out[i]));
    results.corrompido = out[FILES.length];
    for (const name of FILES) {
      const [expected] = JSON.parse(await readFile(join(dir, `${name}.expected.json`), 'utf8')) as FileExtraction[];
      compareFile(expected, results[name], report);
    }
  }, 150_000);

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gets every inscription number, debtor document and total right, text and scan alike', () => {
    for (const f of ['registrationNumber', 'debtorDocument', 'total']) {
      for (const kind of ['texto', 'ocr'] as const) expect({ f, kind, ...report.fields[f][kind] }).toEqual({ f, kind, ok: report.fields[f][kind].total, total: report.fields[f][kind].total });
    }
  });

  it('gets ≥ 99.5% of the text PDFs fields exactly', () => {
    const text = Object.values(report.fields).reduce((a, s) => ({ ok: a.ok + s.texto.ok, total: a.total + s.texto.total }), { ok: 0, total: 0 });
    expect(report.mismatches.filter((m) => !m.startsWith('scan-'))).toEqual([]);
    expect(text.ok / text.total).toBeGreaterThanOrEqual(0.995);
  });

  it('splits the multi-certificate file and marks the scan as OCR', () => {
    expect(results['multi-federal'].certificates.map((c) => c.nature)).toEqual(['demais', 'previdenciaria', 'demais']);
    expect(results['scan-inss'].certificates[0].warnings[0]).toBe('Extraído por OCR; confira os valores');
  });

  it('rejects the document that is not a CDA and the corrupt file, each with its reason', () => {
    expect(results['nao-e-cda']).toEqual({ file: 'nao-e-cda.pdf', certificates: [], error: NOT_A_CDA });
    expect(results.corrompido).toEqual({ file: 'corrompido.pdf', certificates: [], error: 'Arquivo PDF corrompido ou ilegível' });
  });
});

describe('bad input never throws', () => {
  it.each([
    ['empty', Buffer.alloc(0), 'Arquivo vazio'],
    ['not a PDF', Buffer.from('nome;valor\n'), 'Arquivo não é um PDF'],
  ])('%s', async (_name, data, error) => {
    expect(await extractPdf(data, 'x.pdf')).toEqual({ file: 'x.pdf', certificates: [], error });
  });
});
