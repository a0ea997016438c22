import { FormEvent, useState } from 'react';
import { mutate } from 'swr';
import { DEFAULT_ANALYSIS_PARAMS } from '@cda/shared';
import { apiJson } from '../api/client';
import { ANALYSES_KEY, useAnalyses } from '../api/hooks';
import { AnalysisList } from '../components/AnalysisList';
import { UploadZone } from '../components/UploadZone';

export function SimulatorPage() {
  const { data: analyses, error: listError } = useAnalyses();
  const [files, setFiles] = useState<File[]>([]);
  const [params, setParams] = useState(DEFAULT_ANALYSIS_PARAMS);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!files.length) {
      setResult({ ok: false, message: 'Selecione ao menos um arquivo PDF.' });
      return;
    }
    const body = new FormData();
    files.forEach((f) => body.append('files', f));
    body.append('discount', String(params.discount));
    body.append('installmentsSocialSecurity', String(params.installmentsSocialSecurity));
    body.append('installmentsOther', String(params.installmentsOther));
    setBusy(true);
    setResult(null);
    try {
      await apiJson('/analyses', { method: 'POST', body });
      setFiles([]);
      setResult({ ok: true, message: 'Análise iniciada. Acompanhe o andamento abaixo.' });
      await mutate((key) => typeof key === 'string' && key.startsWith(ANALYSES_KEY));
    } catch (err) {
      setResult({ ok: false, message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const numberField = (key: keyof typeof params, label: string, max: number) => (
    <label>
      {label}
      <input
        type="number"
        min={key === 'discount' ? 0 : 1}
        max={max}
        value={params[key]}
        onChange={(e) => setParams({ ...params, [key]: Number(e.target.value) })}
      />
    </label>
  );

  return (
    <div className="page">
      <h1>Extrator de Dados de CDA</h1>
      <form className="card" onSubmit={submit}>
        <UploadZone files={files} onChange={setFiles} disabled={busy} />
        <div className="grid-3">
          {numberField('discount', 'Desconto (%)', 100)}
          {numberField('installmentsSocialSecurity', 'Parcelas previdenciárias', 200)}
          {numberField('installmentsOther', 'Parcelas demais débitos', 200)}
        </div>
        <button className="button" type="submit" disabled={busy}>{busy ? 'Analisando...' : 'Iniciar Análise'}</button>
        {result && <p className={`alert ${result.ok ? 'alert-green' : 'alert-red'}`} role="status">{result.message}</p>}
        <p className="muted small">
          Seus arquivos não ficam armazenados: são apagados assim que a análise termina. Registramos apenas a análise, para controle de uso (LGPD).
        </p>
      </form>
      <section className="card">
        <h2>Suas análises</h2>
        {listError && <p className="alert alert-red">{(listError as Error).message}</p>}
        {!analyses && !listError ? <p className="muted">Carregando...</p> : <AnalysisList analyses={analyses?.items ?? []} />}
      </section>
    </div>
  );
}
