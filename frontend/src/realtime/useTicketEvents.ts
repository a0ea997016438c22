import { useEffect } from 'react';
import { SOCKET_EVENTS } from '@cda/shared';
import { useAuth } from '../auth/AuthContext';
import { refreshTickets } from '../api/tickets';
import { connectSocket } from './socket';

/**
 * While a ticket screen is open, any change to a ticket the server lets us see (our own, or all of
 * them for admins) refetches the ticket caches, so a reply shows up without a reload.
 */
export function useTicketEvents() {
  const { token } = useAuth();
  useEffect(() => {
    if (!token) return;
    const socket = connectSocket(token);
    socket.on(SOCKET_EVENTS.ticketUpdated, () => void refreshTickets());
    return () => {
      socket.disconnect();
    };
  }, [token]);
}
