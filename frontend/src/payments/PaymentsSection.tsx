import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { OrderView, PAYMENT_METHOD_LABELS, formatCentavos, formatDateTime } from '@cda/shared';
import { fetcher } from '../api/client';
import type { Page } from '../api/types';
import { Pagination } from '../components/Pagination';
import { resultPath } from './api';
import { ALL_ORDERS, useOrderEvents } from './useOrderEvents';
import './payments.css';
import { OrderStatusBadge } from './OrderStatusBadge';

const PAGE_SIZE = 10;

/**
 * "Pagamentos" in the profile: every order of the account, newest first, as the server records
 * it; each opens its own page (the receipt, the PIX or review still pending, or the reason).
 */
export function PaymentsSection() {
  const [page, setPage] = useState(1);
  const { data, error } = useSWR<Page<OrderView>>(`/orders?page=${page}&pageSize=${PAGE_SIZE}`, fetcher, { keepPreviousData: true });
  // A PIX paid on the phone or a card review ending shows up here without a reload.
  useOrderEvents(data?.items.some((o) => o.status === 'pending') ? ALL_ORDERS : null);

  if (error && !data) return <p className="alert alert-red" role="alert">Erro ao carregar seus pagamentos: {(error as Error).message}</p>;
  if (!data) return <p className="muted">Carregando pagamentos...</p>;
  if (data.total === 0) {
    return (
      <div className="empty">
        <p className="muted">Nenhum pagamento realizado ainda.</p>
        <Link className="button" to="/plans">Ver planos e pacotes</Link>
      </div>
    );
  }
  return (
    <div className="order-history">
      <p className="muted small">{data.total === 1 ? '1 pedido' : `${data.total.toLocaleString('pt-BR')} pedidos`}</p>
      <ul className="order-list">
        {data.items.map((o) => (
          <li key={o.id} data-testid="order-row">
            <div>
              <strong>{o.itemName}</strong>
              <div className="muted small order-meta">
                <span>{formatDateTime(o.createdAt)}</span>
                <span>{PAYMENT_METHOD_LABELS[o.method]}{o.installments > 1 ? ` em ${o.installments}x` : ''}</span>
                <span className="mono">Pedido {o.id.slice(0, 8)}</span>
              </div>
              {(o.status === 'rejected' || o.status === 'cancelled') && o.reason && <div className="muted small">{o.reason}</div>}
            </div>
            <div className="order-side">
              <strong>{formatCentavos(o.amountCents)}</strong>
              <OrderStatusBadge status={o.status} />
              <Link to={resultPath(o)}>{o.status === 'approved' ? 'Ver recibo' : 'Ver detalhes'}</Link>
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={data.page} pageCount={data.pageCount} onChange={setPage} />
    </div>
  );
}
