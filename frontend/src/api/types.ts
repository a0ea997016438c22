import type { SimulationSummary } from '@cda/shared';
import type { AnalysisFileView, AnalysisParams, AnalysisStatus, PublicUser } from '@cda/shared';

/** The signed-in account as every auth answer carries it. */
export type User = PublicUser;

export interface Session {
  token: string;
  user: User;
}

export interface Analysis {
  id: string;
  type: string;
  status: AnalysisStatus;
  fileCount: number;
  processedFiles: number;
  certificateCount: number;
  /** Extracted fields in doubt; the Base workbook highlights each with its reason. */
  flaggedFieldCount: number;
  params: AnalysisParams;
  error: string | null;
  workbooks: string[];
  createdAt: string;
  completedAt: string | null;
  /** Tokens reserved while processing; charged once finished. */
  tokens: number;
  files?: AnalysisFileView[];
  /** Totals of the transação simulation, once finished. */
  simulation?: SimulationSummary | null;
  simulationError?: string | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}
