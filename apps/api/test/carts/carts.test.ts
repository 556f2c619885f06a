/**
 * The server cart (POST /public/carts, PUT /public/carts/:cartID, POST /account/:id/cart) on the demo
 * catalogue: every answer is compared with what the product rows say, priced by the domain's
 * `discountedPrice` (a second implementation beside the API's SQL), quantities capped at what is left, lines
 * of products that cannot be sold dropped, a cart linked to an account answering that account only, and the
 * merge at login. The same file runs on PGlite and on PostgreSQL (DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { CART_ERROR_MESSAGES, type Cart, type CartProduct, Cart as CartSchema } from '@guichet/contracts';
import { CART_MAX_LINES, discountedPrice, FORM_MESSAGES, formatMessage } from '@guichet/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as schema from '../../src/db/schema.js';
import { bearer, registerUser } from '../auth/support.js';
import { freezeClock, NOW } from '../catalogue/catalogue-data.js';
import { createTestApp, validationIssues } from '../helpers.js';

type ProductRow = typeof schema.products.$inferSelect;
type TicketingRow = typeof schema.ticketings.$inferSelect;
type OfferRow = typeof schema.offers.$inferSelect;

let context: Awaited<ReturnType<typeof createTestApp>>;
let rows: ProductRow[];
let ticketingsById: Map<number, TicketingRow>;
let offersById: Map<number, OfferRow>;

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  const { db } = context.database;
  rows = await db.select().from(schema.products).orderBy(asc(schema.products.id));
  ticketingsById = new Map((await db.select().from(schema.ticketings)).map((row) => [row.id, row]));
  offersById = new Map((await db.select().from(schema.offers)).map((row) => [row.id, row]));
  freezeClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await context?.close();
});

const db = () => context.database.db;

// ---- The catalogue, read from the rows ----------------------------------------------------------------------

const ticketingOf = (row: ProductRow) => (row.ticketingId === null ? undefined : ticketingsById.get(row.ticketingId));
const offerOf = (row: ProductRow) => (row.offerId === null ? undefined : offersById.get(row.offerId));
const leftOf = (row: ProductRow) => Math.max(0, row.stock - row.sold - row.reserved);

function onSale(row: ProductRow): boolean {
  const ticketing = ticketingOf(row);
  if (ticketing)
    return (
      ticketing.status === 'PUBLISHED' &&
      (ticketing.salesStartAt === null || ticketing.salesStartAt.getTime() <= NOW.getTime()) &&
      ticketing.endsAt.getTime() >= NOW.getTime()
    );
  const offer = offerOf(row);
  return offer !== undefined && offer.validUntil.getTime() >= NOW.getTime();
}

/** How the messages name a product: its ticketing's or offer's title, then its own. */
const nameOf = (row: ProductRow) => `${ticketingOf(row)?.title ?? offerOf(row)?.title} — ${row.title}`;

/** The product as the cart should answer it, worked out from its row. */
function expectedProduct(row: ProductRow): CartProduct {
  const ticketing = ticketingOf(row);
  const offer = offerOf(row);
  return {
    productID: row.id,
    productType: row.productType,
    title: row.title,
    price: row.price,
    discountType: row.discountType,
    discount: row.discount,
    discountedPrice: discountedPrice(row),
    quota: onSale(row) ? Math.min(row.quota, leftOf(row)) : 0,
    remaining: leftOf(row),
    ticketing: ticketing
      ? {
          id: ticketing.id,
          slug: ticketing.slug,
          title: ticketing.title,
          startsAt: ticketing.startsAt.toISOString(),
          endsAt: ticketing.endsAt.toISOString(),
          venue: ticketing.venue,
          city: ticketing.city,
          thumbnail: ticketing.visuals[0] ?? null,
        }
      : null,
    offer: offer
      ? {
          offerID: offer.id,
          slug: offer.slug,
          title: offer.title,
          partner: offer.partner,
          city: offer.city,
          validUntil: offer.validUntil.toISOString(),
          thumbnail: offer.visuals[0] ?? null,
        }
      : null,
  };
}

/** The row as it is now (after a test changed its stock). */
async function reread(row: ProductRow): Promise<ProductRow> {
  const [fresh] = await db().select().from(schema.products).where(eq(schema.products.id, row.id));
  if (!fresh) throw new Error(`product ${row.id} is gone`);
  return fresh;
}

/**
 * Products on sale with more left than one order may take, each handed to one test only, so that a test
 * changing a product's stock never disturbs another.
 */
const taken = new Set<number>();
function take(predicate: (row: ProductRow) => boolean = () => true, what = 'a product'): ProductRow {
  const row = rows.find(
    (candidate) =>
      !taken.has(candidate.id) &&
      onSale(candidate) &&
      leftOf(candidate) > candidate.quota + 2 &&
      candidate.quota >= 3 &&
      predicate(candidate),
  );
  if (!row) throw new Error(`the seed has no more ${what} on sale`);
  taken.add(row.id);
  return row;
}
const takeMany = (count: number) => Array.from({ length: count }, () => take());

