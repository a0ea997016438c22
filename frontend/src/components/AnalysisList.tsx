import { ReactNode, useState } from 'react';
import { AnalysisStatus, formatDateTime, formatTokens, plural } from '@cda/shared';
import type { Analysis } from '../api/types';
import { StatusBadge } from './StatusBadge';
import { SimulationSummary } from './SimulationSummary';
import { DownloadDialog } from './DownloadDialog';
import { FlaggedFields } from './FlaggedFields';

interface Props {
  analyses: Analysis[];
  /** History shows what each analysis cost. */
  showTokens?: boolean;
  empty?: ReactNode;
}

/** Analyses with their live status; a finished one offers its workbooks through the download dialog. */
export function AnalysisList({ analyses, showTokens, empty }: Props) {
  const [downloading, setDownloading] = useState<Analysis | null>(null);
  if (analyses.length === 0) return <>{empty ?? <p className="muted">Nenhuma análise realizada ainda</p>}</>;
  return (
    <>
      <ul className="analysis-list">
        {analyses.map((a) => (
          <li key={a.id} data-testid="analysis-item" data-analysis-id={a.id}>
            <div>
              <strong>{a.type}</strong>
              <div className="muted analysis-meta">
                <span>{formatDateTime(a.createdAt)}</span>
                <span>{plural(a.fileCount, 'arquivo', 'arquivos')}</span>
                {showTokens && <span>{formatTokens(a.tokens)} tokens</span>}
                {a.status === AnalysisStatus.Processing && <span>{a.processedFiles}/{a.fileCount} processados</span>}
                {a.status === AnalysisStatus.Done && <span>{plural(a.certificateCount, 'certidão', 'certidões')}</span>}
              </div>
              {a.status === AnalysisStatus.Error && a.error && <div className="error-text">{a.error}</div>}
              {a.status === AnalysisStatus.Done && <FlaggedFields count={a.flaggedFieldCount} />}
              {a.status === AnalysisStatus.Done && a.simulation && <SimulationSummary summary={a.simulation} />}
              {a.status === AnalysisStatus.Done && a.simulationError && <div className="error-text">{a.simulationError}</div>}
              {a.status === AnalysisStatus.Done && a.files?.some((f) => f.error) && (
                <ul className="file-errors">
                  {a.files.filter((f) => f.error).map((f) => (
                    <li key={f.position} className="error-text">{f.name}: {f.error}</li>
                  ))}
                </ul>
              )}
            </div>
            <div className="row-actions">
              <StatusBadge status={a.status} />
              {a.status === AnalysisStatus.Done && (
                <button type="button" className="button secondary" onClick={() => setDownloading(a)}>
                  Baixar
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {downloading && <DownloadDialog analysis={downloading} onClose={() => setDownloading(null)} />}
    </>
  );
}
