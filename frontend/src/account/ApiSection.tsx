import { FormEvent, useState } from 'react';
import useSWR from 'swr';
import {
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  ApiTokenScope,
  ApiTokenView,
  CreatedApiToken,
  CreatedWebhookEndpoint,
  WEBHOOK_EVENTS,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventType,
} from '@cda/shared';
import { apiJson, fetcher } from '../api/client';
import { Field } from '../components/forms/Fields';
import { Dialog } from '../components/Dialog';
import './api-section.css';

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'analysis.completed': 'Análise concluída',
  'analysis.failed': 'Análise com erro',
  'webhook.test': 'Evento de teste',
};

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }) : '—';

/** Perfil → API: personal tokens for the batch API, completion webhooks and their delivery log. */
export function ApiSection() {
  return (
    <div className="api-section">
      <p className="muted">
        Envie CDAs a partir dos sistemas do escritório e receba os resultados sem abrir o navegador. A documentação da API
        (OpenAPI) está em <a href="/api/docs" target="_blank" rel="noreferrer">/api/docs</a>; exemplos de uso no README do projeto.
      </p>
      <TokensPanel />
      <WebhooksPanel />
    </div>
  );
}

/** Shows a secret the server will never show again, with a copy button. */
function SecretOnce({ title, secret, hint, onClose }: { title: string; secret: string; hint: string; onClose(): void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={<button type="button" className="button" onClick={copy}>{copied ? 'Copiado!' : 'Copiar'}</button>}
    >
      <p className="alert alert-yellow" role="status">Copie agora: por segurança, este valor não será mostrado novamente.</p>
      <code className="secret-value" data-testid="secret-value">{secret}</code>
      <p className="muted small">{hint}</p>
    </Dialog>
  );
}

