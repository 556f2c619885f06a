/**
 * POST /orders: the caller's cart becomes a PENDING order whose places are held ORDER_HOLD_MINUTES, in one
 * transaction. Lines are priced again from the catalogue (`findCartProducts`), never from the cart; a line
 * that cannot be sold any more refuses the whole order (409 SOLD_OUT naming it), nothing is half-held.
 */
import {
  CART_ERROR_MESSAGES,
  CREATE_ORDER_MESSAGES,
  type CreatedOrder,
  type CreateOrderInput,
  type ErrorIssue,
  type FacturationAddress,
  type OrderHolders,
  type SeenLine,
} from '@guichet/contracts';
import { formatPrice, vatBreakdown } from '@guichet/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { cartItems, carts, orderItems, orders, products, users } from '../../db/schema.js';
import { HttpError, invalidField, notFound } from '../../lib/http-error.js';
import { CART_MESSAGES } from '../carts/messages.js';
import { findCartProducts, type PricedProduct } from '../carts/products.js';
import { availableSql } from '../catalogue/summary.js';
import { holdEndSql, holdPlaces, insertHolds, releaseExpiredHoldsOf, type Transaction } from './holds.js';

/** A cart id as PostgreSQL writes a uuid; anything else names no cart and never reaches the database. */
const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CheckoutOptions = {
  /** Only for the test showing what the guard of `holdPlaces` prevents. */
  guarded?: boolean;
};

/** A refused line: its rank in the cart and why, for people. */
type RefusedLine = { index: number; message: string };

function refusedLines(code: 'SOLD_OUT' | 'PRICE_CHANGED', message: string, lines: readonly RefusedLine[]): HttpError {
  const issues: ErrorIssue[] = lines.map(({ index, message: line }) => ({
    path: ['cartItems', index],
    code,
    message: line,
  }));
  return new HttpError(409, code, message, { issues });
}

const soldOut = (lines: readonly RefusedLine[]) => refusedLines('SOLD_OUT', CREATE_ORDER_MESSAGES.soldOut, lines);

/** The buyer's order as they filled it in: the cart, the billing address, the names, the recap they saw. */
export type OrderRequest = {
  cartID: string;
  billing: FacturationAddress;
  holders?: readonly OrderHolders[];
  seen?: readonly SeenLine[];
};
export type { CreateOrderInput };

/** One name per unit: those given, in order, then the buyer's for the rest (a name too many is dropped). */
function holderNamesOf(given: readonly string[] | undefined, quantity: number, buyer: string): string[] {
  return Array.from({ length: quantity }, (_, unit) => given?.[unit] ?? buyer);
}

/** Why a line cannot be ordered as it is, or null when it can (as `findCartProducts` read it). */
function refusal(product: PricedProduct | undefined, quantity: number): string | null {
  // A product gone from the catalogue (a ticketing back to draft) has no name to give.
  if (!product) return CART_MESSAGES.unknown;
  if (product.quota === 0 && product.remaining > 0) return CREATE_ORDER_MESSAGES.notOnSale(product.name);
  if (quantity > product.remaining) return CREATE_ORDER_MESSAGES.fewLeft(product.name, product.remaining);
  if (quantity > product.quota) return CREATE_ORDER_MESSAGES.perOrder(product.name, product.perOrder);
  return null;
}

/** The cart, locked for this transaction: the caller's, or anonymous and now the caller's; else « not found ». */
async function takeCart(tx: Transaction, cartID: string, userId: number) {
  if (!CART_ID.test(cartID)) throw notFound(CART_ERROR_MESSAGES.notFound);
  const [cart] = await tx.select({ userId: carts.userId }).from(carts).where(eq(carts.id, cartID)).for('update');
  if (!cart || (cart.userId !== null && cart.userId !== userId)) throw notFound(CART_ERROR_MESSAGES.notFound);
  if (cart.userId === null) await tx.update(carts).set({ userId }).where(eq(carts.id, cartID));
  return tx
    .select({ productID: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartID))
    .orderBy(asc(cartItems.position), asc(cartItems.productId));
}

/** What is left of a product after the concurrent order that took it: the count a refusal gives. */
async function leftOf(tx: Transaction, productId: number): Promise<number> {
  const [row] = await rowsOf<{ left: number }>(
    tx,
    sql`SELECT ${availableSql('p')} AS left FROM ${products} p WHERE p.id = ${productId}`,
  );
  return Math.max(0, Number(row?.left ?? 0));
}

/**
 * GU-2026-001042: the year of the order, then the sequence's number on at least six digits (lpad alone
 * would cut a seventh digit off, and two references would meet).
 */
const referenceSql = sql<string>`(SELECT 'GU-' || to_char(now() AT TIME ZONE 'UTC', 'YYYY') || '-' ||
  lpad(n::text, greatest(6, length(n::text)), '0') FROM nextval('order_reference_seq') AS n)`;

/** The order made, and what its payment needs of the buyer. */
export type NewOrder = Omit<CreatedOrder, 'paymentUrl'> & { email: string };

