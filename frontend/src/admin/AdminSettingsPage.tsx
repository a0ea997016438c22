import { ReactNode, useEffect, useState } from 'react';
import useSWR from 'swr';
import { BACKUP_FREQUENCIES, BackupFrequency, Settings, formatBytes, formatDateTime } from '@cda/shared';
import { ApiError, apiJson, downloadFile, fetcher } from '../api/client';
import { Field } from '../components/forms/Fields';
import './admin-ops.css';

type Section = 'general' | 'email' | 'security' | 'payment' | 'system';
const TABS: { id: Section; label: string; title: string }[] = [
  { id: 'general', label: 'Geral', title: 'Configurações Gerais' },
  { id: 'email', label: 'Email', title: 'Configurações de Email' },
  { id: 'security', label: 'Segurança', title: 'Configurações de Segurança' },
  { id: 'payment', label: 'Pagamento', title: 'Configurações de Pagamento' },
  { id: 'system', label: 'Sistema', title: 'Configurações do Sistema' },
];
/** What the API answers instead of a stored secret. */
const CONFIGURED = 'configurado';

/** `null` marks a stored secret the admin asked to remove. */
type Values = Record<string, string | boolean | null>;
type Outcome = { ok: boolean; message: string } | null;
interface Backup {
  id: string;
  status: 'running' | 'done' | 'failed';
  trigger: 'manual' | 'scheduled';
  sizeBytes: number | null;
  error: string | null;
  storageKey: string;
  createdAt: string;
  finishedAt: string | null;
}

/** Form state is text for inputs (the server validates and answers in pt-BR), booleans for toggles. */
function toValues(section: object): Values {
  return Object.fromEntries(
    Object.entries(section).map(([k, v]) => [k, typeof v === 'boolean' ? v : Array.isArray(v) ? v.join(', ') : String(v ?? '')]),
  );
}

export function AdminSettingsPage() {
  const [tab, setTab] = useState<Section>('general');
  const { data, error, mutate } = useSWR<Settings>('/admin/settings', fetcher);
  /** One action at a time: save, test e-mail and backup share it, as the screen promises. */
  const [busy, setBusy] = useState<'save' | 'test' | 'backup' | 'error-test' | null>(null);
  const current = TABS.find((t) => t.id === tab)!;

  return (
    <div className="page page-wide admin-ops">
      <h1>Configurações</h1>
      {error && <p className="alert alert-red">{(error as Error).message || 'Erro ao carregar configurações'}</p>}
      <div className="settings-layout">
        <nav className="settings-menu" role="tablist" aria-label="Seções das configurações">
          {TABS.map((t) => (
            <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} className={tab === t.id ? 'active' : ''} onClick={() => setTab(t.id)}>
              {t.label}
            </button>
          ))}
        </nav>
        <section className="card settings-panel" role="tabpanel" aria-label={current.title}>
          <h2>{current.title}</h2>
          {!data ? (
            !error && <p className="muted">Carregando...</p>
          ) : (
            <SectionForm
              key={tab}
              section={tab}
              initial={data[tab]}
              busy={busy}
              setBusy={setBusy}
              onSaved={(saved) => mutate({ ...data, [tab]: saved }, { revalidate: false })}
            />
          )}
        </section>
      </div>
    </div>
  );
}

interface FormProps {
  section: Section;
  initial: object;
  busy: string | null;
  setBusy(b: 'save' | 'test' | 'backup' | 'error-test' | null): void;
  onSaved(saved: object): void;
}

