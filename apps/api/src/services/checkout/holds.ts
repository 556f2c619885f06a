/**
 * Places held by unpaid orders (table `product_hold`). `product.reserved` is the sum of the holds not yet
 * released, so a hold is one guarded UPDATE of the product row and the CHECK `sold + reserved <= stock` is
 * only the backstop. Whoever touches a product's holds does it product by product in ascending id order
 * (release, then hold), so two transactions on the same products never wait on each other in a cycle.
 */
import { ORDER_HOLD_MINUTES } from '@guichet/domain';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { orders, productHolds, products } from '../../db/schema.js';
import { instant } from '../catalogue/time.js';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type Released = { holds: number; places: number };

/** The database's clock, unless a caller (the job run on demand, a test) names the instant. */
const clockOf = (now: Date | undefined): SQL => (now ? instant(now) : sql`now()`);

/**
 * Releases the expired, unreleased holds of one product and gives their places back to `reserved`, in one
 * statement (alone, or within a transaction): each hold row is released by the one transaction that updates
 * it (a concurrent release waits for its lock, then no longer finds it unreleased), so a place is never
 * given back twice.
 */
export async function releaseExpiredHoldsOf(db: Database, productId: number, now?: Date): Promise<Released> {
  const clock = clockOf(now);
  const [row] = await rowsOf<{ holds: number; places: number }>(
    db,
    sql`WITH released AS (
      UPDATE ${productHolds} SET released_at = ${clock}
      WHERE product_id = ${productId} AND released_at IS NULL AND expires_at <= ${clock}
      RETURNING quantity),
    total AS (SELECT count(*)::int AS holds, coalesce(sum(quantity), 0)::int AS places FROM released)
    UPDATE ${products} SET reserved = reserved - total.places FROM total
    WHERE id = ${productId} AND total.holds > 0
    RETURNING total.holds, total.places`,
  );
  return { holds: Number(row?.holds ?? 0), places: Number(row?.places ?? 0) };
}

export type GuardOptions = {
  /** `false` exists for the test that shows what the condition prevents; nothing else passes it. */
  guarded?: boolean;
  /** A further condition of the statement it is part of (the cart is the buyer's). */
  when?: SQL;
  /**
   * Places of the product given back in the same statement: the holds of the buyer's previous pending order,
   * cancelled by this one (`cancelPendingOrders`). They count as left for this order, and `reserved` moves
   * once by the difference (one statement may update a row only once).
   */
  freed?: number;
};

/**
 * The guard of the checkout: `quantity` more places of the product are reserved only if they are left and
 * one order may take that many, in the same statement that takes them. It returns the product's id when it
 * took them, no row when they were not there. A statement of its own (`holdPlaces`), or the first part of one
 * that writes what the places are held for (the order's).
 */
export function takePlacesSql(
  productId: number,
  quantity: number,
  { guarded = true, when, freed = 0 }: GuardOptions = {},
): SQL {
  const change = quantity - freed;
  // What one order may take (`quota`) is checked with the stock: a buyer's one pending order never holds more.
  const left = guarded ? sql`AND sold + reserved + ${change} <= stock AND ${quantity} <= quota` : sql``;
  const also = when ? sql`AND ${when}` : sql``;
  return sql`UPDATE ${products} SET reserved = reserved + ${change} WHERE id = ${productId} ${left} ${also} RETURNING id`;
}

/** `takePlacesSql` alone: true when the places were taken. */
export async function holdPlaces(
  tx: Transaction,
  productId: number,
  quantity: number,
  options: GuardOptions = {},
): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(tx, takePlacesSql(productId, quantity, options));
  return rows.length === 1;
}

/** The unique index that keeps a buyer to one pending order (migration 0018, docs/decisions/0040). */
export const ONE_PENDING_ORDER_INDEX = 'order_one_pending_per_buyer';

/**
 * Cancels the pending orders `which` names (PENDING → CANCELLED of ORDER_TRANSITIONS) and releases their
 * unreleased holds, in one statement: the order rows first, then their holds, as a payment locks them
 * (`confirmPayment`), so a payment and a cancellation of one order queue and the second sees what the first
 * did. Returns the places freed per product, in ascending id: lowering `reserved` by them is the caller's,
 * product by product in that order (alone, or in the statement that takes new places of the same product).
 */
