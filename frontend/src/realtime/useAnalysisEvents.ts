import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { mutate } from 'swr';
import { AnalysisStatusEvent, SocketEvents } from '@cda/shared';
import { ANALYSES_KEY } from '../api/hooks';
import type { Analysis, Page } from '../api/types';

/**
 * Keeps the analyses list live: each status event patches the cached row at once, and a final
 * status triggers a refetch so the row picks up its workbooks and error text from the server.
 */
export function useAnalysisEvents(token: string | null) {
  useEffect(() => {
    if (!token) return;
    const socket = io({ auth: { token }, transports: ['websocket', 'polling'] });
    socket.on(SocketEvents.AnalysisStatus, (e: AnalysisStatusEvent) => {
      const patch = (a: Analysis): Analysis =>
        a.id === e.id ? { ...a, status: e.status, processedFiles: e.processedFiles, error: e.error ?? a.error } : a;
      void mutate<Page<Analysis>>(
        (key) => typeof key === 'string' && key.startsWith(ANALYSES_KEY),
        (page) => (page ? { ...page, items: page.items.map(patch) } : page),
        { revalidate: e.status !== 'Processando' },
      );
      // Counts and balance change when an analysis ends.
      if (e.status !== 'Processando') void mutate('/dashboard');
    });
    return () => {
      socket.disconnect();
    };
  }, [token]);
}