function SectionForm({ section, initial, busy, setBusy, onSaved }: FormProps) {
  const [values, setValues] = useState<Values>(() => toValues(initial));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  /**
   * Only the banner of the latest action is shown: a "salvas com sucesso" must not linger beside a
   * later test e-mail or backup, nor after the form is edited again.
   */
  const [lastAction, setLastAction] = useState<'save' | 'test' | 'backup' | 'error-test' | null>(null);
  const set = (k: string) => (v: string | boolean | null) => {
    setValues((s) => ({ ...s, [k]: v }));
    setOutcome((o) => (o?.ok ? null : o));
  };
  const err = (k: string) => fieldErrors[k]?.join(' ');

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy('save');
    setLastAction('save');
    setOutcome(null);
    setFieldErrors({});
    try {
      const saved = await apiJson<object>(`/admin/settings/${section}`, { method: 'PUT', body: JSON.stringify(payload(section, values)) });
      onSaved(saved);
      setValues(toValues(saved));
      setOutcome({ ok: true, message: 'Configurações salvas com sucesso!' });
    } catch (caught) {
      const body = (caught as ApiError).body as { fields?: Record<string, string[]> } | undefined;
      if (body?.fields) setFieldErrors(body.fields);
      setOutcome({ ok: false, message: body?.fields ? 'Erro ao salvar configurações: corrija os campos indicados.' : (caught as Error).message || 'Erro ao salvar configurações' });
    } finally {
      setBusy(null);
    }
  };

  const text = (k: string, label: string, type = 'text', extra: Partial<React.InputHTMLAttributes<HTMLInputElement>> = {}) => (
    <Field label={label} error={err(k)}>
      <input type={type} value={String(values[k] ?? '')} onChange={(e) => set(k)(e.target.value)} aria-invalid={!!err(k)} {...extra} />
    </Field>
  );
  const num = (k: string, label: string) => text(k, label, 'number', { inputMode: 'numeric', step: 1 });
  const toggle = (k: string, label: string, hint?: string) => <Toggle label={label} hint={hint} checked={values[k] === true} onChange={set(k)} error={err(k)} />;
  const secret = (k: string, label: string) => (
    <SecretField
      label={label}
      configured={(initial as Record<string, unknown>)[k] === CONFIGURED}
      removing={values[k] === null}
      value={String(values[k] ?? '')}
      onChange={set(k)}
      onRemove={(remove) => set(k)(remove ? null : '')}
      error={err(k)}
    />
  );

  let body: ReactNode;
  switch (section) {
    case 'general':
      body = (
        <>
          <div className="settings-grid-2">
            {text('siteName', 'Nome do site')}
            {text('adminEmail', 'Email do administrador', 'email')}
            {text('supportEmail', 'Email de suporte', 'email')}
            {num('maxFileSizeMb', 'Tamanho máximo de arquivo (MB)')}
            {num('maxFilesPerUpload', 'Máximo de arquivos por envio')}
          </div>
          <Field label="Descrição do site" error={err('description')}>
            <textarea rows={3} value={String(values.description ?? '')} onChange={(e) => set('description')(e.target.value)} />
          </Field>
          {toggle('maintenanceMode', 'Modo de manutenção', 'Desabilita o acesso público ao site')}
          {toggle('registrationEnabled', 'Cadastro de novos usuários', 'Permite que novos usuários se cadastrem')}
        </>
      );
      break;
    case 'email':
      body = (
        <>
          <div className="settings-grid-2">
            {text('smtpHost', 'Servidor SMTP', 'text', { placeholder: 'smtp.exemplo.com.br' })}
            {num('smtpPort', 'Porta SMTP')}
            {text('smtpUser', 'Usuário SMTP', 'text', { autoComplete: 'off' })}
            {secret('smtpPassword', 'Senha SMTP')}
            {text('senderName', 'Nome do remetente')}
            {text('senderEmail', 'Email do remetente', 'email')}
          </div>
          {toggle('notificationsEnabled', 'Notificações por email', 'Enviar emails automáticos para usuários')}
        </>
      );
      break;
    case 'security':
      body = (
        <>
          <div className="settings-grid-2">
            {num('sessionTimeoutHours', 'Tempo de sessão (horas)')}
            {num('maxLoginAttempts', 'Máximo de tentativas de login')}
            {num('minPasswordLength', 'Tamanho mínimo da senha')}
            {num('apiRateLimitPerHour', 'Limite de requisições da API (por hora)')}
            {num('apiTokenRateLimitPerMinute', 'Limite por token de API (por minuto)')}
          </div>
          <Field label="Origens permitidas (CORS), separadas por vírgula" error={err('allowedOrigins')}>
            <textarea
              rows={2}
              value={String(values.allowedOrigins ?? '')}
              placeholder="https://app.exemplo.com.br, https://parceiro.exemplo.com.br"
              onChange={(e) => set('allowedOrigins')(e.target.value)}
            />
          </Field>
          {toggle('requireSpecialChars', 'Exigir caracteres especiais', 'Senhas novas precisam de ao menos um caractere especial')}
          {toggle('corsEnabled', 'CORS', 'Permite que as origens acima chamem a API a partir do navegador')}
          {toggle(
            'requireAdmin2fa',
            'Exigir 2FA dos administradores',
            'Administradores e root entram com senha e código do aplicativo autenticador; quem ainda não ativou é levado a ativar no próximo login, e as sessões abertas sem o segundo fator terminam',
          )}
        </>
      );
      break;
    case 'payment':
      body = (
        <>
          <p className="alert alert-blue">
            Configure as credenciais do Mercado Pago para receber pagamentos. Em desenvolvimento, use as credenciais de teste. O access token e o segredo do
            webhook não são exibidos depois de salvos.
          </p>
          <div className="settings-grid-2">
            <MaskedField label="Chave pública" value={String(values.mercadoPagoPublicKey ?? '')} onChange={set('mercadoPagoPublicKey')} error={err('mercadoPagoPublicKey')} />
            {secret('mercadoPagoAccessToken', 'Access token')}
            {secret('mercadoPagoWebhookSecret', 'Segredo do webhook')}
            <Field label="URL do webhook (cadastre no Mercado Pago)">
              <input type="url" readOnly value={`${window.location.origin}/api/payments/webhook`} />
            </Field>
          </div>
          {toggle('pixEnabled', 'PIX', 'Oferecer pagamento por PIX no checkout')}
          {toggle('cardEnabled', 'Cartão de crédito', 'Oferecer pagamento por cartão no checkout')}
          {/* No boleto toggle: the checkout has no boleto flow (see README, Payments), and a toggle must do what it says. */}
        </>
      );
      break;
    case 'system':
      body = (
        <>
          <div className="settings-grid-2">
            <Field label="Frequência de backup" error={err('backupFrequency')}>
              <select value={String(values.backupFrequency)} onChange={(e) => set('backupFrequency')(e.target.value)}>
                {BACKUP_FREQUENCIES.map((f) => (
                  <option key={f} value={f}>{FREQUENCY_LABELS[f]}</option>
                ))}
              </select>
            </Field>
            <Field label="Nível de log" error={err('logLevel')}>
              <select value={String(values.logLevel)} onChange={(e) => set('logLevel')(e.target.value)}>
                {LOG_LEVELS.map(([v, l]) => (
                  <option key={v} value={v}>{l}</option>
                ))}
              </select>
            </Field>
            {num('maxConcurrentAnalyses', 'Máximo de análises simultâneas (por worker)')}
            {num('analysisTimeoutSeconds', 'Tempo limite da análise (segundos)')}
            {num('tokensPerPage', 'Tokens por página')}
          </div>
          {toggle(
            'analyticsEnabled',
            'Analytics',
            'Registra o uso do produto (páginas vistas e ações, sem dados pessoais: nenhum usuário, IP ou navegador) no nosso banco; aparece em Relatórios → Uso',
          )}
          {toggle(
            'errorReportingEnabled',
            'Relatório de erros',
            'Envia os erros do servidor e do navegador ao DSN abaixo (Sentry ou compatível), sem dados do usuário',
          )}
          {text('errorReportingDsn', 'DSN do relatório de erros', 'url', { placeholder: 'https://chave@o0.ingest.sentry.io/123' })}
          {toggle(
            'cdnEnabled',
            'CDN para arquivos estáticos',
            'Os arquivos do front-end (/assets/…) passam a ser carregados da URL abaixo; copie para lá o conteúdo de frontend/dist/assets, com CORS liberado para este site',
          )}
          {text('cdnBaseUrl', 'URL base da CDN', 'url', { placeholder: 'https://cdn.exemplo.com.br/cda' })}
        </>
      );
      break;
  }

  return (
    <>
      <form className="settings-form" onSubmit={save} noValidate>
        {body}
        {lastAction === 'save' && <OutcomeBanner outcome={outcome} />}
        <div className="row-actions">
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === 'save' ? 'Salvando...' : 'Salvar Configurações'}
          </button>
        </div>
      </form>
      {section === 'email' && <TestEmail busy={busy} setBusy={setBusy} current={lastAction === 'test'} onStart={() => setLastAction('test')} />}
      {section === 'system' && <ErrorTest busy={busy} setBusy={setBusy} current={lastAction === 'error-test'} onStart={() => setLastAction('error-test')} />}
      {section === 'system' && <Backups busy={busy} setBusy={setBusy} current={lastAction === 'backup'} onStart={() => setLastAction('backup')} />}
    </>
  );
}

