/**
 * The one door's failure policy, against a real HTTP server on loopback standing in for the API (the
 * door's policy is under test here, not the API: its own suites cover it).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAccount, getOrderDocument, getTicketing, listTicketings, login, payWithCard } from '@guichet/contracts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@guichet/ui/form-failure';
import { isRouteErrorResponse } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { guest, loggedIn, thrown } from '../../../test/session-support';
import { apiFor } from './api.server';
import { getSession, redirectAfterLoginCookie } from './session.server';

type Canned = { status: number; body?: unknown; file?: { bytes: Buffer; headers: Record<string, string> } };
let next: Canned = { status: 200, body: { items: [], nextCursor: null } };
let seen: IncomingHttpHeaders = {};
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen = request.headers;
    if (next.file) {
      response.writeHead(next.status, next.file.headers);
      response.end(next.file.bytes);
      return;
    }
    response.writeHead(next.status, { 'content-type': 'application/json' });
    response.end(next.body === undefined ? '' : JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => vi.restoreAllMocks());

/** A port nothing listens on: the API is stopped. */
const STOPPED = 'http://127.0.0.1:9';

const request = () =>
  new Request('http://localhost:3000/billetteries/france', {
    headers: { 'x-request-id': 'visite-42', 'x-guichet-client-address': '203.0.113.7' },
  });

const failure = (statusCode: number, code: string, message: string) => ({ statusCode, code, message });

/** The status of a thrown `data(…, { status })` or Response. */
function statusOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof Response) return error.status;
  return (error as { init?: { status?: number } } | null)?.init?.status;
}

describe('the API door for page loads', () => {
  it('gives the body of a 2xx answer, sending the visitor’s address and the request id', async () => {
    next = { status: 200, body: { items: [], nextCursor: null } };
    const body = await apiFor(request(), null, { baseUrl }).loadData(listTicketings, { query: {} });
    expect(body).toEqual({ items: [], nextCursor: null });
    expect(seen['x-request-id']).toBe('visite-42');
    expect(seen['x-forwarded-for']).toBe('203.0.113.7');
    expect(seen.authorization).toBeUndefined();
  });

  it('turns a stopped API into the 503 « Service indisponible » page, logged once', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await thrown(() =>
      apiFor(request(), null, { baseUrl: STOPPED }).loadData(getTicketing, { params: { ticketingID: 1 } }),
    );
    expect(statusOf(error)).toBe(503);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('/billetteries/france');
  });

  it('turns a 5xx answer, or an answer outside the contract, into the 503 page too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    next = { status: 500, body: failure(500, 'INTERNAL_ERROR', 'Une erreur est survenue.') };
    const door = apiFor(request(), null, { baseUrl });
    expect(statusOf(await thrown(() => door.load(listTicketings, { query: {} })))).toBe(503);
    next = { status: 200, body: { unexpected: true } };
    expect(statusOf(await thrown(() => door.loadData(listTicketings, { query: {} })))).toBe(503);
  });

  it('hands 4xx answers to the route with `load`, and makes them the page of that status with `loadData`', async () => {
    next = { status: 404, body: failure(404, 'NOT_FOUND', 'Billetterie introuvable.') };
    const door = apiFor(request(), null, { baseUrl });
    const answer = await door.load(getTicketing, { params: { ticketingID: 9 } });
    expect(answer.status).toBe(404);
    expect(answer.status === 404 && answer.body.code).toBe('NOT_FOUND');
    expect(statusOf(await thrown(() => door.loadData(getTicketing, { params: { ticketingID: 9 } })))).toBe(404);
    next = {
      status: 400,
      body: { ...failure(400, 'VALIDATION_FAILED', 'Certains champs sont invalides.'), issues: [] },
    };
    expect(statusOf(await thrown(() => door.loadData(listTicketings, { query: { q: 'x' } })))).toBe(400);
  });
});