function TokensPanel() {
  const { data: tokens, error, mutate } = useSWR<ApiTokenView[]>('/profile/api-tokens', fetcher);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('analyses:write');
  const [expiresOn, setExpiresOn] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setProblem('Informe um nome para o token.');
    setBusy(true);
    setProblem(null);
    try {
      // A date picked is valid through its last minute in Brasília.
      const expiresAt = expiresOn ? new Date(`${expiresOn}T23:59:59-03:00`).toISOString() : null;
      const token = await apiJson<CreatedApiToken>('/profile/api-tokens', { method: 'POST', body: JSON.stringify({ name: name.trim(), scopes: [scope], expiresAt }) });
      setCreated(token);
      setName('');
      setExpiresOn('');
      await mutate();
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (t: ApiTokenView) => {
    try {
      await apiJson(`/profile/api-tokens/${t.id}`, { method: 'DELETE' });
      await mutate();
    } catch (err) {
      setProblem((err as Error).message);
    }
    setRevoking(null);
  };

  return (
    <section className="api-panel">
      <h2>Tokens de API</h2>
      <p className="muted small">
        Use no cabeçalho <code>Authorization: Bearer &lt;token&gt;</code>. O token age como você (seu plano e seus tokens), mas só
        acessa a API de análises: nunca o perfil, pagamentos ou a administração. <strong>Somente leitura</strong> consulta
        análises e baixa planilhas; <strong>Leitura e envio</strong> também envia PDFs (e gasta tokens).
      </p>
      <form className="api-form" onSubmit={create} noValidate>
        <Field label="Nome">
          <input value={name} maxLength={80} placeholder="Ex.: Sistema de processos" onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Permissão">
          <select value={scope} onChange={(e) => setScope(e.target.value as ApiTokenScope)}>
            {API_TOKEN_SCOPES.map((s) => <option key={s} value={s}>{API_TOKEN_SCOPE_LABELS[s]}</option>)}
          </select>
        </Field>
        <Field label="Expira em (opcional)">
          <input type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
        </Field>
        <button className="button" type="submit" disabled={busy}>{busy ? 'Criando...' : 'Criar token'}</button>
      </form>
      {problem && <p className="alert alert-red" role="alert">{problem}</p>}
      {error && <p className="alert alert-red">{(error as Error).message}</p>}
      {tokens && tokens.length === 0 && <p className="muted">Nenhum token criado.</p>}
      {tokens && tokens.length > 0 && (
        <div className="table-scroll">
          <table className="table" aria-label="Tokens de API">
            <thead>
              <tr><th>Nome</th><th>Token</th><th>Permissão</th><th>Criado</th><th>Expira</th><th>Último uso</th><th>Situação</th><th /></tr>
            </thead>
            <tbody>
              {tokens.map((t) => {
                const expired = !!t.expiresAt && new Date(t.expiresAt) <= new Date();
                return (
                  <tr key={t.id}>
                    <td>{t.name}</td>
                    <td><code>{t.displayPrefix}…</code></td>
                    <td>{API_TOKEN_SCOPE_LABELS[t.scopes.includes('analyses:write') ? 'analyses:write' : 'analyses:read']}</td>
                    <td>{dateTime(t.createdAt)}</td>
                    <td>{t.expiresAt ? dateTime(t.expiresAt) : 'Nunca'}</td>
                    <td>{t.lastUsedAt ? dateTime(t.lastUsedAt) : 'Nunca usado'}</td>
                    <td>
                      {t.revokedAt ? <span className="badge badge-grey">Revogado</span> : expired ? <span className="badge badge-yellow">Expirado</span> : <span className="badge badge-green">Ativo</span>}
                    </td>
                    <td>{!t.revokedAt && <button type="button" className="button secondary" onClick={() => setRevoking(t)}>Revogar</button>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {created && (
        <SecretOnce
          title={`Token "${created.name}" criado`}
          secret={created.token}
          hint="Guarde-o em um cofre de senhas ou na configuração do seu sistema. Se perdê-lo, revogue este token e crie outro."
          onClose={() => setCreated(null)}
        />
      )}
      {revoking && (
        <Dialog
          title="Revogar token"
          onClose={() => setRevoking(null)}
          actions={<button type="button" className="button danger" onClick={() => revoke(revoking)}>Revogar agora</button>}
        >
          <p>O token <strong>{revoking.name}</strong> deixa de funcionar imediatamente. Sistemas que o usam receberão erro 401.</p>
        </Dialog>
      )}
    </section>
  );
}

function WebhooksPanel() {
  const { data: endpoints, mutate } = useSWR<WebhookEndpointView[]>('/profile/webhooks', fetcher);
  const { data: deliveries, mutate: refreshLog } = useSWR<WebhookDeliveryView[]>('/profile/webhooks/deliveries?limit=30', fetcher, { refreshInterval: 10000 });
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENTS]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      const endpoint = await apiJson<CreatedWebhookEndpoint>('/profile/webhooks', { method: 'POST', body: JSON.stringify({ url: url.trim(), description, events }) });
      setCreated(endpoint);
      setUrl('');
      setDescription('');
      await mutate();
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const act = async (run: () => Promise<string | null>) => {
    setProblem(null);
    setNotice(null);
    try {
      setNotice(await run());
      await Promise.all([mutate(), refreshLog()]);
    } catch (err) {
      setProblem((err as Error).message);
    }
  };

  const sendTest = (e: WebhookEndpointView) =>
    act(async () => {
      const d = await apiJson<WebhookDeliveryView>(`/profile/webhooks/${e.id}/test`, { method: 'POST' });
      return d.success ? `Evento de teste entregue (HTTP ${d.statusCode}, ${d.durationMs} ms).` : `O evento de teste não foi aceito: ${d.error ?? 'sem resposta'}.`;
    });
  const toggle = (e: WebhookEndpointView) =>
    act(async () => {
      await apiJson(`/profile/webhooks/${e.id}`, { method: 'PATCH', body: JSON.stringify({ active: !e.active }) });
      return e.active ? 'Webhook desativado.' : 'Webhook ativado.';
    });
  const remove = (e: WebhookEndpointView) =>
    act(async () => {
      await apiJson(`/profile/webhooks/${e.id}`, { method: 'DELETE' });
      return 'Webhook removido.';
    });

  const urlOf = (id: string) => endpoints?.find((e) => e.id === id)?.url ?? '(removido)';

  return (
    <section className="api-panel">
      <h2>Webhooks</h2>
      <p className="muted small">
        Ao terminar cada análise, enviamos um POST com o resumo em JSON, assinado no cabeçalho <code>X-CDA-Signature</code>{' '}
        (<code>t=&lt;timestamp&gt;,v1=&lt;HMAC-SHA256 de "t.corpo"&gt;</code>). Falhas são repetidas com intervalos crescentes.
      </p>
      <form className="api-form" onSubmit={create} noValidate>
        <Field label="URL (HTTPS)">
          <input type="url" value={url} placeholder="https://sistema.escritorio.com.br/webhooks/cda" onChange={(e) => setUrl(e.target.value)} />
        </Field>
        <Field label="Descrição (opcional)">
          <input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <fieldset className="api-events">
          <legend>Eventos</legend>
          {WEBHOOK_EVENTS.map((ev) => (
            <label key={ev}>
              <input
                type="checkbox"
                checked={events.includes(ev)}
                onChange={(e) => setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))}
              />{' '}
              {EVENT_LABELS[ev]} <code>{ev}</code>
            </label>
          ))}
        </fieldset>
        <button className="button" type="submit" disabled={busy}>{busy ? 'Cadastrando...' : 'Cadastrar webhook'}</button>
      </form>
      {problem && <p className="alert alert-red" role="alert">{problem}</p>}
      {notice && <p className="alert alert-green" role="status">{notice}</p>}
      {endpoints && endpoints.length === 0 && <p className="muted">Nenhum webhook cadastrado.</p>}
      {endpoints && endpoints.length > 0 && (
        <ul className="api-endpoints">
          {endpoints.map((e) => (
            <li key={e.id} className="api-endpoint">
              <div>
                <strong className="api-url">{e.url}</strong>
                <span className="muted small">
                  {e.description && `${e.description} · `}
                  {e.events.map((ev) => EVENT_LABELS[ev]).join(', ')} · segredo {e.secretPrefix}…
                </span>
              </div>
              <span className={`badge ${e.active ? 'badge-green' : 'badge-grey'}`}>{e.active ? 'Ativo' : 'Inativo'}</span>
              <div className="api-endpoint-actions">
                <button type="button" className="button secondary" onClick={() => sendTest(e)}>Enviar evento de teste</button>
                <button type="button" className="button secondary" onClick={() => toggle(e)}>{e.active ? 'Desativar' : 'Ativar'}</button>
                <button type="button" className="button secondary" onClick={() => remove(e)}>Remover</button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3>Entregas recentes</h3>
      {deliveries && deliveries.length === 0 && <p className="muted">Nenhuma entrega ainda.</p>}
      {deliveries && deliveries.length > 0 && (
        <div className="table-scroll">
          <table className="table" aria-label="Entregas de webhooks">
            <thead>
              <tr><th>Quando</th><th>Evento</th><th>Destino</th><th>Tentativa</th><th>Resposta</th><th>Tempo</th><th>Próxima tentativa</th></tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id}>
                  <td>{dateTime(d.createdAt)}</td>
                  <td>{EVENT_LABELS[d.eventType]}</td>
                  <td className="api-url">{urlOf(d.endpointId)}</td>
                  <td>{d.attempt}</td>
                  <td>
                    <span className={`badge ${d.success ? 'badge-green' : 'badge-red'}`}>{d.statusCode ?? 'sem resposta'}</span>
                    {!d.success && d.error && <span className="muted small"> {d.error}</span>}
                  </td>
                  <td>{d.durationMs} ms</td>
                  <td>{d.nextRetryAt ? dateTime(d.nextRetryAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {created && (
        <SecretOnce
          title="Webhook cadastrado"
          secret={created.secret}
          hint="Use este segredo para verificar a assinatura X-CDA-Signature de cada entrega (receita no README)."
          onClose={() => setCreated(null)}
        />
      )}
    </section>
  );
}