const FREQUENCY_LABELS: Record<BackupFrequency, string> = {
  off: 'Desativado',
  hourly: 'A cada hora',
  daily: 'Diário',
  weekly: 'Semanal',
  monthly: 'Mensal',
};
const LOG_LEVELS: [string, string][] = [
  ['error', 'Erro (error)'],
  ['warn', 'Aviso (warn)'],
  ['info', 'Informação (info)'],
  ['debug', 'Depuração (debug)'],
];

/** Only what the API accepts: origins become a list, secrets are sent only when typed (empty keeps the stored one, null removes it). */
function payload(section: Section, values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  if (section === 'security') {
    out.allowedOrigins = String(values.allowedOrigins ?? '')
      .split(/[,\n]/)
      .map((s) => s.trim())
      .filter(Boolean);
  }
  for (const k of ['smtpPassword', 'mercadoPagoAccessToken', 'mercadoPagoWebhookSecret']) if (k in out && (out[k] === '' || out[k] === CONFIGURED)) delete out[k];
  return out;
}

function OutcomeBanner({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p className={`alert ${outcome.ok ? 'alert-green' : 'alert-red'}`} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.message}
    </p>
  );
}

function Toggle({ label, hint, checked, onChange, error }: { label: string; hint?: string; checked: boolean; onChange(v: boolean): void; error?: string }) {
  return (
    <label className="toggle-row">
      <span>
        <strong>{label}</strong>
        {hint && <small className="muted">{hint}</small>}
        {error && <span className="error-text">{error}</span>}
      </span>
      <input type="checkbox" role="switch" className="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} />
    </label>
  );
}

