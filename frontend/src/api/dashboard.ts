import useSWR from 'swr';
import { TokenStanding, tokenStanding } from '@cda/shared';
import { fetcher } from './client';
import type { Analysis, User } from './types';

/** GET /api/dashboard: the account at a glance. Other screens (shell, plans, simulator) share this cache entry. */
export interface DashboardData {
  user: User;
  analysesCount: number;
  tokens: number;
  tokensPlan: number;
  creditTokens: number;
  planId: string;
  planName: string;
  planExpiresAt: string | null;
  recentAnalyses: Analysis[];
  tokensPerPage: number;
}

export const DASHBOARD_KEY = '/dashboard';

/** "Tokens restantes / total" of the account, by the one shared definition (credits count in both). */
export const standingOf = (d: Pick<DashboardData, 'tokens' | 'creditTokens' | 'tokensPlan'>): TokenStanding =>
  tokenStanding({ tokens: d.tokens, creditTokens: d.creditTokens, allowance: d.tokensPlan });

export const useDashboardData = () => useSWR<DashboardData>(DASHBOARD_KEY, fetcher);

/** The header's label: `Gratuito` on the free plan, otherwise the plan's name as the server has it. */
export const planLabel = (d: Pick<DashboardData, 'planId' | 'planName'> | undefined, fallbackPlanId?: string) => {
  const id = d?.planId ?? fallbackPlanId;
  if (!id || id === 'free') return 'Gratuito';
  // Until the server names a paid plan, show nothing rather than its id.
  return d?.planName ?? '';
};
