import { SearchOffersQuery } from '@guichet/contracts';
import { describe, expect, it } from 'vitest';
import {
  centsToEuros,
  EMPTY_OFFER_SEARCH,
  eurosToCents,
  hasFilters,
  offerCountLabel,
  offerSearchHref,
  offerSearchQuery,
  offerSuggestionsAnswer,
  parseOfferSearch,
  refineHref,
} from './offer-search';

const parse = (query: string) => parseOfferSearch(new URLSearchParams(query));

describe('prices in the URL', () => {
  it('reads euros as typed, with a comma or a point, into cents', () => {
    expect(eurosToCents('20')).toBe(2000);
    expect(eurosToCents('12,5')).toBe(1250);
    expect(eurosToCents('12.50')).toBe(1250);
    expect(eurosToCents(' 0 ')).toBe(0);
    expect(eurosToCents('100000')).toBe(10_000_000);
  });

  it('leaves out what is no price', () => {
    for (const bad of [null, '', 'abc', '-5', '12,345', '1e3', '100001', '12 €', '\u0000']) {
      expect(eurosToCents(bad), String(bad)).toBeNull();
    }
  });

  it('writes cents back as euros', () => {
    expect(centsToEuros(2000)).toBe('20');
    expect(centsToEuros(1250)).toBe('12.50');
    expect(centsToEuros(5)).toBe('0.05');
  });
});

describe('parseOfferSearch', () => {
  it('reads every choice of the URL', () => {
    expect(
      parse(
        'q=+th%C3%A9%C3%A2tre+&category=Culture&city=lyon&minPrice=10&maxPrice=49,90&discounted=true&sort=price&page=2',
      ),
    ).toEqual({
      q: 'théâtre',
      category: 'Culture',
      city: 'lyon',
      minPrice: 1000,
      maxPrice: 4990,
      discounted: true,
      sort: 'price',
      page: 2,
    });
  });

  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(EMPTY_OFFER_SEARCH);
    expect(parse('q=&category=&page=')).toEqual(EMPTY_OFFER_SEARCH);
  });

  it('leaves out an unknown sort, a city that is no identifier and a price that is none', () => {
    expect(parse('sort=cheapest&city=Saint%20Malo&minPrice=douze&discounted=yes')).toEqual(EMPTY_OFFER_SEARCH);
    // The default sort, as the sort select submits it, is no choice.
    expect(parse('sort=relevance')).toEqual(EMPTY_OFFER_SEARCH);
  });

  it('is null for a page that is not a positive number', () => {
    for (const page of ['0', '-1', 'abc', '1.5', '999999', '\u0000']) {
      expect(parse(`page=${encodeURIComponent(page)}`), page).toBeNull();
    }
  });
});

describe('search links', () => {
  const search = { ...EMPTY_OFFER_SEARCH, q: 'spa', category: 'Bien-être', minPrice: 1250, page: 3 };

  it('round-trip through the URL', () => {
    const href = offerSearchHref(search);
    expect(href).toBe('/bons-plans/search?q=spa&category=Bien-%C3%AAtre&minPrice=12.50&page=3');
    expect(parseOfferSearch(new URL(href, 'http://localhost').searchParams)).toEqual(search);
    expect(offerSearchHref(EMPTY_OFFER_SEARCH)).toBe('/bons-plans/search');
  });

  it('keep the other choices and start again from the first page when one changes', () => {
    expect(refineHref(search, { city: 'lyon' })).toBe(
      '/bons-plans/search?q=spa&category=Bien-%C3%AAtre&city=lyon&minPrice=12.50',
    );
    expect(refineHref(search, { category: null })).toBe('/bons-plans/search?q=spa&minPrice=12.50');
    expect(refineHref(search, { page: 4 })).toContain('page=4');
  });

  it('tell filters from the text and the sort', () => {
    expect(hasFilters({ ...EMPTY_OFFER_SEARCH, q: 'spa', sort: 'price' })).toBe(false);
    expect(hasFilters({ ...EMPTY_OFFER_SEARCH, discounted: true })).toBe(true);
    expect(hasFilters({ ...EMPTY_OFFER_SEARCH, maxPrice: 0 })).toBe(true);
  });
});

describe('offerSearchQuery', () => {
  it('sends cents and only the choices made, in a query the contract accepts', () => {
    const query = offerSearchQuery({ ...EMPTY_OFFER_SEARCH, q: 'theatre', maxPrice: 3000, discounted: true });
    expect(query).toEqual({ q: 'theatre', maxPrice: 3000, discounted: 'true', page: 1, pageSize: 24 });
    expect(SearchOffersQuery.parse(query)).toMatchObject({ q: 'theatre', maxPrice: 3000, discounted: true });
  });
});

describe('offerCountLabel', () => {
  it('says none, one or many in French', () => {
    expect(offerCountLabel(0)).toBe('Aucun bon plan');
    expect(offerCountLabel(1)).toBe('1 bon plan');
    expect(offerCountLabel(12)).toBe('12 bons plans');
    expect(offerCountLabel(1234).replace(/\s/g, ' ')).toBe('1 234 bons plans');
    expect(offerCountLabel(1000, true).replace(/\s/g, ' ')).toBe('Plus de 1 000 bons plans');
  });
});

describe('offerSuggestionsAnswer', () => {
  it('groups the titles under « Bons plans », each leading to its deal’s page', () => {
    expect(
      offerSuggestionsAnswer([{ offerID: 7, slug: 'hammam-et-sauna-en-duo', title: 'Hammam et sauna en duo' }]),
    ).toEqual({
      groups: [
        {
          label: 'Bons plans',
          options: [
            {
              id: 'bon-plan-7',
              label: 'Hammam et sauna en duo',
              href: '/bons-plans/offer/hammam-et-sauna-en-duo-7',
            },
          ],
        },
      ],
    });
    expect(offerSuggestionsAnswer([])).toEqual({ groups: [] });
  });
});
