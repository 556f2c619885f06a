import { describe, expect, it } from 'vitest';
import { formatValidUntil, offerLastDay, offerPath, offerSlugId, parseOfferId } from './offers.js';

describe('deal URLs', () => {
  it('writes the slug and the id, or the id alone without a slug', () => {
    expect(offerSlugId({ slug: 'hammam-et-sauna-en-duo', offerID: 7 })).toBe('hammam-et-sauna-en-duo-7');
    expect(offerSlugId({ slug: '', offerID: 7 })).toBe('7');
    expect(offerPath({ slug: 'hammam-et-sauna-en-duo', offerID: 7 })).toBe(
      '/bons-plans/offer/hammam-et-sauna-en-duo-7',
    );
  });

  it('reads the id from a number or a slug-id, and nothing else', () => {
    expect(parseOfferId('7')).toBe(7);
    expect(parseOfferId('hammam-et-sauna-en-duo-7')).toBe(7);
    for (const bad of ['', 'abc', '-7', 'hammam--7', '7a', 'hammam-', undefined]) {
      expect(parseOfferId(bad), String(bad)).toBeNull();
    }
  });
});

describe('formatValidUntil', () => {
  it('gives the last day in Paris time', () => {
    // 22:59 UTC on 12 March is 23:59 in Paris (winter time).
    expect(formatValidUntil('2027-03-12T22:59:00.000Z')).toBe('12 mars 2027');
    // 22:30 UTC on 30 June is already 1 July in Paris (summer time).
    expect(formatValidUntil('2027-06-30T22:30:00.000Z')).toBe('1er juillet 2027');
  });

  it('ends a validity that stops at midnight on the day before', () => {
    // Midnight in Paris between 12 and 13 March 2027.
    expect(formatValidUntil('2027-03-12T23:00:00.000Z')).toBe('12 mars 2027');
    expect(formatValidUntil(new Date('2027-03-12T23:00:00.001Z'))).toBe('13 mars 2027');
    expect(offerLastDay('2027-03-12T23:00:00.000Z')).toBe('2027-03-12');
    expect(offerLastDay('2027-06-30T22:30:00.000Z')).toBe('2027-07-01');
  });

  it('refuses what is not a date', () => {
    expect(() => formatValidUntil('demain')).toThrow(RangeError);
  });
});
