/** Workbook writers the pipeline calls; each returns the xlsx file as a Buffer ready for storage. */
export { buildBaseWorkbook, fileStatus } from './base';
export type { WorkbookFile } from './base';
export { buildSimulationWorkbook, SHEETS as SIMULATION_SHEETS } from './simulation';
export { summarizeSimulation as summarize } from '@cda/shared';
