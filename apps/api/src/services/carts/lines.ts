/**
 * The cart's lines as the API keeps them (spec section 7): each product priced by the API, each quantity
 * capped at what the product may still sell, and every change said in `adjustments`. Pure: the products
 * come from `findCartProducts`.
 */
import { CART_ERROR_MESSAGES, type CartAdjustment, type CartLine, type CartProduct } from '@guichet/contracts';
import { CART_MAX_LINES, type ProductType } from '@guichet/domain';
import { invalidField } from '../../lib/http-error.js';
import { CART_MESSAGES } from './messages.js';
import type { PricedProduct } from './products.js';

/** A line as asked: which product, how many. Nothing else a request says is read. */
export type WantedLine = { productID: number; quantity: number };

/** A line of the request, with the type it claims for its product. */
export type RequestedLine = WantedLine & { productType: ProductType };

export type PricedLines = { cartItems: CartLine[]; totalAmount: number; adjustments: CartAdjustment[] };

/**
 * A product of another type than the line says is a refused request, not a dropped line: the web sent
 * what it knows to be wrong (a cookie edited by hand), and the visitor must not silently lose the line.
 */
export function checkProductTypes(lines: readonly RequestedLine[], found: ReadonlyMap<number, PricedProduct>): void {
  lines.forEach((line, index) => {
    const product = found.get(line.productID);
    if (product && product.productType !== line.productType)
      throw invalidField(
        'body',
        ['cartItems', index, 'product', 'productType'],
        CART_MESSAGES.wrongType[line.productType],
      );
  });
}

const answered = ({ name: _, perOrder: __, ...product }: PricedProduct): CartProduct => product;

/** The lines kept, in the order asked, each at most what its product may sell, and what was changed. */
export function priceLines(lines: readonly WantedLine[], found: ReadonlyMap<number, PricedProduct>): PricedLines {
  const cartItems: CartLine[] = [];
  const adjustments: CartAdjustment[] = [];
  for (const { productID, quantity: wanted } of lines) {
    const product = found.get(productID);
    if (!product) {
      adjustments.push({ productID, code: 'UNAVAILABLE', message: CART_MESSAGES.unknown });
      continue;
    }
    if (product.quota === 0) {
      const message = CART_MESSAGES.unavailable(product.productType, product.name);
      adjustments.push({ productID, code: 'UNAVAILABLE', message });
      continue;
    }
    const quantity = Math.min(wanted, product.quota);
    if (quantity < wanted) {
      const message =
        product.remaining < product.perOrder
          ? CART_MESSAGES.fewLeft(product.name, quantity)
          : CART_MESSAGES.perOrder(product.name, quantity);
      adjustments.push({ productID, code: 'QUANTITY_CAPPED', message });
    }
    cartItems.push({ productID, quantity, product: answered(product), lineTotal: product.discountedPrice * quantity });
  }
  const totalAmount = cartItems.reduce((sum, line) => sum + line.lineTotal, 0);
  return { cartItems, totalAmount, adjustments };
}

/**
 * The account's saved lines, then this device's lines for products not saved, at most CART_MAX_LINES (the
 * first ones: those the account already had). A product in both keeps the larger quantity, never the sum:
 * the same cart seen on two devices would otherwise double at each login.
 */
export function mergeLines(saved: readonly WantedLine[], asked: readonly WantedLine[]) {
  const merged = saved.map((line) => ({ ...line }));
  const byProduct = new Map(merged.map((line) => [line.productID, line]));
  for (const { productID, quantity } of asked) {
    const line = byProduct.get(productID);
    if (line) line.quantity = Math.max(line.quantity, quantity);
    else {
      const added = { productID, quantity };
      merged.push(added);
      byProduct.set(productID, added);
    }
  }
  const left = merged.slice(CART_MAX_LINES).map(
    ({ productID }): CartAdjustment => ({
      productID,
      code: 'UNAVAILABLE',
      message: CART_ERROR_MESSAGES.tooManyLines,
    }),
  );
  return { lines: merged.slice(0, CART_MAX_LINES), left };
}
