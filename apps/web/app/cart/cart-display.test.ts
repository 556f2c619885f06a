import type { CartLine, CartProduct } from '@guichet/contracts';
import { describe, expect, it } from 'vitest';
import { cartLineLabel, cartLineWhen, groupCartLines } from './cart-display';

const base = {
  productType: 'TICKET' as const,
  price: 3000,
  discountType: null,
  discount: 0,
  discountedPrice: 3000,
  quota: 6,
  remaining: 40,
  ticketing: null,
  offer: null,
};
const concert = {
  id: 1,
  slug: 'les-nuits-electriques',
  title: 'Les Nuits Électriques',
  startsAt: '2027-03-14T19:30:00.000Z',
  endsAt: '2027-03-14T22:00:00.000Z',
  venue: 'Salle des Confluences',
  city: 'Lyon',
  thumbnail: null,
};
const spa = {
  offerID: 7,
  slug: 'spa-relaxant',
  title: 'Spa relaxant',
  partner: 'Les Bains',
  city: 'Nantes',
  validUntil: '2026-12-31T22:59:59.000Z',
  thumbnail: null,
};
/** The instant the cart is looked at. */
const now = Date.parse('2026-11-26T12:00:00Z');
const line = (productID: number, product: Partial<CartProduct>): CartLine => ({
  productID,
  quantity: 1,
  lineTotal: 3000,
  product: { ...base, productID, title: `Produit ${productID}`, ...product },
});

describe('the cart as shown', () => {
  it('names a line by its event or deal, then the product', () => {
    expect(cartLineLabel(line(1, { title: 'Tarif plein', ticketing: concert }).product)).toBe(
      'Les Nuits Électriques — Tarif plein',
    );
  });

  it('dates a ticket by its event (Paris time) and a deal by its validity', () => {
    expect(cartLineWhen(line(1, { ticketing: concert }).product, now)).toBe('Dimanche 14 mars 2027 à 20 h 30');
    expect(cartLineWhen(line(2, { productType: 'OFFER', offer: spa }).product, now)).toBe(
      'Valable jusqu’au 31 décembre 2026',
    );
  });

  it('dates an exhibition ticket by its period, never by its first day’s hour', () => {
    const exhibition = {
      ...concert,
      id: 2,
      title: 'Cités imaginaires',
      startsAt: '2026-09-12T09:00:00.000Z',
      endsAt: '2026-12-20T18:00:00.000Z',
    };
    const product = line(3, { ticketing: exhibition }).product;
    expect(cartLineWhen(product, Date.parse('2026-09-01T12:00:00Z'))).toBe(
      'Valable du samedi 12 septembre au dimanche 20 décembre 2026',
    );
    expect(cartLineWhen(product, Date.parse('2026-11-26T12:00:00Z'))).toBe(
      'Valable jusqu’au dimanche 20 décembre 2026',
    );
    expect(groupCartLines({ cartItems: [line(3, { ticketing: exhibition })] }, now)[0]?.when).not.toContain('h 00');
  });

  it('groups lines by event or deal, in the order their first line came', () => {
    const groups = groupCartLines(
      {
        cartItems: [
          line(1, { ticketing: concert }),
          line(2, { productType: 'OFFER', offer: spa }),
          line(3, { ticketing: concert }),
        ],
      },
      now,
    );
    expect(groups.map((group) => [group.title, group.path, group.lines.map((l) => l.productID)])).toEqual([
      ['Les Nuits Électriques', '/billetterie/les-nuits-electriques-1', [1, 3]],
      ['Spa relaxant', '/bons-plans/offer/spa-relaxant-7', [2]],
    ]);
  });
});