/**
 * A write-only secret: never shown back; `configurado` says one is stored, typing replaces it and
 * `Remover` clears it on save (e.g. to fall back to the environment's credentials).
 */
function SecretField(props: { label: string; configured: boolean; removing: boolean; value: string; onChange(v: string): void; onRemove(remove: boolean): void; error?: string }) {
  const { label, configured, removing, value, onChange, onRemove, error } = props;
  return (
    <Field label={label} error={error}>
      <SecretInput configured={configured} removing={removing} value={value === CONFIGURED ? '' : value} onChange={onChange} onRemove={onRemove} />
    </Field>
  );
}

function SecretInput({ id, configured, removing = false, value, onChange, onRemove }: { id?: string; configured: boolean; removing?: boolean; value: string; onChange(v: string): void; onRemove?(remove: boolean): void }) {
  return (
    <span className="secret-input">
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        value={value}
        disabled={removing}
        placeholder={removing ? 'Será removido ao salvar' : configured ? 'Deixe em branco para manter' : 'Não configurado'}
        onChange={(e) => onChange(e.target.value)}
      />
      {configured && !removing && <span className="badge badge-green">{CONFIGURED}</span>}
      {configured && onRemove && (
        <button type="button" className="button ghost" onClick={() => onRemove(!removing)}>
          {removing ? 'Desfazer' : 'Remover'}
        </button>
      )}
    </span>
  );
}

/** The public key is not secret, but is shown masked until the eye is pressed. */
function MaskedField({ label, value, onChange, error }: { label: string; value: string; onChange(v: string): void; error?: string }) {
  return (
    <Field label={label} error={error}>
      <MaskedInput value={value} onChange={onChange} />
    </Field>
  );
}

function MaskedInput({ id, value, onChange }: { id?: string; value: string; onChange(v: string): void }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="secret-input">
      <input id={id} type={shown ? 'text' : 'password'} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} placeholder="APP_USR-..." />
      <button type="button" className="eye" aria-label={shown ? 'Ocultar chave pública' : 'Mostrar chave pública'} aria-pressed={shown} onClick={() => setShown(!shown)}>
        <EyeIcon off={shown} />
      </button>
    </span>
  );
}

function EyeIcon({ off }: { off: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {off && <line x1="3" y1="3" x2="21" y2="21" />}
    </svg>
  );
}

interface Probe {
  ok: boolean;
  to: string;
  response: string;
}

/** `current`: this is the screen's latest action, so its banner shows; `onStart` makes it so. */
interface ActionProps {
  current: boolean;
  onStart(): void;
}

