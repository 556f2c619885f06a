import { describe, expect, it } from 'vitest';
import { type ListingPath, parseListingPath } from './listing-path.js';

const none: ListingPath = { country: null, year: null, month: null, day: null, ticketingID: null };

function parse(path: string) {
  return parseListingPath(path.split('/').filter(Boolean));
}

describe('parseListingPath', () => {
  it('reads the listing of every place and date', () => {
    expect(parse('')).toEqual(none);
    expect(parse('france')).toEqual({ ...none, country: 'france' });
    expect(parse('royaume-uni')).toEqual({ ...none, country: 'royaume-uni' });
    expect(parse('france/2027')).toEqual({ ...none, country: 'france', year: 2027 });
    expect(parse('france/2027/03')).toEqual({ ...none, country: 'france', year: 2027, month: 3 });
    expect(parse('france/2027/03/31')).toEqual({ ...none, country: 'france', year: 2027, month: 3, day: 31 });
  });

  it('reads a trailing ticketingID at every level', () => {
    expect(parse('42')).toEqual({ ...none, ticketingID: 42 });
    expect(parse('concert-de-jazz-42')).toEqual({ ...none, ticketingID: 42 });
    expect(parse('france/concert-42')).toEqual({ ...none, country: 'france', ticketingID: 42 });
    expect(parse('france/42')).toEqual({ ...none, country: 'france', ticketingID: 42 });
    expect(parse('france/2027/concert-42')).toEqual({ ...none, country: 'france', year: 2027, ticketingID: 42 });
    expect(parse('france/2027/3')).toEqual({ ...none, country: 'france', year: 2027, ticketingID: 3 });
    expect(parse('france/2027/03/concert-42')).toEqual({
      ...none,
      country: 'france',
      year: 2027,
      month: 3,
      ticketingID: 42,
    });
    expect(parse('france/2027/03/14/concert-42')).toEqual({
      country: 'france',
      year: 2027,
      month: 3,
      day: 14,
      ticketingID: 42,
    });
    expect(parse('france/2027/03/14/142')).toEqual({
      country: 'france',
      year: 2027,
      month: 3,
      day: 14,
      ticketingID: 142,
    });
  });

  it('checks months and days', () => {
    expect(parse('france/2027/13')).toBeNull();
    expect(parse('france/2027/00')).toBeNull();
    expect(parse('france/2027/02/29')).toBeNull();
    expect(parse('france/2028/02/29')).toEqual({ ...none, country: 'france', year: 2028, month: 2, day: 29 });
    expect(parse('france/2027/04/31')).toBeNull();
    expect(parse('france/2027/04/00')).toBeNull();
    expect(parse('france/0999')).toBeNull();
  });

  it('rejects anything else', () => {
    expect(parse('France')).toBeNull();
    expect(parse('concert')).not.toBeNull(); // a country slug
    expect(parse('france/concert')).toBeNull();
    expect(parse('france/2027/03/14/concert')).toBeNull();
    expect(parse('france/concert-42/2027')).toBeNull();
    expect(parse('concert-42/2027')).toBeNull();
    expect(parse('france/2027/03/14/15/16')).toBeNull();
    expect(parse('france/2027/03/14/concert-42/extra')).toBeNull();
    expect(parseListingPath(['france', ''])).toBeNull();
  });
});
