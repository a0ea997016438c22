import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@cda/shared';

/** A socket typed from the contract: `on(event, listener)` gets the payload the server emits for that event. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Connects with the session's JWT, as REST uses it; the server places the socket in the user's room. */
export function connectSocket(token: string): AppSocket {
  return io({ auth: { token }, transports: ['websocket', 'polling'] });
}
