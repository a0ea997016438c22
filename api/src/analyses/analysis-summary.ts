import { AnalysisStatus, AnalysisSummary, SimulationSummary } from '@cda/shared';
import type { Analysis } from './analysis.entity';

/** The analysis page in the web app (issue #24's /history/:id). */
export const analysisPageUrl = (publicUrl: string, id: string) => `${publicUrl.replace(/\/+$/, '')}/history/${id}`;

/**
 * The totals of an analysis as its webhook event and its e-mail report them: counts and figures,
 * never document contents. `a.files` must be loaded.
 */
export function analysisSummary(a: Analysis, publicUrl: string): AnalysisSummary {
  return {
    id: a.id,
    status: a.status,
    createdAt: a.createdAt.toISOString(),
    completedAt: a.completedAt?.toISOString() ?? null,
    fileCount: a.fileCount,
    processedFiles: a.processedFiles,
    failedFiles: (a.files ?? []).filter((f) => f.status === 'error').length,
    certificateCount: a.certificateCount,
    flaggedFieldCount: a.flaggedFieldCount,
    tokensCharged: a.status === AnalysisStatus.Processing ? 0 : a.tokensCost - a.tokensRefunded,
    error: a.error,
    workbooks: a.workbooks,
    simulation: (a.summary?.simulation as SimulationSummary | undefined) ?? null,
    url: analysisPageUrl(publicUrl, a.id),
  };
}