function TestEmail({ busy, setBusy, current, onStart }: { busy: string | null; setBusy(b: 'test' | null): void } & ActionProps) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async () => {
    onStart();
    setBusy('test');
    setOutcome(null);
    try {
      const probe = await apiJson<Probe>('/admin/settings/email/test', { method: 'POST' });
      setOutcome({ ok: true, message: `Email de teste enviado com sucesso para ${probe.to}. Resposta do servidor: ${probe.response}` });
    } catch (caught) {
      setOutcome({ ok: false, message: (caught as Error).message || 'Erro ao enviar email de teste' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="ops-box">
      <div>
        <strong>Testar Email</strong>
        <p className="muted small">Envia uma mensagem real com as configurações salvas para o email do administrador (aba Geral).</p>
      </div>
      <button type="button" className="button secondary" disabled={busy !== null} onClick={run}>
        {busy === 'test' ? 'Enviando...' : 'Testar Email'}
      </button>
      {current && <OutcomeBanner outcome={outcome} />}
    </div>
  );
}

/** Sends one error through the saved error-reporting settings, as "Testar Email" does for SMTP. */
function ErrorTest({ busy, setBusy, current, onStart }: { busy: string | null; setBusy(b: 'error-test' | null): void } & ActionProps) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async () => {
    onStart();
    setBusy('error-test');
    setOutcome(null);
    try {
      const { sent } = await apiJson<{ sent: boolean }>('/admin/settings/system/error-test', { method: 'POST' });
      setOutcome(
        sent
          ? { ok: true, message: 'Erro de teste enviado com sucesso ao DSN configurado.' }
          : { ok: false, message: 'Nada foi enviado: ative o relatório de erros com um DSN e salve antes de testar.' },
      );
    } catch (caught) {
      setOutcome({ ok: false, message: (caught as Error).message || 'Erro ao enviar o erro de teste' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="ops-box">
      <div>
        <strong>Testar relatório de erros</strong>
        <p className="muted small">Envia um erro de teste do servidor ao DSN salvo, para conferir se ele chega.</p>
      </div>
      <button type="button" className="button secondary" disabled={busy !== null} onClick={run}>
        {busy === 'error-test' ? 'Enviando...' : 'Enviar erro de teste'}
      </button>
      {current && <OutcomeBanner outcome={outcome} />}
    </div>
  );
}

const BACKUP_STATUS: Record<Backup['status'], [string, string]> = {
  running: ['Em andamento', 'badge-yellow'],
  done: ['Concluído', 'badge-green'],
  failed: ['Falhou', 'badge-red'],
};

function Backups({ busy, setBusy, current, onStart }: { busy: string | null; setBusy(b: 'backup' | null): void } & ActionProps) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  // The dump runs on the maintenance queue: while one is running, the list is re-read until it ends.
  const { data: backups, mutate } = useSWR<Backup[]>('/admin/backups', fetcher, {
    refreshInterval: (list) => (list?.some((b) => b.status === 'running') ? 1500 : 0),
  });
  const latest = backups?.find((b) => b.id === waitingFor);

  useEffect(() => {
    if (!latest || latest.status === 'running') return;
    setBusy(null);
    setWaitingFor(null);
    setOutcome(
      latest.status === 'done'
        ? { ok: true, message: `Backup criado com sucesso (${formatBytes(latest.sizeBytes ?? 0)}).` }
        : { ok: false, message: `Erro ao criar backup: ${latest.error ?? 'falha desconhecida'}` },
    );
  }, [latest, setBusy]);

  const create = async () => {
    onStart();
    setBusy('backup');
    setOutcome(null);
    try {
      const created = await apiJson<Backup>('/admin/backups', { method: 'POST' });
      setWaitingFor(created.id);
      await mutate();
    } catch (caught) {
      setBusy(null);
      setOutcome({ ok: false, message: (caught as Error).message || 'Erro ao criar backup' });
    }
  };

  const download = (b: Backup) =>
    downloadFile(`/admin/backups/${b.id}/download`, b.storageKey.split('/').pop() ?? 'backup.dump').catch((e: Error) => setOutcome({ ok: false, message: e.message }));

  return (
    <div className="ops-box">
      <div>
        <strong>Backup Manual</strong>
        <p className="muted small">Gera um pg_dump completo do banco de dados e o guarda no armazenamento de objetos (pasta backups/).</p>
      </div>
      <button type="button" className="button secondary" disabled={busy !== null} onClick={create}>
        {busy === 'backup' ? (
          <>
            <span className="spinner spinner-inline" aria-hidden="true" /> Criando...
          </>
        ) : (
          'Criar Backup'
        )}
      </button>
      {current && <OutcomeBanner outcome={outcome} />}
      {backups && backups.length > 0 && (
        <table className="table backups-table">
          <thead>
            <tr>
              <th>Data</th>
              <th>Origem</th>
              <th>Situação</th>
              <th>Tamanho</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {backups.slice(0, 10).map((b) => (
              <tr key={b.id}>
                <td>{formatDateTime(b.createdAt)}</td>
                <td>{b.trigger === 'manual' ? 'Manual' : 'Automático'}</td>
                <td>
                  <span className={`badge ${BACKUP_STATUS[b.status][1]}`} title={b.error ?? undefined}>{BACKUP_STATUS[b.status][0]}</span>
                </td>
                <td>{b.sizeBytes !== null ? formatBytes(b.sizeBytes) : '—'}</td>
                <td>
                  {b.status === 'done' && (
                    <button type="button" className="link" onClick={() => void download(b)}>
                      Baixar
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
