import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ORDER_STATUS_LABELS, OrderView, PAYMENT_METHOD_LABELS, formatCentavos, formatDateTime, formatTokenAmount } from '@cda/shared';
import { useAuth } from '../auth/AuthContext';
import { CheckoutItem, ResultOrder, resultPath, useResultOrder } from './api';
import { mmss, useNow } from './useTicker';
import { useOrderEvents } from './useOrderEvents';
import { PixScreen } from './PixScreen';
import './payments.css';

type Variant = 'success' | 'pending' | 'failure';

/** A refused card, a PIX left unpaid until it expired and a refunded payment are different stories. */
const FAILURE_TITLES: Partial<Record<OrderView['status'], string>> = {
  rejected: 'Pagamento Não Autorizado',
  cancelled: 'Pagamento Cancelado',
  refunded: 'Pagamento Estornado',
};
const EXPECTED_TIME: Record<OrderView['method'], string> = { card: '5 a 10 minutos', pix: 'até 5 minutos', boleto: '1 a 3 dias úteis' };

function Support() {
  return (
    <section className="card support">
      <h2>Precisa de ajuda?</h2>
      <p>Abra um chamado em <Link to="/tickets">Suporte</Link> informando o número do pedido. Tempo médio de resposta: 2 horas em dias úteis.</p>
    </section>
  );
}

function Details({ order, status }: { order: ResultOrder; status: string }) {
  return (
    <dl className="receipt">
      <dt>Produto</dt><dd data-testid="result-item">{order.itemName}</dd>
      <dt>Valor</dt><dd data-testid="result-amount">{formatCentavos(order.amountCents)}{order.installments > 1 ? ` em ${order.installments}x` : ''}</dd>
      <dt>Forma de pagamento</dt><dd>{PAYMENT_METHOD_LABELS[order.method]}</dd>
      <dt>Status</dt><dd data-testid="result-status">{status}</dd>
      <dt>Pedido</dt><dd className="mono">{order.id}</dd>
      {order.providerPaymentId && (<><dt>Pagamento</dt><dd className="mono">{order.providerPaymentId}</dd></>)}
      <dt>Data</dt><dd>{formatDateTime(order.approvedAt ?? order.createdAt)}</dd>
    </dl>
  );
}

/** The order's item, to try again from the checkout. */
function retryItem(order: ResultOrder): CheckoutItem {
  return order.kind === 'plan' ? { kind: 'plan', id: order.itemId, billingCycle: order.billingCycle ?? 'monthly' } : { kind: 'token_pack', id: order.itemId };
}

