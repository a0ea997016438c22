import { Link, useNavigate } from 'react-router-dom';
import { formatCentavos, formatTokens, tokenStanding } from '@cda/shared';
import { usePacks } from './api';
import { Dialog } from '../components/Dialog';
import { ProgressBar } from '../components/ProgressBar';

interface Props {
  tokens: number;
  tokensPlan: number;
  /** The non-expiring part of `tokens`. */
  creditTokens?: number;
  /** What the refused analysis would cost, when known. */
  cost?: number | null;
  onClose(): void;
}

/** Out of tokens: how much of the plan is used, and the one-off packs (from the server) to buy. */
export function InsufficientTokensDialog({ tokens, tokensPlan, creditTokens = 0, cost, onClose }: Props) {
  const navigate = useNavigate();
  const { data: packs, error } = usePacks();
  const standing = tokenStanding({ tokens, creditTokens, allowance: tokensPlan });
  const used = standing.allowanceUsed;
  const fraction = tokensPlan > 0 ? Math.min(1, used / tokensPlan) : 1;
  return (
    <Dialog title="Tokens Insuficientes" onClose={onClose} wide>
      <p>
        {cost
          ? `Esta análise precisa de ${formatTokens(cost)} tokens e seu saldo é de ${formatTokens(Math.max(0, tokens))}.`
          : 'Seu saldo de tokens acabou.'}{' '}
        Compre um pacote avulso para continuar agora ou mude de plano.
      </p>
      <div className="usage-line">
        <span className="small">Uso do plano</span>
        <span className="small muted">{formatTokens(used)} de {formatTokens(tokensPlan)} tokens ({Math.round(fraction * 100)}%)</span>
      </div>
      <ProgressBar value={fraction} label="Uso de tokens do plano" tone={fraction >= 1 ? 'red' : 'blue'} />
      <h3 className="packs-title">Pacotes avulsos</h3>
      <p className="muted small">Compra única, sem renovação automática.</p>
      {error && <p className="alert alert-red">{(error as Error).message}</p>}
      {!packs && !error && <p className="muted">Carregando pacotes...</p>}
      <div className="pack-grid">
        {packs?.map((k) => (
          <article key={k.id} className={`pack${k.popular ? ' popular' : ''}`} data-testid={`dialog-pack-${k.id}`}>
            <div className="pack-head">
              <strong>{k.name}</strong>
              {k.popular && <span className="badge badge-blue">Popular</span>}
            </div>
            <span className="pack-tokens">{formatTokens(k.tokens)} tokens</span>
            <span className="pack-price">{formatCentavos(k.priceCents)}</span>
            <button type="button" className="button" onClick={() => navigate('/checkout', { state: { kind: 'token_pack', id: k.id } })}>
              Comprar
            </button>
          </article>
        ))}
      </div>
      <p className="small">
        Precisa de mais todo mês? <Link to="/plans">Ver planos</Link>
      </p>
    </Dialog>
  );
}
