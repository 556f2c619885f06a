/**
 * The cart when the API refuses for too many attempts (issue 22): the API's French message with its delay —
 * the 429 page for the cart page, the notice of the change for a cart form — never « service
 * indisponible ». A real HTTP server stands in for the API and refuses every call.
 */
import { describe, expect, it } from 'vitest';
import { apiRefusingEveryCall, TOO_MANY } from '../../test/refusing-api';
import { guest, thrown } from '../../test/session-support';
import { loader } from './cart.route';
import { writeCart } from './cart-cookie.server';
import { action } from './cart-items.route';

apiRefusingEveryCall();

const cartCookie = async () =>
  (await writeCart({ cartItems: [{ productID: 12, productType: 'TICKET', quantity: 1 }] })).split(';')[0] ?? '';

describe('the cart, refused for too many attempts', () => {
  it('the cart page is the 429 page with the API’s message and its delay', async () => {
    const request = new Request('http://localhost:3000/cart', { headers: { Cookie: await cartCookie() } });
    const error = await thrown(() => loader({ request, context: guest() } as never));
    expect(error).toMatchObject({ init: { status: 429 }, data: TOO_MANY.message });
  });

  it('a change to the cart answers 429 with the API’s message as its notice', async () => {
    const request = new Request('http://localhost:3000/cart/items', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: await cartCookie() },
      body: new URLSearchParams({
        intent: 'add',
        productID: '12',
        productType: 'TICKET',
        quantity: '1',
        respond: 'data',
      }),
    });
    const answer = (await action({ request, context: guest() } as never)) as unknown as {
      init: { status: number };
      data: { cart: unknown; notice: { message: string; state: string } };
    };
    expect(answer.init.status).toBe(429);
    expect(answer.data).toEqual({ cart: null, notice: { message: TOO_MANY.message, state: 'error' } });
  });
});
