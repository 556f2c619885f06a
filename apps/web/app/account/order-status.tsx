import type { OrderStatus } from '@guichet/domain';
import { orderStatusView } from '../lib/order-display';

/** An order's status as a badge: its French name (Payée, En attente, Annulée, Remboursée). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { label, className } = orderStatusView(status);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${className}`}
    >
      {label}
    </span>
  );
}
