import { type CreatedOrder, DEMO_TEST_CARDS } from '@guichet/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { cartItems, carts, orders, productHolds, products, users } from '../../src/db/schema.js';
import { signAccessToken } from '../../src/services/auth/tokens.js';
import { bearer } from '../auth/support.js';
import { createTestApp, insertConcert } from '../helpers.js';

let current: Awaited<ReturnType<typeof createTestApp>> | undefined;

/** The app of this test file (one per file: vitest gives each file its own copy of this module). */
export function ctx() {
  if (!current) throw new Error('checkout test app not started');
  return current;
}
export let ticketingId: number;
let organizerId: number;

export const DAY = 24 * 3_600_000;
/** Hundreds of checkouts: seconds alone, far more when the whole suite shares the machine. */
export const MANY = { timeout: 180_000 };
export const TICKETING_TITLE = 'Nuit du jazz';

/** Starts the app with an organizer and a ticketing of its own, closed after the file. */
export function useCheckoutApp() {
  beforeAll(async () => {
    current = await createTestApp();
    const { db } = ctx().database;
    const concert = await insertConcert(db, { title: TICKETING_TITLE });
    organizerId = concert.organizerId;
    ticketingId = concert.id;
  });
  afterAll(async () => {
    await current?.close();
  });
}

export async function insertTicketing(title: string): Promise<number> {
  return (await insertConcert(ctx().database.db, { title, organizerId })).id;
}

let productCount = 0;

/** A ticket of `ticketing` (the file's one by default); its name in messages is « ticketing — title ». */
export async function insertProduct(values: { stock: number; quota?: number; price?: number; ticketing?: number }) {
  productCount += 1;
  const title = `Tarif ${productCount}`;
  const [row] = await ctx()
    .database.db.insert(products)
    .values({
      productType: 'TICKET',
      ticketingId: values.ticketing ?? ticketingId,
      title,
      price: values.price ?? 2500,
      quota: values.quota ?? 10,
      stock: values.stock,
      position: productCount,
    })
    .returning({ id: products.id });
  return { id: row?.id ?? 0, title, name: `${TICKETING_TITLE} — ${title}` };
}

/**
 * Members made straight in the database, with access tokens signed by the API's own helper: registering
 * hundreds through POST /account would spend seconds of argon2 on what these tests do not look at.
 */
export async function insertUsers(count: number) {
  const rows = await ctx()
    .database.db.insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        firstname: 'Alix',
        lastname: `Acheteur ${index}`,
        email: `acheteur-${productCount}-${index}-${Math.random().toString(36).slice(2)}@exemple.fr`,
        passwordHash: 'jamais-utilisé',
      })),
    )
    .returning({ id: users.id });
  return Promise.all(
    rows.map(async ({ id }) => ({
      id,
      headers: bearer(await signAccessToken(ctx().env.JWT_SECRET, { id, firstname: 'Alix', sessionVersion: 0 })),
    })),
  );
}

/** A cart made through the API (anonymous without headers), as the web makes it. */
export async function apiCart(lines: { productID: number; quantity: number }[], headers: Record<string, string> = {}) {
  const response = await ctx().app.inject({
    method: 'POST',
    url: '/public/carts',
    headers,
    payload: {
      cartItems: lines.map(({ productID, quantity }) => ({ quantity, product: { productID, productType: 'TICKET' } })),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ cartID: string }>().cartID;
}

/** Many anonymous one-line carts at once, straight in the database. */
export async function insertCarts(productId: number, count: number): Promise<string[]> {
  const { db } = ctx().database;
  const rows = await db
    .insert(carts)
    .values(Array.from({ length: count }, () => ({ userId: null })))
    .returning({ id: carts.id });
  await db.insert(cartItems).values(rows.map(({ id }) => ({ cartId: id, productId, quantity: 1 })));
  return rows.map((row) => row.id);
}

/** What the checkout form sends besides the cart: a billing address and the terms accepted. */
export const CHECKOUT_FORM = {
  billing: { street: '3 place Bellecour', postalCode: '69002', city: 'Lyon', country: 'France' },
  acceptTerms: true,
} as const;

export const checkout = (cartID: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
  ctx().app.inject({ method: 'POST', url: '/orders', headers, payload: { cartID, ...CHECKOUT_FORM, ...extra } });

export async function productRow(id: number) {
  const [row] = await ctx().database.db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error(`product ${id} missing`);
  return row;
}

export async function unreleasedHolds(productId: number): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    ctx().database.db,
    sql`SELECT coalesce(sum(quantity), 0)::int AS total FROM ${productHolds}
      WHERE product_id = ${productId} AND released_at IS NULL`,
  );
  return Number(row?.total);
}

/** What the ticketing page says of a ticket: the quantity one can still choose, and « complet ». */
export async function ticketOnPage(productId: number, ticketing = ticketingId) {
  const response = await ctx().app.inject({ method: 'GET', url: `/ticketings/${ticketing}` });
  expect(response.statusCode).toBe(200);
  const product = response
    .json<{ products: { productID: number; quota: number; soldOut: boolean }[] }>()
    .products.find((item) => item.productID === productId);
  if (!product) throw new Error(`product ${productId} not on its page`);
  return { quota: product.quota, soldOut: product.soldOut };
}

/** Moves an order's holds (and its creation) `minutes` into the past: as if that much time had gone by. */
export async function age(orderID: number, minutes: number) {
  const { db } = ctx().database;
  const shift = sql`make_interval(mins => ${minutes})`;
  await db
    .update(productHolds)
    .set({ expiresAt: sql`${productHolds.expiresAt} - ${shift}` })
    .where(eq(productHolds.orderId, orderID));
  await db
    .update(orders)
    .set({ createdAt: sql`${orders.createdAt} - ${shift}` })
    .where(eq(orders.id, orderID));
}

export async function statusOf(orderID: number) {
  const [row] = await ctx().database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderID));
  return row?.status;
}

/** The constraint a failed statement broke (both drivers wrap PostgreSQL's error in Drizzle's `cause`). */
export function violatedConstraint(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23514') return typeof constraint === 'string' ? constraint : 'unnamed check';
  }
  return undefined;
}

/** A paid order of `lines` by a new buyer named `lastname`, through the real checkout and the demo bank. */
export async function buy(
  lines: { productID: number; quantity: number; holders?: string[] }[],
  { lastname = 'Acheteur', pay = true } = {},
) {
  const [buyer] = await insertUsers(1);
  if (!buyer) throw new Error('buyer');
  await ctx().database.db.update(users).set({ lastname }).where(eq(users.id, buyer.id));
  const cartID = await apiCart(
    lines.map(({ productID, quantity }) => ({ productID, quantity })),
    buyer.headers,
  );
  const holders = lines.flatMap(({ productID, holders: names }) => (names ? [{ productID, names }] : []));
  const response = await ctx().app.inject({
    method: 'POST',
    url: '/orders',
    headers: buyer.headers,
    payload: { cartID, ...CHECKOUT_FORM, holders },
  });
  expect(response.statusCode).toBe(201);
  const order = response.json<CreatedOrder>();
  if (pay) {
    const session = decodeURIComponent(new URL(order.paymentUrl).searchParams.get('order') ?? '');
    const paid = await ctx().app.inject({
      method: 'POST',
      url: `/payments/demo/${encodeURIComponent(session)}/attempts`,
      payload: { cardNumber: DEMO_TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' },
    });
    expect(paid.statusCode).toBeLessThan(300);
  }
  return { order, buyer };
}
