/**
 * The cart kept in a cookie (spec sections 3, 9): cartID once the server created the cart, and the
 * items. The cookie lives 172800 seconds (2 days). A cookie that does not parse is an empty cart.
 */
import { CART_COOKIE_MAX_AGE_SECONDS, PRODUCT_TYPES } from '@guichet/domain';
import { z } from 'zod';
import { siteCookie } from './cookies.server';

export const CartCookieValue = z.object({
  cartID: z.string().min(1).max(100).optional(),
  cartItems: z
    .array(
      z.object({
        productID: z.number().int().positive(),
        productType: z.enum(PRODUCT_TYPES),
        quantity: z.number().int().min(1).max(100),
      }),
    )
    .max(50),
});
export type CartCookieValue = z.infer<typeof CartCookieValue>;

export const cartCookie = siteCookie('guichet_cart', CART_COOKIE_MAX_AGE_SECONDS);

export async function readCart(request: Request): Promise<CartCookieValue> {
  const raw: unknown = await cartCookie.parse(request.headers.get('Cookie'));
  const parsed = CartCookieValue.safeParse(raw);
  return parsed.success ? parsed.data : { cartItems: [] };
}

export function cartItemCount(cart: CartCookieValue): number {
  return cart.cartItems.reduce((sum, item) => sum + item.quantity, 0);
}
