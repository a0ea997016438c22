import useSWR from 'swr';
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
