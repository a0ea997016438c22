import useSWR from 'swr';
import type { ProcessingStatus } from '@cda/shared';
import { fetcher } from './client';
import type { Analysis, Page, User } from './types';

/** Every analyses list (any filter or page) is cached under a key starting with this. */
export const ANALYSES_KEY = '/analyses';

export function useAnalyses(query = '') {
  return useSWR<Page<Analysis>>(`${ANALYSES_KEY}${query ? `?${query}` : ''}`, fetcher);
}

export function useMe(enabled: boolean) {
  return useSWR<User>(enabled ? '/auth/me' : null, fetcher);
}

/**
 * Whether any worker is consuming the queue, re-checked every 15 s (a worker's heartbeat lives 30 s,
 * so a finer poll would not learn sooner). Signed-in screens only.
 */
export function useProcessingStatus(enabled = true) {
  return useSWR<ProcessingStatus>(enabled ? '/processing' : null, fetcher, { refreshInterval: 15000 });
}
