import { FormEvent, useEffect, useState } from 'react';
import useSWR, { mutate } from 'swr';
import {
  ANALYSIS_STATUS_LABELS,
  AnalysisStatus,
  DEFAULT_ANALYSIS_PARAMS,
  DEFAULT_SIMULATOR_CHOICES,
  NO_WORKER_USER_NOTICE,
  SimulatorChoices,
  SimulatorField,
  SimulatorInput,
  TYPE_ANALYSIS,
  WORKBOOK_BASE,
  WORKBOOK_SIMULATION,
  analysisCost,
  filterDiscountInput,
  filterInstallmentsInput,
  formatTokens,
  paramsWithChoices,
  plural,
  simulatorInputFrom,
  validateSimulatorInput,
} from '@cda/shared';
import { ApiError, downloadFile, fetcher } from '../api/client';
import { DASHBOARD_KEY, useDashboardData } from '../api/dashboard';
import { ANALYSES_KEY, useProcessingStatus } from '../api/hooks';
import type { Analysis } from '../api/types';
import { postWithProgress } from '../api/upload';
import { InsufficientTokensDialog } from '../payments/InsufficientTokensDialog';
import { ProgressBar } from '../components/ProgressBar';
import { SimulationSummary } from './SimulationSummary';
import { StatusBadge } from './StatusBadge';
import { FlaggedFields } from './FlaggedFields';
import { SimulationFields } from './SimulationFields';
import { Link } from 'react-router-dom';
import { UploadZone } from './UploadZone';
import { countPdfPages } from './pdfPages';
import '../components/user-area.css';
import { track } from '../telemetry';

type Outcome = { ok: boolean; message: string };

