import { useState } from 'react';
import useSWR from 'swr';
import { useNavigate } from 'react-router-dom';
import { BillingCycle, formatCentavos, formatTokens, tokenStanding, yearlyDiscountPercent } from '@cda/shared';
import { fetcher } from '../api/client';
import { useDashboard, usePacks, usePlans } from './api';
import { TestModeBanner } from './TestModeBanner';
import './payments.css';
import '../components/user-area.css';

/** Where "Falar com Vendas" writes: the address the admin keeps in the settings. */
const usePlanContact = () => useSWR<{ salesEmail: string; siteName: string }>('/plans/contact', fetcher, { revalidateOnFocus: false });

const mailto = (to: string, subject: string) => `mailto:${to}?subject=${encodeURIComponent(subject)}`;

export function PlansPage() {
  const navigate = useNavigate();
  const { data: plans, error } = usePlans();
  const { data: packs } = usePacks();
  const { data: me } = useDashboard();
  const { data: contact } = usePlanContact();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');

  // The shared definition: use is measured against the plan's allowance, credits are shown apart.
  const standing = me ? tokenStanding({ tokens: me.tokens, creditTokens: me.creditTokens, allowance: me.tokensPlan }) : null;
  const used = standing?.allowanceUsed ?? 0;
  const percent = me && me.tokensPlan > 0 ? (standing?.usedPercent ?? 0) : 0;

  return (
    <div className="page page-wide">
      <TestModeBanner />
      <h1>Planos e Tokens</h1>
      <p className="muted">Escolha o plano ideal para o seu volume de certidões. Os tokens do plano renovam a cada mês.</p>
      {me && (
        <section className="card current-plan" aria-label="Plano atual">
          <div>
            <span className="muted small">Plano atual</span>
            <h2 data-testid="current-plan">{me.planName}</h2>
            <p className="muted small">{me.planExpiresAt ? `Válido até ${new Date(me.planExpiresAt).toLocaleDateString('pt-BR')}` : 'Ativo'}</p>
          </div>
          <div className="usage">
            <span data-testid="current-tokens">
              {formatTokens(standing!.remaining)} tokens disponíveis de {formatTokens(standing!.total)}
              {standing!.credits > 0 && ` (${formatTokens(standing!.credits)} em créditos que não expiram)`}
            </span>
            <div className="bar"><div style={{ width: `${percent}%` }} /></div>
            <span className="muted small">{formatTokens(used)} de {formatTokens(me.tokensPlan)} tokens do plano usados ({percent}%)</span>
          </div>
        </section>
      )}
      {error && <div className="alert alert-red">{(error as Error).message}</div>}
      <div className="cycle-toggle" role="group" aria-label="Cobrança">
        <button type="button" className={cycle === 'monthly' ? 'active' : ''} onClick={() => setCycle('monthly')}>Mensal</button>
        <button type="button" className={cycle === 'yearly' ? 'active' : ''} onClick={() => setCycle('yearly')}>Anual <span className="badge badge-green">-20%</span></button>
      </div>
      <div className="plan-grid">
        {plans?.map((p) => {
          const current = me?.planId === p.id;
          const cents = cycle === 'yearly' ? p.yearlyPriceCents : p.monthlyPriceCents;
          return (
            <article key={p.id} className={`card plan-card${p.popular ? ' popular' : ''}`} data-testid={`plan-${p.id}`}>
              {p.popular && <span className="badge badge-blue popular-badge">Mais Popular</span>}
              <h3>{p.name}</h3>
              <p className="muted small">{p.description}</p>
              <p className="price">
                {p.id === 'free' ? 'Grátis' : cents > 0 ? formatCentavos(cents) : 'Sob consulta'}
                {cents > 0 && <span className="muted small">{cycle === 'yearly' ? '/ano' : '/mês'}</span>}
              </p>
              {cycle === 'yearly' && cents > 0 && (
                <p className="muted small">Economize {yearlyDiscountPercent(p.monthlyPriceCents, p.yearlyPriceCents)}% no plano anual</p>
              )}
              <ul>{p.features.map((f) => <li key={f}>{f}</li>)}</ul>
              {current ? (
                <button type="button" className="button" disabled>Plano Atual</button>
              ) : p.id === 'free' ? (
                // The free plan is where every account starts; there is nothing to buy.
                <button type="button" className="button ghost" disabled>Plano Gratuito</button>
              ) : cents > 0 ? (
                <button type="button" className="button" onClick={() => navigate('/checkout', { state: { kind: 'plan', id: p.id, billingCycle: cycle } })}>
                  Escolher Plano
                </button>
              ) : (
                <a
                  className="button ghost"
                  href={contact ? mailto(contact.salesEmail, `Plano ${p.name} - ${contact.siteName}`) : undefined}
                  aria-disabled={!contact}
                  data-testid="sales-link"
                >
                  Falar com Vendas
                </a>
              )}
            </article>
          );
        })}
      </div>

      <h2>Pacotes de tokens avulsos</h2>
      <p className="muted">Compra única, sem renovação automática. Os tokens comprados não expiram.</p>
      <div className="plan-grid">
        {packs?.map((k) => (
          <article key={k.id} className={`card plan-card${k.popular ? ' popular' : ''}`} data-testid={`pack-${k.id}`}>
            {k.popular && <span className="badge badge-blue">Popular</span>}
            <h3>{k.name}</h3>
            <p className="price">{formatCentavos(k.priceCents)}</p>
            <p>{formatTokens(k.tokens)} tokens</p>
            <button type="button" className="button" onClick={() => navigate('/checkout', { state: { kind: 'token_pack', id: k.id } })}>
              Comprar Pacote
            </button>
          </article>
        ))}
      </div>

      <section className="card faq">
        <h2>Perguntas frequentes</h2>
        <h3>Posso cancelar a qualquer momento?</h3>
        <p>Sim, sem multa. O acesso continua até o fim do período pago.</p>
        <h3>O que acontece se eu exceder meus tokens?</h3>
        <p>Você pode fazer upgrade do plano ou aguardar a renovação mensal. Também oferecemos pacotes avulsos de tokens, sem renovação automática.</p>
        <h3>Há desconto no pagamento anual?</h3>
        <p>Sim: o plano anual sai com 20% de desconto, aplicado automaticamente no checkout.</p>
        <h3>Meus arquivos ficam armazenados?</h3>
        <p>Não. Os PDFs enviados são usados apenas para a extração e apagados após o processamento; registramos só a análise, para controle de uso.</p>
      </section>
    </div>
  );
}
