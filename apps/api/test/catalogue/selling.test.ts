/**
 * The selling rule in SQL (`ticketOnSaleSql`, `offerOnSaleSql`, `quotaSql`: the `quota` of the ticketing page,
 * the deal page, the cart and the checkout) held against its TypeScript twin in the domain (`ticketOnSale`,
 * `offerOnSale`, `quotaNow`), the way prices.test.ts holds the price rule: generated rows, evaluated by the
 * database in one query, compared with the domain's answer.
 */
import {
  OFFER_STATUSES,
  type OfferStatus,
  offerOnSale,
  type ProductSale,
  quotaNow,
  TICKETING_STATUSES,
  type TicketingStatus,
  ticketOnSale,
} from '@guichet/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/client.js';
import { offerOnSaleSql, quotaSql, ticketOnSaleSql } from '../../src/services/catalogue/selling.js';
import { createTestDatabase } from '../helpers.js';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.database.db;
});
afterAll(async () => {
  await handle.dispose();
});

/** A product with what the rule reads of it, of its ticketing (for a ticket) and of its offer (for a deal). */
type Case = {
  perOrder: number;
  /** What is left to sell: stock less sold and reserved (no hold in this database). */
  available: number;
  ticketing: { status: TicketingStatus; salesStartAt: Date | null; endsAt: Date };
  /** The ticket's own sale window. */
  product: ProductSale;
  /** The deal's status (back office) and end of validity; no status: PUBLISHED. */
  offer: { validUntil: Date; status?: OfferStatus };
};

type Answer = { ticketOnSale: boolean; ticketQuota: number; offerOnSale: boolean; offerQuota: number };

/** The domain's answer for one case. */
function domainAnswer(item: Case, now: Date): Answer {
  const ticket = ticketOnSale(item.ticketing, now, item.product);
  const offer = offerOnSale(item.offer, now);
  return {
    ticketOnSale: ticket,
    ticketQuota: quotaNow({ onSale: ticket, perOrder: item.perOrder, available: item.available }),
    offerOnSale: offer,
    offerQuota: quotaNow({ onSale: offer, perOrder: item.perOrder, available: item.available }),
  };
}

const stamp = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The SQL rule's answer for every case, in one query: each case is a product row `p`, its ticketing and its
 * offer, under the tables' own names so that the conditions read them as they read the real tables.
 */
async function sqlAnswers(items: readonly Case[], now: Date): Promise<Answer[]> {
  const list = (row: (item: Case, index: number) => ReturnType<typeof sql>) => sql.join(items.map(row), sql`, `);
  const productRows = list(
    (item, index) =>
      sql`(${index}::int, ${item.perOrder}::int, ${item.available}::int, 0::int, 0::int, ${stamp(item.product.salesStartAt)}::timestamptz, ${stamp(item.product.salesEndAt)}::timestamptz)`,
  );
  const ticketingRows = list(
    (item, index) =>
      sql`(${index}::int, ${item.ticketing.status}::text, ${item.ticketing.salesStartAt?.toISOString() ?? null}::timestamptz, ${item.ticketing.endsAt.toISOString()}::timestamptz)`,
  );
  const offerRows = list(
    (item, index) =>
      sql`(${index}::int, ${item.offer.status ?? 'PUBLISHED'}::text, ${item.offer.validUntil.toISOString()}::timestamptz)`,
  );
  const rows = await rowsOf<{
    ticket_on_sale: boolean;
    ticket_quota: number;
    offer_on_sale: boolean;
    offer_quota: number;
  }>(
    db,
    sql`SELECT ${ticketOnSaleSql(now)} AS ticket_on_sale, ${quotaSql('p', ticketOnSaleSql(now))} AS ticket_quota,
        ${offerOnSaleSql(now)} AS offer_on_sale, ${quotaSql('p', offerOnSaleSql(now))} AS offer_quota
      FROM (VALUES ${productRows}) AS p(id, quota, stock, sold, reserved, sales_start_at, sales_end_at)
      JOIN (VALUES ${ticketingRows}) AS ticketing(id, status, sales_start_at, ends_at) ON ticketing.id = p.id
      JOIN (VALUES ${offerRows}) AS offer(id, status, valid_until) ON offer.id = p.id
      ORDER BY p.id`,
  );
  return rows.map((row) => ({
    ticketOnSale: row.ticket_on_sale,
    ticketQuota: Number(row.ticket_quota),
    offerOnSale: row.offer_on_sale,
    offerQuota: Number(row.offer_quota),
  }));
}

