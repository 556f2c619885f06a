import { describe, expect, it } from 'vitest';
import { offerOnSale, quotaNow, ticketOnSale } from './selling.js';

const NOW = new Date('2027-03-12T18:30:00.000Z');
const at = (offset: number) => new Date(NOW.getTime() + offset);
const open = { status: 'PUBLISHED' as const, salesStartAt: null, endsAt: at(3_600_000) };

describe('ticketOnSale', () => {
  it('sells a published ticketing from the opening of its sale (or at once without a date) until it ends', () => {
    expect(ticketOnSale(open, NOW)).toBe(true);
    expect(ticketOnSale({ ...open, salesStartAt: NOW }, NOW)).toBe(true);
    expect(ticketOnSale({ ...open, endsAt: NOW }, NOW)).toBe(true);
  });

  it('sells nothing before the sale opens, once over, cancelled or in draft', () => {
    expect(ticketOnSale({ ...open, salesStartAt: at(1) }, NOW)).toBe(false);
    expect(ticketOnSale({ ...open, endsAt: at(-1) }, NOW)).toBe(false);
    expect(ticketOnSale({ ...open, status: 'CANCELLED' }, NOW)).toBe(false);
    expect(ticketOnSale({ ...open, status: 'DRAFT' }, NOW)).toBe(false);
    expect(ticketOnSale({ ...open, status: 'PAUSED' }, NOW)).toBe(false);
  });

  it('sells a ticket within its own window: from its opening, until just before its closing', () => {
    const window = (salesStartAt: Date | null, salesEndAt: Date | null) => ({ salesStartAt, salesEndAt });
    expect(ticketOnSale(open, NOW, window(NOW, null))).toBe(true);
    expect(ticketOnSale(open, NOW, window(at(1), null))).toBe(false);
    expect(ticketOnSale(open, NOW, window(null, at(1)))).toBe(true);
    expect(ticketOnSale(open, NOW, window(null, NOW))).toBe(false);
    expect(ticketOnSale({ ...open, status: 'PAUSED' }, NOW, window(at(-1), at(1)))).toBe(false);
  });
});

describe('offerOnSale', () => {
  it('sells a deal until its validity ends, that instant included', () => {
    expect(offerOnSale({ validUntil: NOW }, NOW)).toBe(true);
    expect(offerOnSale({ validUntil: at(-1) }, NOW)).toBe(false);
  });
});

describe('quotaNow', () => {
  it('is the per-order quota bounded by what is left, never below 0, and 0 off sale', () => {
    expect(quotaNow({ onSale: true, perOrder: 4, available: 10 })).toBe(4);
    expect(quotaNow({ onSale: true, perOrder: 4, available: 2 })).toBe(2);
    expect(quotaNow({ onSale: true, perOrder: 4, available: -3 })).toBe(0);
    expect(quotaNow({ onSale: false, perOrder: 4, available: 10 })).toBe(0);
  });
});
