import { ApiUnavailableError, createApiClient, getHealth, lookupRedirect } from '@guichet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirects } from '../src/db/schema.js';
import { createTestApp } from './helpers.js';

// The web's typed client against the real API listening on a port: the contract is the only shared truth.
let context: Awaited<ReturnType<typeof createTestApp>>;
let baseUrl: string;

beforeAll(async () => {
  context = await createTestApp();
  await context.database.db
    .insert(redirects)
    .values({ source: '/ancienne', target: '/billetteries', kind: 'TEMPORARY' });
  baseUrl = await context.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await context.close();
});

describe('createApiClient', () => {
  it('calls an endpoint and returns the typed answer for its status', async () => {
    const api = createApiClient({ baseUrl });
    const answer = await api.call(lookupRedirect, { query: { path: '/ancienne' } });
    expect(answer).toEqual({ status: 200, body: { source: '/ancienne', target: '/billetteries', permanent: false } });
  });

  it('returns a declared error answer rather than throwing', async () => {
    const api = createApiClient({ baseUrl });
    const answer = await api.call(lookupRedirect, { query: { path: '/sans-redirection' } });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Aucune redirection pour ce chemin.' });
  });

  it("sends the visitor's token, address and request id, and the API keeps the request id", async () => {
    let echoed: string | null = null;
    let sent: Headers | undefined;
    const api = createApiClient({
      baseUrl,
      accessToken: 'jeton',
      forwardedFor: '203.0.113.7',
      requestId: 'visite-42',
      fetch: async (input, init) => {
        sent = new Headers(init?.headers);
        const response = await fetch(input, init);
        echoed = response.headers.get('x-request-id');
        return response;
      },
    });
    const answer = await api.call(getHealth, {});
    expect(answer.status).toBe(200);
    expect(sent?.get('authorization')).toBe('Bearer jeton');
    expect(sent?.get('x-forwarded-for')).toBe('203.0.113.7');
    expect(echoed).toBe('visite-42');
  });

  it('throws ApiUnavailableError when the API cannot be reached', async () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(api.call(getHealth, {})).rejects.toBeInstanceOf(ApiUnavailableError);
  });
});
