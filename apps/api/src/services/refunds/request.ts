/**
 * Asking for a refund (docs/decisions/0066), the first of its two transactions: the order locked, the
 * tickets checked (this order's, not revoked, the caller's lines), the refund written PENDING with its lines,
 * the tickets revoked (the door's revocations), their places back on sale and the order's refunded amount
 * raised — all at once or not at all. The payment provider is asked afterwards, by the worker (worker.ts).
 *
 * Every refund of an order first locks the order (`FOR UPDATE`): two refunds of the same ticket, or a refund
 * and a cancellation, take turns, and the second finds the ticket revoked. The same `requestId` again (a form
 * sent twice) answers the refund the first one wrote.
 */
import { AFTER_SALE_MESSAGES, REFUND_MESSAGES } from '@guichet/contracts';
import { type RefundReason, withdrawalDeadline } from '@guichet/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export const refundRefused = (message: string) => new HttpError(409, 'REFUND_REFUSED', message);

/** `(1, 2, 3)`: ids as one parameter each (drizzle would otherwise send an array as a list anyway). */
export const idList = (ids: readonly number[]): SQL =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** Who asks and within which rules: an organiser (its own lines), or the buyer (withdrawal, postponement). */
export type RefundAsk = {
  orderId: number;
  ticketIds: readonly number[];
  requestId: string;
  reason: RefundReason;
  /** An organiser refunds only the tickets of its own ticketings. */
  organizerId?: number;
  /** The buyer asks for their own order only. */
  buyerId?: number;
  createdBy: number | null;
  now?: Date;
};

type TicketRow = {
  id: number;
  order_item_id: number;
  product_id: number;
  unit_price: number;
  vat_rate: number;
  revoked_at: Date | string | null;
  scanned_at: Date | string | null;
  product_type: 'TICKET' | 'OFFER';
  organizer_id: number | null;
  refund_requests_until: Date | string | null;
};

type OrderRow = {
  id: number;
  user_id: number;
  status: string;
  paid_at: Date | string | null;
  currency: string;
  payment_provider: string | null;
};

/** The refund as written, its id and what the answers need. */
export type RequestedRefund = { id: number; created: boolean };

/**
 * Why the buyer may not have these tickets refunded, or null. A withdrawal (L221-18) is a deal's: unused
 * vouchers, within 14 days of the payment (withdrawalDeadline); a postponement's refund, tickets of an
 * event postponed with a date the organiser set, not passed.
 */
function buyerRefusal(ask: RefundAsk, order: OrderRow, rows: readonly TicketRow[], now: Date): string | null {
  if (ask.reason === 'WITHDRAWAL') {
    if (rows.some((row) => row.product_type !== 'OFFER')) return AFTER_SALE_MESSAGES.notRefundable;
    if (rows.some((row) => row.scanned_at !== null)) return AFTER_SALE_MESSAGES.voucherUsed;
    if (!order.paid_at || now > withdrawalDeadline(new Date(order.paid_at))) return AFTER_SALE_MESSAGES.withdrawalOver;
  }
  if (ask.reason === 'POSTPONEMENT') {
    if (rows.some((row) => row.product_type !== 'TICKET' || row.scanned_at !== null))
      return AFTER_SALE_MESSAGES.notRefundable;
    if (rows.some((row) => row.refund_requests_until === null || now > new Date(row.refund_requests_until)))
      return AFTER_SALE_MESSAGES.refundRequestsOver;
  }
  return null;
}

async function existingRefund(tx: Transaction, requestId: string, orderId: number): Promise<RequestedRefund | null> {
  const [row] = await rowsOf<{ id: number; order_id: number }>(
    tx,
    sql`SELECT id, order_id FROM refund WHERE request_id = ${requestId}`,
  );
  if (!row) return null;
  // A request id of another order is not this request sent again: refused rather than mixed up.
  if (row.order_id !== orderId) throw refundRefused(REFUND_MESSAGES.ticketsNotRefundable);
  return { id: row.id, created: false };
}

