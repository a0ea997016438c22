import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LEGAL, PlanChangeOption, ReactivationView, RENEWAL_STATE_LABELS, SubscriptionView, formatCentavos, formatPlanDate } from '@cda/shared';
import { CheckoutItem } from './api';
import { cancelRenewal, cycleLabel, requestRefund, scheduleDowngrade, usePlanOptions, useSubscription } from './subscription';
import './payments.css';

type Outcome = { ok: boolean; message: string } | null;

/**
 * Perfil → Plano: the plan, its period, the next charge or the expiry, and the self-service the
 * cancellation policy promises (every figure from LEGAL and the server's quotes).
 */
export function PlanSection() {
  const { data: sub, error, mutate } = useSubscription();
  const paid = !!sub?.id;
  const { data: options, mutate: refreshOptions } = usePlanOptions(paid);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirm, setConfirm] = useState<'renewal' | 'refund' | null>(null);
  const [showChange, setShowChange] = useState(false);

  if (error) return <p className="alert alert-red" role="alert">{(error as Error).message}</p>;
  if (!sub) return <p className="muted">Carregando...</p>;

  const run = async (action: () => Promise<SubscriptionView>, success: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      await mutate(await action(), { revalidate: false });
      await refreshOptions();
      setOutcome({ ok: true, message: success });
    } catch (err) {
      setOutcome({ ok: false, message: (err as Error).message });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const renewItem = (): CheckoutItem => ({ kind: 'plan', id: sub.pendingPlanId ?? sub.planId, billingCycle: sub.pendingCycle ?? sub.billingCycle ?? 'monthly' });
  const auto = sub.renewal === 'auto' || sub.renewal === 'retrying';
  const refund = sub.refund;

  if (!paid) {
    return (
      <div className="plan-section" data-testid="plan-section">
        <h2>Plano</h2>
        {outcome && <p className={`alert ${outcome.ok ? 'alert-green' : 'alert-red'}`} role={outcome.ok ? 'status' : 'alert'}>{outcome.message}</p>}
        <dl className="plan-facts">
          <dt>Plano atual</dt><dd data-testid="plan-name">{sub.planName}</dd>
          <dt>Validade</dt><dd data-testid="plan-period">{sub.periodEnd ? `até ${formatPlanDate(sub.periodEnd)}` : 'sem vencimento'}</dd>
        </dl>
        {sub.reactivation && <ReactivationOffer offer={sub.reactivation} onReactivate={(r) => navigate('/checkout', { state: { kind: 'plan', id: r.planId, billingCycle: r.billingCycle, reactivate: true } satisfies CheckoutItem })} />}
        <p className="muted">Contrate um plano para ter mais tokens por mês. Você pode cancelar quando quiser e, em até {LEGAL.guaranteeDays} dias da contratação, pedir o reembolso integral.</p>
        <Link className={sub.reactivation ? 'button ghost' : 'button'} to="/plans">Ver planos</Link>
      </div>
    );
  }

  return (
    <div className="plan-section" data-testid="plan-section">
      <h2>Plano</h2>
      {outcome && <p className={`alert ${outcome.ok ? 'alert-green' : 'alert-red'}`} role={outcome.ok ? 'status' : 'alert'}>{outcome.message}</p>}
      <dl className="plan-facts">
        <dt>Plano atual</dt>
        <dd data-testid="plan-name">{sub.planName} — {cycleLabel(sub.billingCycle)}</dd>
        <dt>Período pago</dt>
        <dd data-testid="plan-period">{formatPlanDate(sub.periodStart!)} a {formatPlanDate(sub.periodEnd!)}</dd>
        <dt>Renovação</dt>
        <dd data-testid="plan-renewal">{sub.renewal ? RENEWAL_STATE_LABELS[sub.renewal] : '—'}</dd>
        {auto && sub.nextChargeAt && (
          <>
            <dt>Próxima cobrança</dt>
            <dd data-testid="plan-next-charge">{formatCentavos(sub.nextChargeCents ?? 0)} no cartão em {formatPlanDate(sub.nextChargeAt)}</dd>
          </>
        )}
        {!auto && (
          <>
            <dt>Vencimento</dt>
            <dd data-testid="plan-expiry">{formatPlanDate(sub.periodEnd!)} — depois disso, a conta volta ao plano Gratuito</dd>
          </>
        )}
        {sub.pendingPlanId && (
          <>
            <dt>Mudança agendada</dt>
            <dd data-testid="plan-pending">Plano {sub.pendingPlanName} — {cycleLabel(sub.pendingCycle)} a partir do próximo ciclo</dd>
          </>
        )}
      </dl>
      {sub.renewal === 'retrying' && <p className="alert alert-yellow">O Mercado Pago recusou a cobrança da renovação e vai tentar de novo. Se todas as tentativas falharem, o plano termina em {formatPlanDate(sub.periodEnd!)}.</p>}

      <div className="plan-actions">
        {!auto && <button type="button" className="button" onClick={() => navigate('/checkout', { state: renewItem() })}>Renovar</button>}
        {auto && <button type="button" className="button ghost" disabled={busy} onClick={() => setConfirm('renewal')}>Cancelar renovação</button>}
        <button type="button" className="button ghost" onClick={() => setShowChange(!showChange)} aria-expanded={showChange}>Mudar de plano</button>
        {refund && refund.kind !== 'none' && (
          <button type="button" className="button danger" disabled={busy} onClick={() => setConfirm('refund')}>Cancelar e pedir reembolso</button>
        )}
      </div>

      {confirm === 'renewal' && (
        <div className="confirm card" role="dialog" aria-label="Cancelar renovação">
          <p>A renovação automática será cancelada e nada mais será cobrado no cartão. Você continua com o plano {sub.planName} até {formatPlanDate(sub.periodEnd!)}; depois, a conta volta ao plano Gratuito.</p>
          <div className="plan-actions">
            <button type="button" className="button danger" disabled={busy} onClick={() => run(cancelRenewal, `Renovação cancelada. Seu plano vale até ${formatPlanDate(sub.periodEnd!)}.`)}>Confirmar cancelamento</button>
            <button type="button" className="button ghost" onClick={() => setConfirm(null)}>Voltar</button>
          </div>
        </div>
      )}

      {confirm === 'refund' && refund && (
        <div className="confirm card" role="dialog" aria-label="Cancelar e pedir reembolso">
          {refund.kind === 'full' ? (
            <p>Dentro da garantia de {LEGAL.guaranteeDays} dias (até {formatPlanDate(refund.guaranteeEndsAt)}): o plano é cancelado agora, a conta volta ao plano Gratuito e os tokens do plano são removidos. Reembolso integral de <strong data-testid="refund-amount">{formatCentavos(refund.refundCents)}</strong>.</p>
          ) : (
            <p>Plano anual após a garantia: reembolso dos {refund.unusedMonths} meses inteiros não usados ({formatCentavos(refund.proRataCents)}), menos a taxa administrativa de {LEGAL.annualCancellationFeePercent}% ({formatCentavos(refund.feeCents)}): <strong data-testid="refund-amount">{formatCentavos(refund.refundCents)}</strong>. O plano é cancelado agora e a conta volta ao plano Gratuito.</p>
          )}
          <p className="muted small">O valor volta pelo mesmo meio de pagamento: cartão em {LEGAL.refundBusinessDays.card[0]} a {LEGAL.refundBusinessDays.card[1]} dias úteis, PIX em {LEGAL.refundBusinessDays.pix[0]} a {LEGAL.refundBusinessDays.pix[1]} dias úteis.</p>
          <div className="plan-actions">
            <button type="button" className="button danger" disabled={busy} onClick={() => run(requestRefund, `Plano cancelado. Reembolso de ${formatCentavos(refund.refundCents)} solicitado ao Mercado Pago.`)}>Confirmar reembolso</button>
            <button type="button" className="button ghost" onClick={() => setConfirm(null)}>Voltar</button>
          </div>
        </div>
      )}

      {showChange && (
        <ChangeOptions
          options={options ?? []}
          sub={sub}
          busy={busy}
          onUpgrade={(o) => navigate('/checkout', { state: { kind: 'plan', id: o.planId, billingCycle: o.billingCycle, change: true } satisfies CheckoutItem })}
          onDowngrade={(o) => run(() => scheduleDowngrade(o.planId, o.billingCycle), `Mudança para o plano ${o.planName} agendada para o próximo ciclo.`)}
          onKeep={() => run(() => scheduleDowngrade(sub.planId, sub.billingCycle!), 'Mudança agendada desfeita.')}
        />
      )}
      <p className="muted small">
        Regras da <a href="/cancellation-policy" target="_blank" rel="noreferrer">política de cancelamento</a>: garantia de {LEGAL.guaranteeDays} dias com reembolso integral; plano anual cancelado depois disso é reembolsado pelos meses inteiros não usados, menos {LEGAL.annualCancellationFeePercent}%; a troca para um plano menor vale a partir do próximo ciclo.
      </p>
    </div>
  );
}

