/**
 * POST /orders (the checkout's first step): a cart becomes a pending order whose places are held 15 minutes,
 * re-priced by the API, and never more places than the stock, however many buyers click at once.
 */
import { CREATE_ORDER_MESSAGES, type CreatedOrder, type ErrorAnswer, type OrderDetail } from '@guichet/contracts';
import { formatPrice, ORDER_HOLD_MINUTES } from '@guichet/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { cartItems, carts, orderItems, orders, products, ticketings, tickets, users } from '../../src/db/schema.js';
import { holdPlaces, releaseExpiredHolds } from '../../src/services/checkout/holds.js';
import { startHoldReleaser } from '../../src/services/checkout/release-job.js';
import { validationIssues } from '../helpers.js';
import {
  age,
  apiCart,
  checkout,
  ctx,
  insertCarts,
  insertProduct,
  insertTicketing,
  insertUsers,
  MANY,
  productRow,
  statusOf,
  ticketOnPage,
  unreleasedHolds,
  useCheckoutApp,
  violatedConstraint,
} from './checkout-support.js';

useCheckoutApp();

describe('POST /orders, many buyers at once', () => {
  it(
    'sells exactly the stock: 500 checkouts of one ticket for 50 places give 50 orders and 450 SOLD_OUT',
    MANY,
    async () => {
      const product = await insertProduct({ stock: 50, quota: 4 });
      // A buyer each: a buyer's second order would replace their first (one pending order per buyer).
      const buyers = await insertUsers(500);
      const cartIDs = await insertCarts(product.id, 500);

      const responses = await Promise.all(
        cartIDs.map((cartID, index) => checkout(cartID, buyers[index]?.headers ?? {})),
      );

      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(50);
      expect(statuses.filter((status) => status === 409)).toHaveLength(450);
      for (const response of responses.filter((answer) => answer.statusCode === 409)) {
        const answer = response.json<ErrorAnswer>();
        expect(answer).toMatchObject({ statusCode: 409, code: 'SOLD_OUT' });
        expect(answer.issues).toEqual([
          { path: ['cartItems', 0], code: 'SOLD_OUT', message: CREATE_ORDER_MESSAGES.fewLeft(product.name, 0) },
        ]);
      }
      const created = responses.filter((answer) => answer.statusCode === 201).map((r) => r.json<CreatedOrder>());
      expect(new Set(created.map((order) => order.reference)).size).toBe(50);

      const row = await productRow(product.id);
      expect(row.sold + row.reserved).toBeLessThanOrEqual(row.stock);
      expect(row.reserved).toBe(50);
      expect(await unreleasedHolds(product.id)).toBe(50);
      expect(await ticketOnPage(product.id)).toEqual({ quota: 0, soldOut: true });

      // Once paid, all at once through the demo's card endpoint, the 50 held places are the 50 sold.
      const paid = await Promise.all(
        created.map((order) =>
          ctx().app.inject({
            method: 'POST',
            url: `/payments/demo/${new URL(order.paymentUrl).searchParams.get('order')}/attempts`,
            payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
          }),
        ),
      );
      expect(paid.map((response) => response.statusCode)).toEqual(created.map(() => 200));
      expect(await productRow(product.id)).toMatchObject({ sold: 50, reserved: 0, stock: 50 });
      expect(await unreleasedHolds(product.id)).toBe(0);
      const [issued] = await rowsOf<{ count: number }>(
        ctx().database.db,
        sql`SELECT count(*)::int AS count FROM ${tickets} t JOIN ${orderItems} oi ON oi.id = t.order_item_id
          WHERE oi.product_id = ${product.id}`,
      );
      expect(Number(issued?.count)).toBe(50);
    },
  );

  it('never deadlocks two orders taking the same two products, whatever the order of their lines', MANY, async () => {
    const first = await insertProduct({ stock: 200 });
    const second = await insertProduct({ stock: 200 });
    const buyers = await insertUsers(100);
    const { db } = ctx().database;
    const cartRows = await db
      .insert(carts)
      .values(Array.from({ length: 100 }, () => ({ userId: null })))
      .returning({ id: carts.id });
    // Half the carts list the products one way round, half the other.
    await db.insert(cartItems).values(
      cartRows.flatMap(({ id }, index) => [
        { cartId: id, productId: first.id, quantity: 1, position: index % 2 },
        { cartId: id, productId: second.id, quantity: 1, position: 1 - (index % 2) },
      ]),
    );
    const responses = await Promise.all(cartRows.map(({ id }, index) => checkout(id, buyers[index]?.headers ?? {})));
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
    expect((await productRow(first.id)).reserved).toBe(100);
    expect((await productRow(second.id)).reserved).toBe(100);
  });

  it(
    'makes one order of an anonymous cart that two accounts check out at once, the other told « not found »',
    MANY,
    async () => {
      const product = await insertProduct({ stock: 1000, quota: 4 });
      // Two accounts a cart (each with one pending order at most).
      const accounts = await insertUsers(200);
      const cartIDs = await insertCarts(product.id, 100);

      // Both read the cart while it is anonymous; only the statement that claims it may then take places. On
      // PostgreSQL the two checkouts interleave: without that statement's condition on the cart being the
      // caller's, the second account's order was written too (200 orders, checked by hand). On the embedded
      // database they happen to run one after the other, and the second is refused at its first read.
      const responses = await Promise.all(
        cartIDs.flatMap((cartID, index) => [
          checkout(cartID, accounts[2 * index]?.headers ?? {}),
          checkout(cartID, accounts[2 * index + 1]?.headers ?? {}),
        ]),
      );

      for (const [index, cartID] of cartIDs.entries()) {
        const pair = [responses[2 * index], responses[2 * index + 1]].map((response) => response?.statusCode);
        expect(pair.sort(), cartID).toEqual([201, 404]);
      }
      const made = await rowsOf<{ cart: string; buyer: number; owner: number }>(
        ctx().database.db,
        sql`SELECT o.cart_id AS cart, o.user_id AS buyer, c.user_id AS owner
        FROM ${orders} o JOIN ${carts} c ON c.id = o.cart_id WHERE c.id IN ${cartIDs}`,
      );
      expect(made).toHaveLength(100);
      for (const order of made) expect(order.buyer, order.cart).toBe(order.owner);
      expect((await productRow(product.id)).reserved).toBe(100);
      expect(await unreleasedHolds(product.id)).toBe(100);
    },
  );

  it('shows what the guard prevents: without its condition the same 500 holds overrun the stock', MANY, async () => {
    const { db } = ctx().database;
    const guarded = await insertProduct({ stock: 50 });
    const unguarded = await insertProduct({ stock: 50 });
    const holdEach = (productId: number, options: { guarded: boolean }) =>
      Promise.allSettled(
        Array.from({ length: 500 }, () => db.transaction((tx) => holdPlaces(tx, productId, 1, options))),
      );

    // With the guard: 50 holds taken, 450 refused cleanly (no error, the checkout's 409).
    const kept = await holdEach(guarded.id, { guarded: true });
    expect(kept.filter((result) => result.status === 'fulfilled' && result.value)).toHaveLength(50);
    expect(kept.filter((result) => result.status === 'fulfilled' && !result.value)).toHaveLength(450);
    expect((await productRow(guarded.id)).reserved).toBe(50);

    // Without it, only the CHECK stops the 451st: 450 statements fail (the checkout's 500s).
    const refused = await holdEach(unguarded.id, { guarded: false });
    expect(refused.filter((result) => result.status === 'fulfilled')).toHaveLength(50);
    const failures = refused.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(failures).toHaveLength(450);
    expect(new Set(failures.map((failure) => violatedConstraint(failure.reason)))).toEqual(
      new Set(['product_stock_check']),
    );

    // And without the CHECK either, the same statements oversell: the test can see an oversell happen.
    await db.execute(sql`ALTER TABLE ${products} DROP CONSTRAINT product_stock_check`);
    try {
      await db.update(products).set({ reserved: 0 }).where(eq(products.id, unguarded.id));
      const oversold = await holdEach(unguarded.id, { guarded: false });
      expect(oversold.filter((result) => result.status === 'fulfilled')).toHaveLength(500);
      const row = await productRow(unguarded.id);
      expect(row.reserved).toBe(500);
      expect(row.sold + row.reserved).toBeGreaterThan(row.stock);
    } finally {
      await db.update(products).set({ reserved: 0 }).where(eq(products.id, unguarded.id));
      await db.execute(
        sql`ALTER TABLE ${products} ADD CONSTRAINT product_stock_check CHECK (sold >= 0 AND reserved >= 0 AND sold + reserved <= stock)`,
      );
    }
  });
});