// ---- Requests ------------------------------------------------------------------------------------------------

type Headers = Record<string, string>;

/** A line as the web sends it. */
const line = (
  row: Pick<ProductRow, 'id' | 'productType'>,
  quantity: number,
  productType: string = row.productType,
) => ({
  quantity,
  product: { productID: row.id, productType },
});

const post = (cartItems: unknown[], headers: Headers = {}) =>
  context.app.inject({ method: 'POST', url: '/public/carts', payload: { cartItems }, headers });
const put = (cartID: string, cartItems: unknown[], headers: Headers = {}) =>
  context.app.inject({
    method: 'PUT',
    url: `/public/carts/${encodeURIComponent(cartID)}`,
    payload: { cartItems },
    headers,
  });
const merge = (accountId: number, cartItems: unknown[], headers: Headers = {}) =>
  context.app.inject({ method: 'POST', url: `/account/${accountId}/cart`, payload: { cartItems }, headers });

async function created(cartItems: unknown[], headers: Headers = {}): Promise<Cart> {
  const response = await post(cartItems, headers);
  expect(response.statusCode, response.body).toBe(201);
  return CartSchema.parse(response.json());
}

async function updated(cartID: string, cartItems: unknown[], headers: Headers = {}): Promise<Cart> {
  const response = await put(cartID, cartItems, headers);
  expect(response.statusCode, response.body).toBe(200);
  return CartSchema.parse(response.json());
}

async function merged(accountId: number, cartItems: unknown[], headers: Headers): Promise<Cart> {
  const response = await merge(accountId, cartItems, headers);
  expect(response.statusCode, response.body).toBe(200);
  return CartSchema.parse(response.json());
}

const quantities = (cart: Cart) => cart.cartItems.map((item) => [item.productID, item.quantity]);

/** The cart's lines as stored, in their order. */
async function storedLines(cartID: string) {
  const lines = await db()
    .select({ productID: schema.cartItems.productId, quantity: schema.cartItems.quantity })
    .from(schema.cartItems)
    .where(eq(schema.cartItems.cartId, cartID))
    .orderBy(asc(schema.cartItems.position));
  return lines.map((stored) => [stored.productID, stored.quantity]);
}

async function ownerOf(cartID: string): Promise<number | null | undefined> {
  const [cart] = await db().select().from(schema.carts).where(eq(schema.carts.id, cartID));
  return cart?.userId;
}

const NOT_FOUND = { statusCode: 404, code: 'NOT_FOUND', message: CART_ERROR_MESSAGES.notFound };
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// ---- Tests ---------------------------------------------------------------------------------------------------

