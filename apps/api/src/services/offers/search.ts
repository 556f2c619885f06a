/**
 * The deals search (GET /offers/search) and the search box's suggestions (GET /offers/suggest): French full
 * text, typo fallback, filters, sorts and facet counts that follow the other filters (docs/decisions/0021).
 */
import type { FacetCount, OfferSort, OfferSuggestion, OffersSearchPage, SearchOffersQuery } from '@guichet/contracts';
import { SUGGESTIONS_LIMIT } from '@guichet/contracts';
import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { offers } from '../../db/schema.js';
import { correctTypos, matchesSql, rankSql, type TextSearch, textSearchOf } from '../search/text-query.js';
import { offerCardFields, onSaleAt, toOfferCard } from './cards.js';

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

/** The order of a page, over the columns of `matched` (see `searchQuery`). */
function orderOf(sort: OfferSort, text: TextSearch | null): SQL {
  switch (sort) {
    case 'ending':
      return sql`valid_until ASC, id ASC`;
    case 'price':
      return sql`price_from ASC NULLS LAST, id ASC`;
    case 'discount':
      return sql`best_discount_rate DESC, id ASC`;
    case 'relevance':
      // Without a text, the offers put forward first, then the newest.
      return text ? sql`rank DESC, id ASC` : sql`featured DESC, valid_from DESC, id ASC`;
  }
}

type Found = { matched: number; total: number; categories: FacetCount[]; cities: FacetCount[]; ids: number[] };

/**
 * One pass over the offers matching the text and the other filters (their rank computed once): how many
 * match at all (to decide on a typo fallback), how many pass the facet filters too, each facet's counts under
 * the other facet's filter, and the ids of the page asked for, in order.
 */
export function searchQuery(query: SearchOffersQuery, text: TextSearch | null, sort: OfferSort, now: Date): SQL {
  const category = query.category === undefined ? sql`true` : sql`category = ${query.category}`;
  const city = query.city === undefined ? sql`true` : sql`city_slug = ${query.city}`;
  const rank = text && sort === 'relevance' ? rankSql(searchVector, text) : sql`0`;
  const order = orderOf(sort, text);
  return sql`WITH matched AS MATERIALIZED (
        SELECT ${offers.id} AS id, ${offers.category} AS category, ${offers.city} AS city,
          ${offers.citySlug} AS city_slug, ${offers.validUntil} AS valid_until, ${offers.validFrom} AS valid_from,
          ${offers.priceFrom} AS price_from, ${offers.bestDiscountRate} AS best_discount_rate,
          ${offers.featured} AS featured, ${rank} AS rank
        FROM ${offers} WHERE ${baseConditions(query, text, now)}
      )
      SELECT
        (SELECT count(*) FROM matched)::int AS matched,
        (SELECT count(*) FROM matched WHERE ${category} AND ${city})::int AS total,
        coalesce((SELECT json_agg(json_build_object('value', category, 'label', category, 'count', n)
            ORDER BY n DESC, category)
          FROM (SELECT category, count(*)::int AS n FROM matched WHERE ${city} GROUP BY category) AS f), '[]'::json)
          AS categories,
        coalesce((SELECT json_agg(json_build_object('value', city_slug, 'label', city, 'count', n)
            ORDER BY n DESC, city)
          FROM (SELECT city_slug, min(city) AS city, count(*)::int AS n FROM matched WHERE ${category}
            GROUP BY city_slug) AS f), '[]'::json) AS cities,
        coalesce((SELECT json_agg(id ORDER BY position) FROM (
            SELECT id, row_number() OVER (ORDER BY ${order}) AS position FROM matched WHERE ${category} AND ${city}
            ORDER BY ${order} LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}
          ) AS page), '[]'::json) AS ids`;
}

/** The cards of a page's ids, in the page's order. */
export function cardsQuery(db: Database, ids: number[]) {
  return db.select(offerCardFields).from(offers).where(inArray(offers.id, ids));
}

async function run(db: Database, query: SearchOffersQuery, text: TextSearch | null, sort: OfferSort, now: Date) {
  const [row] = await rowsOf<Found>(db, searchQuery(query, text, sort, now));
  const ids = (row?.ids ?? []).map(Number);
  const cards = ids.length > 0 ? await cardsQuery(db, ids) : [];
  const byId = new Map(cards.map((card) => [card.offerID, card]));
  const items = ids.flatMap((id) => {
    const card = byId.get(id);
    return card ? [toOfferCard(card)] : [];
  });
  const stats = {
    matched: Number(row?.matched ?? 0),
    total: Number(row?.total ?? 0),
    categories: row?.categories ?? [],
    cities: row?.cities ?? [],
  };
  return { stats, items };
}

/** The close spellings that would find something with the other filters: « Vouliez-vous dire… ». */
async function fruitful(db: Database, query: SearchOffersQuery, spellings: string[], now: Date): Promise<string[]> {
  const found = await Promise.all(
    spellings.map(async (spelling) => {
      const text = textSearchOf(spelling);
      return text && (await run(db, { ...query, pageSize: 1, page: 1 }, text, 'ending', now)).stats.matched > 0
        ? spelling
        : null;
    }),
  );
  return found.filter((spelling) => spelling !== null);
}

export async function searchOffers(db: Database, query: SearchOffersQuery, now: Date): Promise<OffersSearchPage> {
  const text = textSearchOf(query.q);
  const sort = query.sort ?? 'relevance';
  let { stats, items } = await run(db, query, text, sort, now);
  let correctedQuery: string | null = null;
  let suggestions: string[] = [];
  // The words as typed found nothing at all (whatever the facets): try the site's closest words.
  if (text && stats.matched === 0) {
    const { corrected, alternatives } = await correctTypos(db, text);
    if (corrected) {
      const second = await run(db, query, corrected, sort, now);
      if (second.stats.matched > 0) {
        ({ stats, items } = second);
        correctedQuery = corrected.words.join(' ');
      } else suggestions = await fruitful(db, query, alternatives, now);
    }
  }
  return {
    items,
    total: stats.total,
    page: query.page,
    pageSize: query.pageSize,
    sort,
    correctedQuery,
    suggestions,
    facets: { categories: stats.categories, cities: stats.cities },
  };
}

async function suggestionsFor(db: Database, words: TextSearch, now: Date): Promise<OfferSuggestion[]> {
  // Titles are suggested: only their words count.
  const text = { ...words, titleOnly: true };
  return db
    .select({ offerID: offers.id, slug: offers.slug, title: offers.title })
    .from(offers)
    .where(and(onSaleAt(now), matchesSql(searchVector, text)))
    .orderBy(desc(rankSql(searchVector, text)), asc(offers.id))
    .limit(SUGGESTIONS_LIMIT);
}

/** Up to 8 offers for a search box, the last word as a prefix; typos corrected when nothing matches. */
export async function suggestOffers(db: Database, typed: string | undefined, now: Date): Promise<OfferSuggestion[]> {
  const text = textSearchOf(typed);
  if (!text) return [];
  const found = await suggestionsFor(db, text, now);
  if (found.length > 0) return found;
  const { corrected } = await correctTypos(db, text);
  return corrected ? suggestionsFor(db, corrected, now) : [];
}