describe('POST /orders, holds that expire', () => {
  it(`gives the places back ${ORDER_HOLD_MINUTES} minutes later without any job, then the job expires the order`, async () => {
    const { db } = ctx().database;
    const seats = await insertProduct({ stock: 2, quota: 2 });
    const other = await insertProduct({ stock: 5, quota: 5 });
    const [first, second, third] = await insertUsers(3);
    if (!first || !second || !third) throw new Error('users missing');

    const taken = await checkout(await apiCart([{ productID: seats.id, quantity: 2 }]), first.headers);
    expect(taken.statusCode).toBe(201);
    const firstOrder = taken.json<CreatedOrder>();
    const expiresIn = Date.parse(firstOrder.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan((ORDER_HOLD_MINUTES - 1) * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(ORDER_HOLD_MINUTES * 60_000);
    expect(await ticketOnPage(seats.id)).toEqual({ quota: 0, soldOut: true });
    // A cart filled before the first order (the API would now drop the line from a new one).
    const [earlierCart = ''] = await insertCarts(seats.id, 1);
    expect((await checkout(earlierCart, second.headers)).statusCode).toBe(409);

    // 14 minutes on, still held.
    await age(firstOrder.orderID, 14);
    expect(await ticketOnPage(seats.id)).toEqual({ quota: 0, soldOut: true });

    // 16 minutes on: back on the page and for sale, while `reserved` still counts the hold nobody released.
    await age(firstOrder.orderID, 2);
    expect((await productRow(seats.id)).reserved).toBe(2);
    expect(await ticketOnPage(seats.id)).toEqual({ quota: 2, soldOut: false });
    const again = await checkout(await apiCart([{ productID: seats.id, quantity: 2 }]), second.headers);
    expect(again.statusCode).toBe(201);
    const secondOrder = again.json<CreatedOrder>();
    // The second checkout released the first hold before taking its own.
    expect((await productRow(seats.id)).reserved).toBe(2);
    expect(await unreleasedHolds(seats.id)).toBe(2);
    expect(await ticketOnPage(seats.id)).toEqual({ quota: 0, soldOut: true });

    // An expired order nobody released: the job's to release, once, even run twice at the same time.
    const third3 = await checkout(await apiCart([{ productID: other.id, quantity: 3 }]), third.headers);
    expect(third3.statusCode).toBe(201);
    const thirdOrder = third3.json<CreatedOrder>();
    await age(thirdOrder.orderID, ORDER_HOLD_MINUTES + 1);
    expect((await productRow(other.id)).reserved).toBe(3);

    const reports = await Promise.all([releaseExpiredHolds(db), releaseExpiredHolds(db)]);
    expect(reports.reduce((sum, report) => sum + report.releasedHolds, 0)).toBe(1);
    expect(reports.reduce((sum, report) => sum + report.releasedPlaces, 0)).toBe(3);
    expect(reports.reduce((sum, report) => sum + report.expiredOrders, 0)).toBe(2);
    expect((await productRow(other.id)).reserved).toBe(0);
    expect(await unreleasedHolds(other.id)).toBe(0);
    expect((await productRow(seats.id)).reserved).toBe(2);
    expect(await statusOf(firstOrder.orderID)).toBe('EXPIRED');
    expect(await statusOf(thirdOrder.orderID)).toBe('EXPIRED');
    expect(await statusOf(secondOrder.orderID)).toBe('PENDING');

    // Run again: nothing left to do.
    expect(await releaseExpiredHolds(db)).toEqual({ releasedHolds: 0, releasedPlaces: 0, expiredOrders: 0 });

    // The buyer sees it in their account, with its French name from the domain.
    const mine = await ctx().app.inject({
      method: 'GET',
      url: `/account/${first.id}/orders/${firstOrder.orderID}`,
      headers: first.headers,
    });
    expect(mine.json<OrderDetail>()).toMatchObject({ status: 'EXPIRED', items: [{ quantity: 2, tickets: [] }] });
  });
});

describe('the hold releaser of the API process', () => {
  it('runs the job on its own, every interval', async () => {
    const product = await insertProduct({ stock: 4 });
    const [buyer] = await insertUsers(1);
    const response = await checkout(await apiCart([{ productID: product.id, quantity: 2 }]), buyer?.headers ?? {});
    const order = response.json<CreatedOrder>();
    await age(order.orderID, ORDER_HOLD_MINUTES + 1);
    const releaser = startHoldReleaser(ctx().database.db, ctx().app.log, 20);
    try {
      await vi.waitFor(async () => expect(await statusOf(order.orderID)).toBe('EXPIRED'), { timeout: 5_000 });
    } finally {
      await releaser.stop();
    }
    expect((await productRow(product.id)).reserved).toBe(0);
  });
});

describe('POST /orders, the caller and the cart', () => {
  it('refuses a caller without a token', async () => {
    const product = await insertProduct({ stock: 10 });
    const response = await checkout(await apiCart([{ productID: product.id, quantity: 1 }]), {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
  });

  it('answers 404 for another account’s cart, an unknown one or a malformed id, and holds nothing', async () => {
    const product = await insertProduct({ stock: 10 });
    const [owner, stranger] = await insertUsers(2);
    if (!owner || !stranger) throw new Error('users missing');
    const theirs = await apiCart([{ productID: product.id, quantity: 2 }], owner.headers);
    for (const cartID of [theirs, '00000000-0000-4000-8000-000000000000', 'pas-un-panier']) {
      const response = await checkout(cartID, stranger.headers);
      expect(response.statusCode, cartID).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Panier introuvable.' });
    }
    expect((await productRow(product.id)).reserved).toBe(0);
    expect((await checkout(theirs, owner.headers)).statusCode).toBe(201);
  });

  it('takes an anonymous cart for the caller, whose it then is', async () => {
    const product = await insertProduct({ stock: 10 });
    const [buyer, stranger] = await insertUsers(2);
    if (!buyer || !stranger) throw new Error('users missing');
    const cartID = await apiCart([{ productID: product.id, quantity: 1 }]);
    expect((await checkout(cartID, buyer.headers)).statusCode).toBe(201);
    const [cart] = await ctx().database.db.select().from(carts).where(eq(carts.id, cartID));
    expect(cart?.userId).toBe(buyer.id);
    expect((await checkout(cartID, stranger.headers)).statusCode).toBe(404);
  });

  it('refuses an empty cart', async () => {
    const [buyer] = await insertUsers(1);
    const response = await checkout(await apiCart([]), buyer?.headers ?? {});
    expect(validationIssues(response)).toEqual([
      { path: ['cartID'], code: 'custom', message: CREATE_ORDER_MESSAGES.emptyCart },
    ]);
  });
});

describe('POST /orders, lines priced and checked again', () => {
  it('charges the price the catalogue says now, not the one of the cart', async () => {
    const cheap = await insertProduct({ stock: 10, price: 3000 });
    const promo = await insertProduct({ stock: 10, price: 2000 });
    const [buyer] = await insertUsers(1);
    if (!buyer) throw new Error('user missing');
    const cartID = await apiCart([
      { productID: cheap.id, quantity: 2 },
      { productID: promo.id, quantity: 1 },
    ]);
    const { db } = ctx().database;
    await db.update(products).set({ price: 4200 }).where(eq(products.id, cheap.id));
    await db.update(products).set({ discountType: 'PERCENTAGE', discount: 25 }).where(eq(products.id, promo.id));

    const response = await checkout(cartID, buyer.headers);
    expect(response.statusCode).toBe(201);
    const order = response.json<CreatedOrder>();
    expect(order).toEqual({
      orderID: expect.any(Number),
      reference: expect.stringMatching(/^GU-\d{4}-\d{6}$/),
      status: 'PENDING',
      totalAmount: 2 * 4200 + 1500,
      currency: 'EUR',
      expiresAt: expect.stringMatching(/Z$/),
      paymentUrl: expect.stringMatching(
        new RegExp(`^http://localhost:3000/payment\\?order=${order.orderID}\\.[\\w-]{22}$`),
      ),
      items: [
        { productID: cheap.id, title: cheap.name, unitPrice: 4200, quantity: 2, lineTotal: 8400 },
        { productID: promo.id, title: promo.name, unitPrice: 1500, quantity: 1, lineTotal: 1500 },
      ],
    });
    const detail = await ctx().app.inject({
      method: 'GET',
      url: `/account/${buyer.id}/orders/${order.orderID}`,
      headers: buyer.headers,
    });
    expect(detail.json<OrderDetail>()).toMatchObject({
      reference: order.reference,
      status: 'PENDING',
      totalAmount: 9900,
      items: [{ unitPrice: 4200, lineTotal: 8400 }, { unitPrice: 1500 }],
      paymentPath: new URL(order.paymentUrl).pathname + new URL(order.paymentUrl).search,
      downloadPath: null,
      invoiceNumber: null,
    });
  });

  it('refuses with 409 PRICE_CHANGED a price that is no longer the one of the recap, naming its line', async () => {
    const product = await insertProduct({ stock: 10, price: 3000 });
    const other = await insertProduct({ stock: 10, price: 1000 });
    const [buyer] = await insertUsers(1);
    if (!buyer) throw new Error('user missing');
    const cartID = await apiCart([
      { productID: other.id, quantity: 1 },
      { productID: product.id, quantity: 1 },
    ]);
    const seen = [
      { productID: other.id, unitPrice: 1000 },
      { productID: product.id, unitPrice: 2500 },
    ];
    const response = await checkout(cartID, buyer.headers, { seen });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'PRICE_CHANGED',
      message: CREATE_ORDER_MESSAGES.pricesChanged,
      issues: [
        {
          path: ['cartItems', 1],
          code: 'PRICE_CHANGED',
          message: CREATE_ORDER_MESSAGES.priceChanged(product.name, formatPrice(3000)),
        },
      ],
    });
    expect((await productRow(product.id)).reserved).toBe(0);
    // The recap seen again, the order goes through.
    const again = await checkout(cartID, buyer.headers, {
      seen: [seen[0], { productID: product.id, unitPrice: 3000 }],
    });
    expect(again.statusCode).toBe(201);
  });

  it('keeps the billing address on the account, the names per ticket and the VAT of every line', async () => {
    const product = await insertProduct({ stock: 10, price: 2110 });
    const { db } = ctx().database;
    await db.update(products).set({ vatRate: 550 }).where(eq(products.id, product.id));
    const [buyer] = await insertUsers(1);
    if (!buyer) throw new Error('user missing');
    const cartID = await apiCart([{ productID: product.id, quantity: 3 }]);
    const billing = { street: '12 rue des Lilas', postalCode: '13001', city: 'Marseille', country: 'France' };
    const response = await checkout(cartID, buyer.headers, {
      billing,
      holders: [{ productID: product.id, names: ['Léa Dupont', 'Noé Martin'] }],
    });
    expect(response.statusCode).toBe(201);
    const { orderID } = response.json<CreatedOrder>();
    const [account] = await db.select().from(users).where(eq(users.id, buyer.id));
    expect(account?.facturationAddress).toEqual(billing);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderID));
    expect(order?.facturationAddress).toEqual(billing);
    expect(order?.vatBreakdown).toEqual([{ vatRate: 550, totalInclVat: 6330, totalExclVat: 6000, vat: 330 }]);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderID));
    expect(line?.vatRate).toBe(550);
    // The third ticket has no name given: the buyer's.
    expect(line?.holderNames).toEqual(['Léa Dupont', 'Noé Martin', `Alix ${account?.lastname}`]);
  });

  it('taxes each ticket where its event takes place, by its category: Lyon, Paris, Liège, Geneva', async () => {
    const { db } = ctx().database;
    const places = [
      { title: 'Concert à Lyon', country: 'france', category: 'Concert', rate: 550 },
      { title: 'Exposition à Paris', country: 'france', category: 'Exposition', rate: 1000 },
      { title: 'Exposition à Liège', country: 'belgique', category: 'Exposition', rate: 600 },
      { title: 'Concert à Genève', country: 'suisse', category: 'Concert', rate: 0 },
    ];
    const lines = [];
    for (const place of places) {
      const ticketing = await insertTicketing(`${place.title} ${Math.random().toString(36).slice(2)}`);
      await db
        .update(ticketings)
        .set({ country: place.country, category: place.category })
        .where(eq(ticketings.id, ticketing));
      const product = await insertProduct({ stock: 10, price: 1000, ticketing });
      // The rate a product row carries does not decide (the demo's Liège tickets carried the French 5,5 %).
      await db.update(products).set({ vatRate: 550 }).where(eq(products.id, product.id));
      lines.push({ productID: product.id, quantity: 1 });
    }
    const [buyer] = await insertUsers(1);
    if (!buyer) throw new Error('user missing');
    const response = await checkout(await apiCart(lines), buyer.headers);
    expect(response.statusCode).toBe(201);
    const { orderID } = response.json<CreatedOrder>();
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderID));
    expect(items.map((item) => item.vatRate).sort((a, b) => a - b)).toEqual([0, 550, 600, 1000]);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderID));
    expect(order?.vatBreakdown).toEqual([
      { vatRate: 0, totalInclVat: 1000, totalExclVat: 1000, vat: 0 },
      { vatRate: 550, totalInclVat: 1000, totalExclVat: 948, vat: 52 },
      { vatRate: 600, totalInclVat: 1000, totalExclVat: 943, vat: 57 },
      { vatRate: 1000, totalInclVat: 1000, totalExclVat: 909, vat: 91 },
    ]);
  });

  it('asks for the terms and a billing address, field by field', async () => {
    const product = await insertProduct({ stock: 10 });
    const [buyer] = await insertUsers(1);
    if (!buyer) throw new Error('user missing');
    const cartID = await apiCart([{ productID: product.id, quantity: 1 }]);
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/orders',
      headers: buyer.headers,
      payload: { cartID, billing: { street: '', postalCode: 'abc', city: 'Lyon', country: 'France' } },
    });
    const issues = validationIssues(response);
    expect(issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'acceptTerms',
      'billing.postalCode',
      'billing.street',
    ]);
    expect((await productRow(product.id)).reserved).toBe(0);
  });

  it('refuses the whole order with 409 SOLD_OUT naming each line that cannot be sold, and holds nothing', async () => {
    const plenty = await insertProduct({ stock: 10 });
    const scarce = await insertProduct({ stock: 5 });
    const lowered = await insertProduct({ stock: 100, quota: 6 });
    const cancelledTicketing = await insertTicketing('Concert annulé');
    const gone = await insertProduct({ stock: 10, ticketing: cancelledTicketing });
    const [buyer] = await insertUsers(1);
    if (!buyer) throw new Error('user missing');
    const cartID = await apiCart([
      { productID: plenty.id, quantity: 1 },
      { productID: scarce.id, quantity: 3 },
      { productID: lowered.id, quantity: 5 },
      { productID: gone.id, quantity: 1 },
    ]);
    const { db } = ctx().database;
    await db.update(products).set({ sold: 4 }).where(eq(products.id, scarce.id));
    await db.update(products).set({ quota: 2 }).where(eq(products.id, lowered.id));
    await db.update(ticketings).set({ status: 'CANCELLED' }).where(eq(ticketings.id, cancelledTicketing));

    const response = await checkout(cartID, buyer.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'SOLD_OUT',
      message: CREATE_ORDER_MESSAGES.soldOut,
      issues: [
        {
          path: ['cartItems', 1],
          code: 'SOLD_OUT',
          message: `Plus assez de places pour « ${scarce.name} » : il en reste 1.`,
        },
        { path: ['cartItems', 2], code: 'SOLD_OUT', message: `2 au plus par commande pour « ${lowered.name} ».` },
        {
          path: ['cartItems', 3],
          code: 'SOLD_OUT',
          message: `« Concert annulé — ${gone.name.split(' — ')[1]} » n'est plus en vente.`,
        },
      ],
    });
    for (const product of [plenty, scarce, lowered, gone]) {
      expect((await productRow(product.id)).reserved).toBe(0);
      expect(await unreleasedHolds(product.id)).toBe(0);
    }
    const [mine] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, buyer.id));
    expect(Number(mine?.count)).toBe(0);
  });
});