describe('POST /public/carts', () => {
  it('answers 201 with every line priced from the product rows, its total and no adjustment', async () => {
    const percentage = take((row) => row.productType === 'TICKET' && row.discountType === 'PERCENTAGE', 'ticket −%');
    const fixed = take((row) => row.discountType === 'FIXED', 'product −€');
    const plain = take((row) => row.productType === 'TICKET' && row.discountType === null, 'ticket');
    const deal = take((row) => row.productType === 'OFFER', 'deal');
    const cart = await created([line(percentage, 2), line(fixed, 1), line(plain, 3), line(deal, 2)]);

    expect(cart.cartID).toMatch(UUID_V4);
    expect(cart.currency).toBe('EUR');
    expect(cart.adjustments).toEqual([]);
    const wanted = [
      [percentage, 2],
      [fixed, 1],
      [plain, 3],
      [deal, 2],
    ] as const;
    expect(cart.cartItems).toEqual(
      wanted.map(([row, quantity]) => ({
        productID: row.id,
        quantity,
        product: expectedProduct(row),
        lineTotal: discountedPrice(row) * quantity,
      })),
    );
    // Real discounts, so the price and the discounted price differ where they should.
    expect(cart.cartItems[0]?.product.discountedPrice).toBeLessThan(percentage.price);
    expect(cart.cartItems[1]?.product.discountedPrice).toBe(fixed.price - fixed.discount);
    expect(cart.cartItems[3]?.product.offer?.offerID).toBe(deal.offerId);
    expect(cart.totalAmount).toBe(wanted.reduce((sum, [row, quantity]) => sum + discountedPrice(row) * quantity, 0));
    expect(await storedLines(cart.cartID)).toEqual(wanted.map(([row, quantity]) => [row.id, quantity]));
    expect(await ownerOf(cart.cartID)).toBeNull();
  });

  it('reads nothing but the product, its type and the quantity: sent prices and totals change nothing', async () => {
    const [first, second] = takeMany(2) as [ProductRow, ProductRow];
    const honest = await created([line(first, 2), line(second, 1)]);
    const tampered = {
      cartID: honest.cartID,
      totalAmount: 1,
      currency: 'USD',
      adjustments: [{ productID: first.id, code: 'QUANTITY_CAPPED', message: 'x' }],
      cartItems: [
        {
          productID: first.id,
          quantity: 2,
          lineTotal: 1,
          product: {
            ...expectedProduct(first),
            price: 1,
            discountType: 'FIXED',
            discount: first.price,
            discountedPrice: 0,
            quota: 100,
            remaining: 100,
          },
        },
        {
          quantity: 1,
          lineTotal: 0,
          price: 0,
          product: { productID: second.id, productType: second.productType, price: 0 },
        },
      ],
    };
    const response = await context.app.inject({ method: 'POST', url: '/public/carts', payload: tampered });
    expect(response.statusCode, response.body).toBe(201);
    const { cartID, ...answer } = CartSchema.parse(response.json());
    expect(cartID).not.toBe(honest.cartID);
    const { cartID: _, ...expected } = honest;
    expect(answer).toEqual(expected);
    expect(answer.totalAmount).toBe(discountedPrice(first) * 2 + discountedPrice(second));
  });

  it('caps a quantity at what one order may take, and says so', async () => {
    const row = take((candidate) => candidate.quota < 100, 'product with a quota');
    const cart = await created([line(row, row.quota + 1)]);
    expect(quantities(cart)).toEqual([[row.id, row.quota]]);
    expect(cart.cartItems[0]?.lineTotal).toBe(discountedPrice(row) * row.quota);
    expect(cart.totalAmount).toBe(discountedPrice(row) * row.quota);
    expect(cart.adjustments).toEqual([
      {
        productID: row.id,
        code: 'QUANTITY_CAPPED',
        reason: 'PER_ORDER',
        message: `${row.quota} au plus par commande pour « ${nameOf(row)} » : quantité ramenée à ${row.quota}.`,
      },
    ]);
    expect(await storedLines(cart.cartID)).toEqual([[row.id, row.quota]]);
  });

  it('caps a quantity at what is left: « Plus que 4 disponibles » at the improvisation evening', async () => {
    const offer = [...offersById.values()].find((candidate) => candidate.title === 'Soirée théâtre d’improvisation');
    const row = rows.find((candidate) => candidate.offerId === offer?.id && candidate.title === 'Une place');
    if (!row) throw new Error('the seed has « Une place » at the improvisation evening');
    expect(leftOf(row)).toBe(4);
    expect(row.quota).toBeGreaterThan(4);
    const cart = await created([line(row, 6)]);
    expect(quantities(cart)).toEqual([[row.id, 4]]);
    expect(cart.cartItems[0]?.product).toEqual(expectedProduct(row));
    expect(cart.cartItems[0]?.product).toMatchObject({ quota: 4, remaining: 4 });
    expect(cart.adjustments).toEqual([
      {
        productID: row.id,
        code: 'QUANTITY_CAPPED',
        reason: 'FEW_LEFT',
        message: 'Plus que 4 disponibles pour « Soirée théâtre d’improvisation — Une place » : quantité ramenée à 4.',
      },
    ]);
    // Asking for what is left, or less, changes nothing.
    expect((await created([line(row, 4)])).adjustments).toEqual([]);
  });

  it('counts a held quantity as not available: one left is « Plus que 1 disponible », none left drops the line', async () => {
    const row = take();
    const { db: database } = context.database;
    const hold = (reserved: number) =>
      database.update(schema.products).set({ reserved }).where(eq(schema.products.id, row.id));
    try {
      await hold(row.stock - row.sold - 1);
      const one = await reread(row);
      const capped = await created([line(row, 2)]);
      expect(quantities(capped)).toEqual([[row.id, 1]]);
      expect(capped.cartItems[0]?.product).toEqual(expectedProduct(one));
      expect(capped.adjustments).toEqual([
        {
          productID: row.id,
          code: 'QUANTITY_CAPPED',
          reason: 'FEW_LEFT',
          message: `Plus que 1 disponible pour « ${nameOf(row)} » : quantité ramenée à 1.`,
        },
      ]);

      await hold(row.stock - row.sold);
      const dropped = await created([line(row, 1)]);
      expect(dropped.cartItems).toEqual([]);
      expect(dropped.totalAmount).toBe(0);
      expect(dropped.adjustments).toEqual([
        {
          productID: row.id,
          code: 'UNAVAILABLE',
          reason: 'SOLD_OUT',
          message: `${row.productType === 'TICKET' ? 'Ce billet' : 'Ce bon plan'} n'est plus disponible : « ${nameOf(row)} ».`,
        },
      ]);
    } finally {
      await hold(row.reserved);
    }
  });

  it('drops what cannot be sold (sold out, unknown, ended, cancelled), in the order asked, and keeps the rest', async () => {
    const soldOutDeal = rows.find((row) => row.productType === 'OFFER' && onSale(row) && leftOf(row) === 0);
    const soldOutTicket = rows.find((row) => row.productType === 'TICKET' && onSale(row) && leftOf(row) === 0);
    const endedDeal = rows.find((row) => row.productType === 'OFFER' && !onSale(row) && leftOf(row) > 0);
    const endedTicket = rows.find(
      (row) =>
        row.productType === 'TICKET' &&
        ticketingOf(row)?.status === 'PUBLISHED' &&
        (ticketingOf(row)?.endsAt.getTime() ?? 0) < NOW.getTime(),
    );
    const cancelled = rows.find((row) => ticketingOf(row)?.status === 'CANCELLED');
    if (!soldOutDeal || !soldOutTicket || !endedDeal || !endedTicket || !cancelled)
      throw new Error('the seed has sold out, ended and cancelled products');
    const kept = take();
    const unknown = { id: 2_000_000_000, productType: 'TICKET' as const };

    const cart = await created([
      line(soldOutDeal, 1),
      line(unknown, 1),
      line(kept, 2),
      line(endedDeal, 1),
      line(soldOutTicket, 2),
      line(endedTicket, 1),
      line(cancelled, 1),
    ]);
    expect(quantities(cart)).toEqual([[kept.id, 2]]);
    expect(cart.totalAmount).toBe(discountedPrice(kept) * 2);
    const ticket = (row: ProductRow) => `Ce billet n'est plus disponible : « ${nameOf(row)} ».`;
    const deal = (row: ProductRow) => `Ce bon plan n'est plus disponible : « ${nameOf(row)} ».`;
    expect(cart.adjustments).toEqual([
      { productID: soldOutDeal.id, code: 'UNAVAILABLE', reason: 'SOLD_OUT', message: deal(soldOutDeal) },
      {
        productID: unknown.id,
        code: 'UNAVAILABLE',
        reason: 'UNKNOWN_PRODUCT',
        message: "Ce billet n'est plus disponible.",
      },
      { productID: endedDeal.id, code: 'UNAVAILABLE', reason: 'NOT_ON_SALE', message: deal(endedDeal) },
      { productID: soldOutTicket.id, code: 'UNAVAILABLE', reason: 'SOLD_OUT', message: ticket(soldOutTicket) },
      { productID: endedTicket.id, code: 'UNAVAILABLE', reason: 'NOT_ON_SALE', message: ticket(endedTicket) },
      { productID: cancelled.id, code: 'UNAVAILABLE', reason: 'NOT_ON_SALE', message: ticket(cancelled) },
    ]);
    expect(await storedLines(cart.cartID)).toEqual([[kept.id, 2]]);
  });

  it('sells no ticket before its sale opens (« en vente à partir de »), and sells it once open', async () => {
    const notYet = rows.find((row) => {
      const ticketing = ticketingOf(row);
      return ticketing?.salesStartAt && ticketing.salesStartAt.getTime() > NOW.getTime() && leftOf(row) > 1;
    });
    const ticketing = notYet && ticketingOf(notYet);
    if (!notYet || !ticketing?.salesStartAt) throw new Error('the seed has a ticketing whose sale opens later');
    const cart = await created([line(notYet, 1)]);
    expect(cart.cartItems).toEqual([]);
    expect(cart.adjustments).toEqual([
      {
        productID: notYet.id,
        code: 'UNAVAILABLE',
        reason: 'NOT_ON_SALE',
        message: `Ce billet n'est plus disponible : « ${nameOf(notYet)} ».`,
      },
    ]);

    const opening = ticketing.salesStartAt;
    await db()
      .update(schema.ticketings)
      .set({ salesStartAt: new Date(NOW.getTime() - 60_000) })
      .where(eq(schema.ticketings.id, ticketing.id));
    try {
      const open = await created([line(notYet, 1)]);
      expect(quantities(open)).toEqual([[notYet.id, 1]]);
      expect(open.adjustments).toEqual([]);
    } finally {
      await db().update(schema.ticketings).set({ salesStartAt: opening }).where(eq(schema.ticketings.id, ticketing.id));
    }
  });

  it('treats a draft ticketing’s ticket as unknown: its title is shown nowhere', async () => {
    const row = take((candidate) => candidate.productType === 'TICKET', 'ticket');
    const ticketing = ticketingOf(row);
    if (!ticketing) throw new Error('a ticket has its ticketing');
    for (const sibling of rows) if (sibling.ticketingId === ticketing.id) taken.add(sibling.id);
    const setStatus = (status: 'DRAFT' | 'PUBLISHED') =>
      db().update(schema.ticketings).set({ status }).where(eq(schema.ticketings.id, ticketing.id));
    try {
      await setStatus('DRAFT');
      // Even claimed as a deal: a draft is not told apart from a product that does not exist.
      for (const productType of ['TICKET', 'OFFER']) {
        const cart = await created([line(row, 1, productType)]);
        expect(cart.cartItems).toEqual([]);
        expect(cart.adjustments).toEqual([
          {
            productID: row.id,
            code: 'UNAVAILABLE',
            reason: 'UNKNOWN_PRODUCT',
            message: "Ce billet n'est plus disponible.",
          },
        ]);
        expect(JSON.stringify(cart)).not.toContain(ticketing.title);
      }
    } finally {
      await setStatus('PUBLISHED');
    }
  });

  it('drops a ticket claimed as a deal and a deal claimed as a ticket (a cookie edited by hand), never refusing the cart', async () => {
    const ticket = take((candidate) => candidate.productType === 'TICKET', 'ticket');
    const deal = take((candidate) => candidate.productType === 'OFFER', 'deal');
    const kept = take();
    const asked = [line(ticket, 1, 'OFFER'), line(kept, 2), line(deal, 1, 'TICKET')];
    const wrongType = (row: ProductRow) => ({
      productID: row.id,
      code: 'UNAVAILABLE',
      reason: 'WRONG_TYPE',
      message: "Ce billet n'est plus disponible.",
    });
    const fresh = await created(asked);
    for (const cart of [fresh, await updated((await created([])).cartID, asked)]) {
      expect(quantities(cart)).toEqual([[kept.id, 2]]);
      expect(cart.adjustments).toEqual([wrongType(ticket), wrongType(deal)]);
      expect(await storedLines(cart.cartID)).toEqual([[kept.id, 2]]);
    }
  });

  it('accepts an empty cart', async () => {
    const cart = await created([]);
    expect(cart).toMatchObject({ cartItems: [], totalAmount: 0, currency: 'EUR', adjustments: [] });
  });

  it('gives every cart a random v4 uuid of its own', async () => {
    const row = take();
    const ids = await Promise.all(Array.from({ length: 20 }, async () => (await created([line(row, 1)])).cartID));
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(20);
  });
});