export async function createOrder(
  db: Database,
  userId: number,
  request: OrderRequest,
  now: Date,
  { guarded = true }: CheckoutOptions = {},
): Promise<NewOrder> {
  const { cartID, billing } = request;
  return db.transaction(async (tx) => {
    const lines = await takeCart(tx, cartID, userId);
    if (lines.length === 0) throw invalidField('body', ['cartID'], CREATE_ORDER_MESSAGES.emptyCart);
    // The address typed at checkout becomes the account's: the next order starts from it.
    const [buyer] = await tx
      .update(users)
      .set({ facturationAddress: billing, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ firstname: users.firstname, lastname: users.lastname, email: users.email });
    if (!buyer) throw notFound(CART_ERROR_MESSAGES.notFound);
    const buyerName = `${buyer.firstname} ${buyer.lastname}`;

    // The check everyone sees on the pages (expired holds already given back by `availableSql`); the
    // guarded UPDATE below is what holds under concurrency.
    const found = await findCartProducts(tx, [...new Set(lines.map((line) => line.productID))], now);
    const refused = lines.flatMap(({ productID, quantity }, index) => {
      const message = refusal(found.get(productID), quantity);
      return message === null ? [] : [{ index, message }];
    });
    if (refused.length > 0) throw soldOut(refused);

    // The recap the buyer confirmed must be what they pay (Code civil 1127-2): a price changed since is
    // shown to them again rather than charged.
    const seen = new Map((request.seen ?? []).map((line) => [line.productID, line.unitPrice]));
    const changed = lines.flatMap(({ productID }, index) => {
      const product = found.get(productID);
      const saw = seen.get(productID);
      if (!product || saw === undefined || saw === product.discountedPrice) return [];
      return [
        { index, message: CREATE_ORDER_MESSAGES.priceChanged(product.name, formatPrice(product.discountedPrice)) },
      ];
    });
    if (changed.length > 0) throw refusedLines('PRICE_CHANGED', CREATE_ORDER_MESSAGES.pricesChanged, changed);

    const holders = new Map((request.holders ?? []).map((line) => [line.productID, line.names]));
    const items = lines.map(({ productID, quantity }) => {
      const product = found.get(productID);
      if (!product) throw new Error('priced product vanished');
      const unitPrice = product.discountedPrice;
      return {
        productID,
        quantity,
        title: product.name,
        unitPrice,
        lineTotal: unitPrice * quantity,
        vatRate: product.vatRate,
        holderNames: holderNamesOf(holders.get(productID), quantity, buyerName),
      };
    });
    const totalAmount = items.reduce((sum, line) => sum + line.lineTotal, 0);
    const breakdown = vatBreakdown(items.map((line) => ({ totalInclVat: line.lineTotal, vatRate: line.vatRate })));

    const [order] = await tx
      .insert(orders)
      .values({
        reference: referenceSql,
        userId,
        status: 'PENDING',
        totalAmount,
        currency: 'EUR',
        facturationAddress: billing,
        cartId: cartID,
        vatBreakdown: breakdown,
        // The holds' own end (same transaction, same now()): what the payment page counts down to.
        expiresAt: holdEndSql,
      })
      .returning({ id: orders.id, reference: orders.reference });
    if (!order) throw new Error('order insert returned no row');
    await tx.insert(orderItems).values(
      items.map((line) => ({
        orderId: order.id,
        productId: line.productID,
        title: line.title,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        lineTotal: line.lineTotal,
        vatRate: line.vatRate,
        holderNames: line.holderNames,
      })),
    );

    // One pass over the products in ascending id order, each released of its expired holds then held: the
    // order every checkout and the job lock product rows in, so two orders of the same products queue
    // instead of deadlocking (a second pass, or another order, could lock B then wait for A).
    const byProduct = [...items.keys()].sort((a, b) => (items[a]?.productID ?? 0) - (items[b]?.productID ?? 0));
    for (const index of byProduct) {
      const line = items[index];
      if (!line) continue;
      await releaseExpiredHoldsOf(tx, line.productID);
      if (!(await holdPlaces(tx, line.productID, line.quantity, { guarded })))
        // Taken meanwhile by a concurrent order: the count is read again, after it.
        throw soldOut([
          { index, message: CREATE_ORDER_MESSAGES.fewLeft(line.title, await leftOf(tx, line.productID)) },
        ]);
    }
    const expiresAt = await insertHolds(
      tx,
      order.id,
      items.map((line) => ({ productId: line.productID, quantity: line.quantity })),
    );

    return {
      orderID: order.id,
      reference: order.reference,
      status: 'PENDING',
      totalAmount,
      currency: 'EUR',
      expiresAt: expiresAt.toISOString(),
      email: buyer.email,
      items: items.map(({ productID, title, unitPrice, quantity, lineTotal }) => ({
        productID,
        title,
        unitPrice,
        quantity,
        lineTotal,
      })),
    };
  });
}
