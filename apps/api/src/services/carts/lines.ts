/**
 * The cart's lines as the API keeps them (spec section 7): each product priced by the API, each quantity
 * capped at what the product may still sell, and every change said in `adjustments`. Pure: the products
 * come from `findCartProducts`.
 */
import { CART_ERROR_MESSAGES, type CartAdjustment, type CartLine, type CartProduct } from '@guichet/contracts';
import { CART_MAX_LINES, type ProductType } from '@guichet/domain';
import { CART_MESSAGES } from './messages.js';
import type { PricedProduct } from './products.js';

/** A line as asked: which product, how many, and the type the request claims for it (not for saved lines). */
export type WantedLine = { productID: number; quantity: number; productType?: ProductType };

/** A line of the request, with the type it claims for its product. */
export type RequestedLine = WantedLine & { productType: ProductType };

export type PricedLines = { cartItems: CartLine[]; totalAmount: number; adjustments: CartAdjustment[] };

const answered = ({ name: _, perOrder: __, ...product }: PricedProduct): CartProduct => product;

const dropped = (
  productID: number,
  reason: Extract<CartAdjustment, { code: 'UNAVAILABLE' }>['reason'],
  message: string,
): CartAdjustment => ({ productID, code: 'UNAVAILABLE', reason, message });

/**
 * The lines kept, in the order asked, each at most what its product may sell, and what was changed and why.
 * A line that cannot be sold is dropped, never refused: a product unknown to visitors, or of another type
 * than the line says (a cookie edited by hand, or a product that changed type), says only that it is no
 * longer available, with no name to give.
 */
export function priceLines(lines: readonly WantedLine[], found: ReadonlyMap<number, PricedProduct>): PricedLines {
  const cartItems: CartLine[] = [];
  const adjustments: CartAdjustment[] = [];
  for (const { productID, quantity: wanted, productType } of lines) {
    const product = found.get(productID);
    if (!product) {
      adjustments.push(dropped(productID, 'UNKNOWN_PRODUCT', CART_MESSAGES.unknown));
      continue;
    }
    if (productType !== undefined && product.productType !== productType) {
      adjustments.push(dropped(productID, 'WRONG_TYPE', CART_MESSAGES.unknown));
      continue;
    }
    if (product.quota === 0) {
      const reason = product.selling && product.remaining === 0 ? 'SOLD_OUT' : 'NOT_ON_SALE';
      adjustments.push(dropped(productID, reason, CART_MESSAGES.unavailable(product.productType, product.name)));
      continue;
    }
    const quantity = Math.min(wanted, product.quota);
    if (quantity < wanted) {
      const fewLeft = product.remaining < product.perOrder;
      adjustments.push({
        productID,
        code: 'QUANTITY_CAPPED',
        reason: fewLeft ? 'FEW_LEFT' : 'PER_ORDER',
        message: fewLeft
          ? CART_MESSAGES.fewLeft(product.name, quantity)
          : CART_MESSAGES.perOrder(product.name, quantity),
      });
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
  const merged: WantedLine[] = saved.map((line) => ({ ...line }));
  const byProduct = new Map(merged.map((line) => [line.productID, line]));
  for (const line of asked) {
    const savedLine = byProduct.get(line.productID);
    if (savedLine) savedLine.quantity = Math.max(savedLine.quantity, line.quantity);
    else {
      const added = { ...line };
      merged.push(added);
      byProduct.set(line.productID, added);
    }
  }
  const left = merged
    .slice(CART_MAX_LINES)
    .map(({ productID }) => dropped(productID, 'CART_FULL', CART_ERROR_MESSAGES.tooManyLines));
  return { lines: merged.slice(0, CART_MAX_LINES), left };
}
