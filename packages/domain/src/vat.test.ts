import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_SLUGS, TICKETING_CATEGORIES } from './constants.js';
import {
  ADMISSION_VAT_RATES,
  admissionVatRate,
  exclVatOf,
  formatVatRate,
  isVatRate,
  lineTotalsExclVat,
  VAT_RATE_MENTIONS,
  VAT_RATES,
  vatBreakdown,
  vatRateLabel,
  vatTotals,
} from './vat.js';

describe('exclVatOf', () => {
  it('derives the amount excluding VAT, rounded to the nearest cent', () => {
    expect(exclVatOf(1200, 2000)).toBe(1000);
    expect(exclVatOf(3900, 550)).toBe(3697); // 3696,68…
    expect(exclVatOf(3900, 2000)).toBe(3250);
    expect(exclVatOf(1, 2000)).toBe(1); // 0,83 → 1
    expect(exclVatOf(0, 1000)).toBe(0);
  });
  it('refuses an unknown rate or a non-integer amount', () => {
    expect(() => exclVatOf(100, 1960 as never)).toThrow(RangeError);
    expect(() => exclVatOf(10.5, 2000)).toThrow(RangeError);
    expect(() => exclVatOf(-1, 2000)).toThrow(RangeError);
  });
});

describe('vatBreakdown', () => {
  it('rounds once per rate, not per line', () => {
    // Three lines of 0,05 € at 20 %: rounded per line, 3 × 0,04 € excl. VAT; rounded once, 0,13 €.
    const rows = vatBreakdown([
      { totalInclVat: 5, vatRate: 2000 },
      { totalInclVat: 5, vatRate: 2000 },
      { totalInclVat: 5, vatRate: 2000 },
    ]);
    expect(rows).toEqual([{ vatRate: 2000, totalInclVat: 15, totalExclVat: 13, vat: 2 }]);
  });
  it('lists each rate present once, by increasing rate', () => {
    const rows = vatBreakdown([
      { totalInclVat: 3900, vatRate: 2000 },
      { totalInclVat: 2500, vatRate: 550 },
      { totalInclVat: 1100, vatRate: 2000 },
    ]);
    expect(rows.map((row) => row.vatRate)).toEqual([550, 2000]);
    expect(rows[1]).toEqual({ vatRate: 2000, totalInclVat: 5000, totalExclVat: 4167, vat: 833 });
    expect(vatTotals(rows)).toEqual({ totalExclVat: 2370 + 4167, vat: 130 + 833, totalInclVat: 7500 });
  });
  it('keeps excl. VAT + VAT = incl. VAT, never negative, for every rate and amount', () => {
    const line = fc.record({
      totalInclVat: fc.integer({ min: 0, max: 1_000_000_000 }),
      vatRate: fc.constantFrom(...VAT_RATES),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const rows = vatBreakdown(lines);
        for (const row of rows) {
          expect(row.totalExclVat + row.vat).toBe(row.totalInclVat);
          expect(row.totalExclVat).toBeGreaterThanOrEqual(0);
          expect(row.vat).toBeGreaterThanOrEqual(0);
          // The VAT is the rate of the amount excluding it, within the cent lost to rounding.
          expect(Math.abs(row.vat - (row.totalExclVat * row.vatRate) / 10_000)).toBeLessThanOrEqual(1);
        }
        const sum = lines.reduce((total, l) => total + l.totalInclVat, 0);
        expect(vatTotals(rows).totalInclVat).toBe(sum);
        const perLine = lineTotalsExclVat(lines);
        expect(perLine.reduce((total, amount) => total + amount, 0)).toBe(vatTotals(rows).totalExclVat);
        expect(perLine.every((amount) => amount >= 0)).toBe(true);
      }),
    );
  });
});

describe('lineTotalsExclVat', () => {
  it('shares the rate total among its lines so they add up to it', () => {
    const lines = [
      { totalInclVat: 5, vatRate: 2000 },
      { totalInclVat: 5, vatRate: 2000 },
      { totalInclVat: 5, vatRate: 2000 },
      { totalInclVat: 1000, vatRate: 550 },
    ] as const;
    expect(lineTotalsExclVat(lines)).toEqual([5, 4, 4, 948]);
  });
});

describe('formatVatRate', () => {
  it('writes rates the French way', () => {
    expect(VAT_RATES.map(formatVatRate)).toEqual([
      '0\u00a0%',
      '2,1\u00a0%',
      '5,5\u00a0%',
      '6\u00a0%',
      '10\u00a0%',
      '20\u00a0%',
    ]);
  });
});

describe('admissionVatRate', () => {
  it('taxes an admission in France at 5,5 % (shows, concerts, sport) or 10 % (exhibitions)', () => {
    for (const category of [
      'Concert',
      'Festival',
      'Théâtre',
      'Humour',
      'Danse',
      'Sport',
      'Jeune public',
      'Classique',
      'Cirque',
    ])
      expect(admissionVatRate('france', category), category).toBe(550);
    expect(admissionVatRate('france', 'Exposition')).toBe(1000);
  });
  it('taxes an admission in Belgium at the Belgian 6 %, whatever its category', () => {
    for (const category of TICKETING_CATEGORIES) expect(admissionVatRate('belgique', category), category).toBe(600);
  });
  it('leaves an admission in Switzerland outside EU VAT', () => {
    for (const category of TICKETING_CATEGORIES) expect(admissionVatRate('suisse', category), category).toBe(0);
  });
  it('has a known rate for every country and category, and refuses what it does not know', () => {
    for (const country of COUNTRY_SLUGS)
      for (const category of TICKETING_CATEGORIES) expect(isVatRate(ADMISSION_VAT_RATES[country][category])).toBe(true);
    expect(() => admissionVatRate('allemagne', 'Concert')).toThrow(RangeError);
    expect(() => admissionVatRate('france', 'Cinéma')).toThrow(RangeError);
  });
});

describe('vatRateLabel and VAT_RATE_MENTIONS', () => {
  it('name French VAT, Belgian VAT and no VAT outside the EU, with a mention for the last two only', () => {
    expect(vatRateLabel(550)).toBe('TVA 5,5\u00a0%');
    expect(vatRateLabel(600)).toBe('TVA belge 6\u00a0%');
    expect(vatRateLabel(0)).toBe('TVA non applicable (hors UE)');
    expect(formatVatRate(0)).toBe('0\u00a0%');
    expect(Object.keys(VAT_RATE_MENTIONS).map(Number).sort()).toEqual([0, 600]);
    expect(VAT_RATE_MENTIONS[0]).toContain('Suisse');
    expect(VAT_RATE_MENTIONS[600]).toContain('Belgique');
  });
});
