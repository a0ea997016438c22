import { PAYMENT_METHOD_LABELS, PaymentMethodKind, formatCentavos, formatDateTime } from '@cda/shared';
import { adminApi } from '../api/admin';
import { Dialog } from '../components/Dialog';
import { ErrorBanner, useAction } from './AdminUi';

/**
 * Refunds an approved payment through Mercado Pago. The provider's answer, not this screen, moves the
 * order and takes back what is left of the tokens (the ledger shows the reversal).
 */
export function RefundDialog({ order, buyer, paidAt, what, onClose, onDone }: {
  order: { id: string; amountCents: number; method: PaymentMethodKind };
  buyer: string;
  paidAt: string | Date;
  what: string;
  onClose(): void;
  onDone(message: string): void;
}) {
  const { busy, error, run } = useAction();
  const refund = () =>
    run(async () => {
      const saved = await adminApi.refundOrder(order.id);
      onDone(saved.status === 'refunded' ? `Pagamento de ${formatCentavos(order.amountCents)} estornado a ${buyer}.` : 'Estorno solicitado ao Mercado Pago.');
    });
  return (
    <Dialog
      title="Estornar pagamento"
      onClose={onClose}
      actions={<button type="button" className="button danger" disabled={busy} onClick={() => void refund()}>{busy ? 'Estornando...' : 'Confirmar estorno'}</button>}
    >
      {error && <ErrorBanner title="Erro ao estornar pagamento" detail={error} />}
      <p>
        Estornar <strong>{formatCentavos(order.amountCents)}</strong> pagos por <strong>{buyer}</strong> ({PAYMENT_METHOD_LABELS[order.method]}) em{' '}
        {formatDateTime(paidAt)}: {what}?
      </p>
      <p className="muted small">
        O valor volta ao pagador pelo Mercado Pago. Os tokens desta compra ainda não usados são retirados do saldo e, se for um plano, a conta volta ao plano
        Gratuito.
      </p>
    </Dialog>
  );
}
