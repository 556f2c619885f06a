/**
 * The deals search (GET /offers/search) and the search box's suggestions (GET /offers/suggest): French full
 * text, typo fallback, filters, sorts and facet counts that follow the other filters (docs/decisions/0021).
 */
import type { OfferSort, OfferSuggestion, OffersSearchPage, SearchFacet, SearchOffersQuery } from '@guichet/contracts';
import { SUGGESTIONS_LIMIT } from '@guichet/contracts';
import { SEARCH_COUNT_LIMIT } from '@guichet/domain';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { offers } from '../../db/schema.js';
import { type TtlCache, ttlCache } from '../../lib/ttl-cache.js';
import { cappedCount, countUpTo, MATCHES_READ } from '../search/capped-count.js';
import {
  correctTypos,
  matchesSql,
  rankSql,
  suggestForgivingTypos,
  type TextSearch,
  textSearchOf,
} from '../search/text-query.js';
import { onSaleAt, selectOfferCards, toOfferCard } from './cards.js';

const searchVector = sql`${offers.searchVector}`;

/** The filters other than the facets' own: on sale, the text, the price range, discounted only. */
function baseConditions(query: SearchOffersQuery, text: TextSearch | null, now: Date): SQL {
  const conditions: (SQL | undefined)[] = [onSaleAt(now)];
  if (text) conditions.push(matchesSql(searchVector, text));
  if (query.minPrice !== undefined) conditions.push(sql`${offers.priceFrom} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) conditions.push(sql`${offers.priceFrom} <= ${query.maxPrice}`);
  if (query.discounted) conditions.push(sql`${offers.bestDiscountRate} > 0`);
  return and(...conditions) ?? sql`true`;
}

/**
 * The order of a page. `relevance` with a text ranks every match by `ts_rank` (title words first) when they are
 * at most SEARCH_COUNT_LIMIT; beyond, ranking them all would read them all, so the offers put forward come
 * first, then the newest, as without a text: PostgreSQL walks `offer_featured_newest_idx` and stops at the page.
 */
function orderOf(sort: OfferSort, text: TextSearch | null, capped: boolean): SQL[] {
  switch (sort) {
    case 'ending':
      return [asc(offers.validUntil), asc(offers.id)];
    case 'price':
      return [sql`${offers.priceFrom} ASC NULLS LAST`, asc(offers.id)];
    case 'discount':
      return [desc(offers.bestDiscountRate), asc(offers.id)];
    case 'relevance':
      return relevanceOrder(text, capped);
  }
}

/** The deals' order of relevance, for this search and the site-wide one (see `orderOf`). */
export function relevanceOrder(text: TextSearch | null, capped: boolean): SQL[] {
  return text && !capped
    ? [desc(rankSql(searchVector, text)), asc(offers.id)]
    : [desc(offers.featured), desc(offers.validFrom), asc(offers.id)];
}

type Cell = { category: string; city_slug: string; city: string; n: number };
type Stats = {
  /** How many match the text and the other filters, whatever the facets, up to MATCHES_READ. */
  matched: number;
  /** More than SEARCH_COUNT_LIMIT match: the cells are those of the first ones found, not counts. */
  capped: boolean;
  /** How many pass the facets chosen too (among the first matches when `capped`). */
  total: number;
  facets: OffersSearchPage['facets'];
};

/**
 * The offers matching the text and the other filters, counted per category and city in one statement, at most
 * MATCHES_READ of them (the first the index gives): a common word costs as much at 500,000 offers as
 * at 10,000, and one more than the limit says that it was reached. The totals and both facets come from these
 * cells.
 */
export function cellsQuery(query: SearchOffersQuery, text: TextSearch | null, now: Date): SQL {
  return sql`SELECT category, city_slug, min(city) AS city, count(*)::int AS n
    FROM (SELECT ${offers.category} AS category, ${offers.citySlug} AS city_slug, ${offers.city} AS city
      FROM ${offers} WHERE ${baseConditions(query, text, now)} LIMIT ${MATCHES_READ}) AS found
    GROUP BY category, city_slug`;
}

/** Facet values, the most frequent first; counts dropped when they are only those of the first matches. */
function facetOf(counts: Map<string, { label: string; count: number }>, capped: boolean): SearchFacet[] {
  return [...counts]
    .map(([value, { label, count }]) => ({ value, label, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'fr'))
    .map((facet) => (capped ? { ...facet, count: null } : facet));
}

/**
 * How many match at all (to decide on a typo fallback), and each facet's counts under the other facet's filter.
 */
function statsOf(cells: Cell[], query: SearchOffersQuery): Stats {
  const categories = new Map<string, { label: string; count: number }>();
  const cities = new Map<string, { label: string; count: number }>();
  let matched = 0;
  let total = 0;
  for (const cell of cells) {
    const n = Number(cell.n);
    const inCategory = query.category === undefined || cell.category === query.category;
    const inCity = query.city === undefined || cell.city_slug === query.city;
    matched += n;
    if (inCategory && inCity) total += n;
    if (inCity) {
      const entry = categories.get(cell.category) ?? { label: cell.category, count: 0 };
      categories.set(cell.category, { ...entry, count: entry.count + n });
    }
    if (inCategory) {
      const entry = cities.get(cell.city_slug) ?? { label: cell.city, count: 0 };
      cities.set(cell.city_slug, { ...entry, count: entry.count + n });
    }
  }
  const capped = cappedCount(matched).totalCapped;
  return {
    matched,
    capped,
    total,
    facets: { categories: facetOf(categories, capped), cities: facetOf(cities, capped) },
  };
}

const facetConditions = (query: SearchOffersQuery) => [
  query.category === undefined ? undefined : eq(offers.category, query.category),
  query.city === undefined ? undefined : eq(offers.citySlug, query.city),
];

/** Every filter of a page: the text, the prices, the discount and the facets chosen. */
const pageFilters = (query: SearchOffersQuery, text: TextSearch | null, now: Date) =>
  and(baseConditions(query, text, now), ...facetConditions(query));

/**
 * The cards of one page, not yet run (the bench explains it): none beyond the SEARCH_COUNT_LIMIT-th result.
 * `capped`: more than SEARCH_COUNT_LIMIT pass the filters, so relevance does not rank them all (`orderOf`).
 * Otherwise relevance with a text ranks the first MATCHES_READ found, never more: all of them when
 * they are within the limit, so the page can run before the counts say so (and is run again when they do not).
 */
export function pageQuery(
  db: Database,
  query: SearchOffersQuery,
  text: TextSearch | null,
  sort: OfferSort,
  now: Date,
  capped: boolean,
) {
  const offset = (query.page - 1) * query.pageSize;
  const filters = pageFilters(query, text, now);
  const ranked = sort === 'relevance' && text !== null && !capped;
  return selectOfferCards(db)
    .where(
      ranked
        ? sql`${offers.id} IN (SELECT ${offers.id} FROM ${offers} WHERE ${filters} LIMIT ${MATCHES_READ})`
        : filters,
    )
    .orderBy(...orderOf(sort, text, capped))
    .limit(Math.max(0, Math.min(query.pageSize, SEARCH_COUNT_LIMIT - offset)))
    .offset(offset);
}

/**
 * The counts of a search are the same for every visitor and every page, sort and facet choice: they are kept
 * 10 seconds per text and price filters (the facets may lag an offer's change by that much; the page itself
 * is always read live). Counting up to SEARCH_COUNT_LIMIT offers costs a few milliseconds (bench/REPORT.md).
 */
const cellsCaches = new WeakMap<Database, TtlCache<Cell[]>>();

/** One cache per database: a process normally opens one, but tests and the bench open several at once. */
function cellsCacheOf(db: Database): TtlCache<Cell[]> {
  let cache = cellsCaches.get(db);
  if (!cache) {
    cache = ttlCache<Cell[]>({ ttlMs: 10_000, maxEntries: 1000 });
    cellsCaches.set(db, cache);
  }
  return cache;
}

const cellsKey = (query: SearchOffersQuery, text: TextSearch | null) =>
  JSON.stringify([text, query.minPrice, query.maxPrice, query.discounted ?? false]);

function cellsOf(db: Database, query: SearchOffersQuery, text: TextSearch | null, now: Date): Promise<Cell[]> {
  return cellsCacheOf(db).get(cellsKey(query, text), () => rowsOf<Cell>(db, cellsQuery(query, text, now)));
}

const hasFacetFilter = (query: SearchOffersQuery) => query.category !== undefined || query.city !== undefined;

/**
 * The counts and the page. Relevance with a text ranks the matches only within the limit: when the counts are
 * known (kept, or being counted for another visitor) the page waits for them and is read once; otherwise it
 * is read beside them (two connections of the pool on a server), ranked over the first matches, and read
 * again in the order used beyond the limit if the counts say so. Beyond the limit, the cells (those of the
 * first matches) cannot tell how many pass a chosen facet too: that is counted on its own.
 */
type Found = Pick<OffersSearchPage, 'items' | 'total' | 'totalCapped' | 'facets'> & { matched: number };

async function run(
  db: Database,
  query: SearchOffersQuery,
  text: TextSearch | null,
  sort: OfferSort,
  now: Date,
): Promise<Found> {
  const page = (capped: boolean) => pageQuery(db, query, text, sort, now, capped);
  const ranks = sort === 'relevance' && text !== null;
  const known = ranks && cellsCacheOf(db).has(cellsKey(query, text));
  const [cells, first] = await Promise.all([cellsOf(db, query, text, now), known ? null : page(false)]);
  const { matched, capped, total, facets } = statsOf(cells, query);
  const count =
    capped && hasFacetFilter(query) ? await countUpTo(db, offers, pageFilters(query, text, now)) : cappedCount(total);
  const rows = first === null || (ranks && count.totalCapped) ? await page(count.totalCapped) : first;
  const items = rows.map(toOfferCard);
  if (!capped) return { matched, ...count, facets, items };
  // The facets are then the values of the first matches: the chosen ones are listed even when those lack them.
  const city = items.find((item) => item.citySlug === query.city)?.city;
  return {
    matched,
    ...count,
    facets: {
      categories: withChosen(facets.categories, query.category, query.category),
      cities: withChosen(facets.cities, query.city, city),
    },
    items,
  };
}

function withChosen(facets: SearchFacet[], value: string | undefined, label: string | undefined): SearchFacet[] {
  if (value === undefined || facets.some((facet) => facet.value === value)) return facets;
  return [...facets, { value, label: label ?? value, count: null }];
}

/** The close spellings that would find something with the other filters: « Vouliez-vous dire… ». */
async function fruitful(db: Database, query: SearchOffersQuery, spellings: string[], now: Date): Promise<string[]> {
  const found = await Promise.all(
    spellings.map(async (spelling) => {
      const text = textSearchOf(spelling);
      if (!text) return null;
      const cells = await cellsOf(db, query, text, now);
      return statsOf(cells, query).matched > 0 ? spelling : null;
    }),
  );
  return found.filter((spelling) => spelling !== null);
}

export async function searchOffers(db: Database, query: SearchOffersQuery, now: Date): Promise<OffersSearchPage> {
  const text = textSearchOf(query.q);
  const sort = query.sort ?? 'relevance';
  let found = await run(db, query, text, sort, now);
  let correctedQuery: string | null = null;
  let suggestions: string[] = [];
  // The words as typed found nothing at all (whatever the facets): try the site's closest words.
  if (text && found.matched === 0) {
    const { corrected, alternatives } = await correctTypos(db, text);
    if (corrected) {
      const second = await run(db, query, corrected, sort, now);
      if (second.matched > 0) {
        found = second;
        correctedQuery = corrected.words.join(' ');
      } else suggestions = await fruitful(db, query, alternatives, now);
    }
  }
  const { matched: _, ...answer } = found;
  return { ...answer, page: query.page, pageSize: query.pageSize, sort, correctedQuery, suggestions };
}

async function suggestionsFor(db: Database, words: TextSearch, now: Date): Promise<OfferSuggestion[]> {
  // Titles are suggested: only their words count, every one of them, so every match is as relevant; the
  // soonest to end come first, which lets PostgreSQL walk offer_valid_until_idx and stop at the eighth.
  const text = { ...words, titleOnly: true };
  return db
    .select({ offerID: offers.id, slug: offers.slug, title: offers.title })
    .from(offers)
    .where(and(onSaleAt(now), matchesSql(searchVector, text)))
    .orderBy(asc(offers.validUntil), asc(offers.id))
    .limit(SUGGESTIONS_LIMIT);
}

/**
 * Up to 8 offers for a search box (titles containing every word, the last as a prefix), ending soonest first;
 * typos corrected when nothing matches.
 */
export function suggestOffers(db: Database, typed: string | undefined, now: Date): Promise<OfferSuggestion[]> {
  return suggestForgivingTypos(db, typed, (text) => suggestionsFor(db, text, now));
}
