/**
 * The cart when the API refuses for too many attempts (issue 22): the API's French message with its delay —
 * the 429 page for the cart page, the notice of the change for a cart form — never « service
 * indisponible ». A real HTTP server stands in for the API and refuses every call.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, thrown } from '../../test/session-support';
import { writeCart } from '../lib/server/cart-cookie.server';
import { serverEnv } from '../lib/server/env.server';
import { loader } from './cart';
import { action } from './cart-items';

const TOO_MANY = {
  statusCode: 429,
  code: 'RATE_LIMITED',
  message: 'Trop de tentatives en peu de temps. Réessayez dans 42 secondes.',
};
let server: Server;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((_, response) => {
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '42' });
    response.end(JSON.stringify(TOO_MANY));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = serverEnv.API_URL;
  serverEnv.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  serverEnv.API_URL = apiUrl;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

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