export async function cancelPendingOrders(
  tx: Transaction,
  which: SQL,
): Promise<{ orders: number[]; freed: Map<number, number> }> {
  const rows = await rowsOf<{ order_id: number | null; product_id: number | null; places: number | null }>(
    tx,
    sql`WITH cancelled AS (
        UPDATE ${orders} SET status = 'CANCELLED' WHERE status = 'PENDING' AND ${which} RETURNING id),
      freed AS (
        UPDATE ${productHolds} SET released_at = now()
        WHERE order_id IN (SELECT id FROM cancelled) AND released_at IS NULL
        RETURNING product_id, quantity)
      SELECT id AS order_id, NULL::int AS product_id, NULL::int AS places FROM cancelled
      UNION ALL
      SELECT NULL, product_id, sum(quantity)::int FROM freed GROUP BY product_id
      ORDER BY product_id NULLS FIRST`,
  );
  const freed = new Map<number, number>();
  const cancelled: number[] = [];
  for (const row of rows) {
    if (row.order_id !== null) cancelled.push(Number(row.order_id));
    else if (row.product_id !== null) freed.set(Number(row.product_id), Number(row.places ?? 0));
  }
  return { orders: cancelled, freed };
}

/** Gives `places` of a product back to the sale: what `cancelPendingOrders` freed, product by product. */
export async function givePlacesBack(tx: Transaction, productId: number, places: number): Promise<void> {
  await tx.execute(sql`UPDATE ${products} SET reserved = reserved - ${places} WHERE id = ${productId}`);
}

/** When the holds of an order made in this transaction end: ORDER_HOLD_MINUTES after the transaction's start. */
export const holdEndSql = sql<Date>`now() + make_interval(mins => ${ORDER_HOLD_MINUTES})`;

export type ReleaseReport = { releasedHolds: number; releasedPlaces: number; expiredOrders: number };

/**
 * The job: releases every expired hold, then marks EXPIRED the pending orders whose holds have all expired
 * (PENDING → EXPIRED of ORDER_TRANSITIONS). Correctness never waits for it — checkouts release the holds
 * of their own products and pages give expired holds back — it keeps `reserved` tidy and says which orders
 * can no longer be paid. Idempotent and safe to run concurrently: one short transaction per product, each
 * hold released by whoever locks its row first, and an order marked only while it is still PENDING.
 */
export async function releaseExpiredHolds(db: Database, now?: Date): Promise<ReleaseReport> {
  const clock = clockOf(now);
  const due = await rowsOf<{ product_id: number }>(
    db,
    sql`SELECT DISTINCT product_id FROM ${productHolds}
      WHERE released_at IS NULL AND expires_at <= ${clock} ORDER BY product_id`,
  );
  const released: Released = { holds: 0, places: 0 };
  for (const { product_id: productId } of due) {
    const { holds, places } = await db.transaction((tx) => releaseExpiredHoldsOf(tx, Number(productId), now));
    released.holds += holds;
    released.places += places;
  }
  const expired = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE ${orders} o SET status = 'EXPIRED'
      WHERE o.status = 'PENDING'
        AND EXISTS (SELECT 1 FROM ${productHolds} h WHERE h.order_id = o.id)
        AND NOT EXISTS (SELECT 1 FROM ${productHolds} h WHERE h.order_id = o.id
          AND (h.released_at IS NULL OR h.expires_at > ${clock}))
      RETURNING o.id`,
  );
  return { releasedHolds: released.holds, releasedPlaces: released.places, expiredOrders: expired.length };
}

/**
 * Development and end-to-end tests only: ends a pending order's hold now (the order and its places expire a
 * second ago), then runs the release job as the timer would. Null when no pending order has that id.
 */
export async function expirePendingOrderNow(db: Database, orderId: number): Promise<ReleaseReport | null> {
  const past = sql`now() - interval '1 second'`;
  const [order] = await db
    .update(orders)
    .set({ expiresAt: past })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'PENDING')))
    .returning({ id: orders.id });
  if (!order) return null;
  await db
    .update(productHolds)
    .set({ expiresAt: past })
    .where(and(eq(productHolds.orderId, orderId), isNull(productHolds.releasedAt)));
  return releaseExpiredHolds(db);
}
