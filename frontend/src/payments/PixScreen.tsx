import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { OrderView, formatCentavos } from '@cda/shared';
import { useOrder } from './api';
import { useOrderEvents } from './useOrderEvents';
import { mmss, useNow } from './useTicker';

/** Polling is only the fallback: the webhook's approval is pushed over socket.io. */
const POLL_MS = 5000;

export function PixScreen({ order: created, onBack }: { order: OrderView; onBack: () => void }) {
  const navigate = useNavigate();
  const { data } = useOrder(created.id, POLL_MS);
  useOrderEvents(created.id);
  const order = data ?? created;
  const now = useNow();
  const [copied, setCopied] = useState(false);
  const pix = created.pix!;
  const left = new Date(pix.expiresAt).getTime() - now;
  const expired = order.status === 'cancelled' || (order.status === 'pending' && left <= 0);

  useEffect(() => {
    if (order.status === 'approved') navigate(`/payment/success?order=${order.id}`);
    if (order.status === 'rejected' || order.status === 'refunded') navigate(`/payment/failure?order=${order.id}`);
  }, [order.status, order.id, navigate]);

  const copy = async () => {
    await navigator.clipboard?.writeText(pix.qrCode).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  if (expired) {
    return (
      <div className="page">
        <div className="card empty pix-screen">
          <h1>PIX expirado</h1>
          <p className="muted">O prazo para pagamento deste PIX terminou e nenhuma cobrança foi feita.</p>
          <button type="button" className="button" onClick={onBack}>Gerar novo PIX</button>
        </div>
      </div>
    );
  }

  return (
    <div className="page">
      <div className="card pix-screen">
        <h1>Pague com PIX</h1>
        <p className="muted">{order.itemName}</p>
        <p className="price" data-testid="pix-amount">{formatCentavos(order.amountCents)}</p>
        <img className="qr" src={`data:image/png;base64,${pix.qrCodeBase64}`} alt="QR Code PIX" width={222} height={222} />
        <p className="countdown">Expira em <strong data-testid="pix-countdown">{mmss(left)}</strong></p>
        <label className="copy-code">
          Código PIX copia e cola
          <div className="copy-row">
            <input readOnly value={pix.qrCode} onFocus={(e) => e.target.select()} />
            <button type="button" className="button secondary" onClick={copy}>{copied ? 'Copiado!' : 'Copiar'}</button>
          </div>
        </label>
        <ol className="steps">
          <li>Abra o aplicativo do seu banco e escolha pagar com PIX.</li>
          <li>Escaneie o QR Code ou cole o código copiado.</li>
          <li>Confira o valor e confirme o pagamento.</li>
          <li>Pronto: a confirmação aparece aqui automaticamente.</li>
        </ol>
        <p className="waiting" role="status"><span className="spinner" aria-hidden /> Aguardando pagamento...</p>
        <button type="button" className="link" onClick={onBack}>← Voltar ao checkout</button>
      </div>
    </div>
  );
}
