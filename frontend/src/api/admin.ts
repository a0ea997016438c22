import useSWR from 'swr';
import type { UserRole } from '@cda/shared';
import { apiJson, downloadFile, fetcher } from './client';
import type { Page } from './types';

/** The back office's view of the API (`/api/admin/**`); every call is checked again on the server. */

export type UserStatus = 'active' | 'pending' | 'suspended';

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  plan: string;
  planName: string;
  role: UserRole;
  status: UserStatus;
  tokens: number;
  tokensPlan: number;
  tokensUsed: number;
  usagePercent: number;
  credits: number;
  phone: string | null;
  company: string | null;
  lastLoginAt: string | null;
  createdAt: string;
}

export interface UserStats {
  total: number;
  active: number;
  pending: number;
  suspended: number;
}

export interface Figure {
  value: number;
  change: number | null;
}

export interface AdminDashboard {
  totalUsers: Figure;
  openTickets: Figure;
  revenueThisMonth: Figure;
  analysesToday: Figure;
  sources: { tickets: boolean; payments: boolean };
  recentTickets: { id: string; number: number; title: string; status: string; priority: string; userName: string; userEmail: string; createdAt: string }[];
  recentUsers: { id: string; name: string; email: string; plan: string; role: string; status: string; createdAt: string }[];
}

export interface AdminPlan {
  id: string;
  name: string;
  description: string;
  monthlyPriceCents: number;
  yearlyPriceCents: number;
  tokenLimit: number;
  unlimited: boolean;
  features: string[];
  isActive: boolean;
  popular: boolean;
  color: string;
  sortOrder: number;
  subscribers: number;
}

export interface CreditTransaction {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  type: string;
  amount: number;
  description: string;
  createdAt: string;
  /** The administrator behind a grant. */
  grantedBy: { id: string; name: string } | null;
  status: 'completed' | 'pending' | 'failed';
}

/** Query string without empty values and without `all`, which means "no filter". */
export function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== 'all') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const USERS_KEY = '/admin/users';

export const useAdminDashboard = () => useSWR<AdminDashboard>('/admin/dashboard', fetcher, { refreshInterval: 60_000 });
export const useAdminUsers = (qs: string) => useSWR<Page<AdminUser>>(`${USERS_KEY}${qs}`, fetcher, { keepPreviousData: true });
export const useUserStats = () => useSWR<UserStats>(`${USERS_KEY}/stats`, fetcher);
export const useAdminPlans = () => useSWR<AdminPlan[]>('/admin/plans', fetcher);
export const useCredits = (qs: string) => useSWR<Page<CreditTransaction>>(`/admin/credits${qs}`, fetcher, { keepPreviousData: true });

const send = <T,>(method: string, path: string, body?: unknown) =>
  apiJson<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });

export const adminApi = {
  createUser: (body: Record<string, unknown>) => send<AdminUser>('POST', USERS_KEY, body),
  updateUser: (id: string, body: Record<string, unknown>) => send<AdminUser>('PUT', `${USERS_KEY}/${id}`, body),
  setStatus: (id: string, suspend: boolean) => send<AdminUser>('POST', `${USERS_KEY}/${id}/${suspend ? 'suspend' : 'reactivate'}`),
  addCredits: (id: string, amount: number, description: string) => send<AdminUser>('POST', `${USERS_KEY}/${id}/credits`, { amount, description }),
  deleteUser: (id: string) => send<{ deleted: true }>('DELETE', `${USERS_KEY}/${id}`),
  updatePlan: (id: string, body: Partial<AdminPlan>) => send<AdminPlan>('PUT', `/admin/plans/${id}`, body),
  deletePlan: (id: string) => send<AdminPlan>('DELETE', `/admin/plans/${id}`),
  grant: (userId: string, amount: number, reason: string) => send<AdminUser>('POST', '/admin/credits', { userId, amount, reason }),
};

/** Saves the CSV under the server's name (`usuarios_AAAA-MM-DD.csv`). */
export const exportUsers = (qs: string) => downloadFile(`${USERS_KEY}/export${qs}`);