describe('the API door for forms', () => {
  it('answers a stopped API as a 503 failure with its French message, never a throw', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await apiFor(request(), null, { baseUrl: STOPPED }).send(login, {
      body: { email: 'camille@example.fr', password: 'secret' },
    });
    expect(answer).toEqual({
      status: 503,
      body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: SERVICE_UNAVAILABLE_MESSAGE },
    });
  });

  it('hands every answer of the API to the route, failures included', async () => {
    next = { status: 401, body: failure(401, 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.') };
    const answer = await apiFor(request(), guest(), { baseUrl }).send(login, {
      body: { email: 'camille@example.fr', password: 'faux' },
    });
    expect(answer.status).toBe(401);
    expect(answer.status === 401 && answer.body.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('the API door for files', () => {
  const input = { params: { orderID: 7, kind: 'tickets' as const }, query: { sig: 'signature' } };

  it('passes a 200 on as the API wrote it: bytes and headers, unread', async () => {
    const bytes = Buffer.from('%PDF-1.7 billets');
    next = {
      status: 200,
      file: {
        bytes,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="billets.pdf"' },
      },
    };
    const answer = await apiFor(request(), null, { baseUrl }).download(getOrderDocument, input);
    if (answer.status !== 200) throw new Error(`200 attendu, reçu ${answer.status}`);
    expect(answer.file.headers.get('content-disposition')).toBe('attachment; filename="billets.pdf"');
    expect(Buffer.from(await answer.file.arrayBuffer())).toEqual(bytes);
  });

  it('hands a refusal to the route as a typed failure, and a stopped API as a 503 failure', async () => {
    next = { status: 403, body: failure(403, 'FORBIDDEN', 'Ce lien de téléchargement n’est pas valide.') };
    const refused = await apiFor(request(), null, { baseUrl }).download(getOrderDocument, input);
    expect(refused).toEqual({ status: 403, body: next.body });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const stopped = await apiFor(request(), null, { baseUrl: STOPPED }).download(getOrderDocument, input);
    expect(stopped.status).toBe(503);
  });
});

describe('the API door with the visitor’s session', () => {
  it('sends the access token, and a refused token ends the session and goes to the login page', async () => {
    next = { status: 401, body: failure(401, 'AUTHENTICATION_REQUIRED', 'Authentification requise.') };
    const context = loggedIn();
    const error = await thrown(() => apiFor(request(), context, { baseUrl }).load(getAccount, { params: { id: 7 } }));
    expect(seen.authorization).toMatch(/^Bearer /);
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).headers.get('Location')).toBe('/auth/login');
    expect(getSession(context).user).toBeNull();
  });

  it('only logs out when asked to, so a public page goes on for a guest', async () => {
    next = { status: 401, body: failure(401, 'AUTHENTICATION_REQUIRED', 'Authentification requise.') };
    const context = loggedIn();
    const answer = await apiFor(request(), context, { baseUrl, onSessionRefused: 'logout' }).send(getAccount, {
      params: { id: 7 },
    });
    expect(answer.status).toBe(401);
    expect(getSession(context).user).toBeNull();
    expect(getSession(context).cookies.join()).toMatch(/Max-Age=0/i);
  });
});

describe('answers any endpoint may give, declared or not (429, 401), decided once in the door', () => {
  const TOO_MANY = failure(429, 'RATE_LIMITED', 'Trop de tentatives en peu de temps. Réessayez dans 42 secondes.');
  const card = {
    params: { session: 'session' },
    body: { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
  };

  it('a page load refused for too many attempts is the 429 page with the API’s message and its delay', async () => {
    next = { status: 429, body: TOO_MANY };
    const door = apiFor(request(), null, { baseUrl });
    for (const load of [
      () => door.load(listTicketings, { query: {} }),
      () => door.loadData(getTicketing, { params: { ticketingID: 1 } }),
    ]) {
      const error = await thrown(load);
      expect(statusOf(error)).toBe(429);
      expect((error as { data?: unknown }).data).toBe(TOO_MANY.message);
    }
  });

  it('an action refused for too many attempts gets the refusal as data, its message for the form (not an outage)', async () => {
    // payWithCard's contract declares no 429: the 11th card in a minute was « Service indisponible ».
    next = { status: 429, body: TOO_MANY };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await apiFor(request(), loggedIn(), { baseUrl }).send(payWithCard, card);
    expect(answer).toEqual({ status: 429, body: TOO_MANY });
    expect(logged).not.toHaveBeenCalled();
  });

  it('a token refused on a call whose contract declares no 401 logs out and goes to log in, back here after', async () => {
    next = { status: 401, body: failure(401, 'AUTHENTICATION_REQUIRED', 'Authentification requise.') };
    const download = new Request('http://localhost:3000/download/billets.pdf?order=7');
    for (const context of [loggedIn(), guest()]) {
      const error = await thrown(() =>
        apiFor(download, context, { baseUrl }).download(getOrderDocument, {
          params: { orderID: 7, kind: 'tickets' },
          query: {},
        }),
      );
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).headers.get('Location')).toBe('/auth/login');
      const cookie = (error as Response).headers.get('Set-Cookie');
      expect(await redirectAfterLoginCookie.parse(cookie)).toBe('/download/billets.pdf?order=7');
      expect(getSession(context).user).toBeNull();
    }
    const action = await thrown(() => apiFor(request(), loggedIn(), { baseUrl }).send(payWithCard, card));
    expect((action as Response).headers.get('Location')).toBe('/auth/login');
  });
});
