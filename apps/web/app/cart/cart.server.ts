/**
 * The cookie cart meets the server cart (spec sections 4, 7): a cart with items and no cartID is created
 * (POST /public/carts), one with a cartID is updated (PUT /public/carts/{cartID}); a cartID the API no
 * longer knows gets a new cart with the same items. The API's answer — every price recomputed, quantities
 * capped at what is left, lines that can no longer be sold dropped and said so — becomes the cookie.
 */
import {
  type Cart,
  createCart,
  type ErrorAnswer,
  mergeAccountCart,
  type OrderDetail,
  updateCart,
} from '@guichet/contracts';
import { type CartEntry, linesFromAccount } from '@guichet/domain';
import type { RouterContextProvider } from 'react-router';
import { apiFor } from '../lib/server/api.server';
import { type CookieCart, readCart, writeCart, writeFromAccount } from './cart-cookie.server';

export type CartSync =
  | { ok: true; cart: Cart; cookie: CookieCart }
  /**
   * The API could not create or update the cart: the cookie stays as it was. `refusal` is the API's own
   * answer when it refused for too many attempts (its French message says how long to wait).
   */
  | { ok: false; refusal: ErrorAnswer | null };

const asInput = (lines: readonly CartEntry[]) => ({
  cartItems: lines.map(({ productID, productType, quantity }) => ({ quantity, product: { productID, productType } })),
});

/** The cookie the cart answer becomes: its cartID and the lines as the API kept them. */
export function cookieOf(cart: Cart): CookieCart {
  return {
    cartID: cart.cartID,
    cartItems: cart.cartItems.map((line) => ({
      productID: line.productID,
      productType: line.product.productType,
      quantity: line.quantity,
    })),
  };
}

/** An empty answer for a cart that has nothing and never reached the server. */
function emptyCart(): Cart {
  return { cartID: '', cartItems: [], totalAmount: 0, currency: 'EUR', adjustments: [] };
}

/**
 * Creates or updates the visitor's server cart from the cookie. With the visitor's session the cart is
 * linked to the account. The API repairs the cart itself: a line it cannot sell (unknown, of another type
 * than the cookie says, sold out, no longer on sale) is dropped and a quantity lowered, each said in the
 * answer's `adjustments`; a 400 is a malformed request, which the cookie's own schema already rules out.
 */
export async function syncCart(
  request: Request,
  context: Readonly<RouterContextProvider>,
  cookie: CookieCart,
): Promise<CartSync> {
  if (cookie.cartItems.length === 0 && !cookie.cartID) return { ok: true, cart: emptyCart(), cookie };
  const api = apiFor(request, context, { onSessionRefused: 'logout' });

  const body = asInput(cookie.cartItems);
  async function send() {
    if (cookie.cartID) {
      const updated = await api.send(updateCart, { params: { cartID: cookie.cartID }, body });
      if (updated.status !== 404) return updated;
    }
    return api.send(createCart, { body });
  }

  const answer = await send();
  if (answer.status === 429) return { ok: false, refusal: answer.body };
  if (answer.status !== 200 && answer.status !== 201) return { ok: false, refusal: null };
  return { ok: true, cart: answer.body, cookie: cookieOf(answer.body) };
}

/**
 * Right after a login or a registration: this device's lines join the account's cart (the larger quantity
 * wins for a product in both; docs/decisions/0022), and the answer becomes the cookie, so a cart filled on
 * another device comes along; the lines the account brought are recorded, for the cart to say so
 * (docs/decisions/0045). The Set-Cookie values, or none when the API could not answer (the device's cart
 * then stays as it was: logging in never fails because of the cart).
 */
export async function adoptAccountCart(
  request: Request,
  context: Readonly<RouterContextProvider>,
  accountId: number,
): Promise<string[]> {
  const device = await readCart(request);
  const answer = await apiFor(request, context, { onSessionRefused: 'logout' }).send(mergeAccountCart, {
    params: { id: accountId },
    body: asInput(device.cartItems),
  });
  if (answer.status !== 200) return [];
  const merged = cookieOf(answer.body);
  return Promise.all([writeCart(merged), writeFromAccount(linesFromAccount(device.cartItems, merged.cartItems))]);
}

/**
 * The Set-Cookie that takes a paid order's products out of the device's cart, or null when none is there.
 * The API already removed them from the server cart; the cookie must follow, or the next visit to the cart
 * would put them back (the cookie is what updates the server cart).
 */
export async function withoutOrderedLines(
  request: Request,
  order: Pick<OrderDetail, 'status' | 'items'>,
): Promise<string | null> {
  if (order.status !== 'PAID') return null;
  const cart = await readCart(request);
  const ordered = new Set(order.items.map((item) => item.productID));
  const kept = cart.cartItems.filter((line) => !ordered.has(line.productID));
  if (kept.length === cart.cartItems.length) return null;
  return writeCart({ ...cart, cartItems: kept });
}
