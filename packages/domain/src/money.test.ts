import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { centsOfEuros, discountedPrice, eurosOfCents, formatDiscount, formatPrice, linePrice } from './money.js';

describe('discountedPrice', () => {
  it('subtracts a FIXED discount in cents', () => {
    expect(discountedPrice({ price: 3500, discountType: 'FIXED', discount: 500 })).toBe(3000);
  });
  it('subtracts a PERCENTAGE of the price, rounded to the cent', () => {
    expect(discountedPrice({ price: 3500, discountType: 'PERCENTAGE', discount: 20 })).toBe(2800);
    expect(discountedPrice({ price: 999, discountType: 'PERCENTAGE', discount: 15 })).toBe(849);
  });
  it('never goes below 0', () => {
    expect(discountedPrice({ price: 1000, discountType: 'FIXED', discount: 5000 })).toBe(0);
    expect(discountedPrice({ price: 1000, discountType: 'PERCENTAGE', discount: 150 })).toBe(0);
  });
  it('leaves the price unchanged for an unknown or missing type', () => {
    expect(discountedPrice({ price: 1000, discountType: 'BOGO', discount: 50 })).toBe(1000);
    expect(discountedPrice({ price: 1000, discountType: null, discount: 0 })).toBe(1000);
  });
});

describe('linePrice', () => {
  it('is the discounted unit price times the quantity', () => {
    expect(linePrice({ price: 2000, discountType: 'FIXED', discount: 250 }, 3)).toBe(5250);
  });
});

describe('formatPrice', () => {
  it('asks Intl once per amount, then gives the same text (issue 23: a page prints the same prices many times)', () => {
    // `format` is a getter (it hands out a bound function): each formatting reads it once.
    const format = vi.spyOn(Intl.NumberFormat.prototype as { format: unknown }, 'format', 'get');
    try {
      const first = formatPrice(123_457);
      expect(formatPrice(123_457)).toBe(first);
      expect(format).toHaveBeenCalledTimes(1);
    } finally {
      format.mockRestore();
    }
  });
  it('formats in the French locale without forcing decimals', () => {
    expect(formatPrice(3500).replace(/\s/g, ' ')).toBe('35 €');
    expect(formatPrice(1250).replace(/\s/g, ' ')).toBe('12,50 €');
    expect(formatPrice(123456).replace(/\s/g, ' ')).toBe('1 234,56 €');
    expect(formatPrice(0).replace(/\s/g, ' ')).toBe('0 €');
  });
});

describe('formatDiscount', () => {
  it('writes a PERCENTAGE with a no-break space before the percent sign', () => {
    expect(formatDiscount({ discountType: 'PERCENTAGE', discount: 20 })).toBe('\u221220\u00a0%');
  });
  it('writes a FIXED discount in euros as formatPrice does', () => {
    expect(formatDiscount({ discountType: 'FIXED', discount: 500 })).toBe(`\u2212${formatPrice(500)}`);
    expect(formatDiscount({ discountType: 'FIXED', discount: 500 })?.replace(/\s/g, ' ')).toBe('\u22125 €');
    expect(formatDiscount({ discountType: 'FIXED', discount: 1250 })?.replace(/\s/g, ' ')).toBe('\u221212,50 €');
  });
  it('is null without a discount or with an unknown type', () => {
    expect(formatDiscount({ discountType: null, discount: 0 })).toBeNull();
    expect(formatDiscount({ discountType: 'PERCENTAGE', discount: 0 })).toBeNull();
    expect(formatDiscount({ discountType: 'FIXED', discount: -5 })).toBeNull();
    expect(formatDiscount({ discountType: 'BOGO', discount: 50 })).toBeNull();
  });
});

describe('centsOfEuros', () => {
  it('reads euros as French people type them, comma or point, in cents without a float', () => {
    expect(centsOfEuros('12,50')).toBe(1250);
    expect(centsOfEuros('12.5')).toBe(1250);
    expect(centsOfEuros(' 12 ')).toBe(1200);
    expect(centsOfEuros('0,29')).toBe(29);
    expect(centsOfEuros('0')).toBe(0);
  });

  it('refuses signs, letters, three decimals and empty text', () => {
    for (const text of ['-5', '+5', '12,345', '12,', ',5', '1e3', '', 'douze', '12 €', '1 000']) {
      expect(centsOfEuros(text), text).toBeNull();
    }
  });

  it('reads back what eurosOfCents writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => centsOfEuros(eurosOfCents(cents)) === cents),
    );
    expect(eurosOfCents(1250)).toBe('12,50');
    expect(eurosOfCents(1200)).toBe('12');
  });
});