const NOW = new Date('2027-03-12T18:30:00.000Z');
const at = (offset: number) => new Date(NOW.getTime() + offset);

/** Instants around `now`: exactly it, a millisecond either side, and anything within two days. */
const instant = fc.oneof(fc.constantFrom(0, -1, 1), fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 })).map(at);

const caseOf = fc.record({
  perOrder: fc.integer({ min: 1, max: 20 }),
  // Below 0 too: the rule never answers a negative quota, whatever the rows say.
  available: fc.integer({ min: -5, max: 40 }),
  ticketing: fc.record({
    status: fc.constantFrom(...TICKETING_STATUSES),
    salesStartAt: fc.option(instant, { nil: null }),
    endsAt: instant,
  }),
  product: fc.record({
    salesStartAt: fc.option(instant, { nil: null }),
    salesEndAt: fc.option(instant, { nil: null }),
  }),
  offer: fc.record({ validUntil: instant, status: fc.constantFrom(...OFFER_STATUSES) }),
});

describe('the SQL selling rule', () => {
  it('agrees with the domain on the edges: sale opening now, ending now, nothing left, more left than one order takes', async () => {
    const open = { status: 'PUBLISHED' as const, salesStartAt: null, endsAt: at(3_600_000) };
    const product = { salesStartAt: null, salesEndAt: null };
    const base = { perOrder: 4, product };
    const edges: Case[] = [
      { ...base, available: 10, ticketing: open, offer: { validUntil: at(1) } },
      { ...base, available: 2, ticketing: { ...open, salesStartAt: NOW }, offer: { validUntil: NOW } },
      { ...base, available: 0, ticketing: { ...open, endsAt: NOW }, offer: { validUntil: at(-1) } },
      { ...base, available: 10, ticketing: { ...open, salesStartAt: at(1) }, offer: { validUntil: at(-1) } },
      { ...base, available: 10, ticketing: { ...open, endsAt: at(-1) }, offer: { validUntil: at(1) } },
      { ...base, available: 10, ticketing: { ...open, status: 'CANCELLED' }, offer: { validUntil: at(1) } },
      { ...base, available: 10, ticketing: { ...open, status: 'DRAFT' }, offer: { validUntil: at(1) } },
      { ...base, available: -3, ticketing: open, offer: { validUntil: at(1) } },
      // Paused: its page stays, nothing of it sells.
      { ...base, available: 10, ticketing: { ...open, status: 'PAUSED' }, offer: { validUntil: at(1) } },
      { ...base, available: 10, ticketing: open, offer: { validUntil: at(1), status: 'PAUSED' } },
      { ...base, available: 10, ticketing: open, offer: { validUntil: at(1), status: 'DRAFT' } },
      { ...base, available: 10, ticketing: open, offer: { validUntil: at(1), status: 'ENDED' } },
      // The ticket's own window: opening now sells, opening in a millisecond does not; closing now has closed.
      {
        ...base,
        available: 10,
        ticketing: open,
        product: { salesStartAt: NOW, salesEndAt: null },
        offer: { validUntil: at(1) },
      },
      {
        ...base,
        available: 10,
        ticketing: open,
        product: { salesStartAt: at(1), salesEndAt: null },
        offer: { validUntil: at(1) },
      },
      {
        ...base,
        available: 10,
        ticketing: open,
        product: { salesStartAt: null, salesEndAt: NOW },
        offer: { validUntil: at(1) },
      },
      {
        ...base,
        available: 10,
        ticketing: open,
        product: { salesStartAt: at(-1), salesEndAt: at(1) },
        offer: { validUntil: at(1) },
      },
    ];
    const answers = await sqlAnswers(edges, NOW);
    expect(answers).toEqual(edges.map((edge) => domainAnswer(edge, NOW)));
    // What the edges are for, said plainly: open → the smaller cap; not open, over, cancelled, paused → nothing;
    // a deal paused, in draft or ended early sells nothing.
    expect(answers.map((answer) => answer.ticketQuota)).toEqual([4, 2, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 0, 0, 4]);
    expect(answers.map((answer) => answer.offerQuota)).toEqual([4, 2, 0, 0, 4, 4, 4, 0, 4, 0, 0, 0, 4, 4, 4, 4]);
  });

  it('agrees with the domain on any product, ticketing and offer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(caseOf, { minLength: 1, maxLength: 40 }), async (items) => {
        expect(await sqlAnswers(items, NOW)).toEqual(items.map((item) => domainAnswer(item, NOW)));
      }),
      { numRuns: 150 },
    );
  });
});
