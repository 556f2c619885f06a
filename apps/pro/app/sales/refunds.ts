/**
 * The refunds of an order as its organiser sees them (issue 26): which tickets may still be refunded, what a
 * selection comes to (the question asked before refunding), how a refund and the order's state are said.
 * The API recomputes every amount; these only word the question and the list.
 */
import type { ProOrderDetail, ProRefund } from '@guichet/contracts';
import { formatDay, formatPrice, formatTime, type RefundReason } from '@guichet/domain';
import { ordersPath } from '../lib/pro-paths';

type Line = ProOrderDetail['lines'][number];
type Ticket = Line['tickets'][number];

export type RefundableTicket = Ticket & { product: string; unitPrice: number; ticketing: string };

/** The tickets of this organiser's lines not yet refunded: one checkbox each. */
export function refundableTickets(order: ProOrderDetail): RefundableTicket[] {
  if (order.status !== 'PAID') return [];
  return order.lines.flatMap((line) =>
    line.tickets
      .filter((ticket) => ticket.revokedReason === null)
      .map((ticket) => ({
        ...ticket,
        product: line.title,
        unitPrice: line.unitPrice,
        ticketing: line.ticketing.title,
      })),
  );
}

export type RefundSelection = { ticketIds: number[]; count: number; amount: number };

/**
 * What the ticked boxes come to: only tickets of the order still refundable count (a box forged or ticked on
 * a stale page is left out), each once. Null when none is left.
 */
export function refundSelection(order: ProOrderDetail, asked: readonly unknown[]): RefundSelection | null {
  const wanted = new Set(asked.map((value) => Number(value)));
  const chosen = refundableTickets(order).filter((ticket) => wanted.has(ticket.id));
  if (chosen.length === 0) return null;
  return {
    ticketIds: chosen.map((ticket) => ticket.id),
    count: chosen.length,
    amount: chosen.reduce((sum, ticket) => sum + ticket.unitPrice, 0),
  };
}

/** « Rembourser 2 billets pour 45,00 € ? » */
export function refundQuestion({ count, amount }: Pick<RefundSelection, 'count' | 'amount'>): string {
  return `Rembourser ${count} billet${count > 1 ? 's' : ''} pour ${formatPrice(amount)} ?`;
}

const REASONS: Readonly<Record<RefundReason, string>> = {
  ORGANIZER: 'à votre demande',
  CANCELLATION: 'annulation de l’événement',
  POSTPONEMENT: 'demandé par l’acheteur après le report',
  WITHDRAWAL: 'rétractation de l’acheteur',
};

export const refundReasonLabel = (reason: RefundReason): string => REASONS[reason];

/** « le samedi 14 mars 2027 à 20 h 00 » */
const on = (instant: string) => `le ${formatDay(instant)} à ${formatTime(instant)}`;

/** « Remboursement de 25,00 € — en cours » / « … — fait le … — avoir AV-000001 » / « … — échoué ». */
export function refundText(refund: Pick<ProRefund, 'amount' | 'status' | 'refundedAt' | 'creditNote'>): string {
  const head = `Remboursement de ${formatPrice(refund.amount)}`;
  if (refund.status === 'PENDING') return `${head} — en cours`;
  if (refund.status === 'FAILED') return `${head} — échoué : le prestataire de paiement l’a refusé`;
  const done = refund.refundedAt ? `fait ${on(refund.refundedAt)}` : 'fait';
  return refund.creditNote ? `${head} — ${done} — avoir ${refund.creditNote}` : `${head} — ${done}`;
}

/** The credit note's number in its path: « AV-000001 » → 1 (the API's id of it). */
export function creditNoteNumberOf(creditNote: string): number | null {
  const match = /^AV-(\d+)$/.exec(creditNote);
  return match ? Number(match[1]) : null;
}

/** The pro site's own address of a credit note's PDF (a resource route proxying the API's). */
export function creditNotePath(organizerId: number, orderId: number, creditNote: string): string | null {
  const number = creditNoteNumberOf(creditNote);
  return number === null ? null : ordersPath(organizerId, `${orderId}/avoirs/${number}`);
}

/** « Payée », « Partiellement remboursée » (refunds made, the order still paid), « Remboursée ». */
export function orderStatusLabel(order: Pick<ProOrderDetail, 'status' | 'refunds'>): string {
  if (order.status === 'REFUNDED') return 'Remboursée';
  if (order.status === 'PAID') return order.refunds.length > 0 ? 'Partiellement remboursée' : 'Payée';
  return order.status;
}

/** A ticket's state on the order page: refunded, checked at the door (and when), or neither. */
export function ticketStateText(ticket: Pick<Ticket, 'revokedReason' | 'scannedAt'>): string {
  if (ticket.revokedReason) return 'Remboursé';
  return ticket.scannedAt ? `Contrôlé ${on(ticket.scannedAt)}` : 'Non contrôlé';
}
