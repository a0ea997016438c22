import { useEffect } from 'react';
import { mutate } from 'swr';
import { ANALYSIS_STATUS_LABELS, AnalysisStatus, SOCKET_EVENTS } from '@cda/shared';
import { ANALYSES_KEY } from '../api/hooks';
import { notifyAnalysisEnded } from '../push';
import { DASHBOARD_KEY, type DashboardData } from '../api/dashboard';
import type { Analysis, Page } from '../api/types';
import { connectSocket } from './socket';

/** Cached under an ANALYSES_KEY key: a page of analyses (`/analyses?…`) or one analysis (`/analyses/{id}`). */
type AnalysesEntry = Page<Analysis> | Analysis | undefined;

/**
 * Keeps every analysis on screen live: each status event patches the cached lists, the single
 * views and the dashboard's recent list at once, and a final status triggers a refetch so rows pick
 * up their workbooks, totals and error text from the server.
 */
export function useAnalysisEvents(token: string | null) {
  useEffect(() => {
    if (!token) return;
    const socket = connectSocket(token);
    socket.on(SOCKET_EVENTS.analysisStatus, async (e) => {
      const final = e.status !== AnalysisStatus.Processing;
      // "Push quando uma análise termina" while a tab is open (the API pushes only when none is).
      if (final) void notifyAnalysisEnded(e.id, e.status === AnalysisStatus.Done).catch(() => undefined);
      const patch = (a: Analysis): Analysis =>
        a.id === e.id ? { ...a, status: e.status, statusLabel: ANALYSIS_STATUS_LABELS[e.status], processedFiles: e.processedFiles, error: e.error ?? a.error } : a;
      // A list that does not hold it yet (an upload from another tab or device) is fetched again once.
      let listed = false;
      let lists = 0;
      await mutate<AnalysesEntry>(
        (key) => typeof key === 'string' && key.startsWith(ANALYSES_KEY),
        (entry) => {
          if (!entry) return entry;
          if (!('items' in entry)) return patch(entry);
          lists++;
          listed ||= entry.items.some((a) => a.id === e.id);
          return { ...entry, items: entry.items.map(patch) };
        },
        { revalidate: final },
      );
      if (lists > 0 && !listed && !final) void mutate((key) => key === ANALYSES_KEY || (typeof key === 'string' && key.startsWith(`${ANALYSES_KEY}?`)));
      // Counts and balance change when an analysis ends, so the dashboard is fetched again then; an
      // analysis it does not list yet (started in another tab or device) makes it fetch again at once.
      let unseen = false;
      await mutate<DashboardData>(
        DASHBOARD_KEY,
        (d) => {
          if (!d) return d;
          unseen = !d.recentAnalyses.some((a) => a.id === e.id);
          return { ...d, recentAnalyses: d.recentAnalyses.map(patch) };
        },
        { revalidate: final },
      );
      if (unseen && !final) void mutate(DASHBOARD_KEY);
    });
    // A payment decided (approved, refunded…) changes the plan and the balance: the header, dashboard
    // and plans page read them from the dashboard answer, the profile from its own.
    socket.on(SOCKET_EVENTS.orderStatus, () => {
      void mutate(DASHBOARD_KEY);
      void mutate('/profile');
    });
    return () => {
      socket.disconnect();
    };
  }, [token]);
}