describe('refused requests (POST and PUT alike)', () => {
  let cartID: string;
  let row: ProductRow;
  let deal: ProductRow;
  beforeAll(async () => {
    row = take((candidate) => candidate.productType === 'TICKET', 'ticket');
    deal = take((candidate) => candidate.productType === 'OFFER', 'deal');
    cartID = (await created([line(row, 1)])).cartID;
  });
  // Should a refusal ever let a request through, the next test still starts from the same cart.
  beforeEach(async () => {
    await updated(cartID, [line(row, 1)]);
  });

  /** Both endpoints refuse it, and the saved cart keeps its lines. */
  async function refused(cartItems: unknown[]) {
    const answers = [await post(cartItems), await put(cartID, cartItems)];
    expect(await storedLines(cartID)).toEqual([[row.id, 1]]);
    return answers.map((response) => validationIssues(response));
  }

  it(`refuses more than ${CART_MAX_LINES} lines`, async () => {
    const lines = rows.slice(0, CART_MAX_LINES + 1).map((product) => line(product, 1));
    for (const issues of await refused(lines))
      expect(issues).toEqual([{ path: ['cartItems'], code: 'too_big', message: CART_ERROR_MESSAGES.tooManyLines }]);
    // Fifty is fine.
    expect((await post(lines.slice(0, CART_MAX_LINES))).statusCode).toBe(201);
  });

  it.each([0, -1, 101, 1e9, 1.5, '2', null, 'deux'])('refuses the quantity %j', async (quantity) => {
    for (const issues of await refused([
      line(deal, 1),
      { quantity, product: { productID: row.id, productType: 'TICKET' } },
    ]))
      expect(issues).toEqual([expect.objectContaining({ path: ['cartItems', 1, 'quantity'] })]);
  });

  it('says why a quantity is refused, in French', async () => {
    const [tooMany] = await refused([line(row, 101)]);
    expect(tooMany?.[0]?.message).toBe(formatMessage(FORM_MESSAGES.maxValue, 100));
    const [none] = await refused([line(row, 0)]);
    expect(none?.[0]?.message).toBe(formatMessage(FORM_MESSAGES.minValue, 1));
  });

  it('refuses an unknown product type', async () => {
    for (const issues of await refused([line(row, 1, 'FOO')]))
      expect(issues).toEqual([expect.objectContaining({ path: ['cartItems', 0, 'product', 'productType'] })]);
  });

  it('refuses the same product twice', async () => {
    for (const issues of await refused([line(row, 1), line(deal, 1), line(row, 2)]))
      expect(issues).toEqual([
        { path: ['cartItems', 2, 'product'], code: 'custom', message: CART_ERROR_MESSAGES.duplicateProduct },
      ]);
  });

  it('refuses a productID beside the product that is not its id', async () => {
    for (const issues of await refused([{ productID: deal.id, ...line(row, 1) }]))
      expect(issues).toEqual([
        { path: ['cartItems', 0, 'productID'], code: 'custom', message: CART_ERROR_MESSAGES.productMismatch },
      ]);
  });

  it('refuses product ids no row can have, and a body without lines', async () => {
    for (const productID of [0, -3, 2_147_483_648, 1.5, '12'])
      for (const issues of await refused([{ quantity: 1, product: { productID, productType: 'TICKET' } }]))
        expect(issues).toEqual([expect.objectContaining({ path: ['cartItems', 0, 'product', 'productID'] })]);
    const response = await context.app.inject({ method: 'POST', url: '/public/carts', payload: {} });
    expect(validationIssues(response)).toEqual([expect.objectContaining({ path: ['cartItems'] })]);
  });
});

