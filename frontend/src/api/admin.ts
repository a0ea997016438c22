import useSWR from 'swr';
import type { AccountMailOutcome, AdminDashboard, AdminPlanView, AdminUserView, CreditTransactionView, MailDeliveryStatus, MailOutboxItem, MailOutboxPage, OrderView, UserStats } from '@cda/shared';
import { apiJson, downloadFile, fetcher } from './client';
import type { Page } from './types';

/** The back office's view of the API (`/api/admin/**`); every call is checked again on the server. */

export type {
  AdminDashboard,
  AdminUserStatus as UserStatus,
  AdminUserView as AdminUser,
  AdminPlanView as AdminPlan,
  CreditTransactionView as CreditTransaction,
  Figure,
  UserStats,
} from '@cda/shared';

/** Query string without empty values and without `all`, which means "no filter". */
export function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== 'all') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const USERS_KEY = '/admin/users';
export const MAIL_KEY = '/admin/mail-outbox';
export const ORDERS_KEY = '/admin/orders';

export const useAdminDashboard = () => useSWR<AdminDashboard>('/admin/dashboard', fetcher, { refreshInterval: 60_000 });
export const useAdminUsers = (qs: string) => useSWR<Page<AdminUserView>>(`${USERS_KEY}${qs}`, fetcher, { keepPreviousData: true });
export const useUserStats = () => useSWR<UserStats>(`${USERS_KEY}/stats`, fetcher);
export const useAdminPlans = () => useSWR<AdminPlanView[]>('/admin/plans', fetcher);
export const useCredits = (qs: string) => useSWR<Page<CreditTransactionView>>(`/admin/credits${qs}`, fetcher, { keepPreviousData: true });

export const useMailOutbox = (qs: string) => useSWR<MailOutboxPage>(`${MAIL_KEY}${qs}`, fetcher, { keepPreviousData: true, refreshInterval: 15_000 });
/** Checked once a minute: the back office's banner while e-mail cannot go out. */
export const useMailStatus = () => useSWR<MailDeliveryStatus>(`${MAIL_KEY}/status`, fetcher, { refreshInterval: 60_000 });

const send = <T,>(method: string, path: string, body?: unknown) =>
  apiJson<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });

export const adminApi = {
  createUser: (body: Record<string, unknown>) => send<AdminUserView & { mail: AccountMailOutcome }>('POST', USERS_KEY, body),
  resendMail: (id: string) => send<MailOutboxItem>('POST', `${MAIL_KEY}/${id}/resend`),
  updateUser: (id: string, body: Record<string, unknown>) => send<AdminUserView>('PUT', `${USERS_KEY}/${id}`, body),
  setStatus: (id: string, suspend: boolean) => send<AdminUserView>('POST', `${USERS_KEY}/${id}/${suspend ? 'suspend' : 'reactivate'}`),
  addCredits: (id: string, amount: number, description: string) => send<AdminUserView>('POST', `${USERS_KEY}/${id}/credits`, { amount, description }),
  deleteUser: (id: string) => send<{ deleted: true }>('DELETE', `${USERS_KEY}/${id}`),
  updatePlan: (id: string, body: Partial<AdminPlanView>) => send<AdminPlanView>('PUT', `/admin/plans/${id}`, body),
  deletePlan: (id: string) => send<AdminPlanView>('DELETE', `/admin/plans/${id}`),
  grant: (userId: string, amount: number, reason: string) => send<AdminUserView>('POST', '/admin/credits', { userId, amount, reason }),
  refundOrder: (orderId: string) => send<OrderView>('POST', `${ORDERS_KEY}/${orderId}/refund`),
  syncOrder: (orderId: string) => send<OrderView>('POST', `${ORDERS_KEY}/${orderId}/sync`),
};

/** Saves the CSV under the server's name (`usuarios_AAAA-MM-DD.csv`). */
export const exportUsers = (qs: string) => downloadFile(`${USERS_KEY}/export${qs}`);
