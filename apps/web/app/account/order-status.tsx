import type { OrderStatus } from '@guichet/domain';
import { orderStatusView } from '../lib/order-display';

/**
 * An order's status as a badge: its French name (Payée, En attente, Annulée, Remboursée), or « Partiellement
 * remboursée » for a paid order some of whose tickets were refunded (a state derived from its refunds).
 */
export function OrderStatusBadge({
  status,
  partlyRefunded = false,
}: {
  status: OrderStatus;
  partlyRefunded?: boolean;
}) {
  const { label, className } = orderStatusView(partlyRefunded ? 'REFUNDED' : status);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${className}`}
    >
      {partlyRefunded ? 'Partiellement remboursée' : label}
    </span>
  );
}
