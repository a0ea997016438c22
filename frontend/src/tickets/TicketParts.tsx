import { FormEvent, ReactNode, useState } from 'react';
import {
  TICKET_CATEGORIES,
  TICKET_STATUS_LABELS,
  TICKET_TEXT_MAX,
  TicketStatus,
  TicketView,
  formatBytes,
  formatDateTime,
} from '@cda/shared';
import { TicketSide, downloadAttachment, useTicket } from '../api/tickets';

const TONE: Record<TicketStatus, string> = {
  open: 'badge-green',
  in_progress: 'badge-yellow',
  waiting_response: 'badge-blue',
  closed: 'badge-grey',
};

/** One label per status, the same in the list and on the ticket (the list said "Aberto" while the ticket said "Aguardando resposta"). */
export function TicketStatusBadge({ status, testId = 'ticket-status' }: { status: TicketStatus; testId?: string }) {
  return <span className={`badge ${TONE[status]}`} data-testid={testId}>{TICKET_STATUS_LABELS[status]}</span>;
}

export const categoryLabel = (category: number) => TICKET_CATEGORIES[category] ?? TICKET_CATEGORIES[0];

export function ErrorBanner({ title, detail }: { title: string; detail?: string | null }) {
  return (
    <div className="alert alert-red" role="alert">
      <strong>{title}</strong>
      {detail && detail !== title && <div className="small">{detail}</div>}
    </div>
  );
}

export function Pagination({ page, pageCount, onChange }: { page: number; pageCount: number; onChange(page: number): void }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Paginação">
      <button type="button" className="button secondary" disabled={page <= 1} onClick={() => onChange(page - 1)}>Anterior</button>
      <span className="muted small">Página {page} de {pageCount}</span>
      <button type="button" className="button secondary" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>Próxima</button>
    </nav>
  );
}

/** Error, loading and empty states of a ticket list; null once there are rows to show. */
export function ListState({ error, loading, empty }: { error: unknown; loading: boolean; empty: boolean }) {
  if (error) return <ErrorBanner title="Erro ao carregar tickets" detail={(error as Error).message} />;
  if (loading) return <p className="muted">Carregando...</p>;
  if (empty) return <p className="muted empty">Nenhum ticket encontrado</p>;
  return null;
}

type Loaded = ReturnType<typeof useTicket> & { data: TicketView };

/**
 * One ticket, as either side sees it: the back link, the title, a line of details and the side's own
 * controls, then the thread. `controls` gets the SWR handle so a change can replace the cached ticket.
 */
export function TicketPanel(props: {
  side: TicketSide;
  id: string;
  onBack(): void;
  details(ticket: TicketView): ReactNode;
  controls(loaded: Loaded): ReactNode;
  onSend(content: string): Promise<unknown>;
}) {
  const loaded = useTicket(props.side, props.id);
  const { data: ticket, error } = loaded;
  return (
    <section className="card">
      <button type="button" className="link" onClick={props.onBack}>← Voltar para a lista</button>
      {error && <ErrorBanner title="Erro ao carregar tickets" detail={(error as Error).message} />}
      {!ticket && !error && <p className="muted">Carregando...</p>}
      {ticket && (
        <>
          <header className="ticket-header">
            <div>
              <h2>{ticket.title}</h2>
              <p className="muted small">
                Ticket #{ticket.number} · {categoryLabel(ticket.category)} · {props.details(ticket)}
              </p>
            </div>
            {props.controls(loaded as Loaded)}
          </header>
          <TicketThread ticket={ticket} onSend={props.onSend} />
        </>
      )}
    </section>
  );
}

function Attachments({ ticket }: { ticket: TicketView }) {
  const [error, setError] = useState<string | null>(null);
  if (!ticket.attachments.length) return null;
  const open = async (a: TicketView['attachments'][number]) => {
    setError(null);
    try {
      await downloadAttachment(ticket.id, a);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <section className="ticket-section">
      <h3>Anexos</h3>
      {error && <ErrorBanner title="Erro ao baixar anexo" detail={error} />}
      <ul className="file-list">
        {ticket.attachments.map((a) => (
          <li key={a.id}>
            <span>{a.name}</span>
            <span className="muted small">{formatBytes(a.size)}</span>
            <button type="button" className="button secondary" onClick={() => open(a)} aria-label={`Baixar ${a.name}`}>Baixar</button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Conversation({ ticket }: { ticket: TicketView }) {
  return (
    <section className="ticket-section">
      <h3>Conversa</h3>
      {ticket.messages.length === 0 ? (
        <p className="muted small">Nenhuma resposta ainda.</p>
      ) : (
        <ol className="conversation" data-testid="conversation">
          {ticket.messages.map((m) => (
            <li key={m.id} className={`message message-${m.author}`}>
              <div className="message-head">
                <strong>{m.authorName}</strong>
                {m.author === 'admin' && <span className="badge badge-blue">Suporte</span>}
                <span className="muted small">{formatDateTime(m.timestamp)}</span>
              </div>
              <p>{m.content}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ReplyBox({ onSend }: { onSend(content: string): Promise<unknown> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onSend(text.trim());
      setText('');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ticket-section" onSubmit={submit}>
      {error && <ErrorBanner title="Erro ao enviar mensagem" detail={error} />}
      <label>
        Adicionar Resposta
        <textarea rows={4} maxLength={TICKET_TEXT_MAX} value={text} onChange={(e) => setText(e.target.value)} placeholder="Escreva sua mensagem..." />
      </label>
      <button className="button" type="submit" disabled={busy || !text.trim()}>{busy ? 'Enviando...' : 'Enviar Resposta'}</button>
    </form>
  );
}

/** Description, attachments, conversation and (unless closed) the reply box: the same on both sides. */
export function TicketThread({ ticket, onSend }: { ticket: TicketView; onSend(content: string): Promise<unknown> }) {
  return (
    <>
      <section className="ticket-section">
        <h3>Descrição</h3>
        <p className="ticket-description">{ticket.description}</p>
      </section>
      <Attachments ticket={ticket} />
      <Conversation ticket={ticket} />
      {ticket.status === 'closed' ? (
        <p className="muted small">Ticket fechado: não aceita novas respostas.</p>
      ) : (
        <ReplyBox onSend={onSend} />
      )}
    </>
  );
}
