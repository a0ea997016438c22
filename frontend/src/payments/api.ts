import useSWR from 'swr';
import type { BillingCycle, OrderKind, OrderView, PaymentConfigView, PlanView, PublicOrderView, TokenPackView } from '@cda/shared';
import { ApiError, apiJson, fetcher } from '../api/client';

export interface DashboardView {
  planId: string;
  planName: string;
  tokens: number;
  tokensPlan: number;
  creditTokens: number;
  planExpiresAt: string | null;
}

/** What travels to /checkout in navigation state (never in the URL). */
export type CheckoutItem = { kind: 'plan'; id: string; billingCycle?: BillingCycle; change?: boolean; reactivate?: boolean } | { kind: 'token_pack'; id: string };

export interface PayerForm {
  email: string;
  fullName: string;
  cpf: string;
}

export const usePlans = () => useSWR<PlanView[]>('/plans', fetcher);
export const usePacks = () => useSWR<TokenPackView[]>('/token-packs', fetcher);
export const usePaymentConfig = () => useSWR<PaymentConfigView>('/payments/config', fetcher);
export const useDashboard = () => useSWR<DashboardView>('/dashboard', fetcher);

/** The order as the server knows it; `refreshInterval` is the polling fallback while waiting. */
export function useOrder(id: string | null, refreshInterval = 0) {
  return useSWR<OrderView>(id ? `/orders/${id}` : null, fetcher, { refreshInterval });
}

const itemBody = (item: CheckoutItem, cycle: BillingCycle) => ({
  kind: item.kind as OrderKind,
  itemId: item.id,
  ...(item.kind === 'plan' ? { billingCycle: cycle, ...(item.change ? { change: true } : {}), ...(item.reactivate ? { reactivate: true } : {}) } : {}),
});

export function payByPix(item: CheckoutItem, cycle: BillingCycle, payer: PayerForm): Promise<OrderView> {
  return apiJson<OrderView>('/payments/pix', { method: 'POST', body: JSON.stringify({ item: itemBody(item, cycle), payer }) });
}

export function payByCard(
  item: CheckoutItem,
  cycle: BillingCycle,
  payer: PayerForm,
  card: { token: string; installments: number; paymentMethodId: string; issuerId?: string; recurringToken?: string },
): Promise<OrderView> {
  return apiJson<OrderView>('/payments/card', { method: 'POST', body: JSON.stringify({ item: itemBody(item, cycle), payer, ...card }) });
}

/** The result pages' order: the owner's full view when signed in, else (or for another account's order) the public one. */
export type ResultOrder = PublicOrderView & Partial<Pick<OrderView, 'pix' | 'providerPaymentId' | 'payerEmail'>>;

export function useResultOrder(id: string | null, signedIn: boolean, refreshInterval = 0) {
  // Same key as useOrder, so the order:status event's revalidation reaches this page too.
  return useSWR<ResultOrder>(
    id ? `/orders/${id}` : null,
    async (path: string) => {
      if (signedIn) {
        try {
          return await apiJson<OrderView>(path);
        } catch (err) {
          if (!(err instanceof ApiError) || err.status !== 404) throw err;
        }
      }
      return apiJson<PublicOrderView>(`${path}/public`);
    },
    { refreshInterval },
  );
}

/** Where an order's status sends the user: the server's status decides, never the URL. */
export function resultPath(order: Pick<OrderView, 'id' | 'status'>): string {
  const page = order.status === 'approved' ? 'success' : order.status === 'pending' ? 'pending' : 'failure';
  return `/payment/${page}?order=${order.id}`;
}
