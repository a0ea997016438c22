import { SOCKET_EVENTS } from './contracts/socket';
/**
 * Support tickets: the contract between the API and both ticket screens. Codes stay English (they are
 * stored and sent over the wire); labels are what users read, in pt-BR.
 */

/** The index is the stored `category` (0–4), as in the original product. */
export const TICKET_CATEGORIES = ['Geral', 'Técnico', 'Cobrança', 'Solicitação de Funcionalidade', 'Relatório de Bug'] as const;
export const TICKET_CATEGORY_MAX = TICKET_CATEGORIES.length - 1;

export const TICKET_STATUSES = ['open', 'in_progress', 'waiting_response', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Aberto',
  in_progress: 'Em andamento',
  waiting_response: 'Aguardando resposta',
  closed: 'Fechado',
};

export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = { low: 'Baixa', medium: 'Média', high: 'Alta' };

export type TicketAuthor = 'user' | 'admin';

export const TICKET_PAGE_SIZE = 5;
export const ADMIN_TICKET_PAGE_SIZE = 10;
export const TICKET_TITLE_MAX = 200;
export const TICKET_TEXT_MAX = 10_000;

export const TICKET_ATTACHMENTS = {
  maxFiles: 3,
  maxBytes: 20 * 1024 * 1024,
  /** For the file picker only: the server decides from the bytes themselves. */
  accept: 'image/*,video/*,application/pdf',
} as const;

export interface TicketMessageView {
  id: string;
  author: TicketAuthor;
  authorName: string;
  content: string;
  timestamp: string;
}

export interface TicketAttachmentView {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** A row of a ticket list (user or admin). */
export interface TicketSummary {
  id: string;
  number: number;
  title: string;
  description: string;
  category: number;
  status: TicketStatus;
  priority: TicketPriority;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  attachmentCount: number;
  userId: string;
  userName: string;
  userEmail: string;
}

export interface TicketView extends TicketSummary {
  messages: TicketMessageView[];
  attachments: TicketAttachmentView[];
}

export const TICKET_EVENT = SOCKET_EVENTS.ticketUpdated;

/** Pushed to the owner's room and to admins whenever a ticket changes, so an open ticket refreshes. */
export interface TicketEvent {
  ticketId: string;
  status: TicketStatus;
  updatedAt: string;
  /** Present when the change is a new message. */
  message?: TicketMessageView;
}