/** Upload PDFs, set the simulation's terms, follow the analysis live and download its workbooks. */
export function SimulatorPage() {
  const { data: account } = useDashboardData();
  const { data: processing } = useProcessingStatus();
  const [files, setFiles] = useState<File[]>([]);
  const [pages, setPages] = useState<Map<File, number | null>>(new Map());
  const [input, setInput] = useState<SimulatorInput>(() => simulatorInputFrom(DEFAULT_ANALYSIS_PARAMS));
  const [choices, setChoices] = useState<SimulatorChoices>(DEFAULT_SIMULATOR_CHOICES);
  const [errors, setErrors] = useState<Partial<Record<SimulatorField | 'entryMonths', string>>>({});
  const [sent, setSent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [analysisId, setAnalysisId] = useState<string | null>(null);
  const [outOfTokens, setOutOfTokens] = useState<{ cost: number | null } | null>(null);
  // Remounting the drop zone after a start clears its note about ignored files.
  const [zoneKey, setZoneKey] = useState(0);
  // Patched live by the socket events (useAnalysisEvents) and refetched when it ends.
  const { data: analysis } = useSWR<Analysis>(analysisId ? `${ANALYSES_KEY}/${analysisId}` : null, fetcher);

  useEffect(() => {
    const missing = files.filter((f) => !pages.has(f));
    if (!missing.length) return;
    let live = true;
    void Promise.all(missing.map(async (f) => [f, await countPdfPages(f)] as const)).then((counted) => {
      if (live) setPages((prev) => new Map([...prev, ...counted]));
    });
    return () => {
      live = false;
    };
  }, [files, pages]);

  const pageCounts = files.map((f) => pages.get(f));
  const pagesKnown = files.length > 0 && pageCounts.every((p) => p !== undefined);
  const cost = pagesKnown && account ? analysisCost(pageCounts.map((p) => p ?? 0), account.tokensPerPage).total : null;
  const totalPages = pageCounts.reduce<number>((sum, p) => sum + Math.max(1, p ?? 0), 0);
  const tokens = account?.tokens ?? 0;
  const running = sent !== null || analysis?.status === AnalysisStatus.Processing;

  const selectFiles = (next: File[]) => {
    setFiles(next);
    // A new selection starts a new analysis: the previous result goes away.
    setAnalysisId(null);
    setOutcome(null);
  };

  const setField = (field: SimulatorField, value: string) => {
    const filter = field === 'discount' ? filterDiscountInput : filterInstallmentsInput;
    setInput((prev) => ({ ...prev, [field]: filter(value, prev[field]) }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (running) return;
    if (!files.length) {
      setOutcome({ ok: false, message: 'Selecione ao menos um arquivo PDF.' });
      return;
    }
    const checked = validateSimulatorInput(input);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const full = paramsWithChoices(checked.params, choices);
    if (!full.ok) {
      setErrors({ entryMonths: full.error });
      return;
    }
    if (account && (tokens <= 0 || (cost !== null && cost > tokens))) {
      setOutOfTokens({ cost });
      return;
    }
    const body = new FormData();
    files.forEach((f) => body.append('files', f));
    for (const [key, value] of Object.entries(full.params)) body.append(key, String(value));
    setOutcome(null);
    setAnalysisId(null);
    setSent(0);
    try {
      const created = await postWithProgress<{ id: string; status: Analysis['status']; fileCount: number; tokens: number }>(ANALYSES_KEY, body, setSent);
      track('analysis_started');
      // Cached at once, so status events that arrive before the first fetch already move the progress.
      await mutate<Analysis>(`${ANALYSES_KEY}/${created.id}`, startedAnalysis(created, full.params), { revalidate: false });
      setFiles([]);
      setZoneKey((k) => k + 1);
      setAnalysisId(created.id);
      setOutcome({ ok: true, message: 'Análise iniciada. Acompanhe o andamento abaixo.' });
      void mutate(DASHBOARD_KEY);
      void mutate((key) => typeof key === 'string' && key.startsWith(`${ANALYSES_KEY}?`));
    } catch (err) {
      const error = err as ApiError;
      if (error.status === 402) {
        const figures = error.body as { balance?: number; cost?: number } | undefined;
        setOutcome({
          ok: false,
          message: figures?.cost !== undefined
            ? `Tokens insuficientes: esta análise custa ${formatTokens(figures.cost)} tokens e seu saldo é de ${formatTokens(Math.max(0, figures.balance ?? 0))}.`
            : error.message,
        });
        setOutOfTokens({ cost: figures?.cost ?? cost });
        void mutate(DASHBOARD_KEY);
      } else {
        setOutcome({ ok: false, message: error.message || 'Erro ao conectar com o servidor.' });
      }
    } finally {
      setSent(null);
    }
  };

  return (
    <div className="page">
      <h1>Extrator de Dados de CDA</h1>
      <p className="muted">Envie os PDFs das Certidões de Dívida Ativa: extraímos cada certidão e simulamos a transação.</p>

      {processing && processing.workersAlive === 0 && (
        <p className="alert alert-yellow" role="status" data-testid="queued-notice">{NO_WORKER_USER_NOTICE}</p>
      )}

      {account && tokens <= 0 && (
        <div className="alert alert-red banner" role="alert" data-testid="limit-banner">
          <span><strong>Limite de análises atingido.</strong> Seus tokens acabaram.</span>
          <button type="button" className="button" onClick={() => setOutOfTokens({ cost })}>Ver Opções</button>
        </div>
      )}

      <form className="card" onSubmit={submit} noValidate>
        <UploadZone key={zoneKey} files={files} onChange={selectFiles} disabled={running} pages={pageCounts} />
        <SimulationFields
          idPrefix="sim"
          input={input}
          choices={choices}
          errors={errors}
          disabled={running}
          onInput={setField}
          onChoice={(next) => {
            setChoices(next);
            setErrors((prev) => ({ ...prev, entryMonths: undefined }));
          }}
        />
        <p className="muted small">O porte é sugerido a partir das certidões na página da análise, onde você pode simular de novo sem custo.</p>

        <div className="cost-line" data-testid="cost-line">
          {account && tokens > 0 && <span>Tokens restantes: <strong>{formatTokens(tokens)}</strong></span>}
          {files.length > 0 && !pagesKnown && <span className="muted">Calculando o custo...</span>}
          {cost !== null && (
            <span data-testid="cost">
              Custo desta análise: <strong>{formatTokens(cost)} tokens</strong> ({plural(totalPages, 'página', 'páginas')})
            </span>
          )}
          {cost !== null && account && cost > tokens && tokens > 0 && <span className="error-text">Saldo insuficiente para esta análise.</span>}
        </div>

        <div className="start-row">
          <button className="button" type="submit" disabled={running || files.length === 0}>
            {running ? 'Analisando...' : 'Iniciar Análise'}
          </button>
          {files.length > 0 && !running && <span className="muted small">{plural(files.length, 'arquivo selecionado', 'arquivos selecionados')}</span>}
        </div>

        {sent !== null && (
          <div className="upload-progress" data-testid="upload-progress">
            <span className="small">Enviando arquivos... {Math.round(sent * 100)}%</span>
            <ProgressBar value={sent} label="Envio dos arquivos" />
          </div>
        )}
        {outcome && <p className={`alert ${outcome.ok ? 'alert-green' : 'alert-red'}`} role="status">{outcome.message}</p>}

        <p className="lgpd small">
          <strong>Proteção de dados (LGPD):</strong> seus arquivos não ficam armazenados. Registramos apenas a análise, para controle de uso,
          e os PDFs enviados são apagados assim que o processamento termina.
        </p>
      </form>

      {analysisId && <AnalysisResult analysis={analysis} />}

      {outOfTokens && account && (
        <InsufficientTokensDialog tokens={tokens} tokensPlan={account.tokensPlan} creditTokens={account.creditTokens} cost={outOfTokens.cost} onClose={() => setOutOfTokens(null)} />
      )}
    </div>
  );
}

/** What the screen knows of an analysis the moment the server accepts it. */
function startedAnalysis(
  created: { id: string; status: Analysis['status']; fileCount: number; tokens: number },
  params: Analysis['params'],
): Analysis {
  return {
    ...created,
    statusLabel: ANALYSIS_STATUS_LABELS[created.status],
    type: TYPE_ANALYSIS,
    processedFiles: 0,
    certificateCount: 0,
    flaggedFieldCount: 0,
    params,
    error: null,
    workbooks: [],
    createdAt: new Date().toISOString(),
    completedAt: null,
    simulation: null,
    simulationError: null,
    version: 1,
    workbooksVersion: 1,
    editedAt: null,
    regenerationError: null,
  };
}

/** The started analysis, live: files processed, then the outcome with both workbooks or the reason it failed. */
function AnalysisResult({ analysis }: { analysis: Analysis | undefined }) {
  const [error, setError] = useState<string | null>(null);
  if (!analysis) return <section className="card"><p className="muted">Carregando análise...</p></section>;
  const failed = analysis.files?.filter((f) => f.error) ?? [];
  const download = async (name: string) => {
    setError(null);
    try {
      await downloadFile(`/analyses/${analysis.id}/files/${encodeURIComponent(name)}`, name);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const done = analysis.status === AnalysisStatus.Done;
  return (
    <section className="card result-panel" data-testid="analysis-result" data-analysis-id={analysis.id} aria-live="polite">
      <div className="result-head">
        <h2>Resultado da análise</h2>
        <StatusBadge status={analysis.status} />
      </div>
      {analysis.status === AnalysisStatus.Processing && (
        <>
          <span data-testid="analysis-progress">{analysis.processedFiles}/{analysis.fileCount} arquivos</span>
          <ProgressBar value={analysis.fileCount ? analysis.processedFiles / analysis.fileCount : 0} label="Arquivos processados" />
        </>
      )}
      {done && (
        <>
          <p className="alert alert-green">
            Análise concluída com sucesso! {plural(analysis.certificateCount, 'certidão extraída', 'certidões extraídas')} de{' '}
            {plural(analysis.fileCount, 'arquivo', 'arquivos')} · {formatTokens(analysis.tokens)} tokens usados.
          </p>
          <FlaggedFields count={analysis.flaggedFieldCount} />
          {analysis.simulation && <SimulationSummary summary={analysis.simulation} />}
          {analysis.simulationError && <p className="error-text">{analysis.simulationError}</p>}
          <div className="row-actions">
            <Link className="button" to={`/history/${analysis.id}`} data-testid="open-analysis">Revisar certidões</Link>
            {[WORKBOOK_BASE, WORKBOOK_SIMULATION].map((name) => (
              <button key={name} type="button" className="button secondary" disabled={!analysis.workbooks.includes(name)} onClick={() => download(name)}>
                Baixar {name}
              </button>
            ))}
          </div>
        </>
      )}
      {analysis.status === AnalysisStatus.Error && (
        <p className="alert alert-red">{analysis.error ?? 'A análise não pôde ser concluída. Seus tokens foram estornados.'}</p>
      )}
      {failed.length > 0 && (
        <div>
          <strong className="small">Arquivos com problema</strong>
          <ul className="file-errors" data-testid="file-failures">
            {failed.map((f) => (
              <li key={f.position} className="error-text">{f.name}: {f.error}</li>
            ))}
          </ul>
        </div>
      )}
      {error && <p className="alert alert-red" role="alert">{error}</p>}
    </section>
  );
}
