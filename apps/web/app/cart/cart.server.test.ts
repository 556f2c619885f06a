import { describe, expect, it } from 'vitest';
import { withoutOrderedLines } from './cart.server';
import { readCart, writeCart } from './cart-cookie.server';

const requestWith = (setCookie: string) =>
  new Request('http://localhost/', { headers: { Cookie: setCookie.split(';')[0] ?? '' } });

const cartID = '6f1c2e1a-6a9b-4d7e-9a43-2b1a8c0e5f10';
const device = {
  cartID,
  cartItems: [
    { productID: 12, productType: 'TICKET' as const, quantity: 2 },
    { productID: 40, productType: 'OFFER' as const, quantity: 1 },
    { productID: 77, productType: 'TICKET' as const, quantity: 1 },
  ],
};
const order = (status: 'PAID' | 'PENDING', productIDs: number[]) => ({
  status,
  items: productIDs.map((productID) => ({ productID }) as never),
});

describe('a paid order leaving the device’s cart', () => {
  it('takes out the ordered products and keeps what was added since, and the cartID', async () => {
    const request = requestWith(await writeCart(device));
    const setCookie = await withoutOrderedLines(request, order('PAID', [12, 40]));
    expect(setCookie).not.toBeNull();
    expect(await readCart(requestWith(setCookie ?? ''))).toEqual({
      cartID,
      cartItems: [{ productID: 77, productType: 'TICKET', quantity: 1 }],
    });
  });

  it('leaves the cart alone for an order not paid, or whose lines are already gone', async () => {
    const request = requestWith(await writeCart(device));
    expect(await withoutOrderedLines(request, order('PENDING', [12]))).toBeNull();
    expect(await withoutOrderedLines(request, order('PAID', [5]))).toBeNull();
  });
});
