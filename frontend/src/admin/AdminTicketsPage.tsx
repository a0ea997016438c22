import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ADMIN_TICKET_PAGE_SIZE,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  TicketPriority,
  TicketStatus,
  formatDateTime,
  plural,
} from '@cda/shared';
import { refreshTickets, sendMessage, updateTicket, useTicketList } from '../api/tickets';
import { useTicketEvents } from '../realtime/useTicketEvents';
import { ErrorBanner, ListState, Pagination, TicketPanel, TicketStatusBadge, categoryLabel } from '../tickets/TicketParts';
import { useListControls } from '../components/useListControls';

/**
 * /admin/tickets: every user's tickets; `?ticket=ID` opens one directly (links from the admin
 * dashboard). Meant to sit inside the admin shell; it carries no layout of its own.
 */
export function AdminTicketsPage() {
  useTicketEvents();
  const [params, setParams] = useSearchParams();
  const ticketId = params.get('ticket');
  return (
    <div className="page page-wide">
      <h1>Tickets de Suporte</h1>
      {ticketId ? <AdminTicketDetail id={ticketId} onBack={() => setParams({})} /> : <AdminTicketList onOpen={(id) => setParams({ ticket: id })} />}
    </div>
  );
}

function AdminTicketList({ onOpen }: { onOpen(id: string): void }) {
  const list = useListControls({ status: '', priority: '', category: '' });
  const { data, error, isLoading } = useTicketList('admin', { ...list.params, pageSize: ADMIN_TICKET_PAGE_SIZE });

  return (
    <section className="card">
      <div className="toolbar">
        <input type="search" placeholder="Buscar por título, usuário ou e-mail..." aria-label="Buscar tickets" value={list.search} onChange={(e) => list.setSearch(e.target.value)} />
        <select aria-label="Status" value={list.filters.status} onChange={(e) => list.setFilter('status', e.target.value)}>
          <option value="">Todos os status</option>
          {TICKET_STATUSES.map((s) => <option key={s} value={s}>{TICKET_STATUS_LABELS[s]}</option>)}
        </select>
        <select aria-label="Prioridade" value={list.filters.priority} onChange={(e) => list.setFilter('priority', e.target.value)}>
          <option value="">Todas as prioridades</option>
          {TICKET_PRIORITIES.map((p) => <option key={p} value={p}>{TICKET_PRIORITY_LABELS[p]}</option>)}
        </select>
        <select aria-label="Categoria" value={list.filters.category} onChange={(e) => list.setFilter('category', e.target.value)}>
          <option value="">Todas as categorias</option>
          {TICKET_CATEGORIES.map((c, i) => <option key={c} value={i}>{c}</option>)}
        </select>
      </div>
      <ListState error={error} loading={isLoading && !data} empty={data?.items.length === 0} />
      {data && data.items.length > 0 && (
        <table className="table">
          <thead>
            <tr><th>#</th><th>Ticket</th><th>Usuário</th><th>Status</th><th>Prioridade</th><th>Atualizado</th></tr>
          </thead>
          <tbody>
            {data.items.map((t) => (
              <tr key={t.id} data-testid="admin-ticket-row" onClick={() => onOpen(t.id)} className="clickable">
                <td className="muted">{t.number}</td>
                <td>
                  <button type="button" className="link" onClick={(e) => { e.stopPropagation(); onOpen(t.id); }}>{t.title}</button>
                  <div className="muted small">{categoryLabel(t.category)} · {plural(t.messageCount, 'mensagem', 'mensagens')} · {plural(t.attachmentCount, 'anexo', 'anexos')}</div>
                </td>
                <td>{t.userName}<div className="muted small">{t.userEmail}</div></td>
                <td><TicketStatusBadge status={t.status} /></td>
                <td><span className={`priority priority-${t.priority}`}>{TICKET_PRIORITY_LABELS[t.priority]}</span></td>
                <td className="small">{formatDateTime(t.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && <Pagination page={data.page} pageCount={data.pageCount} onChange={list.setPage} />}
    </section>
  );
}

function AdminTicketDetail({ id, onBack }: { id: string; onBack(): void }) {
  const [updateError, setUpdateError] = useState<string | null>(null);
  return (
    <TicketPanel
      side="admin"
      id={id}
      onBack={onBack}
      details={(t) => `${t.userName} (${t.userEmail}) · aberto em ${formatDateTime(t.createdAt)} · atualizado em ${formatDateTime(t.updatedAt)}`}
      onSend={(content) => sendMessage('admin', id, content)}
      controls={({ data: ticket, mutate }) => {
        const change = async (patch: { status?: TicketStatus; priority?: TicketPriority }) => {
          setUpdateError(null);
          try {
            await mutate(await updateTicket(id, patch), { revalidate: false });
            void refreshTickets();
          } catch (err) {
            setUpdateError((err as Error).message);
          }
        };
        return (
          <div className="ticket-controls">
            <div className="row-actions">
              <label className="inline">
                Status
                <select value={ticket.status} onChange={(e) => change({ status: e.target.value as TicketStatus })}>
                  {TICKET_STATUSES.map((s) => <option key={s} value={s}>{TICKET_STATUS_LABELS[s]}</option>)}
                </select>
              </label>
              <label className="inline">
                Prioridade
                <select value={ticket.priority} onChange={(e) => change({ priority: e.target.value as TicketPriority })}>
                  {TICKET_PRIORITIES.map((p) => <option key={p} value={p}>{TICKET_PRIORITY_LABELS[p]}</option>)}
                </select>
              </label>
            </div>
            {updateError && <ErrorBanner title="Erro ao atualizar status do ticket" detail={updateError} />}
          </div>
        );
      }}
    />
  );
}
