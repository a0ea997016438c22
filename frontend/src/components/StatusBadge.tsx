import { AnalysisStatus } from '@cda/shared';

const TONE: Record<string, string> = {
  [AnalysisStatus.Done]: 'badge-green',
  [AnalysisStatus.Processing]: 'badge-yellow',
  [AnalysisStatus.Error]: 'badge-red',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${TONE[status] ?? 'badge-grey'}`} data-testid="status-badge">{status}</span>;
}