describe('POST /orders, references', () => {
  // Last of the file: it moves the sequence on for good.
  it('numbers orders GU-YYYY-NNNNNN, each its own, a seventh digit kept rather than cut off', async () => {
    const product = await insertProduct({ stock: 10 });
    const [buyer] = await insertUsers(1);
    const order = async () =>
      (
        await checkout(await apiCart([{ productID: product.id, quantity: 1 }]), buyer?.headers ?? {})
      ).json<CreatedOrder>().reference;
    const year = new Date().getUTCFullYear();
    expect(await order()).toMatch(new RegExp(`^GU-${year}-\\d{6}$`));
    await ctx().database.db.execute(sql`ALTER SEQUENCE order_reference_seq RESTART WITH 1234567`);
    expect(await order()).toBe(`GU-${year}-1234567`);
    expect(await order()).toBe(`GU-${year}-1234568`);
  });
});

describe('POST /dev/orders/:orderID/expire (development and end-to-end tests only)', () => {
  it('ends a pending order’s hold at once, its places back on sale; no pending order by that id is a 404', async () => {
    const seats = await insertProduct({ stock: 2, quota: 2 });
    const [buyer] = await insertUsers(1);
    if (!buyer) throw new Error('user missing');
    const taken = await checkout(await apiCart([{ productID: seats.id, quantity: 2 }]), buyer.headers);
    expect(taken.statusCode).toBe(201);
    const order = taken.json<CreatedOrder>();
    expect(await ticketOnPage(seats.id)).toEqual({ quota: 0, soldOut: true });

    const expire = () => ctx().app.inject({ method: 'POST', url: `/dev/orders/${order.orderID}/expire` });
    const answer = await expire();
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ releasedPlaces: number }>().releasedPlaces).toBeGreaterThanOrEqual(2);
    expect(await statusOf(order.orderID)).toBe('EXPIRED');
    expect((await productRow(seats.id)).reserved).toBe(0);
    expect(await ticketOnPage(seats.id)).toEqual({ quota: 2, soldOut: false });

    // Expired now: no longer pending.
    expect((await expire()).statusCode).toBe(404);
  });
});
