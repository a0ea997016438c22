import useSWR from 'swr';
import type { BillingCycle, PlanChangeOption, RenewalState, SubscriptionView } from '@cda/shared';
import { RENEWAL_STATE_LABELS, formatPlanDate } from '@cda/shared';
import { apiJson, fetcher } from '../api/client';

export const useSubscription = () => useSWR<SubscriptionView>('/subscription', fetcher);
export const usePlanOptions = (enabled = true) => useSWR<PlanChangeOption[]>(enabled ? '/subscription/options' : null, fetcher);

export const cancelRenewal = () => apiJson<SubscriptionView>('/subscription/cancel-renewal', { method: 'POST' });
export const requestRefund = () => apiJson<SubscriptionView>('/subscription/refund', { method: 'POST' });
export const scheduleDowngrade = (planId: string, billingCycle: BillingCycle) =>
  apiJson<SubscriptionView>('/subscription/downgrade', { method: 'POST', body: JSON.stringify({ planId, billingCycle }) });

export const cycleLabel = (c: BillingCycle | null) => (c === 'yearly' ? 'Anual' : c === 'monthly' ? 'Mensal' : '');

/**
 * The dashboard's "Validade do plano" card: the date and what happens on it, from the
 * subscription (never from a guess on the client).
 */
export function validity(sub: SubscriptionView | undefined): { value: string; note: string; renew: boolean } {
  if (!sub || !sub.periodEnd || sub.planId === 'free') return { value: 'Gratuito', note: 'sem vencimento', renew: false };
  const end = formatPlanDate(sub.periodEnd);
  const state: RenewalState | null = sub.renewal;
  if (state === 'auto') return { value: end, note: `renova automaticamente${sub.nextChargeAt ? ` (cobrança em ${formatPlanDate(sub.nextChargeAt)})` : ''}`, renew: false };
  if (state === 'retrying') return { value: end, note: 'cobrança recusada: nova tentativa em andamento', renew: false };
  if (!state) return { value: end, note: 'válido até esta data', renew: false };
  return { value: end, note: state === 'cancelled' || state === 'failed' ? `${RENEWAL_STATE_LABELS[state].toLowerCase()}: expira nesta data` : 'expira nesta data', renew: true };
}
