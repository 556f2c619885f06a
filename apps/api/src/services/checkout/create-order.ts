/**
 * POST /orders: the caller's cart becomes a PENDING order whose places are held ORDER_HOLD_MINUTES. Lines are
 * priced again from the catalogue (`findCartProducts`), never from the cart; a line that cannot be sold any
 * more refuses the whole order (409 SOLD_OUT naming it), nothing is half-held. Two steps (docs/decisions/0032):
 * reads that check everything and lock nothing, then the places taken and the order written together — one
 * statement for an order of one product, one transaction for several.
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
import { formatPrice, type VatBreakdownRow, type VatRate, vatBreakdown } from '@guichet/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { cartItems, carts, orderItems, orders, productHolds, products, users } from '../../db/schema.js';
import { HttpError, invalidField, notFound } from '../../lib/http-error.js';
import { isTransientConflict, violates } from '../../lib/transient.js';
import { CART_MESSAGES } from '../carts/messages.js';
import { findCartProducts, type PricedProduct } from '../carts/products.js';
import { isCartId } from '../carts/store.js';
import { availableSql } from '../catalogue/summary.js';
import {
  cancelPendingOrders,
  type GuardOptions,
  givePlacesBack,
  holdEndSql,
  holdPlaces,
  ONE_PENDING_ORDER_INDEX,
  releaseExpiredHoldsOf,
  takePlacesSql,
} from './holds.js';

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

/**
 * Why a line cannot be ordered as it is, or null when it can (as `findCartProducts` read it, plus the places
 * the buyer's own pending order holds, which this order gives back).
 */
function refusal(product: PricedProduct | undefined, quantity: number, held: number): string | null {
  // A product gone from the catalogue (a ticketing back to draft) has no name to give.
  if (!product) return CART_MESSAGES.unknown;
  const remaining = product.remaining + held;
  if (!product.selling && remaining > 0) return CREATE_ORDER_MESSAGES.notOnSale(product.name);
  if (quantity > remaining) return CREATE_ORDER_MESSAGES.fewLeft(product.name, remaining);
  if (quantity > product.perOrder) return CREATE_ORDER_MESSAGES.perOrder(product.name, product.perOrder);
  return null;
}

/**
 * The buyer, the cart's owner and its lines, in one read: one snapshot, so the lines as they were at one
 * moment, whatever a concurrent replacement of the cart does. « Not found » for another account's cart.
 */
async function readCart(db: Database, cartID: string, userId: number) {
  if (!isCartId(cartID)) throw notFound(CART_ERROR_MESSAGES.notFound);
  const rows = await db
    .select({
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      cart: carts.id,
      owner: carts.userId,
      productID: cartItems.productId,
      quantity: cartItems.quantity,
      // The buyer's pending order, which this one replaces (docs/decisions/0040).
      pending: sql<boolean>`EXISTS (SELECT 1 FROM ${orders} o WHERE o.user_id = ${users.id} AND o.status = 'PENDING')`,
    })
    .from(users)
    .leftJoin(carts, eq(carts.id, cartID))
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(eq(users.id, userId))
    .orderBy(asc(cartItems.position), asc(cartItems.productId))
    // Every checkout's first read: parsed and planned once per connection.
    .prepare('checkout_read_cart')
    .execute();
  const [first] = rows;
  if (!first?.cart || (first.owner !== null && first.owner !== userId)) throw notFound(CART_ERROR_MESSAGES.notFound);
  const lines = rows.flatMap(({ productID, quantity }) =>
    productID === null || quantity === null ? [] : [{ productID, quantity }],
  );
  return {
    buyer: { firstname: first.firstname, lastname: first.lastname, email: first.email },
    lines,
    pending: Boolean(first.pending),
  };
}

/**
 * The places the buyer's pending order holds still, per product: that order is cancelled by this one, so
 * they are the buyer's to order again (a holder of the last places who goes back to the cart keeps them).
 */
async function heldByBuyer(db: Database, userId: number): Promise<Map<number, number>> {
  const rows = await rowsOf<{ product_id: number; places: number }>(
    db,
    sql`SELECT h.product_id, sum(h.quantity)::int AS places FROM ${productHolds} h
      JOIN ${orders} o ON o.id = h.order_id
      WHERE o.user_id = ${userId} AND o.status = 'PENDING' AND h.released_at IS NULL AND h.expires_at > now()
      GROUP BY h.product_id`,
  );
  return new Map(rows.map((row) => [Number(row.product_id), Number(row.places)]));
}

