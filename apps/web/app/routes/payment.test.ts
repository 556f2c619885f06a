/**
 * The payment page when the API refuses for too many attempts (issue 22): the 11th card in a minute is the
 * API's French 429 message with its delay — the 429 page for a page load, the form's alert for the card
 * form (what may come back kept) — never « Service indisponible ». A real HTTP server stands in for the API.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, thrown } from '../../test/session-support';
import { serverEnv } from '../lib/server/env.server';
import { action, loader } from './payment';

const TOO_MANY = {
  statusCode: 429,
  code: 'RATE_LIMITED',
  message: 'Trop de tentatives en peu de temps. Réessayez dans 42 secondes.',
};
let server: Server;
let apiUrl: string;

beforeAll(async () => {
  // Every call is refused: the payment session's page load as the card attempt.
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

const PAGE = 'http://localhost:3000/payment?order=7.signature';

describe('the payment page, refused for too many attempts', () => {
  it('a page load is the 429 page with the API’s message and its delay', async () => {
    const error = await thrown(() => loader({ request: new Request(PAGE), context: guest() } as never));
    expect(error).toMatchObject({ init: { status: 429 }, data: TOO_MANY.message });
  });

  it('the card form says the API’s message above its fields, with the expiry typed kept', async () => {
    const request = new Request(PAGE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'pay', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }),
    });
    const answer = (await action({ request, context: guest() } as never)) as unknown as {
      init: { status: number };
      data: { alert: string; reply: { values: Record<string, unknown> } };
    };
    expect(answer.init.status).toBe(429);
    expect(answer.data.alert).toBe(TOO_MANY.message);
    expect(answer.data.reply.values).toEqual({ intent: 'pay', expiry: '12/30' });
  });
});
