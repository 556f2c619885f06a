import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CartChange,
  type CartEntry,
  cartIsFull,
  cartItemCount,
  changeCart,
  linesFromAccount,
  quantityOptions,
} from './cart.js';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from './constants.js';

const ticket = (productID: number, quantity: number): CartEntry => ({ productID, productType: 'TICKET', quantity });

describe('changeCart (spec section 4)', () => {
  it('adds a product with quantity 1, or the quantity chosen on the page', () => {
    expect(changeCart([], { type: 'add', productID: 7, productType: 'OFFER' })).toEqual([
      { productID: 7, productType: 'OFFER', quantity: 1 },
    ]);
    expect(changeCart([ticket(1, 2)], { type: 'add', productID: 7, productType: 'TICKET', quantity: 3 })).toEqual([
      ticket(1, 2),
      ticket(7, 3),
    ]);
  });

  it('sets the chosen quantity when the product is already in the cart', () => {
    expect(changeCart([ticket(7, 2)], { type: 'add', productID: 7, productType: 'TICKET', quantity: 5 })).toEqual([
      ticket(7, 5),
    ]);
  });

  it('increase adds one; decrease subtracts one and removes the line at zero; remove deletes it', () => {
    const lines = [ticket(1, 1), ticket(2, 2)];
    expect(changeCart(lines, { type: 'increase', productID: 1 })).toEqual([ticket(1, 2), ticket(2, 2)]);
    expect(changeCart(lines, { type: 'decrease', productID: 2 })).toEqual([ticket(1, 1), ticket(2, 1)]);
    expect(changeCart(lines, { type: 'decrease', productID: 1 })).toEqual([ticket(2, 2)]);
    expect(changeCart(lines, { type: 'remove', productID: 2 })).toEqual([ticket(1, 1)]);
  });

  it('sets a quantity, removing the line below 1', () => {
    expect(changeCart([ticket(1, 1)], { type: 'setQuantity', productID: 1, quantity: 4 })).toEqual([ticket(1, 4)]);
    expect(changeCart([ticket(1, 1)], { type: 'setQuantity', productID: 1, quantity: 0 })).toEqual([]);
  });

  it('leaves the cart as it is for a product it does not hold', () => {
    const lines = [ticket(1, 1)];
    for (const type of ['increase', 'decrease', 'remove'] as const) {
      expect(changeCart(lines, { type, productID: 9 })).toEqual(lines);
    }
  });

  it('refuses a new line in a full cart, but still changes the lines it holds', () => {
    const full = Array.from({ length: CART_MAX_LINES }, (_, index) => ticket(index + 1, 1));
    expect(cartIsFull(full, 999)).toBe(true);
    expect(cartIsFull(full, 1)).toBe(false);
    expect(changeCart(full, { type: 'add', productID: 999, productType: 'TICKET' })).toEqual(full);
    expect(changeCart(full, { type: 'increase', productID: 1 })[0]).toEqual(ticket(1, 2));
  });

  it('keeps every quantity between 1 and CART_MAX_QUANTITY and every product once, whatever the changes', () => {
    const change: fc.Arbitrary<CartChange> = fc.oneof(
      fc.record({
        type: fc.constant('add' as const),
        productID: fc.integer({ min: 1, max: 60 }),
        productType: fc.constantFrom('TICKET' as const, 'OFFER' as const),
        quantity: fc.integer({ min: -5, max: 500 }),
      }),
      fc.record({
        type: fc.constantFrom('increase' as const, 'decrease' as const, 'remove' as const),
        productID: fc.integer({ min: 1, max: 60 }),
      }),
      fc.record({
        type: fc.constant('setQuantity' as const),
        productID: fc.integer({ min: 1, max: 60 }),
        quantity: fc.integer({ min: -5, max: 500 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(change, { maxLength: 200 }), (changes) => {
        const lines = changes.reduce<CartEntry[]>((cart, next) => changeCart(cart, next), []);
        expect(lines.length).toBeLessThanOrEqual(CART_MAX_LINES);
        expect(new Set(lines.map((line) => line.productID)).size).toBe(lines.length);
        for (const line of lines) {
          expect(line.quantity).toBeGreaterThanOrEqual(1);
          expect(line.quantity).toBeLessThanOrEqual(CART_MAX_QUANTITY);
        }
      }),
    );
  });
});

describe('cartItemCount and quantityOptions', () => {
  it('counts the items of every line', () => {
    expect(cartItemCount([ticket(1, 2), ticket(2, 3)])).toBe(5);
    expect(cartItemCount([])).toBe(0);
  });
  it('offers 1 up to the quota, none at 0', () => {
    expect(quantityOptions(4)).toEqual([1, 2, 3, 4]);
    expect(quantityOptions(0)).toEqual([]);
    expect(quantityOptions(1000)).toHaveLength(CART_MAX_QUANTITY);
  });
});

describe('linesFromAccount', () => {
  const device = [
    { productID: 1, quantity: 2 },
    { productID: 2, quantity: 1 },
  ];
  it('names the lines the account brought: new ones, and more of one than the device had', () => {
    const merged = [
      { productID: 1, quantity: 2 },
      { productID: 2, quantity: 3 },
      { productID: 7, quantity: 1 },
    ];
    expect(linesFromAccount(device, merged)).toEqual([2, 7]);
  });
  it('is empty when the merge changed nothing: same lines, or the device had more', () => {
    expect(linesFromAccount(device, device)).toEqual([]);
    expect(linesFromAccount(device, [{ productID: 1, quantity: 1 }])).toEqual([]);
    expect(linesFromAccount([], [])).toEqual([]);
  });
});
