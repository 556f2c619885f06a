/** Orders as buyers see them: the closed set of statuses, their French names and how one leads to another. */
export const ORDER_STATUSES = ['PENDING', 'PAID', 'EXPIRED', 'CANCELLED', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** « Payée », « En attente »…: an order (« une commande ») is feminine. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PENDING: 'En attente',
  PAID: 'Payée',
  EXPIRED: 'Expirée',
  CANCELLED: 'Annulée',
  REFUNDED: 'Remboursée',
};

export function orderStatusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

/**
 * How long a new order holds its places before they go back on sale if it is not paid: long enough to
 * pay, short enough that an abandoned checkout does not keep a show « complet ».
 */
export const ORDER_HOLD_MINUTES = 15;

/**
 * The statuses an order may move to. A pending order is paid, expires (its hold ran out) or is cancelled;
 * only a paid order can be refunded. EXPIRED, CANCELLED and REFUNDED are final: a late payment of an
 * expired order must not quietly take places that were sold again meanwhile.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ['PAID', 'EXPIRED', 'CANCELLED'],
  PAID: ['REFUNDED'],
  EXPIRED: [],
  CANCELLED: [],
  REFUNDED: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}
