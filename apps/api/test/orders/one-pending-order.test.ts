/**
 * A buyer has one pending order at most (docs/decisions/0040): ordering again cancels the previous pending
 * order and gives its places back, in the transaction that makes the new one; so the places one buyer holds
 * on a product never exceed what one order may take, however many times — or however many at once — they
 * check out. On PGlite and, with DATABASE_URL, on PostgreSQL (apps/api/test-postgres: two API processes).
 */
import { CREATE_ORDER_MESSAGES, type CreatedOrder, DEMO_TEST_CARDS, PAYMENT_MESSAGES } from '@guichet/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { cartItems, carts, orders, productHolds } from '../../src/db/schema.js';
import { holdPlaces } from '../../src/services/checkout/holds.js';
import {
  checkout,
  ctx,
  insertCarts,
  insertProduct,
  insertUsers,
  MANY,
  productRow,
  statusOf,
  ticketOnPage,
  unreleasedHolds,
  useCheckoutApp,
} from './checkout-support.js';

useCheckoutApp();

async function oneBuyer() {
  const [buyer] = await insertUsers(1);
  if (!buyer) throw new Error('user missing');
  return buyer;
}

async function ordered(cartID: string, headers: Record<string, string>): Promise<CreatedOrder> {
  const response = await checkout(cartID, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedOrder>();
}

/** The buyer's orders by status. */
async function statusesOf(userId: number) {
  const rows = await rowsOf<{ status: string; count: number }>(
    ctx().database.db,
    sql`SELECT status, count(*)::int AS count FROM ${orders} WHERE user_id = ${userId} GROUP BY status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/** Places held by the buyer's unreleased holds on a product. */
async function heldBy(userId: number, productId: number): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    ctx().database.db,
    sql`SELECT coalesce(sum(h.quantity), 0)::int AS total FROM ${productHolds} h JOIN ${orders} o ON o.id = h.order_id
      WHERE o.user_id = ${userId} AND h.product_id = ${productId} AND h.released_at IS NULL`,
  );
  return Number(row?.total);
}

/**
 * A cart of the buyer's written straight in the database: the cart API would lower a line to what is left,
 * and these tests order what the buyer holds already, or what another buyer has just taken.
 */
async function cartOf(userId: number, lines: { productID: number; quantity: number }[]): Promise<string> {
  const { db } = ctx().database;
  const [cart] = await db.insert(carts).values({ userId }).returning({ id: carts.id });
  if (!cart) throw new Error('cart missing');
  await db
    .insert(cartItems)
    .values(
      lines.map(({ productID, quantity }, position) => ({ cartId: cart.id, productId: productID, quantity, position })),
    );
  return cart.id;
}

const sessionOf = (order: CreatedOrder) => new URL(order.paymentUrl).searchParams.get('order') ?? '';

describe('POST /orders, a buyer who orders again', () => {
  it('cancels the previous pending order and gives its places back at once', async () => {
    const product = await insertProduct({ stock: 10, quota: 4 });
    const buyer = await oneBuyer();
    const first = await ordered(await cartOf(buyer.id, [{ productID: product.id, quantity: 4 }]), buyer.headers);
    expect(await ticketOnPage(product.id)).toEqual({ quota: 4, soldOut: false });
    expect((await productRow(product.id)).reserved).toBe(4);

    // Back to the cart, one ticket fewer, and « Acheter » again.
    const second = await ordered(await cartOf(buyer.id, [{ productID: product.id, quantity: 3 }]), buyer.headers);
    expect(await statusOf(first.orderID)).toBe('CANCELLED');
    expect(await statusOf(second.orderID)).toBe('PENDING');
    expect(await statusesOf(buyer.id)).toEqual({ CANCELLED: 1, PENDING: 1 });
    expect((await productRow(product.id)).reserved).toBe(3);
    expect(await unreleasedHolds(product.id)).toBe(3);
    expect(await ticketOnPage(product.id)).toEqual({ quota: 4, soldOut: false });

    // The first order's payment page takes no payment any more.
    const paid = await ctx().app.inject({
      method: 'POST',
      url: `/payments/demo/${encodeURIComponent(sessionOf(first))}/attempts`,
      payload: { cardNumber: DEMO_TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE', message: PAYMENT_MESSAGES.cancelled });
    expect((await productRow(product.id)).sold).toBe(0);
  });

  it('lets the holder of the last places order them again', async () => {
    const product = await insertProduct({ stock: 2, quota: 2 });
    const buyer = await oneBuyer();
    const cartID = await cartOf(buyer.id, [{ productID: product.id, quantity: 2 }]);
    const first = await ordered(cartID, buyer.headers);
    expect(await ticketOnPage(product.id)).toEqual({ quota: 0, soldOut: true });
    const second = await ordered(cartID, buyer.headers);
    expect(await statusOf(first.orderID)).toBe('CANCELLED');
    expect(await statusOf(second.orderID)).toBe('PENDING');
    expect(await productRow(product.id)).toMatchObject({ reserved: 2, sold: 0 });
  });

  it('gives back the products the new order no longer has, and lets it take again those it still has', async () => {
    const low = await insertProduct({ stock: 10, quota: 4 });
    const middle = await insertProduct({ stock: 1, quota: 4 });
    const high = await insertProduct({ stock: 10, quota: 4 });
    const buyer = await oneBuyer();
    const first = await ordered(
      await cartOf(buyer.id, [
        { productID: low.id, quantity: 2 },
        { productID: high.id, quantity: 3 },
      ]),
      buyer.headers,
    );

    // The middle product alone: both of the first order's products are given back, below and above it.
    const second = await ordered(await cartOf(buyer.id, [{ productID: middle.id, quantity: 1 }]), buyer.headers);
    expect(await statusOf(first.orderID)).toBe('CANCELLED');
    expect(await statusOf(second.orderID)).toBe('PENDING');
    expect((await productRow(low.id)).reserved).toBe(0);
    expect((await productRow(middle.id)).reserved).toBe(1);
    expect((await productRow(high.id)).reserved).toBe(0);

    // The last place of the middle one is the buyer's: ordered again beside another product, it is given
    // back and taken again in the same transaction (below the last product, then as the last one).
    for (const [other, quantity] of [
      [high, 1],
      [low, 3],
    ] as const) {
      const previous = await statusesOf(buyer.id);
      const next = await ordered(
        await cartOf(buyer.id, [
          { productID: middle.id, quantity: 1 },
          { productID: other.id, quantity },
        ]),
        buyer.headers,
      );
      expect(await statusOf(next.orderID)).toBe('PENDING');
      expect(await statusesOf(buyer.id)).toEqual({ CANCELLED: (previous.CANCELLED ?? 0) + 1, PENDING: 1 });
      expect((await productRow(middle.id)).reserved).toBe(1);
      expect((await productRow(other.id)).reserved).toBe(quantity);
    }
    expect((await productRow(high.id)).reserved).toBe(0);
  });

  it('keeps the pending order and its places when the new order is sold out', async () => {
    const mine = await insertProduct({ stock: 5, quota: 4 });
    const scarce = await insertProduct({ stock: 1, quota: 4 });
    const buyer = await oneBuyer();
    const other = await oneBuyer();
    const first = await ordered(await cartOf(buyer.id, [{ productID: mine.id, quantity: 2 }]), buyer.headers);
    await ordered(await cartOf(other.id, [{ productID: scarce.id, quantity: 1 }]), other.headers);

    const refused = await checkout(
      await cartOf(buyer.id, [
        { productID: mine.id, quantity: 2 },
        { productID: scarce.id, quantity: 1 },
      ]),
      buyer.headers,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().issues).toEqual([
      { path: ['cartItems', 1], code: 'SOLD_OUT', message: CREATE_ORDER_MESSAGES.fewLeft(scarce.name, 0) },
    ]);
    expect(await statusOf(first.orderID)).toBe('PENDING');
    expect(await heldBy(buyer.id, mine.id)).toBe(2);
    expect((await productRow(mine.id)).reserved).toBe(2);
  });
});

describe('the guarded statement', () => {
  it('holds no more than one order may take, whatever the caller asks', async () => {
    const product = await insertProduct({ stock: 100, quota: 4 });
    const { db } = ctx().database;
    expect(await db.transaction((tx) => holdPlaces(tx, product.id, 5))).toBe(false);
    expect(await db.transaction((tx) => holdPlaces(tx, product.id, 4))).toBe(true);
    expect((await productRow(product.id)).reserved).toBe(4);
  });
});

describe('the database itself', () => {
  it('refuses a second pending order of one buyer, whoever writes it', async () => {
    const buyer = await oneBuyer();
    const { db } = ctx().database;
    const order = (reference: string) =>
      db.insert(orders).values({ reference, userId: buyer.id, status: 'PENDING', totalAmount: 100 });
    await order(`GU-T-A-${buyer.id}`);
    await expect(order(`GU-T-B-${buyer.id}`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505', constraint: 'order_one_pending_per_buyer' }),
    });
    // Paid, cancelled or expired orders are not counted.
    await db
      .insert(orders)
      .values({ reference: `GU-T-C-${buyer.id}`, userId: buyer.id, status: 'EXPIRED', totalAmount: 100 });
  });
});

describe('POST /orders, one buyer checking out many times at once', () => {
  it('leaves one pending order and never more places held than one order may take', MANY, async () => {
    const product = await insertProduct({ stock: 100, quota: 4 });
    const buyer = await oneBuyer();
    const others = await insertUsers(10);
    // 30 carts of the buyer, 4 places each (the most one order may take), and 10 other buyers at once.
    const carts = await insertCarts(product.id, 40);
    const { db } = ctx().database;
    await db.execute(sql`UPDATE cart_item SET quantity = 4 WHERE cart_id IN ${carts}`);
    const responses = await Promise.all(
      carts.map((cartID, index) => checkout(cartID, index < 30 ? buyer.headers : (others[index - 30]?.headers ?? {}))),
    );
    // Every one made its order (each replacing the buyer's one before), none failed.
    expect(responses.map((response) => response.statusCode)).toEqual(carts.map(() => 201));
    expect(await statusesOf(buyer.id)).toEqual({ CANCELLED: 29, PENDING: 1 });
    expect(await heldBy(buyer.id, product.id)).toBe(4);
    expect(await productRow(product.id)).toMatchObject({ reserved: 4 + 10 * 4, sold: 0 });
    expect(await unreleasedHolds(product.id)).toBe(44);
    const [pending] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, buyer.id), eq(orders.status, 'PENDING')));
    expect(pending).toBeDefined();
  });
});
