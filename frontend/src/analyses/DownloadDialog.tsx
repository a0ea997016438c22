import { useState } from 'react';
import { WORKBOOK_BASE, WORKBOOK_SIMULATION } from '@cda/shared';
import { downloadFile } from '../api/client';
import type { Analysis } from '../api/types';
import { Dialog } from '../components/Dialog';

const WORKBOOKS: Array<[name: string, description: string]> = [
  [WORKBOOK_BASE, 'Base das Certidões de Dívida Ativa: uma linha por certidão'],
  [WORKBOOK_SIMULATION, 'Simulação de transação e classificação dos débitos'],
];

/** How an analysis is referred to on screen: `#` and the first block of its id. */
export const shortId = (id: string) => id.slice(0, 8);

/** Both workbooks of a finished analysis, each downloaded through the authorised endpoint. */
export function DownloadDialog({ analysis, onClose }: { analysis: Pick<Analysis, 'id' | 'workbooks'>; onClose(): void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (name: string) => {
    setBusy(name);
    setError(null);
    try {
      await downloadFile(`/analyses/${analysis.id}/files/${encodeURIComponent(name)}`, name);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog title={<>Selecione o arquivo para download — análise <span title={analysis.id}>#{shortId(analysis.id)}</span></>} onClose={onClose}>
      {error && <p className="alert alert-red" role="alert">{error}</p>}
      <ul className="download-list">
        {WORKBOOKS.map(([name, description]) => {
          const available = analysis.workbooks.includes(name);
          return (
            <li key={name} data-testid="download-entry">
              <div>
                <strong className="file-name">{name}</strong>
                <div className="muted small">{available ? description : 'Arquivo indisponível para esta análise'}</div>
              </div>
              <button
                type="button"
                className="button"
                disabled={!available || busy !== null}
                onClick={() => download(name)}
                aria-label={`Baixar ${name}`}
              >
                {busy === name ? 'Baixando...' : 'Baixar'}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
