import { useEffect } from 'react';
import { mutate } from 'swr';
import { SOCKET_EVENTS } from '@cda/shared';
import { tokenStore } from '../api/client';
import { connectSocket } from '../realtime/socket';

/** Watch every order of the account (the payment list) rather than one. */
export const ALL_ORDERS = '*';

/**
 * The webhook's verdict pushed by the server: the watched order, or every cached order list for
 * `ALL_ORDERS`, is fetched again at once instead of waiting for the next poll or focus.
 */
export function useOrderEvents(watch: string | null) {
  useEffect(() => {
    const token = tokenStore.get();
    if (!watch || !token) return;
    const socket = connectSocket(token);
    socket.on(SOCKET_EVENTS.orderStatus, (e) => {
      if (watch === ALL_ORDERS) void mutate((key) => typeof key === 'string' && key.startsWith('/orders?'));
      else if (e.id === watch) void mutate(`/orders/${watch}`);
    });
    return () => {
      socket.disconnect();
    };
  }, [watch]);
}
