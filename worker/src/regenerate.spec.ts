import pino from 'pino';
import ExcelJS from 'exceljs';
import { AnalysisStatus, AnalysisStatusMessage, DEFAULT_SETTINGS, WORKBOOK_BASE, WORKBOOK_SIMULATION } from '@cda/shared';
import type { AnalysisStore, RegeneratedOutcome, StoredAnalysis } from './db';
import type { ObjectStore } from './storage';
import { runRegeneration } from './regenerate';
import { workedExample } from '../../shared/src/simulation/testing';

/** An analysis as the database keeps it after its PDFs were deleted: records only. */
function fakes(stored: StoredAnalysis | null) {
  const objects: Record<string, Buffer> = {};
  const finished: Array<{ version: number; outcome: RegeneratedOutcome }> = [];
  const events: AnalysisStatusMessage[] = [];
  const store: ObjectStore = {
    getBuffer: async (key) => {
      throw new Error(`a regeneration must not read ${key}`);
    },
    put: async (key, body) => {
      objects[key] = body;
    },
    removePrefix: async () => undefined,
  };
  const db = {
    stored: async () => stored,
    settings: async (section: 'simulation') => DEFAULT_SETTINGS[section],
    finishRegeneration: async (_id: string, version: number, outcome: RegeneratedOutcome) => {
      if (stored && version !== stored.version) return false;
      finished.push({ version, outcome });
      return true;
    },
  } as unknown as AnalysisStore;
  const deps = { store, db, publish: async (m: AnalysisStatusMessage) => void events.push(m), log: pino({ level: 'silent' }) };
  return { deps, objects, finished, events };
}

const analysis = (version: number): StoredAnalysis => ({
  userId: 'u-1',
  status: AnalysisStatus.Done,
  version,
  params: { discount: 65, installmentsSocialSecurity: 60, installmentsOther: 120 },
  files: [{ position: 1, name: 'acme.pdf', pages: 3, error: null }],
  certificates: workedExample().map((record) => ({ filePosition: 1, record })),
});

describe('regeneration from the stored records', () => {
  it('writes both workbooks of the version beside the earlier ones, without reading any upload', async () => {
    const { deps, objects, finished, events } = fakes(analysis(3));
    expect(await runRegeneration({ analysisId: 'an-1', userId: 'u-1', version: 3 }, deps)).toBe('done');
    expect(Object.keys(objects).sort()).toEqual([`results/u-1/an-1/v3/${WORKBOOK_BASE}`, `results/u-1/an-1/v3/${WORKBOOK_SIMULATION}`]);
    expect(finished[0].outcome).toMatchObject({
      workbooks: [WORKBOOK_BASE, WORKBOOK_SIMULATION],
      certificateCount: 3,
      summary: { simulation: { gross: 507_000_00, toPay: 257_853_00 }, simulationError: null },
    });
    expect(events).toEqual([{ id: 'an-1', userId: 'u-1', status: AnalysisStatus.Done, processedFiles: 1, totalFiles: 1 }]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(objects[`results/u-1/an-1/v3/${WORKBOOK_BASE}`] as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Certidões')!.getRow(2).getCell(1).value).toBe('acme.pdf');
  });

  it('does nothing for a version a newer request superseded, or an analysis gone', async () => {
    const newer = fakes(analysis(4));
    expect(await runRegeneration({ analysisId: 'an-1', userId: 'u-1', version: 3 }, newer.deps)).toBe('superseded');
    expect(newer.objects).toEqual({});
    expect(newer.events).toEqual([]);
    const gone = fakes(null);
    expect(await runRegeneration({ analysisId: 'an-1', userId: 'u-1', version: 2 }, gone.deps)).toBe('missing');
  });
});