describe('PUT /public/carts/:cartID', () => {
  it('replaces the lines: what was there and is not sent anymore is gone', async () => {
    const [first, second, third] = takeMany(3) as [ProductRow, ProductRow, ProductRow];
    const { cartID } = await created([line(first, 2), line(second, 1)]);
    const cart = await updated(cartID, [line(third, 3), line(first, 1)]);
    expect(cart.cartID).toBe(cartID);
    expect(quantities(cart)).toEqual([
      [third.id, 3],
      [first.id, 1],
    ]);
    expect(cart.cartItems.map((item) => item.product)).toEqual([expectedProduct(third), expectedProduct(first)]);
    expect(cart.totalAmount).toBe(discountedPrice(third) * 3 + discountedPrice(first));
    expect(await storedLines(cartID)).toEqual([
      [third.id, 3],
      [first.id, 1],
    ]);
    expect((await updated(cartID, [])).cartItems).toEqual([]);
    expect(await storedLines(cartID)).toEqual([]);
  });

  it('caps and drops as creating does', async () => {
    const row = take((candidate) => candidate.quota < 100, 'product with a quota');
    const { cartID } = await created([]);
    const cart = await updated(cartID, [
      line(row, row.quota + 5),
      line({ id: 2_000_000_001, productType: 'OFFER' }, 1),
    ]);
    expect(quantities(cart)).toEqual([[row.id, row.quota]]);
    expect(cart.adjustments.map(({ code, reason }) => [code, reason])).toEqual([
      ['QUANTITY_CAPPED', 'PER_ORDER'],
      ['UNAVAILABLE', 'UNKNOWN_PRODUCT'],
    ]);
  });

  it.each([
    ['an unknown uuid', () => randomUUID()],
    ['a malformed id', () => 'pas-un-uuid'],
    ['a uuid with one character more', () => `${randomUUID()}0`],
    ['a uuid without hyphens', () => randomUUID().replaceAll('-', '')],
    ['a uuid with SQL after it', () => `${randomUUID()}' OR '1'='1`],
  ])('answers 404 for %s', async (_, cartID) => {
    const response = await put(cartID(), [line(take(), 1)]);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });

  it('takes turns: ten concurrent replacements all answer 200, and the cart holds exactly one of them', async () => {
    const products = takeMany(12);
    const { cartID } = await created([line(products[0] as ProductRow, 1)]);
    const requests = Array.from({ length: 10 }, (_, index) =>
      products.slice(index, index + 3).map((row, at) => line(row, ((index + at) % 3) + 1)),
    );
    const answers = await Promise.all(requests.map((cartItems) => put(cartID, cartItems)));
    for (const response of answers) expect(response.statusCode, response.body).toBe(200);
    const stored = await storedLines(cartID);
    const sent = requests.map((cartItems) =>
      cartItems.map((sentLine) => [sentLine.product.productID, sentLine.quantity]),
    );
    expect(sent).toContainEqual(stored);
  });
});

