/**
 * A deals search counts its matches up to SEARCH_COUNT_LIMIT and reaches no result beyond it
 * (docs/decisions/0037): the count, the facets, the pages and the order of relevance past the limit.
 */
import { SEARCH_COUNT_LIMIT } from '@guichet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { cellsQuery, searchOffers } from '../../src/services/offers/search.js';
import { searchSite } from '../../src/services/search/site-search.js';
import { textSearchOf } from '../../src/services/search/text-query.js';
import { createTestDatabase } from '../helpers.js';

let test: Awaited<ReturnType<typeof createTestDatabase>>;
const NOW = new Date('2026-11-22T10:00:00Z');
const SPAS = 1200;
/** The last spas, in Brest: beyond the first matches a count reads. */
const BREST = 50;
const KARTINGS = SEARCH_COUNT_LIMIT;

/** Spas n° from…to in `city` (one in four a « Loisirs », one in a hundred put forward, each newer than the one before). */
const spas = (from: number, to: number, city: string) => sql`INSERT INTO offer (slug, title, summary, description,
    category, city, city_slug, partner, valid_from, valid_until, featured)
  SELECT 'spa-' || g, 'Spa relaxant n° ' || g, 'Un spa.', '{"type":"doc","content":[]}'::jsonb,
    CASE WHEN g % 4 = 0 THEN 'Loisirs' ELSE 'Bien-être' END, ${city}, lower(${city}), 'Les Bains',
    timestamptz '2026-01-01' + g * interval '1 hour', timestamptz '2027-06-01', g % 100 = 0
  FROM generate_series(${from}::int, ${to}::int) g`;

/** A product for every offer without one. */
const products = sql`INSERT INTO product (product_type, offer_id, title, price, quota, stock)
  SELECT 'OFFER', id, 'Entrée', 3000, 4, 50 FROM offer WHERE id NOT IN (SELECT offer_id FROM product)`;

beforeAll(async () => {
  test = await createTestDatabase();
  const { db } = test.database;
  // 1,200 spas, the last 50 in Brest and written last (so that a count's first matches lack them), and
  // exactly SEARCH_COUNT_LIMIT kartings; every one on sale, with a product.
  await db.execute(spas(1, SPAS - BREST, 'Lyon'));
  await db.execute(sql`INSERT INTO offer (slug, title, summary, description, category, city, city_slug,
      partner, valid_from, valid_until)
    SELECT 'karting-' || g, 'Karting n° ' || g, 'Un karting.', '{"type":"doc","content":[]}'::jsonb,
      'Sport', 'Nantes', 'nantes', 'La Piste', timestamptz '2026-01-01', timestamptz '2027-06-01'
    FROM generate_series(1, ${KARTINGS}) g`);
  await db.execute(products);
  await db.execute(spas(SPAS - BREST + 1, SPAS, 'Brest'));
  await db.execute(products);
}, 120_000);
afterAll(async () => {
  await test?.dispose();
});

const search = (query: { q?: string; category?: string; city?: string; page?: number; minPrice?: number }) =>
  searchOffers(test.database.db, { page: 1, pageSize: 24, ...query }, NOW);

describe('a deals search beyond SEARCH_COUNT_LIMIT matches', () => {
  it('reads one match more than the limit to count, whatever the catalogue holds', async () => {
    const cells = await rowsOf<{ n: number }>(
      test.database.db,
      cellsQuery({ page: 1, pageSize: 24 }, textSearchOf('spa'), NOW),
    );
    expect(cells.reduce((sum, cell) => sum + Number(cell.n), 0)).toBe(SEARCH_COUNT_LIMIT + 1);
  });

  it('says « more than the limit », without counts in its facets', async () => {
    const results = await search({ q: 'spa' });
    expect(results).toMatchObject({ total: SEARCH_COUNT_LIMIT, totalCapped: true });
    expect(results.items).toHaveLength(24);
    expect(results.facets.categories.map((facet) => facet.value).sort()).toEqual(['Bien-être', 'Loisirs']);
    expect(results.facets.categories.every((facet) => facet.count === null)).toBe(true);
    expect(results.facets.cities).toContainEqual({ value: 'lyon', label: 'Lyon', count: null });
  });

  it('lists a chosen value that the first matches lack', async () => {
    const cells = await rowsOf<{ city_slug: string }>(
      test.database.db,
      cellsQuery({ page: 1, pageSize: 24 }, textSearchOf('spa'), NOW),
    );
    expect(cells.map((cell) => cell.city_slug)).not.toContain('brest');
    const results = await search({ q: 'spa', city: 'brest' });
    expect(results).toMatchObject({ total: BREST, totalCapped: false });
    expect(results.facets.cities).toContainEqual({ value: 'brest', label: 'Brest', count: null });
  });

  it('counts a chosen facet of its own, exactly when it is within the limit', async () => {
    const results = await search({ q: 'spa', category: 'Loisirs' });
    expect(results).toMatchObject({ total: SPAS / 4, totalCapped: false });
    expect(results.items.every((offer) => offer.category === 'Loisirs')).toBe(true);
    // Within the limit, relevance ranks them all again (every title alike: then by id).
    expect(results.items[0]?.slug).toBe('spa-4');
  });

  it('puts the offers put forward first, then the newest, rather than ranking every match', async () => {
    // Counted before (the page waits for the counts) and counted afresh (the page is read beside them first).
    for (const minPrice of [undefined, 1]) {
      const { items } = await search({ q: 'spa', minPrice });
      expect(items.slice(0, 12).map((offer) => offer.slug)).toEqual([
        ...[1200, 1100, 1000, 900, 800, 700, 600, 500, 400, 300, 200, 100].map((n) => `spa-${n}`),
      ]);
      expect(items[12]?.slug).toBe('spa-1199');
    }
  });

  it('ends its pages at the limit-th result', async () => {
    const lastPage = Math.ceil(SEARCH_COUNT_LIMIT / 24);
    const last = await search({ q: 'spa', page: lastPage });
    expect(last.items).toHaveLength(SEARCH_COUNT_LIMIT - (lastPage - 1) * 24);
    const beyond = await search({ q: 'spa', page: lastPage + 1 });
    expect(beyond).toMatchObject({ items: [], total: SEARCH_COUNT_LIMIT, totalCapped: true });
  });

  it('counts a search without a text the same way', async () => {
    const results = await search({});
    expect(results).toMatchObject({ total: SEARCH_COUNT_LIMIT, totalCapped: true });
    expect(results.items[0]?.slug).toBe('spa-1200');
  });
});

describe('a deals search of exactly SEARCH_COUNT_LIMIT matches', () => {
  it('counts them all, its facets too, and ranks them', async () => {
    const results = await search({ q: 'karting' });
    expect(results).toMatchObject({ total: KARTINGS, totalCapped: false });
    expect(results.facets.categories).toEqual([{ value: 'Sport', label: 'Sport', count: KARTINGS }]);
    // Every title matches alike: ranked, then by id.
    expect(results.items[0]?.slug).toBe('karting-1');
  });
});

describe('the site-wide search beyond SEARCH_COUNT_LIMIT deals', () => {
  it('counts its deals up to the limit and orders them as the deals search does', async () => {
    const { offers } = await searchSite(test.database.db, 'spa', NOW);
    expect(offers).toMatchObject({ total: SEARCH_COUNT_LIMIT, totalCapped: true });
    expect(offers.items[0]?.slug).toBe('spa-1200');
    const kartings = (await searchSite(test.database.db, 'karting', NOW)).offers;
    expect(kartings).toMatchObject({ total: KARTINGS, totalCapped: false });
  });
});
