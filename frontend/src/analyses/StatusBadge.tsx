import { ANALYSIS_STATUS_LABELS, AnalysisStatus } from '@cda/shared';

const TONE: Record<AnalysisStatus, string> = {
  [AnalysisStatus.Done]: 'badge-green',
  [AnalysisStatus.Processing]: 'badge-yellow',
  [AnalysisStatus.Error]: 'badge-red',
};

/** The label comes from the shared map, so a status patched in by a socket event is named like one fetched. */
export function StatusBadge({ status }: { status: AnalysisStatus }) {
  return <span className={`badge ${TONE[status] ?? 'badge-grey'}`} data-testid="status-badge">{ANALYSIS_STATUS_LABELS[status] ?? status}</span>;
}
