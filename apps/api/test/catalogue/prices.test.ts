/**
 * Money invariants kept by the database itself (CHECK constraints of products and order lines), and the
 * SQL copy of the price rule (`discountedPriceSql`, behind every card's « Dès » price) held against the
 * domain's `discountedPrice`, the rule the cart and the ticketing page use.
 */
import { type DiscountType, discountedPrice, type Priced } from '@guichet/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/client.js';
import { orderItems, orders, organizers, products, ticketings, users } from '../../src/db/schema.js';
import { discountedPriceSql } from '../../src/services/catalogue/summary.js';
import { createTestDatabase } from '../helpers.js';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let ticketingId: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.database.db;
  const [organizer] = await db
    .insert(organizers)
    .values({ slug: 'salle-des-tests', name: 'Salle des tests', city: 'Lyon' })
    .returning({ id: organizers.id });
  const [ticketing] = await db
    .insert(ticketings)
    .values({
      slug: 'concert-des-prix',
      title: 'Concert des prix',
      summary: 'Un concert',
      description: { type: 'doc' },
      category: 'Concert',
      venue: 'Salle des tests',
      address: '1 rue des Tests',
      postalCode: '69001',
      city: 'Lyon',
      citySlug: 'lyon',
      country: 'france',
      startsAt: new Date('2027-01-10T19:00:00Z'),
      endsAt: new Date('2027-01-10T22:00:00Z'),
      organizerId: organizer?.id ?? 0,
    })
    .returning({ id: ticketings.id });
  ticketingId = ticketing?.id ?? 0;
});
afterAll(async () => {
  await handle.dispose();
});

type ProductPrice = { price: number; discountType: DiscountType | null; discount: number };

const insertProduct = (product: ProductPrice) =>
  db
    .insert(products)
    .values({ productType: 'TICKET', ticketingId, title: 'Plein tarif', quota: 10, stock: 100, ...product })
    .returning({ id: products.id });

/** The CHECK constraint a refused write broke, as reported by either driver (Drizzle wraps it in `cause`). */
async function violatedConstraint(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
  } catch (error) {
    for (let current: unknown = error; current && typeof current === 'object'; current = (current as Error).cause) {
      const { code, constraint } = current as { code?: string; constraint?: string };
      if (code === '23514') return constraint;
    }
    throw error;
  }
  return undefined;
}

describe('the database refuses', () => {
  it.each([
    ['a FIXED discount above the price', { price: 1000, discountType: 'FIXED', discount: 1001 }],
    ['a PERCENTAGE above 100', { price: 1000, discountType: 'PERCENTAGE', discount: 101 }],
    ['a discount without a discount type', { price: 1000, discountType: null, discount: 100 }],
  ] as const)('%s', async (_, product) => {
    expect(await violatedConstraint(insertProduct(product))).toBe('product_discount_range_check');
  });

  it('a negative price or discount', async () => {
    expect(await violatedConstraint(insertProduct({ price: -1, discountType: null, discount: 0 }))).toBe(
      'product_price_check',
    );
    expect(await violatedConstraint(insertProduct({ price: 1000, discountType: 'FIXED', discount: -1 }))).toBe(
      'product_discount_check',
    );
  });

  it('an order line whose total is not its unit price times its quantity, or a negative unit price', async () => {
    const [product] = await insertProduct({ price: 1500, discountType: null, discount: 0 });
    const [user] = await db
      .insert(users)
      .values({ firstname: 'Inès', lastname: 'Morel', email: 'ines.morel@exemple.fr', passwordHash: 'x' })
      .returning({ id: users.id });
    const [order] = await db
      .insert(orders)
      .values({ reference: 'GU-2027-000001', userId: user?.id ?? 0, totalAmount: 3000 })
      .returning({ id: orders.id });
    const line = { orderId: order?.id ?? 0, productId: product?.id ?? 0, title: 'Plein tarif', quantity: 2 };
    expect(await violatedConstraint(db.insert(orderItems).values({ ...line, unitPrice: 1500, lineTotal: 1500 }))).toBe(
      'order_item_amounts_check',
    );
    expect(
      await violatedConstraint(db.insert(orderItems).values({ ...line, unitPrice: -1500, lineTotal: -3000 })),
    ).toBe('order_item_amounts_check');
    expect(await violatedConstraint(db.insert(orderItems).values({ ...line, unitPrice: 1500, lineTotal: 3000 }))).toBe(
      undefined,
    );
  });
});

/** What `discountedPriceSql` makes of each product, evaluated by the database in one query. */
async function sqlPrices(items: readonly Priced[]): Promise<number[]> {
  const values = sql.join(
    items.map(
      (item, index) =>
        sql`(${index}::int, ${item.price}::int, ${item.discountType ?? null}::text, ${item.discount ?? 0}::int)`,
    ),
    sql`, `,
  );
  const rows = await rowsOf<{ n: number; amount: number | string }>(
    db,
    sql`SELECT p.n, ${discountedPriceSql('p')} AS amount
      FROM (VALUES ${values}) AS p(n, price, discount_type, discount) ORDER BY p.n`,
  );
  return rows.map((row) => Number(row.amount));
}

describe('the SQL price rule', () => {
  it('agrees with the domain on the edge products, stored', async () => {
    const edges: ProductPrice[] = [
      { price: 2500, discountType: 'FIXED', discount: 2500 },
      { price: 2500, discountType: 'FIXED', discount: 0 },
      { price: 2500, discountType: 'PERCENTAGE', discount: 100 },
      { price: 2500, discountType: 'PERCENTAGE', discount: 0 },
      { price: 0, discountType: 'FIXED', discount: 0 },
      { price: 0, discountType: 'PERCENTAGE', discount: 100 },
      { price: 0, discountType: null, discount: 0 },
      { price: 1999, discountType: 'PERCENTAGE', discount: 15 },
    ];
    const ids: number[] = [];
    for (const edge of edges) {
      const [row] = await insertProduct(edge);
      ids.push(row?.id ?? 0);
    }
    const rows = await rowsOf<{ id: number; amount: number | string }>(
      db,
      sql`SELECT p.id, ${discountedPriceSql('p')} AS amount FROM ${products} p
        WHERE p.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY p.id`,
    );
    expect(rows.map((row) => Number(row.amount))).toEqual(edges.map((edge) => discountedPrice(edge)));
  });

  // Products the constraints allow, and beyond them (a FIXED discount above the price, a PERCENTAGE above
  // 100): the rule itself floors at 0, whatever the table lets in.
  const priced = fc.oneof(
    fc.integer({ min: 0, max: 10_000_000 }).chain((price) =>
      fc.record({
        price: fc.constant(price),
        discountType: fc.constant('FIXED' as const),
        discount: fc.integer({ min: 0, max: 2 * price + 1 }),
      }),
    ),
    fc.record({
      price: fc.integer({ min: 0, max: 10_000_000 }),
      discountType: fc.constant('PERCENTAGE' as const),
      discount: fc.integer({ min: 0, max: 200 }),
    }),
    fc.record({
      price: fc.integer({ min: 0, max: 10_000_000 }),
      discountType: fc.constant(null),
      discount: fc.constant(0),
    }),
  );

  it('agrees with the domain on any product', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(priced, { minLength: 1, maxLength: 40 }), async (items) => {
        expect(await sqlPrices(items)).toEqual(items.map((item) => discountedPrice(item)));
      }),
      { numRuns: 150 },
    );
  });
});
