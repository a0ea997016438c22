import { useState } from 'react';
import { AnalysisStatus, formatDateTime, plural } from '@cda/shared';
import { downloadFile } from '../api/client';
import type { Analysis } from '../api/types';
import { StatusBadge } from './StatusBadge';
import { SimulationSummary } from './SimulationSummary';

export function AnalysisList({ analyses }: { analyses: Analysis[] }) {
  const [error, setError] = useState<string | null>(null);
  if (analyses.length === 0) return <p className="muted">Nenhuma análise realizada ainda</p>;
  const download = async (a: Analysis, name: string) => {
    setError(null);
    try {
      await downloadFile(`/analyses/${a.id}/files/${encodeURIComponent(name)}`, name);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <>
      {error && <p className="alert alert-red" role="alert">{error}</p>}
      <ul className="analysis-list">
        {analyses.map((a) => (
          <li key={a.id} data-testid="analysis-item" data-analysis-id={a.id}>
            <div>
              <strong>Extração de CDA</strong>
              <div className="muted">
                {formatDateTime(a.createdAt)} · {plural(a.fileCount, 'arquivo', 'arquivos')}
                {a.status === AnalysisStatus.Processing && ` · ${a.processedFiles}/${a.fileCount} processados`}
                {a.status === AnalysisStatus.Done && ` · ${plural(a.certificateCount, 'certidão', 'certidões')}`}
              </div>
              {a.status === AnalysisStatus.Error && a.error && <div className="error-text">{a.error}</div>}
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
              {a.status === AnalysisStatus.Done &&
                a.workbooks.map((w) => (
                  <button key={w} type="button" className="button secondary" onClick={() => download(a, w)}>
                    Baixar {w}
                  </button>
                ))}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
