import { useState } from 'react';
import useSWR from 'swr';
import { RENEWAL_STATE_LABELS, SubscriptionView, formatCentavos, formatPlanDate } from '@cda/shared';
import { apiJson, fetcher } from '../api/client';
import { ErrorBanner, useAction } from './AdminUi';

/**
 * The user modal's paid plan: period, renewal state and next charge; the administrator can extend
 * the period by days or end the subscription now (both audited by the API).
 */
export function SubscriptionPanel({ userId, onChanged }: { userId: string; onChanged(message: string): void }) {
  const key = `/admin/users/${userId}/subscription`;
  const { data: sub, mutate } = useSWR<SubscriptionView>(key, fetcher);
  const [days, setDays] = useState('7');
  const [confirmEnd, setConfirmEnd] = useState(false);
  const { busy, error, run } = useAction();
  if (!sub) return null;
  const n = Number(days);
  const badDays = !Number.isInteger(n) || n < 1 || n > 366;

  const act = (path: string, body: unknown, message: (v: SubscriptionView) => string) =>
    run(async () => {
      const v = await apiJson<SubscriptionView>(`${key}/${path}`, { method: 'POST', body: JSON.stringify(body) });
      await mutate(v, { revalidate: false });
      setConfirmEnd(false);
      onChanged(message(v));
    });

  return (
    <section className="full subscription-panel" aria-label="Assinatura" data-testid="admin-subscription">
      <h3>Assinatura</h3>
      {error && <ErrorBanner title="Erro na assinatura" detail={error} />}
      {!sub.id ? (
        <p className="muted small">Sem plano pago ativo{sub.periodEnd ? ` (plano definido até ${formatPlanDate(sub.periodEnd)})` : ''}.</p>
      ) : (
        <>
          <p className="small">
            Plano {sub.planName} {sub.billingCycle === 'yearly' ? 'anual' : 'mensal'} · período {formatPlanDate(sub.periodStart!)} a{' '}
            <strong data-testid="admin-period-end">{formatPlanDate(sub.periodEnd!)}</strong> · {sub.renewal ? RENEWAL_STATE_LABELS[sub.renewal] : '—'}
            {sub.nextChargeAt ? ` · próxima cobrança ${formatCentavos(sub.nextChargeCents ?? 0)} em ${formatPlanDate(sub.nextChargeAt)}` : ''}
          </p>
          <div className="inline-actions">
            <label className="small">
              Estender por{' '}
              <input type="number" min={1} max={366} value={days} onChange={(e) => setDays(e.target.value)} aria-label="Dias a estender" style={{ width: '5rem' }} /> dias
            </label>
            <button type="button" className="button secondary" disabled={busy || badDays} onClick={() => act('extend', { days: n }, (v) => `Período estendido até ${formatPlanDate(v.periodEnd!)}.`)}>
              Estender período
            </button>
            {!confirmEnd ? (
              <button type="button" className="button secondary" disabled={busy} onClick={() => setConfirmEnd(true)}>Encerrar assinatura</button>
            ) : (
              <>
                <span className="small">A conta volta ao plano Gratuito agora, sem reembolso (estorne o pedido em Pagamentos, se for o caso).</span>
                <button type="button" className="button danger" disabled={busy} onClick={() => act('end', {}, () => 'Assinatura encerrada: conta no plano Gratuito.')}>Confirmar encerramento</button>
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}
