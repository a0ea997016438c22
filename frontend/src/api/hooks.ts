import useSWR from 'swr';
import { fetcher } from './client';
import type { Analysis, User } from './types';

export const ANALYSES_KEY = '/analyses';

export function useAnalyses() {
  return useSWR<Analysis[]>(ANALYSES_KEY, fetcher);
}

export function useMe(enabled: boolean) {
  return useSWR<User>(enabled ? '/auth/me' : null, fetcher);
}