describe('a cart and its account', () => {
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let bruno: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    alice = await registerUser(context.app, { firstname: 'Alice' });
    bruno = await registerUser(context.app, { firstname: 'Bruno' });
  });
  const asAlice = () => bearer(alice.tokens.accessToken);
  const asBruno = () => bearer(bruno.tokens.accessToken);

  it('links a cart created with a token to its account, which alone may replace it', async () => {
    const [first, second] = takeMany(2) as [ProductRow, ProductRow];
    const { cartID } = await created([line(first, 1)], asAlice());
    expect(await ownerOf(cartID)).toBe(alice.id);
    expect(quantities(await updated(cartID, [line(second, 2)], asAlice()))).toEqual([[second.id, 2]]);
    for (const headers of [{}, asBruno()]) {
      const response = await put(cartID, [line(first, 3)], headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await storedLines(cartID)).toEqual([[second.id, 2]]);
    expect(await ownerOf(cartID)).toBe(alice.id);
  });

  it('gives an anonymous cart to the first account that replaces it, then to no one else', async () => {
    const [first, second] = takeMany(2) as [ProductRow, ProductRow];
    const { cartID } = await created([line(first, 1)]);
    expect(await ownerOf(cartID)).toBeNull();
    // Anonymous replacements keep it anonymous.
    await updated(cartID, [line(first, 2)]);
    expect(await ownerOf(cartID)).toBeNull();
    await updated(cartID, [line(second, 1)], asAlice());
    expect(await ownerOf(cartID)).toBe(alice.id);
    expect((await put(cartID, [line(first, 1)])).statusCode).toBe(404);
    expect((await put(cartID, [line(first, 1)], asBruno())).statusCode).toBe(404);
    expect(await storedLines(cartID)).toEqual([[second.id, 1]]);
  });

  it('lets no visitor replace a cart once an account has taken it, even racing the claim', async () => {
    const products = takeMany(10);
    for (let round = 0; round < 3; round += 1) {
      const { cartID } = await created([]);
      const mine = [line(products[0] as ProductRow, 2)];
      const theirs = products.slice(1).map((row) => [line(row, 1)]);
      const answers = await Promise.all([
        ...theirs.slice(0, 4).map((cartItems) => put(cartID, cartItems)),
        put(cartID, mine, asAlice()),
        ...theirs.slice(4).map((cartItems) => put(cartID, cartItems)),
      ]);
      for (const response of answers) expect(response.statusCode).toBeOneOf([200, 404]);
      expect(await ownerOf(cartID)).toBe(alice.id);
      // Whatever ran before the claim, Alice's lines are the last: nothing anonymous came after.
      expect(await storedLines(cartID)).toEqual([[products[0]?.id, 2]]);
    }
  });

  it('answers 401 to a token that is there but invalid, rather than taking the caller for a visitor', async () => {
    const row = take();
    const { cartID } = await created([line(row, 1)]);
    for (const authorization of ['Bearer pas-un-jeton', `Bearer ${alice.tokens.accessToken}x`, 'Basic YTpi', '']) {
      for (const response of [
        await post([line(row, 1)], { authorization }),
        await put(cartID, [line(row, 2)], { authorization }),
        await merge(alice.id, [line(row, 2)], { authorization }),
      ]) {
        expect(response.statusCode, `${authorization} ${response.body}`).toBe(401);
        expect(response.json()).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
      }
    }
    expect(await storedLines(cartID)).toEqual([[row.id, 1]]);
    expect(await ownerOf(cartID)).toBeNull();
  });
});

