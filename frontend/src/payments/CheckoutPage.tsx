import { FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { BillingCycle, MP_TEST_CPF, OrderView, formatCentavos, formatCpf, formatTokens, isValidCpf, maxInstallments, yearlyDiscountPercent } from '@cda/shared';
import { useAuth } from '../auth/AuthContext';
import { CheckoutItem, payByCard, payByPix, resultPath, usePacks, usePaymentConfig, usePlans } from './api';
import { tokenizeCard } from './cardTokenizer';
import { TestModeBanner } from './TestModeBanner';
import { usePlanOptions } from './subscription';
import { TestCards } from './TestCards';
import { PixScreen } from './PixScreen';
import './payments.css';
import { track } from '../telemetry';

type Method = 'card' | 'pix';

const digits = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);
const cardNumberMask = (v: string) => digits(v, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
const expiryMask = (v: string) => digits(v, 4).replace(/^(\d{2})(\d)/, '$1/$2');

export function CheckoutPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const item = (useLocation().state ?? null) as CheckoutItem | null;
  const { data: plans } = usePlans();
  const { data: packs } = usePacks();
  const { data: config } = usePaymentConfig();
  const [cycle, setCycle] = useState<BillingCycle>(item?.kind === 'plan' ? item.billingCycle ?? 'monthly' : 'monthly');
  const [method, setMethod] = useState<Method>('card');
  const [payer, setPayer] = useState({ email: user?.email ?? '', fullName: user?.name ?? '', cpf: '' });
  const [card, setCard] = useState({ number: '', holder: '', expiry: '', cvv: '' });
  const [installments, setInstallments] = useState(1);
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pixOrder, setPixOrder] = useState<OrderView | null>(null);
  // An upgrade of the running plan: the server's quote (its price minus the unused days) is what is charged.
  const upgrade = item?.kind === 'plan' && !!item.change;
  const { data: options } = usePlanOptions(upgrade);
  // Taking the last plan up again: same plan and cycle as it was (the server checks the window).
  const reactivate = item?.kind === 'plan' && !!item.reactivate;

  // Only the methods the administrator enabled are offered.
  useEffect(() => {
    if (config && !config.methods.card && config.methods.pix) setMethod('pix');
  }, [config]);

  const plan = item?.kind === 'plan' ? plans?.find((p) => p.id === item.id) : undefined;
  const pack = item?.kind === 'token_pack' ? packs?.find((p) => p.id === item.id) : undefined;
  const loading = item?.kind === 'plan' ? !plans || (upgrade && !options) : item?.kind === 'token_pack' ? !packs : false;
  const quote = upgrade ? options?.find((o) => o.planId === item.id && o.billingCycle === cycle && o.kind === 'upgrade')?.quote ?? null : null;

  if (!loading && !plan && !pack) {
    return (
      <div className="page">
        <div className="card empty">
          <h1>Plano não encontrado</h1>
          <p className="muted">Escolha um plano ou pacote para continuar.</p>
          <Link className="button" to="/plans">Voltar para os planos</Link>
        </div>
      </div>
    );
  }
  if (loading || !config) return <div className="page"><p className="muted">Carregando...</p></div>;

  if (pixOrder) return <PixScreen order={pixOrder} onBack={() => setPixOrder(null)} />;

  const yearly = !!plan && cycle === 'yearly';
  const price = plan ? (yearly ? plan.yearlyPriceCents : plan.monthlyPriceCents) : pack!.priceCents;
  const total = quote ? quote.chargeCents : price;
  const subtotal = yearly ? plan!.monthlyPriceCents * 12 : price;
  const discount = subtotal - price;
  // A monthly card plan renews by itself (a Mercado Pago preapproval on the same card).
  const recurring = !!plan && cycle === 'monthly' && method === 'card';
  const name = plan ? `Plano ${plan.name}` : `Pacote ${pack!.name} de tokens`;
  const maxParcels = maxInstallments(plan ? cycle : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const cpf = digits(payer.cpf, 11);
    if (!isValidCpf(cpf)) return setError('CPF inválido');
    if (!terms) return setError('Aceite os termos de serviço para continuar.');
    track('checkout_started');
    setBusy(true);
    try {
      const payerBody = { ...payer, cpf };
      if (method === 'pix') {
        setPixOrder(await payByPix(item!, cycle, payerBody));
      } else {
        const token = await tokenizeCard(config.cardSdkUrl, config.publicKey, { ...card, cpf });
        // Card tokens are single-use: the renewal's preapproval gets a second token of the same card.
        const recurringToken = recurring ? (await tokenizeCard(config.cardSdkUrl, config.publicKey, { ...card, cpf })).token : undefined;
        const order = await payByCard(item!, cycle, payerBody, { ...token, installments: Math.min(installments, maxParcels), recurringToken });
        navigate(resultPath(order));
      }
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page checkout">
      <TestModeBanner />
      <Link to="/plans" className="small">← Voltar para os planos</Link>
      <h1>Finalizar compra</h1>
      <div className="checkout-grid">
        <section className="card" aria-label="Resumo do pedido">
          <h2>Resumo do pedido</h2>
          <p className="summary-name">{name}</p>
          <p className="muted small">{formatTokens(plan ? plan.tokenLimit : pack!.tokens)} tokens{plan ? ' por mês' : ''}</p>
          {plan && !upgrade && !reactivate && (
            <div className="cycle-toggle" role="group" aria-label="Cobrança">
              <button type="button" className={cycle === 'monthly' ? 'active' : ''} onClick={() => setCycle('monthly')}>Mensal</button>
              <button type="button" className={cycle === 'yearly' ? 'active' : ''} onClick={() => setCycle('yearly')}>
                Anual <span className="badge badge-green">-{yearlyDiscountPercent(plan.monthlyPriceCents, plan.yearlyPriceCents)}%</span>
              </button>
            </div>
          )}
          <dl className="totals">
            <dt>Subtotal</dt><dd>{formatCentavos(subtotal)}</dd>
            {discount > 0 && (<><dt>Desconto anual</dt><dd className="green">- {formatCentavos(discount)}</dd></>)}
            {quote && (<><dt>Crédito dos {quote.unusedDays} dias não usados do plano atual</dt><dd className="green" data-testid="checkout-credit">- {formatCentavos(quote.creditCents)}</dd></>)}
            <dt className="total">Total</dt><dd className="total" data-testid="checkout-total">{formatCentavos(total)}</dd>
          </dl>
          {plan && <p className="muted small">{yearly ? 'Cobrado anualmente' : 'Cobrado mensalmente'}</p>}
          {reactivate && <p className="muted small" data-testid="checkout-reactivation">Reativação do seu plano: os seus dados, o histórico e as planilhas continuam como estavam.</p>}
          {upgrade && <p className="muted small">A mudança vale agora: um novo período começa hoje e o crédito do plano atual abate o preço.</p>}
          {recurring && <p className="muted small" data-testid="checkout-recurring">Renovação automática todo mês no mesmo cartão. Cancele quando quiser em Configurações da Conta → Plano.</p>}
          {plan && !recurring && <p className="muted small">Sem renovação automática: avisaremos 7 dias e 1 dia antes do vencimento para você renovar.</p>}
        </section>

        <form className="card form-stack" onSubmit={submit} aria-label="Pagamento">
          <h2>Forma de pagamento</h2>
          <div className="methods">
            {config.methods.card && (
              <label className={`method${method === 'card' ? ' active' : ''}`}>
                <input type="radio" name="method" checked={method === 'card'} onChange={() => setMethod('card')} />
                <span><strong>Cartão de crédito</strong><br /><span className="muted small">Até 12x sem juros</span></span>
              </label>
            )}
            {config.methods.pix && (
              <label className={`method${method === 'pix' ? ' active' : ''}`}>
                <input type="radio" name="method" checked={method === 'pix'} onChange={() => setMethod('pix')} />
                <span><strong>PIX</strong><br /><span className="muted small">Aprovação instantânea</span></span>
              </label>
            )}
          </div>
          <label>E-mail<input type="email" required value={payer.email} onChange={(e) => setPayer({ ...payer, email: e.target.value })} /></label>
          <label>Nome completo<input required value={payer.fullName} onChange={(e) => setPayer({ ...payer, fullName: e.target.value })} /></label>
          <label>CPF<input required inputMode="numeric" placeholder="000.000.000-00" maxLength={14} value={payer.cpf} onChange={(e) => setPayer({ ...payer, cpf: formatCpf(e.target.value) })} /></label>
          {method === 'card' && (
            <fieldset className="card-fields">
              <label>Número do cartão<input required inputMode="numeric" autoComplete="cc-number" placeholder="0000 0000 0000 0000" value={card.number} onChange={(e) => setCard({ ...card, number: cardNumberMask(e.target.value) })} /></label>
              <label>Nome impresso no cartão<input required autoComplete="cc-name" value={card.holder} onChange={(e) => setCard({ ...card, holder: e.target.value })} /></label>
              <div className="grid-2">
                <label>Validade<input required inputMode="numeric" placeholder="MM/AA" autoComplete="cc-exp" value={card.expiry} onChange={(e) => setCard({ ...card, expiry: expiryMask(e.target.value) })} /></label>
                <label>CVV<input required inputMode="numeric" autoComplete="cc-csc" value={card.cvv} onChange={(e) => setCard({ ...card, cvv: digits(e.target.value, 4) })} /></label>
              </div>
              <label>Parcelas
                <select value={Math.min(installments, maxParcels)} onChange={(e) => setInstallments(Number(e.target.value))}>
                  {Array.from({ length: maxParcels }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>{n}x de {formatCentavos(Math.floor(total / n))} sem juros</option>
                  ))}
                </select>
              </label>
            </fieldset>
          )}
          {method === 'card' && config.testProvider && (
            <TestCards
              onCard={(c) => {
                setCard({ ...card, number: cardNumberMask(c.number), expiry: c.expiry, cvv: c.cvv });
                if (!payer.cpf) setPayer({ ...payer, cpf: MP_TEST_CPF });
              }}
              onHolder={(holder) => setCard({ ...card, holder })}
            />
          )}
          <label className="check">
            <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
            <span>
              Li e aceito os <a href="/terms-of-service" target="_blank" rel="noreferrer">termos de serviço</a>, a{' '}
              <a href="/privacy-policy" target="_blank" rel="noreferrer">política de privacidade</a> e a{' '}
              <a href="/cancellation-policy" target="_blank" rel="noreferrer">política de cancelamento e reembolso</a>
            </span>
          </label>
          {error && <div className="alert alert-red" role="alert">{error}</div>}
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Processando...' : method === 'card' ? `Pagar com Cartão ${formatCentavos(total)}` : `Gerar PIX ${formatCentavos(total)}`}
          </button>
          <p className="muted small">Pagamento processado pelo Mercado Pago. Os dados do cartão não passam pelos nossos servidores.</p>
        </form>
      </div>
    </div>
  );
}
