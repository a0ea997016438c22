import { ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { AnalysisStatus, formatCentavos, formatDateTime, formatTokens, plural } from '@cda/shared';
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
              <Link to={`/history/${a.id}`} className="analysis-title" data-testid="analysis-link">
                <strong>{a.firstFileName ? a.firstFileName : a.type}</strong>
                {a.firstFileName && a.fileCount > 1 && <span className="muted"> (+{a.fileCount - 1})</span>}
              </Link>
              {(a.debtors?.length ?? 0) > 0 && (
                <div className="small" data-testid="analysis-debtors">
                  {a.debtors!.join(', ')}
                  {(a.debtorCount ?? 0) > a.debtors!.length && <span className="muted"> e mais {a.debtorCount! - a.debtors!.length}</span>}
                  {a.certificatesTotal !== undefined && <> · <strong>{formatCentavos(a.certificatesTotal)}</strong></>}
                </div>
              )}
              <div className="muted analysis-meta">
                {a.firstFileName && <span>{a.type}</span>}
                <span>{formatDateTime(a.createdAt)}</span>
                <span>{plural(a.fileCount, 'arquivo', 'arquivos')}</span>
                {showTokens && <span>{formatTokens(a.tokens)} tokens</span>}
                {a.status === AnalysisStatus.Processing && <span>{a.processedFiles}/{a.fileCount} processados</span>}
                {a.status === AnalysisStatus.Done && <span>{plural(a.certificateCount, 'certidão', 'certidões')}</span>}
              </div>
              {a.status === AnalysisStatus.Error && a.error && <div className="error-text">{a.error}</div>}
              {a.status === AnalysisStatus.Done && <FlaggedFields count={a.flaggedFieldCount} />}
              {a.status === AnalysisStatus.Done && a.simulation && <SimulationSummary summary={a.simulation} compact />}
              {a.editedAt && <span className="tag tag-grey">Editada · versão {a.version}</span>}
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
