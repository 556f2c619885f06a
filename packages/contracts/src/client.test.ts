import { describe, expect, it } from 'vitest';
import { countView, PUBLIC_TOKEN_HEADER } from './catalogue/count-view.js';
import { createApiClient } from './client.js';

describe('createApiClient', () => {
  it('sends the headers an endpoint declares, beside its own', async () => {
    let sent: { url: string; headers: Headers; body: unknown } | undefined;
    const api = createApiClient({
      baseUrl: 'http://api.test',
      requestId: 'visite-1',
      fetch: async (input, init) => {
        sent = { url: String(input), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) };
        return new Response(null, { status: 204 });
      },
    });
    const answer = await api.call(countView, {
      params: { product: 'ticketing', ticketingID: 1 },
      headers: { [PUBLIC_TOKEN_HEADER]: 'jeton-public-du-site' },
      body: { source: 'DIRECT' },
    });
    expect(answer.status).toBe(204);
    expect(sent?.url).toBe('http://api.test/ticketing/1/count/view');
    expect(sent?.headers.get('x-public-token')).toBe('jeton-public-du-site');
    expect(sent?.headers.get('x-request-id')).toBe('visite-1');
    expect(sent?.headers.get('content-type')).toBe('application/json');
    expect(sent?.body).toEqual({ source: 'DIRECT' });
  });
});
