import type { OrderDetail, OrderSummary } from '@guichet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '../../src/db/schema.js';
import { DEMO_ACCOUNT } from '../../src/seed/index.js';
import { TICKET_CODE_PATTERN } from '../../src/services/documents/codes.js';
import { bearer, logIn, registerUser, type Tokens } from '../auth/support.js';
import { createTestApp, validationIssues } from '../helpers.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let demo: { id: number; tokens: Tokens };

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  // Through POST /login, as the web does.
  const login = await logIn(context.app, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  expect(login.statusCode).toBe(200);
  const tokens = login.json<Tokens>();
  const { id } = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
    id: number;
  };
  demo = { id, tokens };
});
afterAll(async () => {
  await context.close();
});

const get = (url: string, headers: Record<string, string> = {}) => context.app.inject({ method: 'GET', url, headers });
const asDemo = () => bearer(demo.tokens.accessToken);

describe('GET /account/:id/orders', () => {
  it('lists the demo account’s two paid orders, newest first', async () => {
    const response = await get(`/account/${demo.id}/orders`, asDemo());
    expect(response.statusCode).toBe(200);
    const page = response.json<{ items: OrderSummary[]; total: number; page: number; pageSize: number }>();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(page.items).toHaveLength(2);
    const [newest, oldest] = page.items as [OrderSummary, OrderSummary];
    expect(newest.reference).toMatch(/^GU-\d{4}-000002$/);
    expect(oldest.reference).toMatch(/^GU-\d{4}-000001$/);
    expect(Date.parse(newest.createdAt)).toBeGreaterThan(Date.parse(oldest.createdAt));
    for (const order of page.items) {
      expect(order).toEqual({
        id: expect.any(Number),
        reference: expect.any(String),
        status: 'PAID',
        totalAmount: expect.any(Number),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        itemCount: 3,
      });
      expect(order.totalAmount).toBeGreaterThan(0);
    }
  });

  it('pages the list', async () => {
    const first = (await get(`/account/${demo.id}/orders?page=1&pageSize=1`, asDemo())).json<{
      items: OrderSummary[];
      total: number;
      page: number;
      pageSize: number;
    }>();
    const second = (await get(`/account/${demo.id}/orders?page=2&pageSize=1`, asDemo())).json<{
      items: OrderSummary[];
      total: number;
      page: number;
    }>();
    const third = (await get(`/account/${demo.id}/orders?page=3&pageSize=1`, asDemo())).json<{
      items: OrderSummary[];
    }>();
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(second).toMatchObject({ total: 2, page: 2 });
    expect(first.items.map((order) => order.reference)).toEqual([expect.stringMatching(/000002$/)]);
    expect(second.items.map((order) => order.reference)).toEqual([expect.stringMatching(/000001$/)]);
    expect(third.items).toEqual([]);
  });

  it('refuses a page size above 50 or a page below 1', async () => {
    const tooLarge = await get(`/account/${demo.id}/orders?pageSize=51`, asDemo());
    expect(validationIssues(tooLarge, 'querystring')).toEqual([expect.objectContaining({ path: ['pageSize'] })]);
    const beforeFirst = await get(`/account/${demo.id}/orders?page=0`, asDemo());
    expect(validationIssues(beforeFirst, 'querystring')).toEqual([expect.objectContaining({ path: ['page'] })]);
  });

  it('orders by creation date then id, newest first', async () => {
    const { id, tokens } = await registerUser(context.app);
    const [product] = await context.database.db.select({ id: products.id }).from(products).limit(1);
    if (!product) throw new Error('no product');
    const createdAt = new Date('2026-10-01T10:00:00Z');
    const inserted = await context.database.db
      .insert(orders)
      .values(
        ['GU-T-000010', 'GU-T-000011', 'GU-T-000012'].map((reference, index) => ({
          reference: `${reference}-${id}`,
          userId: id,
          // A buyer has one pending order at most: the others expired.
          status: index === 0 ? ('PENDING' as const) : ('EXPIRED' as const),
          totalAmount: 0,
          // The first two at the same instant: the higher id comes first.
          createdAt: index === 2 ? new Date('2026-09-01T10:00:00Z') : createdAt,
        })),
      )
      .returning({ id: orders.id });
    const listed = (await get(`/account/${id}/orders`, bearer(tokens.accessToken))).json<{ items: OrderSummary[] }>();
    expect(listed.items.map((order) => order.id)).toEqual([inserted[1]?.id, inserted[0]?.id, inserted[2]?.id]);
    expect(listed.items.every((order) => order.itemCount === 0)).toBe(true);
  });

  it('asks for authentication without a token', async () => {
    const response = await get(`/account/${demo.id}/orders`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      code: 'AUTHENTICATION_REQUIRED',
      message: 'Authentification requise.',
    });
    expect(response.headers['www-authenticate']).toBe('Bearer realm="guichet"');
  });

  it('forbids another user’s list', async () => {
    const other = await registerUser(context.app);
    const response = await get(`/account/${demo.id}/orders`, bearer(other.tokens.accessToken));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Page interdite : ce compte n’est pas le vôtre.',
    });
    // Their own list is empty.
    const own = await get(`/account/${other.id}/orders`, bearer(other.tokens.accessToken));
    expect(own.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
  });
});

