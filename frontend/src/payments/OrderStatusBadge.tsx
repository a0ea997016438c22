import { ORDER_STATUS_LABELS, OrderStatus } from '@cda/shared';

const TONE: Record<OrderStatus, string> = {
  approved: 'badge-green',
  pending: 'badge-yellow',
  rejected: 'badge-red',
  cancelled: 'badge-grey',
  refunded: 'badge-grey',
};

/** An order's status as its buyer and the back office read it. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge ${TONE[status]}`}>{ORDER_STATUS_LABELS[status]}</span>;
}
