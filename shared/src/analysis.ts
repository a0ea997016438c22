import type { FieldWarnings } from './certificate';

/**
 * An analysis' status as code, database, Redis, sockets and the API carry it; users see its pt-BR
 * label (ANALYSIS_STATUS_LABELS), as with tickets and orders.
 */
export const AnalysisStatus = {
  Processing: 'processing',
  Done: 'done',
  Error: 'error',
} as const;
export type AnalysisStatus = (typeof AnalysisStatus)[keyof typeof AnalysisStatus];
export const ANALYSIS_STATUSES: readonly AnalysisStatus[] = Object.values(AnalysisStatus);

/** The one place the statuses get their pt-BR names. */
export const ANALYSIS_STATUS_LABELS: Record<AnalysisStatus, string> = {
  processing: 'Processando',
  done: 'Concluída',
  error: 'Erro',
};

export const WORKBOOK_BASE = 'Base_Certidoes_Divida_Ativa.xlsx';
export const WORKBOOK_SIMULATION = 'Simulacao_Classificacao.xlsx';
/**
 * The fill (ARGB) of a Base workbook cell whose field needs checking: amber, light enough that black
 * text stays readable on screen and in print. The frontend's `.alert-amber` uses the same colour.
 */
export const FLAGGED_CELL_ARGB = 'FFFFE699';

import { QUEUES } from './contracts/queues';
/** @deprecated prefer `QUEUES.analyses`. */
export const ANALYSES_QUEUE = QUEUES.analyses;

export interface AnalysisParams {
  /** Discount percentage asked by the user (0–100). */
  discount: number;
  installmentsSocialSecurity: number;
  installmentsOther: number;
  /**
   * `small`: PF, ME, EPP and the other groups with the higher caps (Lei 13.988 art. 11); `mei`: a
   * small debtor whose minimum instalment is lower (R$ 25). Defaults to `general`.
   */
  debtorSize?: 'general' | 'small' | 'mei';
  /** CAPAG rating (Portaria PGFN 6.757/2022 art. 24): A and B get no discount. Defaults to C/D, said so on screen. */
  capag?: 'A' | 'B' | 'C' | 'D';
  /** Overrides the edital's entry base for this analysis. */
  entryBase?: 'gross' | 'discounted';
  /** Months the entry is split into; up to 6, or 12 for small debtors. Defaults to the edital's. */
  entryMonths?: number;
}

export const DEFAULT_ANALYSIS_PARAMS: AnalysisParams = {
  discount: 65,
  installmentsSocialSecurity: 60,
  installmentsOther: 114,
};

export const storageKeys = {
  upload: (analysisId: string, n: number) => `uploads/${analysisId}/${n}.pdf`,
  uploadPrefix: (analysisId: string) => `uploads/${analysisId}/`,
  /** Version 1 is the analysis as extracted; each correction or re-simulation writes the next one beside it. */
  result: (userId: string, analysisId: string, workbook: string, version = 1) =>
    version === 1 ? `results/${userId}/${analysisId}/${workbook}` : `results/${userId}/${analysisId}/v${version}/${workbook}`,
  /** `name` must already be reduced to a safe file name (no slashes). */
  ticketAttachment: (ticketId: string, n: number, name: string) => `tickets/${ticketId}/${n}-${name}`,
  ticketPrefix: (ticketId: string) => `tickets/${ticketId}/`,
  backup: (at: Date) => `backups/${at.toISOString().replace(/[:.]/g, '-')}.dump`,
};

/** Allowance of the Free plan, credited at registration. */
export const FREE_PLAN_TOKENS = 1_000_000;

export type UserRole = 'user' | 'admin' | 'root';
export const ADMIN_ROLES: readonly UserRole[] = ['admin', 'root'];

/** @deprecated prefer `QUEUES.maintenance`. */
export const MAINTENANCE_QUEUE = QUEUES.maintenance;
/** Temporary uploads older than this are deleted whatever happened to their analysis. */
export const UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * One file's outcome as the analysis view shows it (API → browser; privacy export). `fieldWarnings`
 * has one entry per certificate of the file, in extraction order, which is also the order of the
 * file's rows in the Base workbook; the worker stores it as it extracted it.
 */
export interface AnalysisFileView {
  position: number;
  name: string;
  pages: number;
  status: string;
  error: string | null;
  certificateCount: number;
  fieldWarnings: FieldWarnings[];
}
