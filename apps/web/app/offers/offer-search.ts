/**
 * The deals search (/bons-plans/search) as its URL holds it: text, filters, sort and page, read from the
 * query and written back into links, so a search can be shared and the back button replays it. Prices are
 * euros in the URL (what a visitor types) and cents for the API.
 */
import type { OfferSuggestion, SearchOffersQuery } from '@guichet/contracts';
// From the domain, not the contracts: every deal page links to the search, and the contracts' schemas would
// bring zod into its first load.
import { countLabel, isCitySlug, OFFER_SORTS, OFFERS_PAGE_SIZE, type OfferSort, offerPath } from '@guichet/domain';
import type { z } from 'zod';
import type { SuggestionsAnswer } from '../lib/search-suggestions';

export const DEALS_SEARCH_PATH = '/bons-plans/search';

export type OfferSearch = {
  q: string | null;
  category: string | null;
  city: string | null;
  /** Cents. */
  minPrice: number | null;
  /** Cents. */
  maxPrice: number | null;
  discounted: boolean;
  /** Null: the default order (relevance, which a URL need not spell). */
  sort: OfferSort | null;
  page: number;
};

export const EMPTY_OFFER_SEARCH: OfferSearch = {
  q: null,
  category: null,
  city: null,
  minPrice: null,
  maxPrice: null,
  discounted: false,
  sort: null,
  page: 1,
};

export const SORT_LABELS: Readonly<Record<OfferSort, string>> = {
  relevance: 'Pertinence',
  ending: 'Se terminent bientôt',
  price: 'Prix croissant',
  discount: 'Plus forte remise',
};

/** The most euros a price filter takes (the API's 100,000 €). */
const MAX_EUROS = 100_000;

/** « 12 », « 12,5 », « 12.50 » euros as cents; null for anything else (the filter is then not applied). */
export function eurosToCents(value: string | null | undefined): number | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(value ?? '');
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_EUROS * 100 ? cents : null;
}

/** Cents as the euros a URL and a number field carry: 2000 → '20', 1250 → '12.50'. */
export function centsToEuros(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/**
 * The search a URL asks for. Values the page cannot use (a price that is not one, an unknown sort, a city
 * that is no city identifier) are left out; text and category go to the API as typed, which refuses what no
 * text may hold (the 400 page). A page that is not a positive number is null: the route answers 404.
 */
export function parseOfferSearch(query: URLSearchParams): OfferSearch | null {
  const rawPage = query.get('page');
  const page = rawPage === null || rawPage === '' ? 1 : /^\d{1,5}$/.test(rawPage) ? Number(rawPage) : 0;
  if (page < 1) return null;
  const sort = query.get('sort');
  const city = query.get('city');
  return {
    q: query.get('q')?.trim() || null,
    category: query.get('category')?.trim() || null,
    city: isCitySlug(city) ? city : null,
    minPrice: eurosToCents(query.get('minPrice')),
    maxPrice: eurosToCents(query.get('maxPrice')),
    discounted: query.get('discounted') === 'true',
    sort: OFFER_SORTS.find((candidate) => candidate === sort && candidate !== 'relevance') ?? null,
    page,
  };
}

/** The URL of a search, its parameters in a stable order; the first page and the defaults are left out. */
export function offerSearchHref(search: OfferSearch): string {
  const query = new URLSearchParams();
  if (search.q) query.set('q', search.q);
  if (search.category) query.set('category', search.category);
  if (search.city) query.set('city', search.city);
  if (search.minPrice !== null) query.set('minPrice', centsToEuros(search.minPrice));
  if (search.maxPrice !== null) query.set('maxPrice', centsToEuros(search.maxPrice));
  if (search.discounted) query.set('discounted', 'true');
  if (search.sort) query.set('sort', search.sort);
  if (search.page > 1) query.set('page', String(search.page));
  const encoded = query.toString();
  return encoded ? `${DEALS_SEARCH_PATH}?${encoded}` : DEALS_SEARCH_PATH;
}

/** The same search with some choices changed; a new choice starts again from the first page. */
export function refineHref(search: OfferSearch, changes: Partial<OfferSearch>): string {
  return offerSearchHref({ ...search, page: 1, ...changes });
}

/** True when a filter narrows the search (the text and the sort are not filters). */
export function hasFilters(search: OfferSearch): boolean {
  return (
    search.category !== null ||
    search.city !== null ||
    search.minPrice !== null ||
    search.maxPrice !== null ||
    search.discounted
  );
}

/** The API's query for a search. */
export function offerSearchQuery(search: OfferSearch): z.input<typeof SearchOffersQuery> {
  return {
    ...(search.q ? { q: search.q } : {}),
    ...(search.category ? { category: search.category } : {}),
    ...(search.city ? { city: search.city } : {}),
    ...(search.minPrice !== null ? { minPrice: search.minPrice } : {}),
    ...(search.maxPrice !== null ? { maxPrice: search.maxPrice } : {}),
    ...(search.discounted ? { discounted: 'true' as const } : {}),
    ...(search.sort ? { sort: search.sort } : {}),
    page: search.page,
    pageSize: OFFERS_PAGE_SIZE.default,
  };
}

/**
 * « Aucun bon plan », « 1 bon plan », « 12 bons plans »; « Plus de 1 000 bons plans » when a search stopped
 * counting (`capped`: its count is the limit).
 */
export const offerCountLabel = (count: number, capped = false): string =>
  countLabel(count, { none: 'Aucun bon plan', one: 'bon plan', many: 'bons plans' }, capped);

/** The deals box's suggestions: one group « Bons plans » leading to each deal's page; none without a title. */
export function offerSuggestionsAnswer(suggestions: readonly OfferSuggestion[]): SuggestionsAnswer {
  if (suggestions.length === 0) return { groups: [] };
  return {
    groups: [
      {
        label: 'Bons plans',
        options: suggestions.map((suggestion) => ({
          id: `bon-plan-${suggestion.offerID}`,
          label: suggestion.title,
          href: offerPath(suggestion),
        })),
      },
    ],
  };
}
