import type { AnalysisFileView, AnalysisParams, AnalysisStatus } from '../analysis';
import type { DebtorSizeSuggestion, SimulationSummary } from '../simulation';
import type { CertificateEditView, CertificateView } from '../review';

/** One page of a list as every paginated endpoint answers it (history, admin lists, tickets, orders). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  /** At least 1, so an empty list still shows "página 1 de 1". */
  pageCount: number;
}

export function toPage<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** An analysis as the API answers it (`GET /analyses`, `/analyses/:id`, the dashboard) and the browser keeps it. */
export interface AnalysisView {
  id: string;
  type: string;
  status: AnalysisStatus;
  /** The status' pt-BR name (ANALYSIS_STATUS_LABELS), for screens and exports that show it as it is. */
  statusLabel: string;
  /** ISO 8601. */
  createdAt: string;
  completedAt: string | null;
  fileCount: number;
  processedFiles: number;
  certificateCount: number;
  /** Extracted fields in doubt, highlighted with their reason in the Base workbook ("campos a conferir"). */
  flaggedFieldCount: number;
  /** Reserved cost while processing; what was actually charged once settled. */
  tokens: number;
  params: AnalysisParams;
  error: string | null;
  workbooks: string[];
  /** The simulation's totals (overall and per nature) once finished; null before or when it could not run. */
  simulation: SimulationSummary | null;
  simulationError: string | null;
  /** Only on the single view and the history list. */
  files?: AnalysisFileView[];
  /** 1 as extracted; each correction or re-simulation makes the next (issue #24). */
  version: number;
  /** The version whose workbooks are stored: below `version` while the worker regenerates them. */
  workbooksVersion: number;
  /** ISO 8601: when a certificate was last corrected by hand (null: as extracted). */
  editedAt: string | null;
  /** Why the workbooks of the latest version could not be written, if so. */
  regenerationError: string | null;
  /** History list and single view: the first file's name, the debtors (up to 3 of `debtorCount`) and every certificate's total. */
  firstFileName?: string | null;
  debtors?: string[];
  debtorCount?: number;
  certificatesTotal?: number;
  /** Single view only: the certificates as stored, their corrections and a debtor size read from them. */
  certificates?: CertificateView[];
  edits?: CertificateEditView[];
  suggestedDebtorSize?: DebtorSizeSuggestion;
}

/** What a correction or a re-simulation answers (`PATCH /analyses/:id/certificates/:cid`, `POST /analyses/:id/simulation`). */
export interface ReviewOutcome {
  version: number;
  simulation: SimulationSummary | null;
  simulationError: string | null;
}
