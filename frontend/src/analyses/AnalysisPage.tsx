import { FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR, { mutate } from 'swr';
import {
  AnalysisStatus,
  CertificateView,
  DEFAULT_ANALYSIS_PARAMS,
  EDITABLE_FIELDS,
  EditableField,
  FIELD_LABEL,
  ISSUER_OPTIONS,
  NATURE_LABEL,
  NATURE_OPTIONS,
  NOT_FEDERAL_LABEL,
  SimulatorChoices,
  SimulatorField,
  SimulatorInput,
  WORKBOOK_BASE,
  WORKBOOK_SIMULATION,
  WarnedField,
  filterDiscountInput,
  filterInstallmentsInput,
  formatCentavos,
  formatDateTime,
  formatDocument,
  formatFieldValue,
  paramsWithChoices,
  plural,
  simulatorChoicesFrom,
  simulatorInputFrom,
  validateSimulatorInput,
} from '@cda/shared';
import { ApiError, apiJson, downloadFile, fetcher } from '../api/client';
import { ANALYSES_KEY } from '../api/hooks';
import type { Analysis, ReviewOutcome } from '../api/types';
import { StatusBadge } from './StatusBadge';
import { SimulationSummary } from './SimulationSummary';
import { SimulationFields } from './SimulationFields';
import { shortId } from './DownloadDialog';
import '../components/user-area.css';

/** Every field of a record, in the Base workbook's order; co-debtors and debt rows are shown, not edited. */
const SHOWN_FIELDS: WarnedField[] = [
  'registrationNumber', 'issuer', 'issuerName', 'nature', 'debtorName', 'debtorDocument', 'coDebtors', 'revenueCode',
  'revenueDescription', 'administrativeProcess', 'registrationDate', 'legalBasis', 'status', 'principal', 'fine', 'interest',
  'legalCharge', 'total', 'consolidationDate', 'debts',
];
const MONEY: ReadonlySet<string> = new Set(['principal', 'fine', 'interest', 'legalCharge', 'total']);

const FILE_OUTCOME: Record<string, string> = { done: 'Processado', error: 'Erro', pending: 'Aguardando' };

/**
 * `/history/:id`: one analysis to review (issue #24). Its files and outcome, one row per certificate
 * (expandable to every field, fields in doubt highlighted with their reason, a correction form), the
 * simulation in the shared vocabulary with a free re-simulation, the corrections made and the
 * workbooks of the current version.
 */
export function AnalysisPage() {
  const { id = '' } = useParams();
  const key = `${ANALYSES_KEY}/${id}`;
  // While the worker writes a new version's workbooks the page also polls, in case a status event is missed.
  const { data: analysis, error } = useSWR<Analysis>(key, fetcher, {
    refreshInterval: (a) => (a && ((a.workbooksVersion ?? 1) < (a.version ?? 1) && !a.regenerationError) || a?.status === AnalysisStatus.Processing ? 2000 : 0),
  });
  const [downloadError, setDownloadError] = useState<string | null>(null);

  if (error) {
    return (
      <div className="page">
        <p className="alert alert-red" role="alert">{(error as ApiError).status === 404 ? 'Análise não encontrada.' : (error as Error).message}</p>
        <Link to="/history">Voltar ao histórico</Link>
      </div>
    );
  }
  if (!analysis) return <div className="page"><p className="muted">Carregando análise...</p></div>;

  const done = analysis.status === AnalysisStatus.Done;
  const version = analysis.version ?? 1;
  const regenerating = done && (analysis.workbooksVersion ?? 1) < version && !analysis.regenerationError;
  const certificates = analysis.certificates ?? [];
  const download = async (name: string) => {
    setDownloadError(null);
    try {
      await downloadFile(`/analyses/${analysis.id}/files/${encodeURIComponent(name)}`, name);
    } catch (e) {
      setDownloadError((e as Error).message);
    }
  };

  return (
    <div className="page page-wide">
      <p className="small"><Link to="/history">← Histórico</Link></p>
      <div className="result-head">
        <h1>Análise <span title={analysis.id}>#{shortId(analysis.id)}</span></h1>
        <StatusBadge status={analysis.status} />
      </div>
      <p className="muted" data-testid="analysis-version">
        Criada em {formatDateTime(analysis.createdAt)} · {plural(analysis.fileCount, 'arquivo', 'arquivos')} ·{' '}
        {plural(analysis.certificateCount, 'certidão', 'certidões')} · versão {version} ·{' '}
        {analysis.editedAt ? `certidões corrigidas em ${formatDateTime(analysis.editedAt)}` : 'certidões como extraídas'}
      </p>
      {regenerating && (
        <p className="alert alert-yellow" role="status" data-testid="regenerating">
          Gerando as planilhas da versão {version}... os valores abaixo já são os desta versão.
        </p>
      )}
      {analysis.regenerationError && <p className="alert alert-red" role="alert">{analysis.regenerationError}</p>}
      {analysis.status === AnalysisStatus.Error && <p className="alert alert-red">{analysis.error}</p>}

      <section className="card">
        <h2>Arquivos</h2>
        <table className="cert-table" data-testid="files">
          <thead><tr><th>Arquivo</th><th className="num">Páginas</th><th className="num">Certidões</th><th>Resultado</th></tr></thead>
          <tbody>
            {(analysis.files ?? []).map((f) => (
              <tr key={f.position}>
                <td>{f.name}</td>
                <td className="num">{f.pages}</td>
                <td className="num">{f.certificateCount}</td>
                <td className={f.error ? 'error-text' : ''}>
                  {f.error ?? (f.status === 'done' && f.certificateCount === 0 ? 'Nenhuma certidão encontrada' : FILE_OUTCOME[f.status] ?? f.status)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {done && (
        <section className="card">
          <div className="section-head">
            <h2>Simulação da transação</h2>
            <div className="row-actions">
              {[WORKBOOK_BASE, WORKBOOK_SIMULATION].map((name) => (
                <button
                  key={name}
                  type="button"
                  className="button secondary"
                  disabled={regenerating || !analysis.workbooks.includes(name)}
                  onClick={() => download(name)}
                  data-testid={`download-${name}`}
                >
                  Baixar {name}
                </button>
              ))}
            </div>
          </div>
          {downloadError && <p className="alert alert-red" role="alert">{downloadError}</p>}
          {analysis.simulation && <SimulationSummary summary={analysis.simulation} />}
          {analysis.simulationError && <p className="error-text">{analysis.simulationError}</p>}
          <Resimulate analysis={analysis} swrKey={key} />
        </section>
      )}

      {done && (
        <section className="card">
          <h2>Certidões</h2>
          {certificates.length === 0 ? (
            <p className="muted" data-testid="no-certificates">
              {analysis.certificateCount > 0
                ? 'Esta análise foi feita antes de a revisão na tela existir: suas certidões não foram guardadas. Consulte a planilha Base ou envie os PDFs novamente.'
                : 'Nenhuma certidão encontrada nos arquivos.'}
            </p>
          ) : (
            <table className="cert-table" data-testid="certificates">
              <thead>
                <tr>
                  <th>Inscrição</th><th>Devedor</th><th>CPF/CNPJ</th><th>Natureza</th><th className="num">Total</th><th>Alertas</th><th />
                </tr>
              </thead>
              <tbody>
                {certificates.map((c) => <CertificateRow key={c.id} analysisId={analysis.id} certificate={c} swrKey={key} />)}
              </tbody>
            </table>
          )}
        </section>
      )}

      {(analysis.edits?.length ?? 0) > 0 && (
        <section className="card">
          <h2>Correções</h2>
          <ul className="edit-list" data-testid="edits">
            {analysis.edits!.map((e) => (
              <li key={e.id}>
                {formatDateTime(e.at)} · {e.by ?? 'Usuário removido'} · versão {e.version}: <strong>{e.fieldLabel}</strong>{' '}
                <span className="muted">{e.oldValue || '(vazio)'}</span> → <strong>{e.newValue || '(vazio)'}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function CertificateRow({ analysisId, certificate: c, swrKey }: { analysisId: string; certificate: CertificateView; swrKey: string }) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const r = c.record;
  const flagged = r.fieldWarnings ?? {};
  // The extraction lists a field's doubt among the record's warnings too: each reason counts once.
  const warnings = new Set([...r.warnings, ...Object.values(flagged)]).size;
  const outside = c.exclusion !== null && r.issuer !== 'federal';
  return (
    <>
      <tr className={outside ? 'outside' : ''} data-testid="certificate-row" data-certificate-id={c.id}>
        <td>{formatFieldValue('registrationNumber', r)}</td>
        <td>{r.debtorName}</td>
        <td className={flagged.debtorDocument ? 'flagged-cell' : ''}>{formatDocument(r.debtorDocument)}</td>
        <td>{NATURE_LABEL[r.nature]}{outside && <div><span className="tag tag-grey">{NOT_FEDERAL_LABEL}</span></div>}</td>
        <td className="num">{formatCentavos(Math.max(r.total, r.principal + r.fine + r.interest + r.legalCharge))}</td>
        <td>
          {warnings > 0 ? <span className="tag tag-amber" data-testid="warning-count">{plural(warnings, 'alerta', 'alertas')}</span> : <span className="muted small">—</span>}
          {c.editedAt && <div><span className="tag tag-grey">Editada</span></div>}
        </td>
        <td>
          <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="expand">
            {open ? 'Ocultar' : 'Ver campos'}
          </button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={7}>
            {c.exclusion && <p className="alert alert-yellow small">{c.exclusion}</p>}
            {r.warnings.length > 0 && (
              <ul className="file-errors">{r.warnings.map((w) => <li key={w} className="small">⚠ {w}</li>)}</ul>
            )}
            {editing ? (
              <EditForm analysisId={analysisId} certificate={c} swrKey={swrKey} onDone={() => setEditing(false)} />
            ) : (
              <>
                <div className="field-grid" data-testid="fields">
                  {SHOWN_FIELDS.map((f) => (
                    <div key={f} className={flagged[f] ? 'flagged' : ''} data-field={f} data-flagged={flagged[f] ? 'true' : undefined}>
                      <span className="field-label">{FIELD_LABEL[f]}</span>
                      <span>{(MONEY.has(f) ? 'R$ ' : '') + (formatFieldValue(f, r) || '—')}</span>
                      {flagged[f] && <span className="reason">Conferir: {flagged[f]}</span>}
                    </div>
                  ))}
                </div>
                {r.natureReason && <p className="muted small">Motivo da natureza: {r.natureReason}</p>}
                <button type="button" className="button secondary" onClick={() => setEditing(true)} data-testid="edit-certificate">Corrigir campos</button>
              </>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

/** The correction form: every editable field as text, checked by the server with the extraction's rules. */
function EditForm({ analysisId, certificate: c, swrKey, onDone }: { analysisId: string; certificate: CertificateView; swrKey: string; onDone(): void }) {
  const initial = Object.fromEntries(EDITABLE_FIELDS.map((f) => [f, formatFieldValue(f, c.record)])) as Record<EditableField, string>;
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const flagged = c.record.fieldWarnings ?? {};

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const changes = Object.fromEntries(EDITABLE_FIELDS.filter((f) => values[f] !== initial[f]).map((f) => [f, values[f]]));
    if (!Object.keys(changes).length) {
      setError('Nenhum campo foi alterado.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiJson<ReviewOutcome>(`/analyses/${analysisId}/certificates/${c.id}`, { method: 'PATCH', body: JSON.stringify({ changes }) });
      await mutate(swrKey);
      void mutate((k) => typeof k === 'string' && k.startsWith(`${ANALYSES_KEY}?`));
      onDone();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const input = (f: EditableField) => {
    const id = `edit-${c.id}-${f}`;
    const common = { id, value: values[f], disabled: busy, onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value })) };
    const options = f === 'nature' ? NATURE_OPTIONS : f === 'issuer' ? ISSUER_OPTIONS : null;
    return (
      <div key={f} className={flagged[f] ? 'flagged' : ''}>
        <label className="field-label" htmlFor={id}>{FIELD_LABEL[f]}{MONEY.has(f) ? ' (R$)' : ''}</label>
        {options ? (
          <select {...common}>{options.map((o) => <option key={o.value} value={o.label}>{o.label}</option>)}</select>
        ) : (
          <input {...common} placeholder={f.endsWith('Date') ? 'dd/mm/aaaa' : undefined} />
        )}
        {flagged[f] && <span className="reason">Conferir: {flagged[f]}</span>}
      </div>
    );
  };

  return (
    <form onSubmit={save} data-testid="edit-form" noValidate>
      <div className="field-grid">{EDITABLE_FIELDS.map(input)}</div>
      {error && <p className="alert alert-red" role="alert">{error}</p>}
      <p className="muted small">Salvar gera uma nova versão das duas planilhas e refaz a simulação, sem custo de tokens. Cada alteração fica registrada.</p>
      <div className="row-actions">
        <button type="submit" className="button" disabled={busy}>{busy ? 'Salvando...' : 'Salvar correções'}</button>
        <button type="button" className="button secondary" disabled={busy} onClick={onDone}>Cancelar</button>
      </div>
    </form>
  );
}

/** Simulate again with other inputs, free of charge; the answer's limits show beside the figures above. */
function Resimulate({ analysis, swrKey }: { analysis: Analysis; swrKey: string }) {
  const params = { ...DEFAULT_ANALYSIS_PARAMS, ...analysis.params };
  const [input, setInput] = useState<SimulatorInput>(() => simulatorInputFrom(params));
  const [choices, setChoices] = useState<SimulatorChoices>(() => simulatorChoicesFrom(params));
  const [errors, setErrors] = useState<Partial<Record<SimulatorField | 'entryMonths', string>>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Another version (a correction, another tab) brings its own inputs.
  useEffect(() => {
    setInput(simulatorInputFrom(params));
    setChoices(simulatorChoicesFrom(params));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [analysis.version]);

  const setField = (field: SimulatorField, value: string) => {
    const filter = field === 'discount' ? filterDiscountInput : filterInstallmentsInput;
    setInput((prev) => ({ ...prev, [field]: filter(value, prev[field]) }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validateSimulatorInput(input);
    if (!checked.ok) return setErrors(checked.errors);
    const full = paramsWithChoices(checked.params, choices);
    if (!full.ok) return setErrors({ entryMonths: full.error });
    setBusy(true);
    setOutcome(null);
    try {
      const res = await apiJson<ReviewOutcome>(`/analyses/${analysis.id}/simulation`, { method: 'POST', body: JSON.stringify(full.params) });
      const capped = res.simulation?.adjustments.length ?? 0;
      setOutcome({
        ok: true,
        message: capped
          ? `Simulação refeita (versão ${res.version}) com ${plural(capped, 'limite aplicado', 'limites aplicados')}: veja ao lado de cada valor.`
          : `Simulação refeita (versão ${res.version}), sem custo de tokens.`,
      });
      await mutate(swrKey);
    } catch (err) {
      setOutcome({ ok: false, message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="resimulate">
      <h3>Simular novamente</h3>
      <SimulationFields
        idPrefix="resim"
        input={input}
        choices={choices}
        errors={errors}
        disabled={busy}
        suggestion={analysis.suggestedDebtorSize}
        onInput={setField}
        onChoice={(next) => {
          setChoices(next);
          setErrors((prev) => ({ ...prev, entryMonths: undefined }));
        }}
      />
      <div className="row-actions">
        <button type="submit" className="button" disabled={busy}>{busy ? 'Simulando...' : 'Simular sem custo'}</button>
      </div>
      {outcome && <p className={`alert ${outcome.ok ? 'alert-green' : 'alert-red'}`} role="status">{outcome.message}</p>}
    </form>
  );
}
