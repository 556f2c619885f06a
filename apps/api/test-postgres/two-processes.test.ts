/**
 * On a PostgreSQL server only (vitest.config.ts includes this folder when DATABASE_URL is set; PGlite is
 * embedded in one process): two real API processes on one schema, as `API_WORKERS` or two hosts behind a
 * load balancer would run. 500 buyers check out one ticket each against 50 places, through both processes
 * at once; then the 50 holders pay, through both as well. The guard lives in SQL, so no process can see
 * a place another has taken.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_TEST_CARDS } from '@guichet/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, rowsOf } from '../src/db/client.js';
import { products } from '../src/db/schema.js';
import { type ApiProcess, insertSale, startApiProcess, stopApiProcess, URL_OF_SERVER } from './api-process.js';

const SCHEMA = `test_${randomBytes(6).toString('hex')}`;
const JWT_SECRET = randomBytes(32).toString('base64url');

let database: DatabaseHandle;
const servers: ApiProcess[] = [];

beforeAll(async () => {
  // The first migrates (advisory lock); the second then finds nothing to apply.
  servers.push(await startApiProcess({ schema: SCHEMA, jwtSecret: JWT_SECRET }));
  servers.push(await startApiProcess({ schema: SCHEMA, jwtSecret: JWT_SECRET }));
  database = await openDatabase({ url: URL_OF_SERVER, schemaName: SCHEMA });
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stopApiProcess(server)));
  await database?.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`));
  await database?.close();
}, 60_000);

describe('two API processes on one PostgreSQL schema', () => {
  it('hold exactly 50 places for 500 concurrent checkouts, and sell exactly those once paid', {
    timeout: 300_000,
  }, async () => {
    const { db } = database;
    const { productId, tokens, cartIDs } = await insertSale(db, JWT_SECRET, {
      title: 'Grand soir',
      stock: 50,
      // A buyer each: a buyer's second order replaces their first (one pending order per buyer).
      buyers: 500,
      carts: 500,
    });

    const post = (index: number, path: string, body: unknown, token?: string) =>
      fetch(`${servers[index % 2]?.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const answers = await Promise.all(
      cartIDs.map(async (id, index) => {
        const response = await post(
          index,
          '/orders',
          {
            cartID: id,
            billing: { street: '1 rue Nationale', postalCode: '59000', city: 'Lille', country: 'France' },
            acceptTerms: true,
          },
          tokens[index],
        );
        return { status: response.status, body: (await response.json()) as { paymentUrl?: string; code?: string } };
      }),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(50);
    expect(answers.filter((answer) => answer.status === 409 && answer.body.code === 'SOLD_OUT')).toHaveLength(450);
    const [held] = await db.select().from(products).where(eq(products.id, productId));
    expect(held).toMatchObject({ reserved: 50, sold: 0, stock: 50 });

    const paid = await Promise.all(
      created.map(async ({ body }, index) => {
        const session = new URL(body.paymentUrl ?? '').searchParams.get('order') ?? '';
        const response = await post(index, `/payments/demo/${encodeURIComponent(session)}/attempts`, {
          cardNumber: DEMO_TEST_CARDS.succeeds,
          expiry: '12/34',
          cvc: '123',
        });
        return response.status;
      }),
    );
    expect(paid).toEqual(created.map(() => 200));
    const [sold] = await db.select().from(products).where(eq(products.id, productId));
    expect(sold).toMatchObject({ reserved: 0, sold: 50, stock: 50 });
  });

  it('leave one buyer checking out 40 times at once, through both, one pending order of at most the quota', {
    timeout: 120_000,
  }, async () => {
    const { db } = database;
    // One buyer, 40 carts of 4 places (the most one order may take) against 100 places.
    const { productId, tokens, cartIDs } = await insertSale(db, JWT_SECRET, {
      title: 'Un seul acheteur',
      stock: 100,
      buyers: 1,
      carts: 40,
    });
    await db.execute(sql`UPDATE cart_item SET quantity = 4 WHERE cart_id IN ${cartIDs}`);
    const statuses = await Promise.all(
      cartIDs.map(async (cartID, index) => {
        const response = await fetch(`${servers[index % 2]?.base}/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
          body: JSON.stringify({
            cartID,
            billing: { street: '1 rue Nationale', postalCode: '59000', city: 'Lille', country: 'France' },
            acceptTerms: true,
          }),
        });
        return response.status;
      }),
    );
    // Each replaced the one before it; none failed.
    expect(statuses).toEqual(cartIDs.map(() => 201));
    const byStatus = await rowsOf<{ status: string; count: number }>(
      db,
      sql`SELECT o.status, count(*)::int AS count FROM "order" o JOIN order_item i ON i.order_id = o.id
        WHERE i.product_id = ${productId} GROUP BY o.status ORDER BY o.status`,
    );
    expect(byStatus).toEqual([
      { status: 'CANCELLED', count: 39 },
      { status: 'PENDING', count: 1 },
    ]);
    const [held] = await db.select().from(products).where(eq(products.id, productId));
    expect(held).toMatchObject({ reserved: 4, sold: 0 });
  });
});