/** Writes the refund, revokes its tickets and puts their places back on sale; the worker is kicked by the caller. */
export async function requestRefund(db: Database, ask: RefundAsk): Promise<RequestedRefund> {
  const now = ask.now ?? new Date();
  const ticketIds = [...new Set(ask.ticketIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const [order] = await rowsOf<OrderRow>(
      tx,
      sql`SELECT id, user_id, status, paid_at, currency, payment_provider FROM "order" WHERE id = ${ask.orderId} FOR UPDATE`,
    );
    if (!order || (ask.buyerId !== undefined && order.user_id !== ask.buyerId)) throw notFound('Commande introuvable.');
    const again = await existingRefund(tx, ask.requestId, order.id);
    if (again) return again;
    if (order.status !== 'PAID') throw refundRefused(REFUND_MESSAGES.orderNotPaid);

    const rows = await rowsOf<TicketRow>(
      tx,
      sql`SELECT k.id, k.order_item_id, oi.product_id, oi.unit_price, oi.vat_rate, k.revoked_at, k.scanned_at,
          p.product_type, t.organizer_id, t.refund_requests_until
        FROM ticket k
        JOIN order_item oi ON oi.id = k.order_item_id
        JOIN product p ON p.id = oi.product_id
        LEFT JOIN ticketing t ON t.id = p.ticketing_id
        WHERE k.id IN ${idList(ticketIds)} AND oi.order_id = ${order.id}
        ORDER BY k.id`,
    );
    const refundable =
      rows.length === ticketIds.length &&
      rows.every((row) => row.revoked_at === null) &&
      (ask.organizerId === undefined || rows.every((row) => row.organizer_id === ask.organizerId));
    if (!refundable) throw refundRefused(REFUND_MESSAGES.ticketsNotRefundable);
    const refusal = buyerRefusal(ask, order, rows, now);
    if (refusal) throw refundRefused(refusal);

    const lines = new Map<
      number,
      { orderItemId: number; productId: number; quantity: number; amount: number; vatRate: number }
    >();
    for (const row of rows) {
      const line = lines.get(row.order_item_id) ?? {
        orderItemId: row.order_item_id,
        productId: row.product_id,
        quantity: 0,
        amount: 0,
        vatRate: row.vat_rate,
      };
      line.quantity += 1;
      line.amount += row.unit_price;
      lines.set(row.order_item_id, line);
    }
    const amount = [...lines.values()].reduce((sum, line) => sum + line.amount, 0);
    // Free tickets alone give nothing back: a refund of 0 € is none (refund_amount_check), so it is refused.
    if (amount <= 0) throw refundRefused(AFTER_SALE_MESSAGES.notRefundable);

    const [written] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO refund (order_id, organizer_id, reason, amount, currency, request_id, provider, created_by)
        VALUES (${order.id}, ${ask.organizerId ?? null}, ${ask.reason}, ${amount}, ${order.currency}, ${ask.requestId},
          ${order.payment_provider}, ${ask.createdBy})
        ON CONFLICT (request_id) DO NOTHING
        RETURNING id`,
    );
    // The same request id for another order, written meanwhile: refused (the order's lock does not cover it).
    if (!written) throw refundRefused(REFUND_MESSAGES.ticketsNotRefundable);
    const values = [...lines.values()].map(
      (line) => sql`(${written.id}, ${line.orderItemId}, ${line.quantity}, ${line.amount}, ${line.vatRate})`,
    );
    await tx.execute(
      sql`INSERT INTO refund_line (refund_id, order_item_id, quantity, amount, vat_rate) VALUES ${sql.join(values, sql`, `)}`,
    );
    const revoked = await rowsOf<{ id: number }>(
      tx,
      sql`UPDATE ticket SET revoked_at = now(), revoked_reason = ${ask.reason}, refund_id = ${written.id}
        WHERE id IN ${idList(ticketIds)} AND revoked_at IS NULL RETURNING id`,
    );
    if (revoked.length !== ticketIds.length) throw refundRefused(REFUND_MESSAGES.ticketsNotRefundable);
    await putPlacesBack(tx, [...lines.values()]);
    await tx.execute(sql`UPDATE "order" SET refunded_amount = refunded_amount + ${amount} WHERE id = ${order.id}`);
    return { id: written.id, created: true };
  });
}

/** The refunded places go back on sale, product by product in ascending id (the order checkouts lock them in). */
export async function putPlacesBack(
  tx: Transaction,
  lines: readonly { productId: number; quantity: number }[],
): Promise<void> {
  const byProduct = new Map<number, number>();
  for (const line of lines) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  for (const [productId, quantity] of [...byProduct].sort(([a], [b]) => a - b)) {
    await tx.execute(sql`UPDATE product SET sold = sold - ${quantity} WHERE id = ${productId}`);
  }
}
