import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { MAIL_KIND_LABELS, MAIL_STATUS_LABELS, MailOutboxItem, MailStatus, formatDateTime } from '@cda/shared';
import { MAIL_KEY, adminApi, query, useMailOutbox, useMailStatus } from '../api/admin';
import { Pagination } from '../components/Pagination';
import { Dialog } from '../components/Dialog';
import { ErrorBanner, Notice, NoticeState, messageOf } from './AdminUi';
import './admin-mail.css';

const STATUSES = Object.keys(MAIL_STATUS_LABELS) as MailStatus[];
const BADGE: Record<MailStatus, string> = { sent: 'badge-green', pending: 'badge-blue', failed: 'badge-red', unsent: 'badge-yellow' };

function MailStatusBadge({ status }: { status: MailStatus }) {
  return <span className={`badge ${BADGE[status]}`}>{MAIL_STATUS_LABELS[status]}</span>;
}

/** How mail leaves this server now: the catcher, the configured SMTP, or nothing. */
function DeliveryCard() {
  const { data } = useMailStatus();
  if (!data) return null;
  if (!data.configured) return null; // The shell's banner says it.
  if (data.catcherUrl) {
    return (
      <div className="alert alert-blue" role="status" data-testid="mail-catcher-notice">
        <strong>Caixa de e-mails local.</strong> O SMTP aponta para a caixa de teste do <code>npm start</code>: os e-mails não saem desta máquina e podem ser lidos em{' '}
        <a href={data.catcherUrl} target="_blank" rel="noreferrer">{data.catcherUrl}</a>.
      </div>
    );
  }
  return data.reachable === false ? null : (
    <div className="alert alert-green" role="status">Servidor SMTP configurado e respondendo.</div>
  );
}

/**
 * `/admin/emails`: every e-mail the product sent or tried to send (the `mail_outbox`). "Enviado" means
 * the SMTP server accepted it; a failed one shows the server's reply; one not delivered can be sent
 * again while its body is kept (delivered ones keep no body: it may hold a live link or a password).
 */
export function AdminMailPage() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<NoticeState>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [open, setOpen] = useState<MailOutboxItem | null>(null);
  const { data, error } = useMailOutbox(query({ status, page, pageSize: 20 }));
  const { mutate } = useSWRConfig();

  useEffect(() => setPage(1), [status]);

  const resend = async (m: MailOutboxItem) => {
    setBusy(m.id);
    setNotice(null);
    try {
      const now = await adminApi.resendMail(m.id);
      setNotice(
        now.status === 'sent'
          ? { ok: true, title: `E-mail para ${now.to} enviado: o servidor SMTP o aceitou.` }
          : { ok: false, title: `O e-mail para ${now.to} não foi enviado.`, detail: now.error ?? undefined },
      );
    } catch (err) {
      setNotice({ ok: false, title: 'Erro ao reenviar', detail: messageOf(err) });
    } finally {
      setBusy(null);
      void mutate((key) => typeof key === 'string' && key.startsWith(MAIL_KEY));
    }
  };

  return (
    <div className="admin-page">
      <div className="admin-head">
        <div>
          <h1>E-mails</h1>
          <p className="muted">Tudo o que o sistema enviou ou tentou enviar. “Enviado” significa aceito pelo servidor SMTP.</p>
        </div>
        <Link className="button ghost" to="/admin/settings" title="Configurações > Email">Configurar SMTP</Link>
      </div>
      <DeliveryCard />
      <Notice notice={notice} onClose={() => setNotice(null)} />
      {error && <ErrorBanner title="Erro ao carregar os e-mails" detail={messageOf(error)} />}
      {data && (
        <div className="mail-counts" aria-label="Totais por situação">
          {STATUSES.map((s) => (
            <button key={s} type="button" className={`mail-count${status === s ? ' active' : ''}`} onClick={() => setStatus(status === s ? '' : s)} data-testid={`mail-count-${s}`}>
              <strong>{data.counts[s].toLocaleString('pt-BR')}</strong> {MAIL_STATUS_LABELS[s]}
            </button>
          ))}
        </div>
      )}
      <section className="card">
        <div className="admin-filters">
          <select aria-label="Situação" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Todas as situações</option>
            {STATUSES.map((s) => <option key={s} value={s}>{MAIL_STATUS_LABELS[s]}</option>)}
          </select>
        </div>
        {!data && !error && <p className="muted">Carregando...</p>}
        {data && data.items.length === 0 && <p className="muted empty">Nenhum e-mail encontrado</p>}
        {data && data.items.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>Destinatário</th>
                  <th>Assunto</th>
                  <th>Situação</th>
                  <th>Data</th>
                  <th className="num">Ações</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((m) => (
                  <tr key={m.id} data-testid="mail-row">
                    <td><div className="who"><strong>{m.to}</strong><span>{MAIL_KIND_LABELS[m.kind] ?? m.kind}</span></div></td>
                    <td>{m.subject}</td>
                    <td>
                      <MailStatusBadge status={m.status} />
                      {m.error && <div className="muted small mail-error" data-testid="mail-error">{m.error}</div>}
                      {m.attempts > 1 && <div className="muted small">{m.attempts} tentativas</div>}
                    </td>
                    <td className="small nowrap">
                      {formatDateTime(m.createdAt)}
                      {m.sentAt && <div className="muted">enviado {formatDateTime(m.sentAt)}</div>}
                    </td>
                    <td>
                      <div className="actions">
                        {m.text !== null && <button type="button" onClick={() => setOpen(m)}>Ver</button>}
                        {m.resendable && (
                          <button type="button" onClick={() => void resend(m)} disabled={busy === m.id}>
                            {busy === m.id ? 'Reenviando...' : 'Reenviar'}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && <Pagination page={page} pageCount={data.pageCount} onChange={setPage} />}
      </section>
      {open && (
        <Dialog title={open.subject} wide onClose={() => setOpen(null)}>
          <p className="muted small">Para: {open.to} · {MAIL_STATUS_LABELS[open.status]}</p>
          <pre className="mail-body">{open.text}</pre>
        </Dialog>
      )}
    </div>
  );
}
