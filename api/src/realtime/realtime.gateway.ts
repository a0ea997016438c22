import { Logger } from '@nestjs/common';
import { OnGatewayConnection, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { ADMIN_ROLES, AnalysisStatusEvent, ClientToServerEvents, SOCKET_EVENTS, ServerToClientEvents, rooms } from '@cda/shared';
import { SessionVerifier } from '../common/auth';

/**
 * Browsers connect with the same JWT they use for REST (`auth: { token }`) and are placed in their
 * own room, so an event for one user's analysis can never reach another user.
 */
@WebSocketGateway({ cors: { origin: true, credentials: true } })
export class RealtimeGateway implements OnGatewayConnection {
  private readonly logger = new Logger(RealtimeGateway.name);

  /** Typed from the contract: an event emitted with another payload than ServerToClientEvents says does not compile. */
  @WebSocketServer()
  server: Server<ClientToServerEvents, ServerToClientEvents>;

  constructor(private readonly auth: SessionVerifier) {}

  async handleConnection(socket: Socket<ClientToServerEvents, ServerToClientEvents>): Promise<void> {
    const token = (socket.handshake.auth as { token?: string } | undefined)?.token;
    const user = token ? await this.auth.verifyToken(token) : null;
    if (!user) {
      socket.emit('error', { message: 'Sessão expirada ou inválida. Entre novamente.' });
      socket.disconnect(true);
      return;
    }
    await socket.join(rooms.user(user.id));
    if (ADMIN_ROLES.includes(user.role)) await socket.join(rooms.admins);
  }

  /**
   * Ends a user's live connections on every API instance (through the Redis adapter): after a
   * suspension, deletion or change of role, nothing keeps streaming on the old grounds. A browser
   * that reconnects is checked again like any new connection.
   */
  disconnectUser(userId: string): void {
    this.server?.in(rooms.user(userId)).disconnectSockets(true);
  }

  /**
   * Every API instance receives each worker message, so each delivers it only to its own sockets
   * (`local`); going through the Redis adapter here would deliver it once per instance.
   */
  relayAnalysisStatus(userId: string, event: AnalysisStatusEvent): void {
    this.server.local.to(rooms.user(userId)).to(rooms.admins).emit(SOCKET_EVENTS.analysisStatus, event);
  }
}
