/**
 * On a PostgreSQL server only: the API process killed (SIGKILL, as a crash or an out-of-memory kill would)
 * while 100 buyers are checking out and paying, then started again. Whatever the kill cut in half, the
 * database holds no order paid without its tickets, no ticket without a paid order, no accepted payment
 * without its order paid, and no product sold or held beyond its stock — transactions commit whole or not at
 * all, and the guards are in SQL. The buyers cut off then finish on the new process.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_TEST_CARDS } from '@guichet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, rowsOf } from '../src/db/client.js';
import { type ApiProcess, insertSale, startApiProcess, stopApiProcess, URL_OF_SERVER } from './api-process.js';

const SCHEMA = `test_${randomBytes(6).toString('hex')}`;
const JWT_SECRET = randomBytes(32).toString('base64url');
const BUYERS = 100;
const STOCK = 70;
const BILLING = { street: '1 rue Nationale', postalCode: '59000', city: 'Lille', country: 'France' };
const CARD = { cardNumber: DEMO_TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' };

let database: DatabaseHandle;
let server: ApiProcess;

beforeAll(async () => {
  server = await startApiProcess({ schema: SCHEMA, jwtSecret: JWT_SECRET });
  database = await openDatabase({ url: URL_OF_SERVER, schemaName: SCHEMA });
}, 120_000);

afterAll(async () => {
  if (server) await stopApiProcess(server);
  await database?.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`));
  await database?.close();
}, 60_000);

type Journey = { cartID: string; token: string; session: string | null; paid: boolean };

async function post(
  base: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Checks out (unless the order already exists) and pays; a connection cut by the kill ends it quietly. */
async function buy(base: string, journey: Journey): Promise<void> {
  try {
    if (!journey.session) {
      const order = await post(
        base,
        '/orders',
        { cartID: journey.cartID, billing: BILLING, acceptTerms: true },
        journey.token,
      );
      if (order.status !== 201) return;
      journey.session = new URL(String(order.body.paymentUrl)).searchParams.get('order');
    }
    const payment = await post(base, `/payments/demo/${encodeURIComponent(journey.session ?? '')}/attempts`, CARD);
    // 409: already paid (by this attempt's twin cut off before it answered).
    if (payment.status === 200 || payment.status === 409) journey.paid = true;
  } catch {
    // The process was killed under this request.
  }
}

describe('the API process killed in the middle of a sale', () => {
  it('leaves no order paid without tickets, no ticket without a paid order, nothing oversold', {
    timeout: 300_000,
  }, async () => {
    const { db } = database;
    const { productId, tokens, cartIDs } = await insertSale(db, JWT_SECRET, {
      title: 'Soirée interrompue',
      stock: STOCK,
      buyers: BUYERS,
      carts: BUYERS,
    });
    const journeys: Journey[] = cartIDs.map((cartID, index) => ({
      cartID,
      token: tokens[index] ?? '',
      session: null,
      paid: false,
    }));

    // Every buyer at once; the process is killed as soon as a few have paid, the others in full flight.
    const first = server;
    const running = Promise.all(journeys.map((journey) => buy(first.base, journey)));
    await expect
      .poll(() => journeys.filter((journey) => journey.paid).length, { timeout: 60_000, interval: 5 })
      .toBeGreaterThanOrEqual(5);
    await stopApiProcess(first, 'SIGKILL');
    await running;
    const paidBeforeKill = journeys.filter((journey) => journey.paid).length;
    expect(paidBeforeKill).toBeLessThan(BUYERS);

    // Started again: the buyers cut off try again, as they would by reloading the page.
    server = await startApiProcess({ schema: SCHEMA, jwtSecret: JWT_SECRET });
    await Promise.all(journeys.filter((journey) => !journey.paid).map((journey) => buy(server.base, journey)));

    const [broken] = await rowsOf<{
      paid_without_tickets: number;
      tickets_without_paid_order: number;
      payments_kept_unpaid: number;
    }>(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM "order" o WHERE o.status = 'PAID' AND
          (SELECT count(*) FROM ticket t JOIN order_item i ON i.id = t.order_item_id WHERE i.order_id = o.id)
          <> (SELECT coalesce(sum(i.quantity), 0) FROM order_item i WHERE i.order_id = o.id)) AS paid_without_tickets,
        (SELECT count(*)::int FROM ticket t JOIN order_item i ON i.id = t.order_item_id
          JOIN "order" o ON o.id = i.order_id WHERE o.status <> 'PAID') AS tickets_without_paid_order,
        (SELECT count(*)::int FROM payment p JOIN "order" o ON o.id = p.order_id
          WHERE p.status = 'SUCCEEDED' AND o.status <> 'PAID') AS payments_kept_unpaid`,
    );
    expect(broken).toEqual({ paid_without_tickets: 0, tickets_without_paid_order: 0, payments_kept_unpaid: 0 });

    const [stock] = await rowsOf<{ sold: number; reserved: number; tickets: number; held: number; paid: number }>(
      db,
      sql`SELECT p.sold, p.reserved,
        (SELECT count(*)::int FROM ticket t JOIN order_item i ON i.id = t.order_item_id WHERE i.product_id = p.id) AS tickets,
        (SELECT coalesce(sum(h.quantity), 0)::int FROM product_hold h WHERE h.product_id = p.id AND h.released_at IS NULL) AS held,
        (SELECT count(*)::int FROM "order" o WHERE o.status = 'PAID') AS paid
        FROM product p WHERE p.id = ${productId}`,
    );
    expect(stock?.sold).toBe(stock?.tickets);
    expect(stock?.reserved).toBe(stock?.held);
    expect((stock?.sold ?? 0) + (stock?.reserved ?? 0)).toBeLessThanOrEqual(STOCK);
    // The places sold out: every one paid for, each ticket once.
    expect(stock?.paid).toBe(stock?.sold);
    expect(stock?.sold).toBeGreaterThanOrEqual(paidBeforeKill);
  });
});
