import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { mutate } from 'swr';
import { ORDER_STATUS_EVENT, OrderStatusEvent } from '@cda/shared';
import { tokenStore } from '../api/client';

/** The webhook's verdict pushed by the server: refetch the order at once instead of waiting for the next poll. */
export function useOrderEvents(orderId: string | null) {
  useEffect(() => {
    const token = tokenStore.get();
    if (!orderId || !token) return;
    const socket = io({ auth: { token }, transports: ['websocket', 'polling'] });
    socket.on(ORDER_STATUS_EVENT, (e: OrderStatusEvent) => {
      if (e.id === orderId) void mutate(`/orders/${orderId}`);
    });
    return () => {
      socket.disconnect();
    };
  }, [orderId]);
}