/**
 * The start of a statement that makes the cart the caller's: `claim` takes an anonymous cart, `owned` has a
 * row when the cart is the caller's now (theirs already, or just claimed). Another account may have taken
 * an anonymous cart since it was read: then neither does, and nothing that depends on `owned` is written.
 */
const ownedCartSql = (cartID: string, userId: number) =>
  sql`claim AS (UPDATE ${carts} SET user_id = ${userId}::int WHERE id = ${cartID}::uuid AND user_id IS NULL RETURNING id),
    owned AS (SELECT id FROM ${carts} WHERE id = ${cartID}::uuid AND user_id = ${userId}::int
      UNION ALL SELECT id FROM claim)`;

/** What is left of a product after the concurrent order that took it: the count a refusal gives. */
async function leftOf(db: Database, productId: number): Promise<number> {
  const [row] = await rowsOf<{ left: number }>(
    db,
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

/** A line of the order being made, priced. */
type OrderLine = {
  productID: number;
  quantity: number;
  title: string;
  unitPrice: number;
  lineTotal: number;
  vatRate: VatRate;
  holderNames: string[];
};

type PlacedOrder = { id: number; reference: string; expiresAt: Date };

type Placing = {
  userId: number;
  cartID: string;
  billing: FacturationAddress;
  totalAmount: number;
  breakdown: VatBreakdownRow[];
};

/**
 * One statement: the cart made the caller's, the places of `last` (the order's product of highest id) taken by
 * the guarded UPDATE, and only if both, the order, its lines (in the cart's order), their holds and the buyer's
 * billing address (the address typed at checkout becomes the account's: the next order starts from it).
 * `owned` false: the cart went to another account; `placed` null: the places were gone; nothing was written.
 * On a product on sale every order waits for that row's lock in turn and holds it to its commit, so nothing
 * else may happen in between. The lines' and holds' foreign keys are checked at the end of the statement,
 * under that lock: written before it, their KEY SHARE locks, one from each order under way, would sit on the
 * row every one of them then updates, which PostgreSQL must record as a new multixact each time.
 */
async function placeOrder(
  executor: Database,
  last: OrderLine,
  guard: GuardOptions,
  order: Placing,
  items: readonly OrderLine[],
): Promise<{ owned: boolean; placed: PlacedOrder | null }> {
  const taken = takePlacesSql(last.productID, last.quantity, { ...guard, when: sql`EXISTS (SELECT 1 FROM owned)` });
  const lines = items.map(
    (line, position) =>
      sql`(${position}::int, ${line.productID}::int, ${line.title}::text, ${line.unitPrice}::int, ${line.quantity}::int,
        ${line.lineTotal}::int, ${line.vatRate}::int, ${JSON.stringify(line.holderNames)}::jsonb)`,
  );
  const [row] = await rowsOf<{ owned: number; id: number | null; reference: string | null; expires_at: Date | null }>(
    executor,
    sql`WITH ${ownedCartSql(order.cartID, order.userId)},
      taken AS (${taken}),
      buyer AS (UPDATE ${users} SET facturation_address = ${JSON.stringify(order.billing)}::jsonb, updated_at = now()
        WHERE id = ${order.userId}::int AND EXISTS (SELECT 1 FROM taken)),
      placed AS (INSERT INTO ${orders}
          (reference, user_id, status, total_amount, currency, facturation_address, cart_id, vat_breakdown, expires_at)
        SELECT ${referenceSql}, ${order.userId}::int, 'PENDING', ${order.totalAmount}::int, 'EUR',
          ${JSON.stringify(order.billing)}::jsonb, ${order.cartID}::uuid, ${JSON.stringify(order.breakdown)}::jsonb,
          ${holdEndSql}
        WHERE EXISTS (SELECT 1 FROM taken)
        RETURNING id, reference, expires_at),
      line (position, product_id, title, unit_price, quantity, line_total, vat_rate, holder_names) AS (
        VALUES ${sql.join(lines, sql`, `)}),
      item AS (INSERT INTO ${orderItems}
          (order_id, product_id, title, unit_price, quantity, line_total, vat_rate, holder_names)
        SELECT placed.id, line.product_id, line.title, line.unit_price, line.quantity, line.line_total,
          line.vat_rate, line.holder_names
        FROM placed, line ORDER BY line.position),
      hold AS (INSERT INTO ${productHolds} (order_id, product_id, quantity, expires_at)
        SELECT placed.id, line.product_id, line.quantity, placed.expires_at FROM placed, line)
      SELECT (SELECT count(*) FROM owned)::int AS owned, placed.id, placed.reference, placed.expires_at
      FROM (SELECT 1) AS one LEFT JOIN placed ON true`,
  );
  const placed =
    row?.id != null && row.reference !== null && row.expires_at !== null
      ? { id: Number(row.id), reference: row.reference, expiresAt: new Date(row.expires_at) }
      : null;
  return { owned: Number(row?.owned ?? 0) > 0, placed };
}

/** The order made, and what its payment needs of the buyer. */
export type NewOrder = Omit<CreatedOrder, 'paymentUrl'> & { email: string };

/** How many times a checkout starts again after meeting the same buyer's concurrent one. */
const ATTEMPTS = 5;

/** The advisory lock space of a buyer's checkouts that replace a pending order (the key: the buyer's id). */
const BUYER_CHECKOUT_LOCK = 0x6f726472;

/**
 * The buyer's order, which replaces their pending one if they have one (docs/decisions/0040). Two checkouts
 * of the same buyer at the same moment may both find none: the unique index of one pending order per buyer
 * refuses the second's order (nothing of it is written), which then starts again and replaces the first's.
 */
export async function createOrder(
  db: Database,
  userId: number,
  request: OrderRequest,
  now: Date,
  options: CheckoutOptions = {},
): Promise<NewOrder> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await placeBuyerOrder(db, userId, request, now, options);
    } catch (error) {
      // Two of the same buyer's checkouts met: the unique index refused the second's order, or PostgreSQL
      // chose one as a deadlock's victim (seen on PostgreSQL with 40 at once through two processes: a
      // one-statement checkout inserting its order while a replacing one holds the product). Either way
      // nothing of the refused one was written: it starts again, and replaces the order that came first.
      if (!violates(error, ONE_PENDING_ORDER_INDEX) && !isTransientConflict(error)) throw error;
      if (attempt >= ATTEMPTS)
        throw new HttpError(503, 'SERVICE_UNAVAILABLE', CREATE_ORDER_MESSAGES.busy, {
          headers: { 'retry-after': '1' },
        });
    }
  }
}

