import useSWR, { mutate } from 'swr';
import type { TicketMessageView, TicketSummary, TicketView } from '@cda/shared';
import { apiJson, downloadFile, fetcher } from './client';
import type { Page } from './types';

/** Both sides' ticket caches start with one of these, so a live event can refresh them all at once. */
export const TICKET_KEYS = ['/tickets', '/admin/tickets'] as const;
export type TicketSide = 'user' | 'admin';
const base = (side: TicketSide) => (side === 'admin' ? '/admin/tickets' : '/tickets');

/** Empty filters are left out of the URL (and so out of the cache key). */
export function useTicketList(side: TicketSide, params: Record<string, string | number>) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== '') query.set(k, String(v));
  const qs = query.toString();
  return useSWR<Page<TicketSummary>>(`${base(side)}${qs ? `?${qs}` : ''}`, fetcher, { keepPreviousData: true });
}

export function useTicket(side: TicketSide, id: string | null) {
  return useSWR<TicketView>(id ? `${base(side)}/${id}` : null, fetcher);
}

export function refreshTickets(): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && TICKET_KEYS.some((k) => key.startsWith(k)));
}

/** Sends a reply; the lists (counts, status) catch up in the background. */
export async function sendMessage(side: TicketSide, id: string, content: string) {
  const message = await apiJson<TicketMessageView>(`${base(side)}/${id}/messages`, { method: 'POST', body: JSON.stringify({ content }) });
  void refreshTickets();
  return message;
}

export function createTicket(body: FormData) {
  return apiJson<TicketView>('/tickets', { method: 'POST', body });
}

export function setOwnStatus(id: string, status: 'open' | 'closed') {
  return apiJson<TicketView>(`/tickets/${id}/status`, { method: 'PATCH', body: JSON.stringify({ status }) });
}

export function updateTicket(id: string, patch: { status?: string; priority?: string }) {
  return apiJson<TicketView>(`/admin/tickets/${id}`, { method: 'PATCH', body: JSON.stringify(patch) });
}

/** One download route for owners and admins: the server decides who may read the file. */
export function downloadAttachment(ticketId: string, attachment: { id: string; name: string }) {
  return downloadFile(`/tickets/${ticketId}/attachments/${attachment.id}`, attachment.name);
}