export function PaymentResultPage({ variant }: { variant: Variant }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('order');
  const { user } = useAuth();
  const { data: order, error, mutate, isValidating } = useResultOrder(id, !!user, variant === 'pending' ? 10_000 : 0);
  useOrderEvents(variant === 'pending' && user ? id : null);
  const now = useNow();

  // The server's status decides which page shows; a hand-edited URL cannot show a payment as confirmed.
  useEffect(() => {
    if (order && resultPath(order) !== `/payment/${variant}?order=${order.id}`) navigate(resultPath(order), { replace: true });
  }, [order, variant, navigate]);

  if (!id || error) {
    return (
      <div className="page">
        <div className="card empty">
          <h1>Pedido não encontrado</h1>
          <Link className="button" to="/plans">Ver planos</Link>
        </div>
      </div>
    );
  }
  if (!order) return <div className="page"><p className="muted">Carregando...</p></div>;

  if (variant === 'success') {
    return (
      <div className="page result result-success">
        <div className="card">
          <div className="result-icon" aria-hidden>✓</div>
          <h1>Pagamento Confirmado!</h1>
          <p className="muted">Obrigado! Seu pagamento foi aprovado e {order.kind === 'plan' ? 'seu plano já está ativo' : 'seus tokens já estão disponíveis'}.</p>
          <Details order={order} status={ORDER_STATUS_LABELS.approved} />
          <h2>Próximos passos</h2>
          <ol>
            <li>Envie suas CDAs no Simulador.</li>
            <li>Acompanhe o processamento em tempo real.</li>
            <li>Baixe as planilhas de certidões e de simulação.</li>
          </ol>
          <h2>Benefícios</h2>
          <ul>
            <li>{order.kind === 'plan' ? `${formatTokenAmount(order.tokens)} por mês` : `${formatTokenAmount(order.tokens)} que não expiram`}</li>
            <li>Planilhas de certidões e simulação de transação</li>
            <li>Histórico completo das análises</li>
          </ul>
          <div className="row-actions no-print">
            <Link className="button" to="/dashboard">Ir para o Painel</Link>
            <Link className="button ghost" to="/simulator">Abrir o Simulador</Link>
            <button type="button" className="button ghost" onClick={() => window.print()}>Imprimir comprovante</button>
            <Link className="button ghost" to="/profile?tab=pagamentos">Meus pagamentos</Link>
          </div>
        </div>
        <Support />
      </div>
    );
  }

  if (variant === 'pending') {
    // A PIX still open shows its QR code again (opened from the payment list or after a reload), not just a status.
    if (order.method === 'pix' && order.pix && order.payerEmail !== undefined && new Date(order.pix.expiresAt).getTime() > now) {
      return <PixScreen order={order as OrderView} onBack={() => navigate('/checkout', { state: retryItem(order) })} />;
    }
    const elapsed = now - new Date(order.createdAt).getTime();
    return (
      <div className="page result result-pending">
        <div className="card">
          <div className="result-icon" aria-hidden>…</div>
          <h1>Pagamento em Análise</h1>
          <p className="muted">{PAYMENT_METHOD_LABELS[order.method]}: confirmação esperada em {EXPECTED_TIME[order.method]}. Avisaremos assim que for aprovado.</p>
          <p>Tempo decorrido: <strong className="mono">{mmss(elapsed)}</strong></p>
          <Details order={order} status="Em análise" />
          <ol className="progress-steps">
            <li className="done">Pagamento iniciado</li>
            <li className="current">Processando</li>
            <li>Confirmação</li>
            <li>Ativação</li>
          </ol>
          <div className="row-actions">
            <button type="button" className="button" disabled={isValidating} onClick={() => void mutate()}>
              {isValidating ? 'Verificando...' : 'Verificar Status'}
            </button>
            <Link className="button ghost" to="/dashboard">Ir para o Painel</Link>
            <Link className="button ghost" to="/plans">Ver planos</Link>
          </div>
        </div>
        <Support />
      </div>
    );
  }

  return (
    <div className="page result result-failure">
      <div className="card">
        <div className="result-icon" aria-hidden>✕</div>
        <h1>{FAILURE_TITLES[order.status] ?? FAILURE_TITLES.rejected}</h1>
        <p className="reason" data-testid="result-reason">{order.reason ?? 'Não foi possível processar o pagamento'}</p>
        <Details order={order} status={ORDER_STATUS_LABELS[order.status]} />
        {order.statusDetail && <p className="muted small">Código: <span className="mono">{order.statusDetail}</span></p>}
        <h2>O que fazer</h2>
        <ul>
          <li>Confira os dados do cartão (número, validade e código de segurança).</li>
          <li>Verifique o limite disponível ou fale com o seu banco.</li>
          <li>Tente outro cartão ou pague com PIX, com aprovação instantânea.</li>
        </ul>
        <div className="row-actions">
          <button type="button" className="button" onClick={() => navigate('/checkout', { state: retryItem(order) })}>Tentar novamente</button>
          <Link className="button ghost" to="/plans">Escolher outro plano</Link>
          <Link className="button ghost" to="/tickets">Falar com o suporte</Link>
        </div>
      </div>
      <Support />
    </div>
  );
}
