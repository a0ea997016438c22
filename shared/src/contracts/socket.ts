import type { OrderStatusEvent } from '../payments';
import type { TicketEvent } from '../tickets';
import type { QueuesOverview } from '../queues';
import type { AnalysisStatusEvent } from './channels';

/**
 * Socket.io events, server → browser, each with its payload. The gateway's `Server` and the
 * browser's socket are both typed from this map (`Server<ClientToServerEvents, ServerToClientEvents>`,
 * `Socket<ServerToClientEvents, ClientToServerEvents>`), so either side sending or expecting another
 * shape does not compile.
 */
export interface ServerToClientEvents {
  /** An analysis' progress, to its owner's room and the admins' (queue monitor). */
  'analysis:status': (event: AnalysisStatusEvent) => void;
  /** An order changed, to its owner's room (the PIX screen waits for it). */
  'order:status': (event: OrderStatusEvent) => void;
  /** A ticket changed, to its owner's room and the admins'. */
  'ticket:updated': (event: TicketEvent) => void;
  /** Queue figures every few seconds, to the admins' room. */
  'queues:stats': (overview: QueuesOverview) => void;
  /** The connection was refused (no or expired session) and is about to be closed. */
  error: (e: { message: string }) => void;
}

/** The browser only listens: it sends nothing over the socket (requests go through REST). */
export type ClientToServerEvents = Record<string, never>;

export const SOCKET_EVENTS = {
  analysisStatus: 'analysis:status',
  orderStatus: 'order:status',
  ticketUpdated: 'ticket:updated',
  queuesStats: 'queues:stats',
} as const satisfies Record<string, keyof ServerToClientEvents>;
export type SocketEventName = keyof ServerToClientEvents;
export type SocketPayload<E extends SocketEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Rooms a socket joins on connection. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  admins: 'admins',
};
