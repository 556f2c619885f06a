import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@guichet/domain';
import { describe, expect, it } from 'vitest';
import { cartCookie, readCart, writeCart } from './cart-cookie.server';

/** A request carrying the cookie a response set. */
const requestWith = (setCookie: string) =>
  new Request('http://localhost/', { headers: { Cookie: setCookie.split(';')[0] ?? '' } });

describe('the cart cookie', () => {
  it('keeps the cartID and the lines', async () => {
    const cart = {
      cartID: '6f1c2e1a-6a9b-4d7e-9a43-2b1a8c0e5f10',
      cartItems: [
        { productID: 12, productType: 'TICKET' as const, quantity: 2 },
        { productID: 40, productType: 'OFFER' as const, quantity: 1 },
      ],
    };
    expect(await readCart(requestWith(await writeCart(cart)))).toEqual(cart);
  });

  it('holds 50 lines of the biggest ids and quantities within one cookie (4096 bytes)', async () => {
    const cartItems = Array.from({ length: CART_MAX_LINES }, (_, index) => ({
      productID: 2_147_483_647 - index,
      productType: 'TICKET' as const,
      quantity: CART_MAX_QUANTITY,
    }));
    const setCookie = await writeCart({ cartID: crypto.randomUUID(), cartItems });
    expect(setCookie.length).toBeLessThan(4096);
    expect((await readCart(requestWith(setCookie))).cartItems).toHaveLength(CART_MAX_LINES);
  });

  it('reads a cookie that does not parse, or breaks the bounds, as an empty cart', async () => {
    const broken = [
      'guichet_cart=pas-du-base64',
      `guichet_cart=${await cartCookie.serialize({ cartItems: [[1, 'TICKET', 0]] }).then((c) => c.split(';')[0]?.split('=')[1])}`,
      `guichet_cart=${await cartCookie.serialize({ cartItems: [[1, 'AUTRE', 1]] }).then((c) => c.split(';')[0]?.split('=')[1])}`,
      `guichet_cart=${await cartCookie.serialize({ cartItems: 'tout' }).then((c) => c.split(';')[0]?.split('=')[1])}`,
    ];
    for (const cookie of broken) {
      expect(await readCart(new Request('http://localhost/', { headers: { Cookie: cookie } }))).toEqual({
        cartItems: [],
      });
    }
  });

  it('counts a product named twice once', async () => {
    const setCookie = await cartCookie.serialize({
      cartItems: [
        [5, 'TICKET', 2],
        [5, 'TICKET', 3],
      ],
    });
    expect((await readCart(requestWith(setCookie))).cartItems).toEqual([
      { productID: 5, productType: 'TICKET', quantity: 2 },
    ]);
  });

  it('clears itself once empty and without cartID', async () => {
    expect(await writeCart({ cartItems: [] })).toContain('Max-Age=0');
  });
});
