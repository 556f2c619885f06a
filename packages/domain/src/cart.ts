/**
 * The cart's rules (spec sections 4 and 9), pure: adding a product sets its quantity (1 unless the page
 * chose another); increase adds one; decrease subtracts one and removes the line at zero; remove deletes
 * it. The web applies them to the cookie cart; the API caps what they give at what is left to sell.
 */
import { CART_MAX_LINES, CART_MAX_QUANTITY, INITIAL_CART_QUANTITY, type ProductType } from './constants.js';

/** A line as the cookie keeps it (the priced line the API answers is contracts' `CartLine`): the product, its type (the API asks for it) and how many. */
export type CartEntry = { productID: number; productType: ProductType; quantity: number };

export type CartChange =
  | { type: 'add'; productID: number; productType: ProductType; quantity?: number }
  | { type: 'increase'; productID: number }
  | { type: 'decrease'; productID: number }
  | { type: 'remove'; productID: number }
  | { type: 'setQuantity'; productID: number; quantity: number };

const bounded = (quantity: number) => Math.max(1, Math.min(CART_MAX_QUANTITY, Math.trunc(quantity)));

/**
 * The lines after one change. Adding a product already in the cart sets its quantity to the one chosen
 * (the page's select says « Quantité », not « en plus »); a new line goes last, and is refused (the lines
 * come back unchanged) when the cart already holds CART_MAX_LINES products.
 */
export function changeCart(lines: readonly CartEntry[], change: CartChange): CartEntry[] {
  const index = lines.findIndex((line) => line.productID === change.productID);
  const current = index === -1 ? undefined : lines[index];
  const replaced = (quantity: number) =>
    lines.map((line, at) => (at === index ? { ...line, quantity: bounded(quantity) } : line));
  switch (change.type) {
    case 'add': {
      const quantity = bounded(change.quantity ?? INITIAL_CART_QUANTITY);
      if (current) return replaced(quantity);
      if (lines.length >= CART_MAX_LINES) return [...lines];
      return [...lines, { productID: change.productID, productType: change.productType, quantity }];
    }
    case 'increase':
      return current ? replaced(current.quantity + 1) : [...lines];
    case 'decrease':
      if (!current) return [...lines];
      return current.quantity <= 1 ? lines.filter((_, at) => at !== index) : replaced(current.quantity - 1);
    case 'remove':
      return lines.filter((_, at) => at !== index);
    case 'setQuantity':
      if (!current) return [...lines];
      return change.quantity < 1 ? lines.filter((_, at) => at !== index) : replaced(change.quantity);
  }
}

/** Whether one more product can be added: a cart holds CART_MAX_LINES products at most. */
export function cartIsFull(lines: readonly CartEntry[], productID: number): boolean {
  return lines.length >= CART_MAX_LINES && !lines.some((line) => line.productID === productID);
}

/** How many items the cart holds (the header's count): the sum of its quantities. */
export function cartItemCount(lines: readonly Pick<CartEntry, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The quantities a line may be set to: 1 up to the product's quota (spec section 9). */
export function quantityOptions(quota: number): number[] {
  return Array.from({ length: Math.max(0, Math.min(quota, CART_MAX_QUANTITY)) }, (_, index) => index + 1);
}

/**
 * After a login merged the account's cart into this device's (the larger quantity wins, docs/decisions/0022):
 * the products the account brought — a line the device did not have, or more of one than it had. Empty when
 * the merge changed nothing the visitor can see (issue 22: the cart then says which lines came from a
 * previous visit).
 */
export function linesFromAccount(
  device: readonly Pick<CartEntry, 'productID' | 'quantity'>[],
  merged: readonly Pick<CartEntry, 'productID' | 'quantity'>[],
): number[] {
  const had = new Map(device.map((line) => [line.productID, line.quantity]));
  return merged.filter((line) => line.quantity > (had.get(line.productID) ?? 0)).map((line) => line.productID);
}
