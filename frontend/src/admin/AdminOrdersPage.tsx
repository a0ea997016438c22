import { useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, OrderView, PAYMENT_METHOD_LABELS, formatCentavos, formatDateTime } from '@cda/shared';
import { fetcher } from '../api/client';
import type { Page } from '../api/types';
import { ORDERS_KEY, adminApi, query } from '../api/admin';
import { Pagination } from '../components/Pagination';
import { ErrorBanner, Notice, NoticeState, messageOf } from './AdminUi';
import { RefundDialog } from './RefundDialog';
import { useDebounced } from '../components/useListControls';
import { OrderStatusBadge } from '../payments/OrderStatusBadge';

/**
 * `/admin/orders`: every payment order, for support ("I paid and nothing happened"). A pending one can
 * be checked with Mercado Pago at once (what the reconcile job does every 10 minutes); an approved one
 * can be refunded.
 */
export function AdminOrdersPage() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<NoticeState>(null);
  const [refunding, setRefunding] = useState<OrderView | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const term = useDebounced(email.trim());
  const { data, error } = useSWR<Page<OrderView>>(`${ORDERS_KEY}${query({ email: term, status, page, pageSize: 10 })}`, fetcher, { keepPreviousData: true });
  const { mutate } = useSWRConfig();
  const refresh = () => mutate((key) => typeof key === 'string' && (key.startsWith(ORDERS_KEY) || key.startsWith('/admin/credits')));

  useEffect(() => setPage(1), [term, status]);

  const check = async (o: OrderView) => {
    setChecking(o.id);
    setNotice(null);
    try {
      const now = await adminApi.syncOrder(o.id);
      setNotice({
        ok: true,
        title: now.status === o.status ? `Mercado Pago confirma: ${ORDER_STATUS_LABELS[now.status].toLowerCase()}.` : `Pedido atualizado: ${ORDER_STATUS_LABELS[now.status]}.`,
      });
      void refresh();
    } catch (err) {
      setNotice({ ok: false, title: 'Erro ao consultar o Mercado Pago', detail: messageOf(err) });
    } finally {
      setChecking(null);
    }
  };

  return (
    <div className="admin-page">
      <div className="admin-head">
        <div>
          <h1>Pedidos</h1>
          <p className="muted">Pagamentos de planos e pacotes: situação no Mercado Pago, consulta imediata e estorno.</p>
        </div>
      </div>
      <Notice notice={notice} onClose={() => setNotice(null)} />
      {error && <ErrorBanner title="Erro ao carregar pedidos" detail={messageOf(error)} />}
      <section className="card">
        <div className="admin-filters">
          <input type="search" placeholder="Buscar pelo e-mail do pagador..." aria-label="Buscar pedidos" value={email} onChange={(e) => setEmail(e.target.value)} />
          <select aria-label="Situação" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Todas as situações</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>{ORDER_STATUS_LABELS[s]}</option>
            ))}
          </select>
        </div>
        {!data && !error && <p className="muted">Carregando...</p>}
        {data && data.items.length === 0 && <p className="muted empty">Nenhum pedido encontrado</p>}
        {data && data.items.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>Pagador</th>
                  <th>Produto</th>
                  <th className="num">Valor</th>
                  <th>Situação</th>
                  <th>Data</th>
                  <th className="num">Ações</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((o) => (
                  <tr key={o.id} data-testid="admin-order">
                    <td><div className="who"><strong>{o.payerEmail}</strong><span className="mono">{o.providerPaymentId ?? 'sem pagamento'}</span></div></td>
                    <td>{o.itemName}</td>
                    <td className="num">
                      {formatCentavos(o.amountCents)}
                      <div className="muted small">{PAYMENT_METHOD_LABELS[o.method]}{o.installments > 1 ? ` ${o.installments}x` : ''}</div>
                    </td>
                    <td>
                      <OrderStatusBadge status={o.status} />
                      {o.reason && <div className="muted small">{o.reason}</div>}
                    </td>
                    <td className="small nowrap">{formatDateTime(o.createdAt)}</td>
                    <td>
                      <div className="actions">
                        {o.providerPaymentId && o.status !== 'refunded' && (
                          <button type="button" aria-label="Consultar Mercado Pago" title="Consultar a situação no Mercado Pago agora" onClick={() => void check(o)} disabled={checking === o.id}>
                            {checking === o.id ? 'Consultando...' : 'Verificar'}
                          </button>
                        )}
                        {o.status === 'approved' && <button type="button" className="danger" onClick={() => setRefunding(o)}>Estornar</button>}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && <Pagination page={page} pageCount={data.pageCount} onChange={setPage} />}
      </section>
      {refunding && (
        <RefundDialog
          order={refunding}
          buyer={refunding.payerEmail}
          paidAt={refunding.approvedAt ?? refunding.createdAt}
          what={refunding.itemName}
          onClose={() => setRefunding(null)}
          onDone={(message) => {
            setRefunding(null);
            setNotice({ ok: true, title: message });
            void refresh();
          }}
        />
      )}
    </div>
  );
}
