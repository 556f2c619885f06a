/**
 * An order's life after the sale as its buyer sees it (issue 26): which vouchers may still be withdrawn
 * (14 days, L221-18), which tickets of a postponed event may still be refunded on request, how the refunds and
 * the order's state are said. The API decides every request again; these only choose what the page offers.
 */
import type { BuyerRefund, OrderDetail, OrderItem, OrderTicket } from '@guichet/contracts';
import { formatPrice, type OrderStatus } from '@guichet/domain';
import { formatOrderDate, formatOrderDateTime } from '../lib/order-display';

/** The withdrawal notice the form shows, as the Code de la consommation words the right. */
export const WITHDRAWAL_NOTICE =
  'Vous disposez de 14 jours à compter de l’achat pour vous rétracter, sans avoir à vous justifier (article L221-18 du Code de la consommation).';

const at = (instant: string) => Date.parse(instant);

/** Still valid: not refunded (nor withdrawn) and never used at the door or by the partner. */
const unused = (ticket: OrderTicket) => ticket.revokedReason === null && ticket.scannedAt === null;

/** A deal line's vouchers its buyer may still withdraw from, until `withdrawalUntil`: none once it is over. */
export function withdrawableVouchers(order: Pick<OrderDetail, 'status'>, item: OrderItem, now: number): OrderTicket[] {
  if (order.status !== 'PAID' || item.productType !== 'OFFER' || !item.withdrawalUntil) return [];
  if (now >= at(item.withdrawalUntil)) return [];
  return item.tickets.filter(unused);
}

/** A postponed event's tickets its buyer may still have refunded, until the organiser's deadline. */
export function postponementRefundableTickets(
  order: Pick<OrderDetail, 'status'>,
  item: OrderItem,
  now: number,
): OrderTicket[] {
  const until = item.ticketing?.refundRequestsUntil;
  if (order.status !== 'PAID' || item.productType !== 'TICKET' || !until || now >= at(until)) return [];
  return item.tickets.filter(unused);
}

/** The ticked boxes as the API takes them: only ids of the form's tickets (another is left out), each once. */
export function chosenTicketIds(asked: readonly unknown[], offered: readonly Pick<OrderTicket, 'id'>[]): number[] {
  const wanted = new Set(asked.map((value) => Number(value)));
  return offered.filter((ticket) => wanted.has(ticket.id)).map((ticket) => ticket.id);
}

/** « Remboursement de 25,00 € — en cours » / « … — fait le 12 octobre 2026 — avoir AV-000001 ». */
export function buyerRefundText(refund: Pick<BuyerRefund, 'amount' | 'status' | 'refundedAt' | 'creditNote'>): string {
  const head = `Remboursement de ${formatPrice(refund.amount)}`;
  if (refund.status === 'PENDING') return `${head} — en cours`;
  if (refund.status === 'FAILED') return `${head} — en attente : notre service client vous contactera`;
  const done = refund.refundedAt ? `fait le ${formatOrderDate(refund.refundedAt)}` : 'fait';
  return refund.creditNote ? `${head} — ${done} — avoir ${refund.creditNote}` : `${head} — ${done}`;
}

/** The credit note's number in its path: « AV-000001 » → 1. */
export function creditNoteNumberOf(creditNote: string): number | null {
  const match = /^AV-(\d+)$/.exec(creditNote);
  return match ? Number(match[1]) : null;
}

/** This site's address of a credit note's PDF (a resource route passing the API's on). */
export function creditNotePdfPath(orderId: number, creditNote: string | null): string | null {
  const number = creditNote ? creditNoteNumberOf(creditNote) : null;
  return number === null ? null : `/account/orders/${orderId}/avoirs/${number}`;
}

/** Refunds made but the order still paid: some of its tickets only (« Partiellement remboursée »). */
export function partlyRefunded(order: { status: OrderStatus; refunds: readonly unknown[] }): boolean {
  return order.status === 'PAID' && order.refunds.length > 0;
}

/** « jusqu’au 12 octobre 2026 à 23 h 59 » */
export const until = (instant: string) => `jusqu’au ${formatOrderDateTime(instant)}`;