describe('GET /account/:id/orders/:orderID', () => {
  async function demoOrders() {
    return (await get(`/account/${demo.id}/orders`, asDemo())).json<{ items: OrderSummary[] }>().items;
  }

  it('gives the owner the order, its lines, their ticketing and tickets', async () => {
    const [newest] = await demoOrders();
    if (!newest) throw new Error('no order');
    const response = await get(`/account/${demo.id}/orders/${newest.id}`, asDemo());
    expect(response.statusCode).toBe(200);
    const order = response.json<OrderDetail>();
    expect(order).toMatchObject({
      id: newest.id,
      reference: newest.reference,
      status: 'PAID',
      currency: 'EUR',
      createdAt: newest.createdAt,
      paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      facturationAddress: { street: '12 rue des Lilas', postalCode: '69003', city: 'Lyon', country: 'France' },
    });
    expect(order.items).toHaveLength(2);
    for (const item of order.items) {
      expect(item.productType).toBe('TICKET');
      expect(item.ticketing).toEqual({
        id: expect.any(Number),
        slug: expect.any(String),
        title: expect.any(String),
        startsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        endsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        venue: expect.any(String),
        city: expect.any(String),
        // Never postponed: no refund to ask for.
        refundRequestsUntil: null,
      });
      expect(item.withdrawalUntil).toBeNull();
      expect(item.title.startsWith(item.ticketing?.title ?? '?')).toBe(true);
      expect(item.tickets).toHaveLength(item.quantity);
      for (const ticket of item.tickets) {
        expect(ticket.code).toMatch(TICKET_CODE_PATTERN);
        expect(ticket.holderName).toBe('Camille Martin');
        expect(ticket).toMatchObject({ id: expect.any(Number), revokedReason: null, scannedAt: null });
      }
    }
    expect(order.refunds).toEqual([]);
    expect(order.items[0]?.ticketing?.title).toBe('Les Nuits Électriques');
  });

  it('has totals equal to the sum of the lines, and lines equal to unit price × quantity', async () => {
    for (const summary of await demoOrders()) {
      const order = (await get(`/account/${demo.id}/orders/${summary.id}`, asDemo())).json<OrderDetail>();
      for (const item of order.items) expect(item.lineTotal).toBe(item.unitPrice * item.quantity);
      expect(order.totalAmount).toBe(order.items.reduce((sum, item) => sum + item.lineTotal, 0));
      expect(summary.totalAmount).toBe(order.totalAmount);
      expect(summary.itemCount).toBe(order.items.reduce((sum, item) => sum + item.quantity, 0));
    }
  });

  it('gives a deal line no ticketing, and its voucher', async () => {
    const oldest = (await demoOrders())[1];
    const order = (await get(`/account/${demo.id}/orders/${oldest?.id}`, asDemo())).json<OrderDetail>();
    const deal = order.items.find((item) => item.productType === 'OFFER');
    expect(deal).toMatchObject({ ticketing: null, quantity: 1 });
    expect(deal?.tickets).toHaveLength(1);
    expect(order.items.find((item) => item.productType === 'TICKET')?.tickets).toHaveLength(2);
  });

  it('answers 404, never 403, for another user’s order', async () => {
    const [demoOrder] = await demoOrders();
    const other = await registerUser(context.app);
    const response = await get(`/account/${other.id}/orders/${demoOrder?.id}`, bearer(other.tokens.accessToken));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Commande introuvable.' });
  });

  it('answers 404 for an unknown order', async () => {
    const response = await get(`/account/${demo.id}/orders/999999`, asDemo());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Commande introuvable.' });
  });

  it('answers 403 on another account’s path and 401 without a token', async () => {
    const [demoOrder] = await demoOrders();
    const other = await registerUser(context.app);
    expect(
      (await get(`/account/${demo.id}/orders/${demoOrder?.id}`, bearer(other.tokens.accessToken))).statusCode,
    ).toBe(403);
    expect((await get(`/account/${demo.id}/orders/${demoOrder?.id}`)).statusCode).toBe(401);
  });

  it('answers 400 for an order id that is not a number', async () => {
    const response = await get(`/account/${demo.id}/orders/abc`, asDemo());
    expect(validationIssues(response, 'params')).toEqual([expect.objectContaining({ path: ['orderID'] })]);
  });

  it('lists no ticket for an order that is not paid', async () => {
    const [newest] = await demoOrders();
    if (!newest) throw new Error('no order');
    await context.database.db.update(orders).set({ status: 'REFUNDED' }).where(eq(orders.id, newest.id));
    try {
      const order = (await get(`/account/${demo.id}/orders/${newest.id}`, asDemo())).json<OrderDetail>();
      expect(order.status).toBe('REFUNDED');
      expect(order.items.every((item) => item.tickets.length === 0)).toBe(true);
      const lines = await context.database.db.select().from(orderItems).where(eq(orderItems.orderId, newest.id));
      expect(order.items).toHaveLength(lines.length);
    } finally {
      await context.database.db.update(orders).set({ status: 'PAID' }).where(eq(orders.id, newest.id));
    }
  });
});
