/**
 * The header's suggestions resource route, against a real HTTP server on loopback standing in for the API
 * (the API's search has its own suites): what it asks, how it maps the answer, and that it never fails.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SiteSuggestion } from '@guichet/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverEnv } from '../lib/server/env.server';
import type { Route } from './+types/search-suggestions.route';
import { loader } from './search-suggestions.route';

type Canned = { status: number; body: unknown };
let next: Canned;
let asked: string[] = [];
let server: Server;
const original = { ...serverEnv };

const SUGGESTIONS: SiteSuggestion[] = [
  {
    group: 'performers',
    id: 4,
    slug: 'compagnie-du-grand-large',
    title: 'Compagnie du Grand Large',
    detail: 'Théâtre',
  },
  { group: 'ticketings', id: 1, slug: 'le-malade-imaginaire', title: 'Le Malade imaginaire', detail: 'Paris' },
];

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(next.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverEnv.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  Object.assign(serverEnv, original);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  asked = [];
  serverEnv.PREVIEW_FEATURES = true;
  vi.restoreAllMocks();
});

async function suggestionsFor(query: string) {
  const request = new Request(`http://localhost:3000/recherche/suggestions${query}`);
  const response = await loader({ request, params: {}, context: {} } as unknown as Route.LoaderArgs);
  return { status: response.status, cache: response.headers.get('cache-control'), body: await response.json() };
}

describe('GET /recherche/suggestions', () => {
  it('asks the API and answers grouped suggestions, events first', async () => {
    next = { status: 200, body: { suggestions: SUGGESTIONS } };
    const answer = await suggestionsFor('?q=moli%C3%A8re');
    expect(asked).toEqual(['/search/suggest?q=moli%C3%A8re']);
    expect(answer.status).toBe(200);
    expect(answer.cache).toBe('public, max-age=60');
    expect(answer.body).toEqual({
      groups: [
        {
          label: 'Événements',
          options: [
            {
              id: 'ticketings-1',
              label: 'Le Malade imaginaire',
              detail: 'Paris',
              href: '/billetterie/le-malade-imaginaire-1',
            },
          ],
        },
        {
          label: 'Artistes',
          options: [{ id: 'performers-4', label: 'Compagnie du Grand Large', detail: 'Théâtre', href: '/artistes/4' }],
        },
      ],
    });
  });

  it('asks nothing for no text or a single letter', async () => {
    for (const query of ['', '?q=', '?q=m', '?q=%20m%20']) {
      expect((await suggestionsFor(query)).body).toEqual({ groups: [] });
    }
    expect(asked).toEqual([]);
  });

  it('answers no suggestion when the API refuses the text', async () => {
    next = { status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Texte invalide.' } };
    const answer = await suggestionsFor('?q=ab%00');
    expect(asked).toHaveLength(1);
    expect(answer).toEqual({ status: 200, cache: 'no-store', body: { groups: [] } });
  });

  it('answers no suggestion when the API is unreachable (logged once)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serverEnv.API_URL = 'http://127.0.0.1:9';
    try {
      expect((await suggestionsFor('?q=moliere')).body).toEqual({ groups: [] });
    } finally {
      serverEnv.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('is not found when the preview sections are off', async () => {
    serverEnv.PREVIEW_FEATURES = false;
    next = { status: 200, body: { suggestions: SUGGESTIONS } };
    expect((await suggestionsFor('?q=moliere')).status).toBe(404);
    expect(asked).toEqual([]);
  });
});
