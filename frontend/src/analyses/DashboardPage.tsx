import { Link, useSearchParams } from 'react-router-dom';
import { formatTokens } from '@cda/shared';
import { standingOf, useDashboardData } from '../api/dashboard';
import { useAuth } from '../auth/AuthContext';
import { AnalysisList } from './AnalysisList';
import { useSubscription, validity } from '../payments/subscription';
import '../components/user-area.css';

const PAYMENT_BANNERS = {
  success: { tone: 'alert-green', text: 'Pagamento confirmado! Seus tokens e seu plano já estão disponíveis.' },
  pending: { tone: 'alert-yellow', text: 'Pagamento em análise. Assim que o Mercado Pago confirmar, seus tokens serão creditados automaticamente.' },
} as const;

const expiry = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** The account at a glance, from GET /api/dashboard; the recent analyses follow socket.io events live. */
export function DashboardPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const { data, error } = useDashboardData();
  const { data: subscription } = useSubscription();
  const payment = params.get('payment');
  const banner = payment === 'success' || payment === 'pending' ? PAYMENT_BANNERS[payment] : null;
  const dismiss = () => {
    params.delete('payment');
    setParams(params, { replace: true });
  };

  if (error && !data) return <div className="page"><p className="alert alert-red" role="alert">Erro ao carregar dados do dashboard: {(error as Error).message}</p></div>;
  if (!data) return <div className="page"><p className="muted">Carregando dashboard...</p></div>;
  const free = data.planId === 'free';
  const standing = standingOf(data);
  return (
    <div className="page page-wide">
      {banner && (
        <div className={`alert ${banner.tone} banner`} role="status" data-testid="payment-banner">
          <span>{banner.text}</span>
          <button type="button" className="link" onClick={dismiss} aria-label="Fechar aviso">Fechar</button>
        </div>
      )}
      <h1 className="greeting">Olá, {user?.name ?? data.user.name}!</h1>
      <p className="muted">Acompanhe suas extrações e seu saldo de tokens.</p>
      <div className="stat-grid">
        <div className="card stat" data-testid="stat-analyses">
          <span className="muted small">Extrações realizadas</span>
          <strong>{data.analysesCount.toLocaleString('pt-BR')}</strong>
          <span className="muted small">desde o cadastro</span>
        </div>
        <div className="card stat" data-testid="stat-tokens">
          <span className="muted small">Tokens restantes</span>
          <strong>{formatTokens(standing.remaining)}</strong>
          <span className="muted small" title={standing.credits > 0 ? `${formatTokens(standing.allowance)} do plano + ${formatTokens(standing.credits)} em créditos` : undefined}>
            {formatTokens(standing.total)} total{standing.credits > 0 ? ` (${formatTokens(standing.credits)} em créditos)` : ''}
          </span>
        </div>
        <div className="card stat" data-testid="stat-plan">
          <span className="muted small">Plano atual</span>
          <strong>{data.planName}</strong>
          <span className="muted small">Ativo</span>
        </div>
        <PlanValidity free={free} expiresAt={data.planExpiresAt} subscription={subscription} />
      </div>
      <div className="quick-actions">
        <Link className="card quick-action" to="/simulator">
          <strong>Nova extração</strong>
          <span className="muted small">Envie PDFs de CDAs e receba as planilhas</span>
        </Link>
        <Link className="card quick-action" to="/history">
          <strong>Ver histórico</strong>
          <span className="muted small">Todas as extrações, com filtros e downloads</span>
        </Link>
        <Link className="card quick-action" to="/plans">
          <strong>Fazer upgrade</strong>
          <span className="muted small">Mais tokens por mês ou pacotes avulsos</span>
        </Link>
      </div>
      <section className="card">
        <div className="section-head">
          <h2>Extrações recentes</h2>
          <Link to="/history">Ver todas</Link>
        </div>
        <AnalysisList
          analyses={data.recentAnalyses}
          empty={
            <div className="empty">
              <p className="muted">Nenhuma análise realizada ainda</p>
              <Link className="button" to="/simulator">Fazer a primeira análise</Link>
            </div>
          }
        />
      </section>
    </div>
  );
}

/**
 * "Validade do plano": the paid period's end and what happens then (renews by itself, or expires
 * with a Renovar link to a new checkout of the same plan); 'Gratuito' when there is no end.
 */
function PlanValidity({ free, expiresAt, subscription }: { free: boolean; expiresAt: string | null; subscription: ReturnType<typeof useSubscription>['data'] }) {
  const shown = subscription
    ? validity(subscription)
    : { value: free || !expiresAt ? 'Gratuito' : expiry(expiresAt), note: free || !expiresAt ? 'sem vencimento' : 'válido até esta data', renew: false };
  const renewItem = subscription
    ? { kind: 'plan' as const, id: subscription.pendingPlanId ?? subscription.planId, billingCycle: subscription.pendingCycle ?? subscription.billingCycle ?? 'monthly' }
    : null;
  return (
    <div className="card stat" data-testid="stat-expiry">
      <span className="muted small">Validade do plano</span>
      <strong>{shown.value}</strong>
      <span className="muted small">{shown.note}</span>
      {shown.renew && renewItem && <Link className="small" to="/checkout" state={renewItem} data-testid="renew-link">Renovar</Link>}
    </div>
  );
}