/** Cancellation policy §5: the last plan, for LEGAL.reactivationDays days after it ended (the server's offer). */
function ReactivationOffer({ offer, onReactivate }: { offer: ReactivationView; onReactivate(o: ReactivationView): void }) {
  return (
    <div className="card reactivation-offer" data-testid="plan-reactivation">
      <p>
        Seu plano {offer.planName} ({cycleLabel(offer.billingCycle)}) terminou em {formatPlanDate(offer.endedAt)}. Você pode reativá-lo até{' '}
        <strong>{formatPlanDate(offer.until)}</strong>: os seus dados, o histórico e as planilhas continuam como estavam.
      </p>
      <p className="muted small">Mesmo plano e mesma cobrança, pelo preço atual: {formatCentavos(offer.priceCents)}{offer.billingCycle === 'yearly' ? '/ano' : '/mês'}.</p>
      <button type="button" className="button" onClick={() => onReactivate(offer)}>Reativar plano {offer.planName}</button>
    </div>
  );
}

function ChangeOptions(props: {
  options: PlanChangeOption[];
  sub: SubscriptionView;
  busy: boolean;
  onUpgrade(o: PlanChangeOption): void;
  onDowngrade(o: PlanChangeOption): void;
  onKeep(): void;
}) {
  const { options, sub, busy } = props;
  if (!options.length) return <p className="muted">Não há outros planos disponíveis para mudança.</p>;
  return (
    <div className="change-options" data-testid="change-options">
      <h3>Mudar de plano</h3>
      <ul>
        {options.map((o) => (
          <li key={`${o.planId}-${o.billingCycle}`} className="card change-option">
            <div>
              <strong>Plano {o.planName} — {cycleLabel(o.billingCycle)}</strong>
              <span className="muted small"> {formatCentavos(o.priceCents)}{o.billingCycle === 'yearly' ? '/ano' : '/mês'}</span>
            </div>
            {o.kind === 'upgrade' && o.quote ? (
              <div className="small">
                <p>Começa agora. Crédito dos {o.quote.unusedDays} dias não usados do plano atual: - {formatCentavos(o.quote.creditCents)}.</p>
                <p>A pagar agora: <strong>{formatCentavos(o.quote.chargeCents)}</strong></p>
                <button type="button" className="button" disabled={busy || o.quote.chargeCents <= 0} onClick={() => props.onUpgrade(o)}>Mudar agora</button>
              </div>
            ) : (
              <div className="small">
                <p>Vale a partir do próximo ciclo ({formatPlanDate(sub.periodEnd!)}), sem reembolso da diferença.</p>
                {sub.pendingPlanId === o.planId && sub.pendingCycle === o.billingCycle ? (
                  <button type="button" className="button ghost" disabled={busy} onClick={props.onKeep}>Manter o plano atual</button>
                ) : (
                  <button type="button" className="button ghost" disabled={busy} onClick={() => props.onDowngrade(o)}>Agendar mudança</button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
