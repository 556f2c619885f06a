import type { Cart } from '@guichet/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiStandingIn } from '../../test/refusing-api';
import { guest } from '../../test/session-support';
import { syncCart, withoutOrderedLines } from './cart.server';
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

describe('the cookie cart meeting the server cart', () => {
  // What the API stand-in is asked, and its canned answers, one per call.
  let asked: { method: string; url: string; body: unknown }[] = [];
  let answers: { status: number; body: unknown }[] = [];
  apiStandingIn((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      asked.push({ method: request.method ?? '', url: request.url ?? '', body: JSON.parse(body || 'null') });
      const answer = answers.shift() ?? { status: 500, body: {} };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  beforeEach(() => {
    asked = [];
    answers = [];
  });

  const soldOut = {
    productID: 40,
    code: 'UNAVAILABLE',
    reason: 'SOLD_OUT',
    message: "Ce bon plan n'est plus disponible : « Spa — Entrée ».",
  } as const;
  /** The cart the API kept: ticket 12, priced, and the deal 40 dropped. */
  const kept = (lines: readonly { productID: number; quantity: number }[]): Cart => ({
    cartID,
    cartItems: lines.map(({ productID, quantity }) => ({
      productID,
      quantity,
      lineTotal: 2500 * quantity,
      product: {
        productID,
        productType: 'TICKET',
        title: 'Fosse',
        price: 2500,
        discountType: null,
        discount: 0,
        discountedPrice: 2500,
        quota: 10,
        remaining: 10,
        ticketing: null,
        offer: null,
      },
    })),
    totalAmount: lines.reduce((sum, line) => sum + 2500 * line.quantity, 0),
    currency: 'EUR',
    adjustments: [soldOut],
  });

  it('sends the lines once and keeps the cart the API kept, with its adjustments as said', async () => {
    answers = [{ status: 200, body: kept([{ productID: 12, quantity: 2 }]) }];
    const cookie = { cartID, cartItems: device.cartItems.slice(0, 2) };
    const synced = await syncCart(new Request('http://localhost/cart'), guest(), cookie);
    expect(asked).toEqual([
      {
        method: 'PUT',
        url: `/public/carts/${cartID}`,
        body: {
          cartItems: [
            { quantity: 2, product: { productID: 12, productType: 'TICKET' } },
            { quantity: 1, product: { productID: 40, productType: 'OFFER' } },
          ],
        },
      },
    ]);
    expect(synced.ok && synced.cart.adjustments).toEqual([soldOut]);
    expect(synced.ok && synced.cookie).toEqual({
      cartID,
      cartItems: [{ productID: 12, productType: 'TICKET', quantity: 2 }],
    });
  });

  it('never repairs the cart itself: a refused request is sent once, and the cookie stays as it was', async () => {
    const issue = { path: ['cartItems', 1, 'quantity'], code: 'too_big', message: 'Trop.' };
    answers = [{ status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Non.', issues: [issue] } }];
    const synced = await syncCart(new Request('http://localhost/cart'), guest(), device);
    expect(asked).toHaveLength(1);
    expect(synced).toEqual({ ok: false, refusal: null });
  });

  it('creates a new cart with the same lines when the API no longer knows the cartID', async () => {
    answers = [
      { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'Panier introuvable.' } },
      { status: 201, body: kept([]) },
    ];
    await syncCart(new Request('http://localhost/cart'), guest(), device);
    expect(asked.map(({ method, url }) => `${method} ${url}`)).toEqual([
      `PUT /public/carts/${cartID}`,
      'POST /public/carts',
    ]);
    expect(asked[1]?.body).toEqual(asked[0]?.body);
  });
});
