import pino from 'pino';
import PDFDocument from 'pdfkit';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AnalysisJobPayload, AnalysisStatusMessage, DEFAULT_ANALYSIS_PARAMS, DEFAULT_SETTINGS, FileExtraction, WORKBOOK_BASE, WORKBOOK_SIMULATION } from '@cda/shared';
import type { AnalysisStore, FileOutcome, FinalOutcome } from './db';
import type { ObjectStore } from './storage';
import { runAnalysis, runAnalysisWithDeadline } from './pipeline';
import { REASONS } from './extraction';
import { MAX_INFLATED_STREAM_BYTES, STREAM_BOMB_REASON } from './stream-bomb';
import { deflateSync } from 'node:zlib';
import { workedExample } from '../../shared/src/simulation/testing';

function fakes(objects: Record<string, Buffer>, { retried = false } = {}) {
  const files: FileOutcome[] = [];
  let final: FinalOutcome | null = null;
  const events: AnalysisStatusMessage[] = [];
  const store: ObjectStore = {
    getBuffer: async (key) => {
      if (!objects[key]) throw new Error(`NoSuchKey ${key}`);
      return objects[key];
    },
    put: async (key, body) => {
      objects[key] = body;
    },
    removePrefix: async (prefix) => {
      for (const k of Object.keys(objects)) if (k.startsWith(prefix)) delete objects[k];
    },
  };
  const db = {
    state: async () => (final ? 'ended' : 'processing'),
    settings: async (section: keyof typeof DEFAULT_SETTINGS) => DEFAULT_SETTINGS[section],
    resetProgress: async () => retried,
    recordFile: async (_id: string, o: FileOutcome) => {
      if (final) return false;
      files.push(o);
      return true;
    },
    finish: async (_id: string, o: FinalOutcome) => {
      if (final) return null;
      final = o;
      return 0;
    },
  } as unknown as AnalysisStore;
  return {
    deps: { store, db, publish: async (m: AnalysisStatusMessage) => void events.push(m), log: pino({ level: 'silent' }) },
    files,
    events,
    final: () => final,
  };
}

const job = (n: number): AnalysisJobPayload => ({
  analysisId: 'an-1',
  userId: 'u-1',
  params: DEFAULT_ANALYSIS_PARAMS,
  files: Array.from({ length: n }, (_, i) => ({ key: `uploads/an-1/${i + 1}.pdf`, name: `f${i + 1}.pdf`, pages: 1 })),
});

const ok = (file: string): FileExtraction => ({ file, error: null, certificates: [] });

function threePagePdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (let i = 1; i <= 3; i++) {
      if (i > 1) doc.addPage();
      doc.text(`Página ${i} de um documento qualquer, com texto suficiente para não ser tomado por digitalizado.`);
    }
    doc.end();
  });
}

describe('content-stream bomb', () => {
  it('is refused with its own pt-BR reason before the reader sees it', async () => {
    const z = deflateSync(Buffer.alloc(MAX_INFLATED_STREAM_BYTES + 1, 0x20), { level: 9 });
    const bomb = Buffer.concat([Buffer.from(`%PDF-1.7\n4 0 obj\n<< /Filter /FlateDecode /Length ${z.length} >>\nstream\n`), z, Buffer.from('\nendstream\nendobj\n')]);
    const f = fakes({ 'uploads/an-1/1.pdf': bomb });
    const extract = jest.fn(async (_b: Buffer, name: string) => ok(name));
    await runAnalysis(job(1), { ...f.deps, extract });
    expect(extract).not.toHaveBeenCalled();
    expect(f.files[0]).toMatchObject({ status: 'error', error: STREAM_BOMB_REASON });
    expect(STREAM_BOMB_REASON).not.toBe(REASONS.ocrFailed);
    expect(f.final()).toMatchObject({ status: 'error', error: `${STREAM_BOMB_REASON}.` });
  });
});

