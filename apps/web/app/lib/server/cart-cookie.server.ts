/**
 * The cart kept in a cookie (spec sections 3, 9): cartID once the server created the cart, and the
 * items. The cookie lives 172800 seconds (2 days). A cookie that does not parse is an empty cart.
 */
import { CART_COOKIE_MAX_AGE_SECONDS } from '@guichet/domain';
import { createCookie } from 'react-router';
import { z } from 'zod';

export const CartCookieValue = z.object({
  cartID: z.string().min(1).max(100).optional(),
  cartItems: z
    .array(
      z.object({
        productID: z.number().int().positive(),
        productType: z.enum(['TICKET', 'OFFER']),
        quantity: z.number().int().min(1).max(100),
      }),
    )
    .max(50),
});
export type CartCookieValue = z.infer<typeof CartCookieValue>;

export const cartCookie = createCookie('guichet_cart', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  maxAge: CART_COOKIE_MAX_AGE_SECONDS,
  secure: process.env.NODE_ENV === 'production',
});

export async function readCart(request: Request): Promise<CartCookieValue> {
  const raw: unknown = await cartCookie.parse(request.headers.get('Cookie'));
  const parsed = CartCookieValue.safeParse(raw);
  return parsed.success ? parsed.data : { cartItems: [] };
}

export function cartItemCount(cart: CartCookieValue): number {
  return cart.cartItems.reduce((sum, item) => sum + item.quantity, 0);
}