async function placeBuyerOrder(
  db: Database,
  userId: number,
  request: OrderRequest,
  now: Date,
  { guarded = true }: CheckoutOptions,
): Promise<NewOrder> {
  const { cartID, billing } = request;
  // Everything is checked before anything is locked or written, refusals first: once a sale is sold out,
  // they are most of the checkouts, and each costs two reads (bench/onsale.bench.ts).
  const { buyer, lines, pending } = await readCart(db, cartID, userId);
  if (lines.length === 0) throw invalidField('body', ['cartID'], CREATE_ORDER_MESSAGES.emptyCart);
  const held = pending ? await heldByBuyer(db, userId) : new Map<number, number>();

  // The check everyone sees on the pages (expired holds already given back by `availableSql`); the guarded
  // UPDATE below is what holds under concurrency.
  const found = await findCartProducts(db, [...new Set(lines.map((line) => line.productID))], now);
  const refused = lines.flatMap(({ productID, quantity }, index) => {
    const message = refusal(found.get(productID), quantity, held.get(productID) ?? 0);
    return message === null ? [] : [{ index, message }];
  });
  if (refused.length > 0) throw soldOut(refused);

  // The recap the buyer confirmed must be what they pay (Code civil 1127-2): a price changed since is shown
  // to them again rather than charged.
  const seen = new Map((request.seen ?? []).map((line) => [line.productID, line.unitPrice]));
  const changed = lines.flatMap(({ productID }, index) => {
    const product = found.get(productID);
    const saw = seen.get(productID);
    if (!product || saw === undefined || saw === product.discountedPrice) return [];
    return [{ index, message: CREATE_ORDER_MESSAGES.priceChanged(product.name, formatPrice(product.discountedPrice)) }];
  });
  if (changed.length > 0) throw refusedLines('PRICE_CHANGED', CREATE_ORDER_MESSAGES.pricesChanged, changed);

  const buyerName = `${buyer.firstname} ${buyer.lastname}`;
  const holders = new Map((request.holders ?? []).map((line) => [line.productID, line.names]));
  const items: OrderLine[] = lines.map(({ productID, quantity }) => {
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
  const placing: Placing = { userId, cartID, billing, totalAmount, breakdown };

  // Products in ascending id order, the order every checkout and the job lock product rows in: two orders
  // of the same products queue, never deadlock. Their expired holds are given back first, each product in a
  // statement of its own, so that those places are there for this order too.
  const byProduct = [...items.keys()].sort((a, b) => (items[a]?.productID ?? 0) - (items[b]?.productID ?? 0));
  for (const index of byProduct) {
    const line = items[index];
    if (line) await releaseExpiredHoldsOf(db, line.productID);
  }
  const refuse = async (index: number, executor: Database, freed = 0) => {
    const line = items[index];
    // Taken meanwhile by a concurrent order: the count is read again, after it (with the places of the
    // buyer's previous order, given back only if this one had been made).
    const left = line ? (await leftOf(executor, line.productID)) + freed : 0;
    return soldOut([{ index, message: CREATE_ORDER_MESSAGES.fewLeft(line?.title ?? '', left) }]);
  };
  const lastIndex = byProduct.at(-1) ?? 0;
  const last = items[lastIndex];
  if (!last) throw new Error('order without lines');

  let placed: PlacedOrder;
  if (byProduct.length === 1 && !pending) {
    // One product, as in an on-sale rush: one statement, outside any transaction, so PostgreSQL commits it
    // as it ends: the product's row stays locked for that statement and its commit only, never for a round
    // trip to this process (docs/decisions/0032).
    const outcome = await placeOrder(db, last, { guarded }, placing, items);
    if (!outcome.owned) throw notFound(CART_ERROR_MESSAGES.notFound);
    if (!outcome.placed) throw await refuse(lastIndex, db);
    placed = outcome.placed;
  } else {
    // Several products, or the buyer's pending order to replace: one transaction, the cart first (as the
    // statement above: the cart, then products), then the buyer's pending order cancelled and its holds
    // released (the order row, then its holds, as a payment locks them), then every product concerned in
    // ascending id — what this order takes and what the previous one gave back, in one guarded statement
    // a product — the last product this order takes by the statement above. Nothing of it stays if any
    // line cannot be held: the previous order is then still pending, its places still held.
    placed = await db.transaction(async (tx) => {
      // One such checkout of a buyer at a time: the next one waits, then finds this one's order pending and
      // replaces it. (A buyer's row lock would come before the products here but after them in the statement
      // above, which updates the billing address: a cycle. This lock is taken by nothing else.)
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${BUYER_CHECKOUT_LOCK}::int, ${userId}::int)`);
      const [claimed] = await rowsOf<{ owned: number }>(
        tx,
        sql`WITH ${ownedCartSql(cartID, userId)} SELECT count(*)::int AS owned FROM owned`,
      );
      if (!Number(claimed?.owned)) throw notFound(CART_ERROR_MESSAGES.notFound);
      const { freed } = await cancelPendingOrders(tx, sql`user_id = ${userId}`);
      const indexOf = new Map(items.map((line, index) => [line.productID, index]));
      const concerned = [...new Set([...indexOf.keys(), ...freed.keys()])].sort((a, b) => a - b);
      for (const productId of concerned.filter((id) => id < last.productID)) {
        const index = indexOf.get(productId);
        const given = freed.get(productId) ?? 0;
        if (index === undefined) await givePlacesBack(tx, productId, given);
        else if (!(await holdPlaces(tx, productId, items[index]?.quantity ?? 0, { guarded, freed: given })))
          throw await refuse(index, tx, given);
      }
      const given = freed.get(last.productID) ?? 0;
      const outcome = await placeOrder(tx, last, { guarded, freed: given }, placing, items);
      if (!outcome.placed) throw await refuse(lastIndex, tx, given);
      for (const productId of concerned.filter((id) => id > last.productID))
        await givePlacesBack(tx, productId, freed.get(productId) ?? 0);
      return outcome.placed;
    });
  }

  return {
    orderID: placed.id,
    reference: placed.reference,
    status: 'PENDING',
    totalAmount,
    currency: 'EUR',
    expiresAt: placed.expiresAt.toISOString(),
    email: buyer.email,
    items: items.map(({ productID, title, unitPrice, quantity, lineTotal }) => ({
      productID,
      title,
      unitPrice,
      quantity,
      lineTotal,
    })),
  };
}
