/**
 * Cancelling a pending order: « Annulée », and its places back on sale at once (the product's `reserved`
 * lowered in the same transaction). The order row is locked first, as a payment locks it (`confirmPayment`):
 * a payment and a cancellation of one order queue, and whichever comes second sees the first's outcome — a
 * payment after the cancellation is refunded (the order is closed), a cancellation after the payment is
 * refused (the order is paid).
 */
import { CANCEL_ORDER_MESSAGES, type CancelledOrder, ORDER_NOT_FOUND_MESSAGE } from '@guichet/contracts';
import type { OrderStatus } from '@guichet/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { cancelPendingOrders, givePlacesBack } from './holds.js';

/** CANCELLED (now or before), EXPIRED (nothing held any more), PAID or REFUNDED (refused); null: no such order. */
export type CancelOutcome = { orderId: number; status: OrderStatus } | null;

/** Cancels order `orderId` (only if it is `userId`'s, when given) if it is pending; says where it stands. */
export async function cancelOrder(db: Database, orderId: number, userId?: number): Promise<CancelOutcome> {
  const mine: SQL = userId === undefined ? sql`true` : sql`user_id = ${userId}`;
  return db.transaction(async (tx) => {
    const { orders: cancelled, freed } = await cancelPendingOrders(tx, sql`id = ${orderId} AND ${mine}`);
    // Ascending product id, the order every checkout, payment and release locks products in.
    for (const [productId, places] of freed) await givePlacesBack(tx, productId, places);
    if (cancelled.length > 0) return { orderId, status: 'CANCELLED' as const };
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), userId === undefined ? undefined : eq(orders.userId, userId)));
    return order ? { orderId, status: order.status } : null;
  });
}

/**
 * The answer of both ways to cancel (the payment page's session, the account's order page): the order
 * cancelled, or already closed without a sale (cancelled, expired); 409 for a paid one, 404 for none.
 */
export async function cancelled(db: Database, orderId: number, userId?: number): Promise<CancelledOrder> {
  const outcome = await cancelOrder(db, orderId, userId);
  if (!outcome) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  if (outcome.status === 'PAID' || outcome.status === 'REFUNDED')
    throw new HttpError(409, 'ORDER_NOT_CANCELLABLE', CANCEL_ORDER_MESSAGES.paid);
  return { orderID: outcome.orderId, status: outcome.status };
}
