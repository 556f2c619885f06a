/**
 * The cart kept in a cookie (spec sections 3, 9) for 172800 seconds (2 days): the cartID once the server
 * created the cart, and the lines. Only what names a line is kept (product, type, quantity), as a
 * [productID, productType, quantity] triple: titles and prices come from the API, and 50 lines of the
 * biggest ids still fit one cookie. A cookie that does not parse is an empty cart, never an error.
 */

import { RowId } from '@guichet/contracts';
import {
  CART_COOKIE_MAX_AGE_SECONDS,
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  type CartEntry,
  PRODUCT_TYPES,
} from '@guichet/domain';
import { z } from 'zod';
import { siteCookie } from '../lib/server/cookies.server';

const StoredLine = z.tuple([RowId, z.enum(PRODUCT_TYPES), z.number().int().min(1).max(CART_MAX_QUANTITY)]);

const StoredCart = z.object({
  cartID: z.string().min(1).max(64).optional(),
  cartItems: z.array(StoredLine).max(CART_MAX_LINES),
});

/** The visitor's cart as the cookie holds it. */
export type CookieCart = { cartID?: string; cartItems: CartEntry[] };

export const EMPTY_CART: CookieCart = { cartItems: [] };

export const cartCookie = siteCookie('guichet_cart', CART_COOKIE_MAX_AGE_SECONDS);

export async function readCart(request: Request): Promise<CookieCart> {
  const raw: unknown = await cartCookie.parse(request.headers.get('Cookie'));
  const parsed = StoredCart.safeParse(raw);
  if (!parsed.success) return EMPTY_CART;
  const { cartID, cartItems } = parsed.data;
  // A product twice (a hand-made cookie) counts once: the API refuses a cart naming a product twice.
  const lines = new Map<number, CartEntry>();
  for (const [productID, productType, quantity] of cartItems) {
    if (!lines.has(productID)) lines.set(productID, { productID, productType, quantity });
  }
  return { ...(cartID ? { cartID } : {}), cartItems: [...lines.values()] };
}

/** The Set-Cookie value that stores `cart`; an empty cart without cartID clears the cookie. */
export async function writeCart(cart: CookieCart): Promise<string> {
  if (cart.cartItems.length === 0 && !cart.cartID) return cartCookie.serialize('', { maxAge: 0 });
  const stored: z.input<typeof StoredCart> = {
    ...(cart.cartID ? { cartID: cart.cartID } : {}),
    cartItems: cart.cartItems.map((line) => [line.productID, line.productType, line.quantity]),
  };
  return cartCookie.serialize(stored);
}

/**
 * The products a login brought from the account's cart into this device's (`linesFromAccount`), so that the
 * cart page and modal say so (issue 22; docs/decisions/0045). Kept as long as the cart, forgotten with it at
 * logout, replaced at the next login.
 */
const fromAccountCookie = siteCookie('guichet_cart_from_account', CART_COOKIE_MAX_AGE_SECONDS);
const FromAccount = z.array(RowId).max(CART_MAX_LINES);

/** The products the last login brought from the account (empty when none, or a cookie that does not parse). */
export async function readFromAccount(request: Request): Promise<number[]> {
  const parsed = FromAccount.safeParse(await fromAccountCookie.parse(request.headers.get('Cookie')));
  return parsed.success ? parsed.data : [];
}

/** The Set-Cookie that records them; none brought, it clears the record of an earlier login. */
export function writeFromAccount(productIDs: readonly number[]): Promise<string> {
  if (productIDs.length === 0) return fromAccountCookie.serialize('', { maxAge: 0 });
  return fromAccountCookie.serialize(productIDs.slice(0, CART_MAX_LINES));
}

/** Forgets the device's cart (logout: the cart stays with the account, and comes back at the next login). */
export function clearCart(): Promise<string> {
  return cartCookie.serialize('', { maxAge: 0 });
}
