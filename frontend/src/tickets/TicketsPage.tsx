import { FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  TICKET_CATEGORIES,
  TICKET_PAGE_SIZE,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  TICKET_TEXT_MAX,
  TICKET_TITLE_MAX,
  formatDateTime,
  plural,
} from '@cda/shared';
import { createTicket, refreshTickets, sendMessage, setOwnStatus, useTicketList } from '../api/tickets';
import { useTicketEvents } from '../realtime/useTicketEvents';
import { AttachmentPicker } from './AttachmentPicker';
import { ErrorBanner, ListState, Pagination, TicketPanel, TicketStatusBadge } from './TicketParts';
import { useListControls } from '../components/useListControls';

/** /tickets: list, create (`?novo`) and one ticket (`?ticket=ID`), kept in the URL so Back works. */
export function TicketsPage() {
  useTicketEvents();
  const [params, setParams] = useSearchParams();
  const ticketId = params.get('ticket');
  const toList = () => setParams({});
  return (
    <div className="page">
      <h1>Central de Suporte</h1>
      {params.has('novo') ? (
        <CreateTicket onDone={toList} />
      ) : ticketId ? (
        <TicketDetail id={ticketId} onBack={toList} />
      ) : (
        <TicketList onOpen={(id) => setParams({ ticket: id })} onNew={() => setParams({ novo: '' })} />
      )}
    </div>
  );
}

function TicketList({ onOpen, onNew }: { onOpen(id: string): void; onNew(): void }) {
  const list = useListControls({ status: '' });
  const { data, error, isLoading } = useTicketList('user', { ...list.params, pageSize: TICKET_PAGE_SIZE });

  return (
    <section className="card">
      <div className="toolbar">
        <input type="search" placeholder="Buscar tickets..." aria-label="Buscar tickets" value={list.search} onChange={(e) => list.setSearch(e.target.value)} />
        <select aria-label="Filtrar por status" value={list.filters.status} onChange={(e) => list.setFilter('status', e.target.value)}>
          <option value="">Todos os status</option>
          {TICKET_STATUSES.map((s) => <option key={s} value={s}>{TICKET_STATUS_LABELS[s]}</option>)}
        </select>
        <button type="button" className="button" onClick={onNew}>Novo Ticket</button>
      </div>
      <ListState error={error} loading={isLoading && !data} empty={data?.items.length === 0} />
      {data && data.items.length > 0 && (
        <ul className="ticket-list">
          {data.items.map((t) => (
            <li key={t.id} data-testid="ticket-item">
              <button type="button" className="ticket-row" onClick={() => onOpen(t.id)}>
                <span className="ticket-row-head">
                  <strong>{t.title}</strong>
                  <TicketStatusBadge status={t.status} testId="ticket-list-status" />
                </span>
                <span className="ticket-snippet">{t.description}</span>
                <span className="muted small">
                  {formatDateTime(t.createdAt)} · {plural(t.messageCount, 'mensagem', 'mensagens')} · {plural(t.attachmentCount, 'anexo', 'anexos')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && <Pagination page={data.page} pageCount={data.pageCount} onChange={list.setPage} />}
    </section>
  );
}

function CreateTicket({ onDone }: { onDone(): void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = title.trim() !== '' && description.trim() !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    const body = new FormData();
    body.append('title', title.trim());
    body.append('description', description.trim());
    body.append('category', String(category));
    files.forEach((f) => body.append('attachments', f));
    setBusy(true);
    setError(null);
    try {
      await createTicket(body);
      await refreshTickets();
      onDone();
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <form className="card form-stack" onSubmit={submit}>
      <h2>Novo Ticket</h2>
      {error && <ErrorBanner title="Erro ao criar ticket" detail={error} />}
      <label>
        Título
        <input value={title} maxLength={TICKET_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} placeholder="Resumo do problema" />
      </label>
      <label>
        Categoria
        <select value={category} onChange={(e) => setCategory(Number(e.target.value))}>
          {TICKET_CATEGORIES.map((c, i) => <option key={c} value={i}>{c}</option>)}
        </select>
      </label>
      <label>
        Descrição
        <textarea rows={6} value={description} maxLength={TICKET_TEXT_MAX} onChange={(e) => setDescription(e.target.value)} placeholder="Descreva o que aconteceu" />
      </label>
      <AttachmentPicker files={files} onChange={setFiles} disabled={busy} />
      <div className="row-actions">
        <button type="button" className="button ghost" onClick={onDone} disabled={busy}>Cancelar</button>
        <button type="submit" className="button" disabled={!ready || busy}>{busy ? 'Criando...' : 'Criar Ticket'}</button>
      </div>
    </form>
  );
}

function TicketDetail({ id, onBack }: { id: string; onBack(): void }) {
  const [statusError, setStatusError] = useState<{ title: string; detail: string } | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <TicketPanel
      side="user"
      id={id}
      onBack={onBack}
      details={(t) => `aberto em ${formatDateTime(t.createdAt)}`}
      onSend={(content) => sendMessage('user', id, content)}
      controls={({ data: ticket, mutate }) => {
        const change = async (status: 'open' | 'closed') => {
          setBusy(true);
          setStatusError(null);
          try {
            await mutate(await setOwnStatus(id, status), { revalidate: false });
            // The lists catch up in the background; the button is usable again at once.
            void refreshTickets();
          } catch (err) {
            setStatusError({ title: status === 'closed' ? 'Erro ao fechar ticket' : 'Erro ao reabrir ticket', detail: (err as Error).message });
          } finally {
            setBusy(false);
          }
        };
        return (
          <div className="ticket-controls">
            <div className="row-actions">
              <TicketStatusBadge status={ticket.status} />
              {ticket.status === 'closed' ? (
                <button type="button" className="button secondary" disabled={busy} onClick={() => change('open')}>Reabrir Ticket</button>
              ) : (
                <button type="button" className="button secondary" disabled={busy} onClick={() => change('closed')}>Fechar Ticket</button>
              )}
            </div>
            {statusError && <ErrorBanner title={statusError.title} detail={statusError.detail} />}
          </div>
        );
      }}
    />
  );
}
