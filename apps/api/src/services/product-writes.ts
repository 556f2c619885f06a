/**
 * What a ticketing's and a deal's products share when written: the stock never goes below what is sold and held,
 * and only a product nobody ever bought nor held may be deleted. Both guards sit in the statement itself, so a
 * sale landing between the form's read and the write is never lost.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { orderItems, productHolds, products } from '../db/schema.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type ProductColumns = Parameters<ReturnType<Transaction['update']>['set']>[0] & { stock: number };

/**
 * Saves the product (`owned`: its owner's condition, ticketing or offer) unless the new stock is below what is sold
 * and held. Refused, it tells how many places are taken (null: no such product).
 */
export async function updateProductAboveTaken(
  tx: Transaction,
  productId: number,
  owned: SQL,
  columns: ProductColumns,
): Promise<{ saved: true } | { saved: false; taken: number | null }> {
  const [saved] = await tx
    .update(products)
    .set(columns)
    .where(and(eq(products.id, productId), owned, sql`${products.sold} + ${products.reserved} <= ${columns.stock}`))
    .returning({ id: products.id });
  if (saved) return { saved: true };
  const [row] = await tx
    .select({ taken: sql<number>`${products.sold} + ${products.reserved}`.mapWith(Number) })
    .from(products)
    .where(and(eq(products.id, productId), owned));
  return { saved: false, taken: row?.taken ?? null };
}

/** Deletes the product `owned` if nobody bought nor holds it (no order line, no hold, ever): the row, or undefined. */
export async function deleteNeverSoldProduct(
  tx: Transaction,
  productId: number,
  owned: SQL,
): Promise<{ id: number; title: string } | undefined> {
  const [deleted] = await tx
    .delete(products)
    .where(
      and(
        eq(products.id, productId),
        owned,
        sql`${products.sold} = 0 AND ${products.reserved} = 0`,
        sql`NOT EXISTS (SELECT 1 FROM ${orderItems} oi WHERE oi.product_id = ${productId})`,
        sql`NOT EXISTS (SELECT 1 FROM ${productHolds} h WHERE h.product_id = ${productId})`,
      ),
    )
    .returning({ id: products.id, title: products.title });
  return deleted;
}
