import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { TICKET_EVENT } from '@cda/shared';
import { useAuth } from '../auth/AuthContext';
import { refreshTickets } from '../api/tickets';

/**
 * While a ticket screen is open, any change to a ticket the server lets us see (our own, or all of
 * them for admins) refetches the ticket caches, so a reply shows up without a reload.
 */
export function useTicketEvents() {
  const { token } = useAuth();
  useEffect(() => {
    if (!token) return;
    const socket = io({ auth: { token }, transports: ['websocket', 'polling'] });
    socket.on(TICKET_EVENT, () => void refreshTickets());
    return () => {
      socket.disconnect();
    };
  }, [token]);
}
