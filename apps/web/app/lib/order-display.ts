/** Orders as the account pages show them: French dates in Paris time and status names. */
import { dayOfMonthLabel, monthName, type OrderStatus, orderStatusLabel, parisParts } from '@guichet/domain';

/** « 12 octobre 2026 », read in Paris time (the server and the browser print the same text). */
export function formatOrderDate(instant: string): string {
  const { day, month, year } = parisParts(instant);
  return `${dayOfMonthLabel(day)} ${monthName(month)} ${year}`;
}

/** « 12 octobre 2026 à 18 h 12 ». */
export function formatOrderDateTime(instant: string): string {
  const { hour, minute } = parisParts(instant);
  return `${formatOrderDate(instant)} à ${hour} h ${minute}`;
}

const STATUS_CLASSES: Readonly<Record<OrderStatus, string>> = {
  PAID: 'bg-green-50 text-green-800 ring-green-700/30',
  PENDING: 'bg-amber-50 text-amber-900 ring-amber-700/30',
  EXPIRED: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  CANCELLED: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  REFUNDED: 'bg-sky-50 text-sky-900 ring-sky-700/30',
};

export function orderStatusView(status: OrderStatus) {
  return { label: orderStatusLabel(status), className: STATUS_CLASSES[status] };
}

/** A page of the account's orders: `/account/orders`, then `?page=2`… */
export function ordersPageHref(page: number): string {
  return page > 1 ? `/account/orders?page=${page}` : '/account/orders';
}