describe('POST /account/:id/cart', () => {
  it('merges another device’s lines into the account’s cart: saved lines first, the larger quantity wins', async () => {
    const user = await registerUser(context.app);
    const headers = bearer(user.tokens.accessToken);
    const [x, y, z] = takeMany(3) as [ProductRow, ProductRow, ProductRow];
    const saved = await created([line(x, 2), line(y, 1)], headers);

    const cart = await merged(user.id, [line(y, 3), line(z, 1), line(x, 1)], headers);
    expect(cart.cartID).toBe(saved.cartID);
    expect(quantities(cart)).toEqual([
      [x.id, 2],
      [y.id, 3],
      [z.id, 1],
    ]);
    expect(cart.cartItems.map((item) => item.product)).toEqual([x, y, z].map(expectedProduct));
    expect(cart.totalAmount).toBe(discountedPrice(x) * 2 + discountedPrice(y) * 3 + discountedPrice(z));
    expect(cart.adjustments).toEqual([]);
    expect(await storedLines(saved.cartID)).toEqual(quantities(cart));

    // The same lines once more (the cart seen on a second device): nothing doubles.
    const again = await merged(user.id, [line(x, 2), line(y, 3), line(z, 1)], headers);
    expect(again.cartID).toBe(saved.cartID);
    expect(quantities(again)).toEqual(quantities(cart));
    const carts = await db().select().from(schema.carts).where(eq(schema.carts.userId, user.id));
    expect(carts).toHaveLength(1);
  });

  it('creates the account’s cart when it has none, and finds it at the next login', async () => {
    const user = await registerUser(context.app);
    const headers = bearer(user.tokens.accessToken);
    const row = take();
    const cart = await merged(user.id, [line(row, 2)], headers);
    expect(cart.cartID).toMatch(UUID_V4);
    expect(await ownerOf(cart.cartID)).toBe(user.id);
    expect(quantities(cart)).toEqual([[row.id, 2]]);
    const next = await merged(user.id, [], headers);
    expect(next.cartID).toBe(cart.cartID);
    expect(quantities(next)).toEqual([[row.id, 2]]);
  });

  it('merges into the account’s most recently updated cart', async () => {
    const user = await registerUser(context.app);
    const headers = bearer(user.tokens.accessToken);
    const [older, newer, added] = takeMany(3) as [ProductRow, ProductRow, ProductRow];
    const first = await created([line(older, 1)], headers);
    const second = await created([line(newer, 1)], headers);
    const touch = (cartID: string, updatedAt: Date) =>
      db().update(schema.carts).set({ updatedAt }).where(eq(schema.carts.id, cartID));
    await touch(first.cartID, new Date(NOW.getTime() - 60_000));
    await touch(second.cartID, new Date(NOW.getTime() - 120_000));
    const cart = await merged(user.id, [line(added, 1)], headers);
    expect(cart.cartID).toBe(first.cartID);
    expect(quantities(cart)).toEqual([
      [older.id, 1],
      [added.id, 1],
    ]);
    expect(await storedLines(second.cartID)).toEqual([[newer.id, 1]]);
  });

  it(`keeps the first ${CART_MAX_LINES} lines, the saved ones first, and says which were left out`, async () => {
    const user = await registerUser(context.app);
    const headers = bearer(user.tokens.accessToken);
    const savedRows = takeMany(30);
    const newRows = takeMany(30);
    const saved = await created(
      savedRows.map((row) => line(row, 1)),
      headers,
    );
    const cart = await merged(
      user.id,
      newRows.map((row) => line(row, 1)),
      headers,
    );
    expect(cart.cartID).toBe(saved.cartID);
    const kept = [...savedRows, ...newRows.slice(0, CART_MAX_LINES - savedRows.length)];
    expect(cart.cartItems.map((item) => item.productID)).toEqual(kept.map((row) => row.id));
    expect(cart.adjustments).toEqual(
      newRows.slice(CART_MAX_LINES - savedRows.length).map((row) => ({
        productID: row.id,
        code: 'UNAVAILABLE',
        reason: 'CART_FULL',
        message: CART_ERROR_MESSAGES.tooManyLines,
      })),
    );
    expect(await storedLines(saved.cartID)).toEqual(quantities(cart));
  });

  it('caps the merged quantities at what is left, and drops the saved lines that cannot be sold anymore', async () => {
    const user = await registerUser(context.app);
    const headers = bearer(user.tokens.accessToken);
    const [capped, gone] = takeMany(2) as [ProductRow, ProductRow];
    const saved = await created([line(gone, 1), line(capped, 1)], headers);
    await db()
      .update(schema.products)
      .set({ reserved: gone.stock - gone.sold })
      .where(eq(schema.products.id, gone.id));
    try {
      const cart = await merged(user.id, [line(capped, capped.quota + 1)], headers);
      expect(cart.cartID).toBe(saved.cartID);
      expect(quantities(cart)).toEqual([[capped.id, capped.quota]]);
      expect(cart.adjustments.map(({ productID, code, reason }) => [productID, code, reason])).toEqual([
        [gone.id, 'UNAVAILABLE', 'SOLD_OUT'],
        [capped.id, 'QUANTITY_CAPPED', 'PER_ORDER'],
      ]);
      expect(await storedLines(saved.cartID)).toEqual([[capped.id, capped.quota]]);
    } finally {
      await db().update(schema.products).set({ reserved: gone.reserved }).where(eq(schema.products.id, gone.id));
    }
  });

  it('drops a device’s line of the wrong type, keeping the account’s lines and the others', async () => {
    const user = await registerUser(context.app);
    const headers = bearer(user.tokens.accessToken);
    const [ticket, other] = [take((row) => row.productType === 'TICKET', 'ticket'), take()];
    const deal = take((row) => row.productType === 'OFFER', 'deal');
    const saved = await created([line(ticket, 1)], headers);
    const cart = await merged(user.id, [line(other, 1), line(deal, 2, 'TICKET')], headers);
    expect(cart.cartID).toBe(saved.cartID);
    expect(quantities(cart)).toEqual([
      [ticket.id, 1],
      [other.id, 1],
    ]);
    expect(cart.adjustments).toEqual([
      { productID: deal.id, code: 'UNAVAILABLE', reason: 'WRONG_TYPE', message: "Ce billet n'est plus disponible." },
    ]);
    expect(await storedLines(saved.cartID)).toEqual(quantities(cart));
  });

  it('answers 403 on another account’s path and 401 without a token', async () => {
    const owner = await registerUser(context.app);
    const other = await registerUser(context.app);
    const row = take();
    const saved = await created([line(row, 1)], bearer(owner.tokens.accessToken));
    const forbidden = await merge(owner.id, [line(row, 5)], bearer(other.tokens.accessToken));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const anonymous = await merge(owner.id, [line(row, 5)]);
    expect(anonymous.statusCode).toBe(401);
    expect(await storedLines(saved.cartID)).toEqual([[row.id, 1]]);
  });
});
