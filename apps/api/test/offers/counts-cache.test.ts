/**
 * The deals search keeps its counts 10 s per text and prices (services/offers/search.ts): each database its
 * own, so that two databases in one process (tests, the bench's sizes) never answer each other's counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.js';
import { searchOffers } from '../../src/services/offers/search.js';
import { createTestDatabase } from '../helpers.js';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let first: TestDatabase;
let second: TestDatabase;

const NOW = new Date('2026-11-22T10:00:00Z');

/** `count` spa deals on sale, each with one product. */
async function fill({ database }: TestDatabase, count: number) {
  for (let index = 1; index <= count; index++) {
    const [offer] = await database.db
      .insert(schema.offers)
      .values({
        slug: `spa-${index}`,
        title: `Spa relaxant n° ${index}`,
        summary: 'Un spa.',
        description: { type: 'doc', content: [] },
        category: 'Bien-être',
        city: 'Lyon',
        citySlug: 'lyon',
        partner: 'Les Bains',
        validFrom: new Date('2026-10-01T00:00:00Z'),
        validUntil: new Date('2027-03-01T00:00:00Z'),
      })
      .returning({ id: schema.offers.id });
    await database.db
      .insert(schema.products)
      .values({ productType: 'OFFER', offerId: offer?.id, title: 'Entrée', price: 3000, quota: 4, stock: 50 });
  }
}

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await fill(first, 1);
  await fill(second, 3);
});
afterAll(async () => {
  await Promise.all([first?.dispose(), second?.dispose()]);
});

describe('the counts of a deals search', () => {
  it('are kept per database: the same search on another database counts its own deals', async () => {
    const query = { q: 'spa', page: 1, pageSize: 24 };
    const one = await searchOffers(first.database.db, query, NOW);
    const three = await searchOffers(second.database.db, query, NOW);
    expect(one.total).toBe(1);
    expect(three.total).toBe(3);
    expect(three.facets.categories).toEqual([{ value: 'Bien-être', label: 'Bien-être', count: 3 }]);
    // And each keeps its own: asked again within the 10 s, the first still says 1.
    expect((await searchOffers(first.database.db, query, NOW)).total).toBe(1);
  });
});
