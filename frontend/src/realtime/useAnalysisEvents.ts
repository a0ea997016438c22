import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { mutate } from 'swr';
import { AnalysisStatusEvent, SocketEvents } from '@cda/shared';
import { ANALYSES_KEY } from '../api/hooks';
import type { Analysis } from '../api/types';

/**
 * Keeps the analyses list live: each status event patches the cached row at once, and a final
 * status triggers a refetch so the row picks up its workbooks and error text from the server.
 */
export function useAnalysisEvents(token: string | null) {
  useEffect(() => {
    if (!token) return;
    const socket = io({ auth: { token }, transports: ['websocket', 'polling'] });
    socket.on(SocketEvents.AnalysisStatus, (e: AnalysisStatusEvent) => {
      void mutate<Analysis[]>(
        ANALYSES_KEY,
        (list) => list?.map((a) => (a.id === e.id ? { ...a, status: e.status, processedFiles: e.processedFiles, error: e.error ?? a.error } : a)),
        { revalidate: e.status !== 'Processando' },
      );
    });
    return () => {
      socket.disconnect();
    };
  }, [token]);
}
