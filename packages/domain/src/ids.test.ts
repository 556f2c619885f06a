import { describe, expect, it } from 'vitest';
import { isDigits, MAX_ROW_ID, parseRowId, parseTicketingId } from './ids.js';

describe('isDigits', () => {
  it('accepts digits only', () => {
    expect(isDigits('0')).toBe(true);
    expect(isDigits('123')).toBe(true);
  });

  it('rejects anything else', () => {
    for (const value of ['', 'abc', '12a', '-1', '1.5', ' 1', '１２', null, undefined]) {
      expect(isDigits(value)).toBe(false);
    }
  });
});

describe('parseRowId', () => {
  it('reads a positive integer', () => {
    expect(parseRowId('42')).toBe(42);
    expect(parseRowId('007')).toBe(7);
  });

  it('reads the largest PostgreSQL integer', () => {
    expect(parseRowId('2147483647')).toBe(MAX_ROW_ID);
  });

  it('rejects zero, signs, decimals, words and what no integer column holds', () => {
    for (const value of ['0', '-3', '+3', '3.0', 'abc', '', '2147483648', '99999999999999999999', undefined]) {
      expect(parseRowId(value)).toBeNull();
    }
  });
});

describe('parseTicketingId', () => {
  it('reads a numeric id', () => {
    expect(parseTicketingId('42')).toBe(42);
  });

  it('reads the number at the end of a slug', () => {
    expect(parseTicketingId('concert-de-jazz-42')).toBe(42);
    expect(parseTicketingId('festival-2027-7')).toBe(7);
    expect(parseTicketingId('a-1')).toBe(1);
  });

  it('rejects invalid values', () => {
    for (const value of [
      '',
      'concert',
      'concert-de-jazz',
      'concert-42a',
      'concert-',
      '-42',
      'concert--42',
      'concert-0',
      'concert-2147483648',
      '4.2',
      null,
      undefined,
    ]) {
      expect(parseTicketingId(value)).toBeNull();
    }
  });
});
