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
 * only a paid order can be refunded. An expired order can still be paid late, but only when its places
 * are still there (the payment service checks the stock in the same statement; otherwise it refunds the
 * payment and the order stays EXPIRED). CANCELLED and REFUNDED are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ['PAID', 'EXPIRED', 'CANCELLED'],
  PAID: ['REFUNDED'],
  EXPIRED: ['PAID'],
  CANCELLED: [],
  REFUNDED: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * One attempt to pay an order: PENDING while the buyer is on the payment page, then SUCCEEDED or FAILED
 * (a declined card); a SUCCEEDED payment that could not be honoured (late, places gone) becomes REFUNDED.
 */
export const PAYMENT_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An order can be paid while it is pending, or late while expired (if its places are still there). */
export function isPayable(status: OrderStatus): boolean {
  return canTransition(status, 'PAID');
}

/**
 * « FAC-000042 », « AV-000001 »: a document's number as printed, its series' prefix and its gap-free
 * counter on six digits. One helper so that invoices and credit notes never differ in their padding.
 */
export function formatDocumentNumber(prefix: 'FAC' | 'AV', number: number): string {
  return `${prefix}-${String(number).padStart(6, '0')}`;
}

/** « FAC-000042 »: an invoice's number as printed, from the gap-free counter. */
export function formatInvoiceNumber(number: number): string {
  return formatDocumentNumber('FAC', number);
}
