import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  inCity,
  isCitySlug,
  isCountrySlug,
  listingDescription,
  listingPath,
  listingTitle,
  periodPhrase,
  ticketingPath,
  ticketingSlugId,
} from './listing.js';

const none = { country: null, year: null, month: null, day: null } as const;

describe('listing titles', () => {
  it('name the place and the period in French', () => {
    expect(listingTitle(none)).toBe('Billetteries');
    expect(listingTitle({ ...none, country: 'belgique' })).toBe('Billetteries en Belgique');
    expect(listingTitle({ ...none, country: 'suisse', year: 2027 })).toBe('Billetteries en Suisse en 2027');
    expect(listingTitle({ country: 'france', year: 2027, month: 3, day: 14 })).toBe(
      'Billetteries en France le 14 mars 2027',
    );
    expect(listingTitle({ country: 'france', year: 2027, month: 3, day: 1 })).toBe(
      'Billetteries en France le 1er mars 2027',
    );
  });

  it('name the city instead of the country when the listing is filtered on one', () => {
    expect(listingTitle({ country: 'france', year: 2027, month: 3, day: null, cityName: 'Lyon' })).toBe(
      'Billetteries à Lyon en mars 2027',
    );
    expect(listingTitle({ ...none, cityName: 'Liège' })).toBe('Billetteries à Liège');
    expect(listingTitle({ ...none, country: 'france', cityName: 'Le Havre' })).toBe('Billetteries au Havre');
  });

  it('write a description with the same place and period', () => {
    expect(listingDescription({ country: 'france', year: 2027, month: 3, day: null, cityName: 'Lyon' })).toBe(
      'Concerts, spectacles, festivals et sorties à Lyon en mars 2027 : dates, lieux et tarifs. Réservez vos billets en ligne sur Guichet.',
    );
    expect(listingDescription(none)).toContain('en France, en Belgique et en Suisse');
  });

  it('use French prepositions for places and periods', () => {
    expect(inCity('Lyon')).toBe('à Lyon');
    expect(inCity('Les Sables-d’Olonne')).toBe('aux Sables-d’Olonne');
    expect(inCity('La Rochelle')).toBe('à La Rochelle');
    expect(periodPhrase({ year: 2027, month: 8, day: null })).toBe('en août 2027');
    expect(periodPhrase({ year: null, month: null, day: null })).toBe('');
  });
});

describe('listing and ticketing paths', () => {
  it('build the listing path of a place and a period', () => {
    expect(listingPath({ country: null })).toBe('/billetteries');
    expect(listingPath({ country: 'france' })).toBe('/billetteries/france');
    expect(listingPath({ country: 'france', year: 2027, month: 3, day: 4 })).toBe('/billetteries/france/2027/03/04');
    expect(listingPath({ country: 'suisse', year: 2027, month: 11 })).toBe('/billetteries/suisse/2027/11');
  });

  it('put the slug before the id (docs/decisions/0003)', () => {
    expect(ticketingSlugId({ slug: 'les-nuits-electriques', id: 1 })).toBe('les-nuits-electriques-1');
    expect(ticketingPath({ slug: 'les-nuits-electriques', id: 1 })).toBe('/billetterie/les-nuits-electriques-1');
    expect(ticketingSlugId({ slug: '', id: 7 })).toBe('7');
  });

  it('recognise countries and city slugs', () => {
    expect(isCountrySlug('france')).toBe(true);
    expect(isCountrySlug('allemagne')).toBe(false);
    expect(isCitySlug('saint-malo')).toBe(true);
    expect(isCitySlug('Saint Malo')).toBe(false);
    expect(isCitySlug('')).toBe(false);
  });

  it('write an address on one line', () => {
    expect(
      formatAddress({ venue: 'Salle des Confluences', address: '12 quai Rambaud', postalCode: '69002', city: 'Lyon' }),
    ).toBe('Salle des Confluences, 12 quai Rambaud, 69002 Lyon');
  });
});
