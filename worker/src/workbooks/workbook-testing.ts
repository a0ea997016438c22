import ExcelJS, { CellValue, Worksheet } from 'exceljs';
import { HyperFormula, RawCellContent } from 'hyperformula';
import JSZip from 'jszip';

export async function openWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return wb;
}

/**
 * A formula cell's cached result, or the plain value. exceljs's reader drops a cached `<v>0</v>`, so a
 * missing result reads as 0; `cachedResultsPresent` checks the file itself has every result.
 */
export function shown(v: CellValue): unknown {
  if (v && typeof v === 'object' && 'formula' in v) return v.result ?? 0;
  return v;
}

/** Worksheets whose formula cells are not all followed by a cached value, as `sheetN.xml: count`. */
export async function formulasWithoutResult(buffer: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(buffer);
  const missing: string[] = [];
  for (const name of Object.keys(zip.files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))) {
    const xml = await zip.file(name)!.async('string');
    const formulas = (xml.match(/<f>/g) ?? []).length;
    const cached = (xml.match(/<\/f><v>[^<]+<\/v>/g) ?? []).length;
    if (formulas !== cached) missing.push(`${name}: ${formulas - cached}`);
  }
  return missing;
}

/** Rows under a header row as objects keyed by header text. */
export function readTable(ws: Worksheet, headerRow = 1): Record<string, unknown>[] {
  const headers = (ws.getRow(headerRow).values as CellValue[]).map((h) => String(h ?? ''));
  const rows: Record<string, unknown>[] = [];
  for (let r = headerRow + 1; r <= ws.rowCount; r += 1) {
    const row = ws.getRow(r);
    const obj: Record<string, unknown> = {};
    headers.forEach((h, c) => { if (h) obj[h] = shown(row.getCell(c).value) ?? null; });
    rows.push(obj);
  }
  return rows;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

function raw(v: CellValue): RawCellContent {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  // A leading apostrophe keeps text such as 45/2020 from being read as a date or a number.
  if (typeof v === 'string') return `'${v}`;
  if (v instanceof Date) return (v.getTime() - EXCEL_EPOCH) / 86_400_000;
  if (typeof v === 'object' && 'formula' in v) return `=${v.formula}`;
  throw new Error(`unexpected cell value ${JSON.stringify(v)}`);
}

export interface FormulaCell {
  sheet: string;
  address: string;
  row: number;
  col: number;
  cached: unknown;
}

/** Loads every sheet into HyperFormula, an engine independent of the writer, and lists the formula cells. */
export function recalculate(wb: ExcelJS.Workbook): { hf: HyperFormula; formulas: FormulaCell[] } {
  const sheets: Record<string, RawCellContent[][]> = {};
  const formulas: FormulaCell[] = [];
  wb.eachSheet((ws) => {
    const data: RawCellContent[][] = [];
    for (let r = 1; r <= ws.rowCount; r += 1) {
      const line: RawCellContent[] = [];
      for (let c = 1; c <= ws.columnCount; c += 1) {
        const cell = ws.getCell(r, c);
        // Merged cells repeat the master's value in exceljs; only the master holds it in a spreadsheet.
        line.push(cell.isMerged && cell.master !== cell ? null : raw(cell.value));
        if (cell.type === ExcelJS.ValueType.Formula) formulas.push({ sheet: ws.name, address: cell.address, row: r - 1, col: c - 1, cached: shown(cell.value) });
      }
      data.push(line);
    }
    sheets[ws.name] = data;
  });
  const hf = HyperFormula.buildFromSheets(sheets, { licenseKey: 'gpl-v3' });
  return { hf, formulas };
}

/** The value HyperFormula computed for a cell of a sheet. */
export function computed(hf: HyperFormula, sheet: string, row: number, col: number): unknown {
  const id = hf.getSheetId(sheet);
  if (id === undefined) throw new Error(`no sheet ${sheet}`);
  return hf.getCellValue({ sheet: id, row, col });
}

/** A table recomputed by HyperFormula, keyed by the header texts of `headerRow` (1-based). */
export function computedTable(hf: HyperFormula, sheet: string, headerRow = 1): Record<string, unknown>[] {
  const id = hf.getSheetId(sheet);
  if (id === undefined) throw new Error(`no sheet ${sheet}`);
  const values = hf.getSheetValues(id);
  const headers = values[headerRow - 1].map((h) => String(h ?? ''));
  return values.slice(headerRow).map((line) => Object.fromEntries(headers.map((h, c) => [h, line[c] ?? null]).filter(([h]) => h)));
}

/** A note's plain text as exceljs reads it back (a string when written, rich-text runs when loaded). */
export function noteText(cell: ExcelJS.Cell): string | null {
  const note = cell.note as string | ExcelJS.Comment | undefined;
  if (note === undefined || note === null) return null;
  if (typeof note === 'string') return note;
  return (note.texts ?? []).map((t) => t.text).join('');
}

export interface FilledCell {
  address: string;
  row: number;
  col: number;
  /** The fill's colour, e.g. `FFFFE699`. */
  argb: string | undefined;
  note: string | null;
}

/** Every cell of a sheet with a solid fill, except in the header row (which is filled by design). */
export function filledCells(ws: Worksheet, headerRow = 1): FilledCell[] {
  const cells: FilledCell[] = [];
  ws.eachRow({ includeEmpty: false }, (row, r) => {
    if (r === headerRow) return;
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      const fill = cell.fill as ExcelJS.FillPattern | undefined;
      if (fill?.type === 'pattern' && fill.pattern === 'solid') {
        cells.push({ address: cell.address, row: r, col: c, argb: fill.fgColor?.argb, note: noteText(cell) });
      }
    });
  });
  return cells;
}