describe('pages paid for at upload', () => {
  it('hands each file its paid page count to the reader', async () => {
    const objects = { 'uploads/an-1/1.pdf': Buffer.from('a'), 'uploads/an-1/2.pdf': Buffer.from('b') };
    const f = fakes(objects);
    const extract = jest.fn(async (_b: Buffer, name: string, _signal?: AbortSignal, _maxPages?: number) => ok(name));
    const j = job(2);
    j.files[1].pages = 7;
    await runAnalysis(j, { ...f.deps, extract });
    expect(extract.mock.calls.map((c) => c[3])).toEqual([1, 7]);
  });

  it('the real reader refuses a file with more pages than were paid for, and reads one paid in full', async () => {
    // pdf.js starts its own worker with a dynamic import, which Jest's sandbox refuses: run it in Node.
    const dir = await mkdtemp(join(tmpdir(), 'cda-paid-'));
    try {
      await writeFile(join(dir, 'tres.pdf'), await threePagePdf());
      const script = `const { extractPdf } = require(${JSON.stringify(join(__dirname, 'extraction'))});
        const data = require('node:fs').readFileSync(${JSON.stringify(join(dir, 'tres.pdf'))});
        Promise.all([2, 3].map((maxPages) => extractPdf(data, 'tres.pdf', { maxPages, ocr: false })))
          .then((r) => process.stdout.write(JSON.stringify(r.map((x) => x.error))));`;
      const { stdout } = await promisify(execFile)(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], {
        cwd: join(__dirname, '..'),
        env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '../tsconfig.json') },
      });
      // Paid in full: read (and found to be no CDA), not refused for its pages.
      expect(JSON.parse(stdout)).toEqual([REASONS.unpaidPages, 'Documento não reconhecido como CDA']);
      expect(REASONS.unpaidPages).toBe('PDF com mais páginas do que as cobradas no envio');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('runAnalysis', () => {
  it('keeps going past a bad file, writes the workbook and deletes the uploads', async () => {
    const objects = { 'uploads/an-1/1.pdf': Buffer.from('a'), 'uploads/an-1/2.pdf': Buffer.from('b') };
    const f = fakes(objects);
    const extract = jest.fn(async (data: Buffer, name: string) =>
      data.toString() === 'a' ? { file: name, certificates: [], error: 'Documento não reconhecido como CDA' } : ok(name),
    );
    await runAnalysis(job(2), { ...f.deps, extract });
    expect(f.files.map((x) => x.status)).toEqual(['error', 'done']);
    expect(f.final()).toMatchObject({ status: 'done', workbooks: [WORKBOOK_BASE, WORKBOOK_SIMULATION] });
    expect(Object.keys(objects).sort()).toEqual([`results/u-1/an-1/${WORKBOOK_BASE}`, `results/u-1/an-1/${WORKBOOK_SIMULATION}`]);
    // The API announced 0 files when it accepted the upload; the worker reports from the first file on.
    expect(f.events.map((e) => [e.status, e.processedFiles])).toEqual([['processing', 1], ['processing', 2], ['done', 2]]);
  });

  it("tells the browsers when a retry takes back an earlier run's progress", async () => {
    const objects = { 'uploads/an-1/1.pdf': Buffer.from('b') };
    const f = fakes(objects, { retried: true });
    await runAnalysis(job(1), { ...f.deps, extract: async (_: Buffer, name: string) => ok(name) });
    expect(f.events.map((e) => [e.status, e.processedFiles])).toEqual([['processing', 0], ['processing', 1], ['done', 1]]);
  });

  it('ends in Erro with every reason when no file could be read', async () => {
    const objects = { 'uploads/an-1/1.pdf': Buffer.from('a'), 'uploads/an-1/2.pdf': Buffer.from('b') };
    const f = fakes(objects);
    const extract = async (_: Buffer, name: string) => ({ file: name, certificates: [], error: 'Arquivo PDF corrompido ou ilegível' });
    await runAnalysis(job(2), { ...f.deps, extract });
    expect(f.final()).toMatchObject({
      status: 'error',
      error: 'Nenhum arquivo pôde ser processado: f1.pdf: Arquivo PDF corrompido ou ilegível; f2.pdf: Arquivo PDF corrompido ou ilegível.',
      workbooks: [],
    });
    expect(Object.keys(objects)).toEqual([]);
  });

  it('treats an extractor crash as that file failing, not the job', async () => {
    const f = fakes({ 'uploads/an-1/1.pdf': Buffer.from('a') });
    await runAnalysis(job(1), { ...f.deps, extract: async () => { throw new Error('boom'); } });
    expect(f.final()).toMatchObject({ status: 'error', error: 'Não foi possível ler este arquivo.' });
  });

  it('lets storage failures throw so BullMQ retries the job', async () => {
    const f = fakes({});
    await expect(runAnalysis(job(1), { ...f.deps, extract: async (_b, n) => ok(n) })).rejects.toThrow(/NoSuchKey/);
    expect(f.final()).toBeNull();
  });
});

describe('simulation in the pipeline', () => {
  it('stores the simulation summary of the extracted records with the analysis', async () => {
    const f = fakes({ 'uploads/an-1/1.pdf': Buffer.from('a') });
    const j = { ...job(1), params: { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 120 } };
    await runAnalysis(j, { ...f.deps, extract: async (_b, file) => ({ file, error: null, certificates: workedExample() }) });
    expect(f.final()).toMatchObject({
      status: 'done',
      certificateCount: 3,
      summary: { simulation: { count: 3, gross: 507_000_00, toPay: 257_853_00, months: 120 }, simulationError: null },
    });
  });

  it('still delivers the base workbook when the simulation settings are out of range', async () => {
    const objects = { 'uploads/an-1/1.pdf': Buffer.from('a') };
    const f = fakes(objects);
    Object.assign(f.deps.db, { settings: async () => ({ ...DEFAULT_SETTINGS.simulation, entryPercent: 150 }) });
    await runAnalysis(job(1), { ...f.deps, extract: async (_b, n) => ok(n) });
    expect(f.final()).toMatchObject({ status: 'done', workbooks: [WORKBOOK_BASE], summary: { simulation: null } });
    expect(Object.keys(objects)).toEqual([`results/u-1/an-1/${WORKBOOK_BASE}`]);
  });
});

describe('fields in doubt in the pipeline', () => {
  it("stores each certificate's field warnings with its file and the analysis' count of fields to check", async () => {
    const f = fakes({ 'uploads/an-1/1.pdf': Buffer.from('a'), 'uploads/an-1/2.pdf': Buffer.from('b') });
    const [a, b, c] = workedExample();
    const extract = async (data: Buffer, file: string): Promise<FileExtraction> =>
      data.toString() === 'a'
        ? { file, error: null, certificates: [a, { ...b, fieldWarnings: { principal: 'Principal lido por OCR.', debts: 'Linhas sem total impresso.' } }] }
        : { file, error: null, certificates: [{ ...c, fieldWarnings: { nature: 'Natureza deduzida da receita.' } }] };
    await runAnalysis(job(2), { ...f.deps, extract });
    expect(f.files.map((x) => x.fieldWarnings)).toEqual([
      [{}, { principal: 'Principal lido por OCR.', debts: 'Linhas sem total impresso.' }],
      [{ nature: 'Natureza deduzida da receita.' }],
    ]);
    expect(f.final()).toMatchObject({ status: 'done', certificateCount: 3, flaggedFieldCount: 3 });
  });

  it('counts nothing to check when the analysis ends in error', async () => {
    const f = fakes({ 'uploads/an-1/1.pdf': Buffer.from('a') });
    await runAnalysis(job(1), { ...f.deps, extract: async (_b, file) => ({ file, certificates: [], error: 'Arquivo PDF corrompido ou ilegível' }) });
    expect(f.files).toMatchObject([{ status: 'error', fieldWarnings: [] }]);
    expect(f.final()).toMatchObject({ status: 'error', flaggedFieldCount: 0 });
  });
});

describe('duplicate deliveries', () => {
  it('drops a run for an analysis that already ended, without events or writes', async () => {
    const f = fakes({ 'uploads/an-1/1.pdf': Buffer.from('a') });
    const extract = jest.fn(async (_b: Buffer, n: string) => ok(n));
    await runAnalysis(job(1), { ...f.deps, extract });
    const events = f.events.length;
    await runAnalysis(job(1), { ...f.deps, extract });
    expect(extract).toHaveBeenCalledTimes(1);
    expect(f.events).toHaveLength(events);
  });
});

describe('runAnalysisWithDeadline', () => {
  it('ends a slow analysis as Erro at the deadline and ignores its late result', async () => {
    const f = fakes({ 'uploads/an-1/1.pdf': Buffer.from('a'), 'uploads/an-1/2.pdf': Buffer.from('b') });
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const extract = jest.fn(async (_b: Buffer, name: string) => {
      await slow;
      return ok(name);
    });
    expect(await runAnalysisWithDeadline(job(2), { ...f.deps, extract }, 50)).toBe('timeout');
    expect(f.final()).toMatchObject({ status: 'error', error: 'Tempo limite da análise excedido.' });
    release();
    await new Promise((r) => setTimeout(r, 20));
    // The first file finished late; the second was never started and no second final state was written.
    expect(extract).toHaveBeenCalledTimes(1);
    expect(f.events.filter((e) => e.status !== 'processing')).toHaveLength(1);
  });

  it('tells the file being read to stop when the deadline passes', async () => {
    const f = fakes({ 'uploads/an-1/1.pdf': Buffer.from('a') });
    let seen: AbortSignal | undefined;
    // Reads "pages" until told to stop, as readPages does between pages.
    const extract = jest.fn(async (_b: Buffer, name: string, signal?: AbortSignal) => {
      seen = signal;
      while (!signal?.aborted) await new Promise((r) => setTimeout(r, 5));
      return { file: name, certificates: [], error: 'Leitura interrompida' };
    });
    expect(await runAnalysisWithDeadline(job(1), { ...f.deps, extract }, 50)).toBe('timeout');
    expect(seen?.aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    // The reading ended by itself; the analysis keeps the timeout as its reason.
    expect(f.final()).toMatchObject({ status: 'error', error: 'Tempo limite da análise excedido.' });
  });

  it('does nothing special when the analysis finishes in time', async () => {
    const f = fakes({ 'uploads/an-1/1.pdf': Buffer.from('a') });
    expect(await runAnalysisWithDeadline(job(1), { ...f.deps, extract: async (_b, n) => ok(n) }, 5000)).toBe('done');
    expect(f.final()).toMatchObject({ status: 'done' });
  });

  it('stops between files when the worker is stopping, and leaves the analysis unfinished', async () => {
    const f = fakes({ 'uploads/an-1/1.pdf': Buffer.from('a'), 'uploads/an-1/2.pdf': Buffer.from('b') });
    const stopping = new AbortController();
    const extract = jest.fn(async (_b: Buffer, name: string) => {
      stopping.abort();
      return ok(name);
    });
    expect(await runAnalysisWithDeadline(job(2), { ...f.deps, extract }, 5000, stopping.signal)).toBe('interrupted');
    expect(extract).toHaveBeenCalledTimes(1);
    expect(f.final()).toBeNull();
  });
});
