/**
 * /sitemap.xml against a real HTTP server on loopback standing in for the API (the API's GET /sitemap has its
 * own suite): one call, every page's path, the lastmod of the pages backed by a row, none for the listings.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SitemapEntries } from '@guichet/contracts';
import { LEGAL_ENTITY } from '@guichet/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverEnv } from '../lib/server/env.server';
import type { Route } from './+types/sitemap.route';
import { loader } from './sitemap.route';

type Canned = { status: number; body: unknown };
let next: Canned;
let asked: string[] = [];
let server: Server;
const original = { ...serverEnv };

const ENTRIES: SitemapEntries = {
  ticketings: [{ id: 1, slug: 'les-nuits-electriques', lastModified: '2026-11-20T09:15:00.000Z' }],
  organizers: [{ id: 2, lastModified: '2026-10-01T08:00:00.000Z' }],
  performers: [{ id: 3, lastModified: '2026-10-02T08:00:00.000Z' }],
  offers: [{ offerID: 4, slug: 'spa-du-rhone', lastModified: '2026-10-03T08:00:00.000Z' }],
  articles: [{ slug: 'festivals-de-l-ete', lastModified: '2026-10-04T08:00:00.000Z' }],
};

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(next.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverEnv.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  serverEnv.SITE_URL = 'https://www.guichet.fr';
});

afterAll(async () => {
  Object.assign(serverEnv, original);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  asked = [];
  serverEnv.PREVIEW_FEATURES = original.PREVIEW_FEATURES;
  vi.restoreAllMocks();
});

async function sitemap() {
  const request = new Request('http://localhost:3000/sitemap.xml');
  const response = await loader({ request, params: {}, context: {} } as unknown as Route.LoaderArgs);
  return { status: response.status, type: response.headers.get('content-type'), xml: await response.text() };
}

const url = (path: string, lastmod?: string) =>
  `<url><loc>https://www.guichet.fr${path}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;

describe('GET /sitemap.xml', () => {
  it('asks the API once and dates every page backed by a row', async () => {
    serverEnv.PREVIEW_FEATURES = true;
    next = { status: 200, body: ENTRIES };
    const { status, type, xml } = await sitemap();
    expect(asked).toEqual(['/sitemap']);
    expect(status).toBe(200);
    expect(type).toContain('application/xml');
    expect(xml).toContain(url('/billetterie/les-nuits-electriques-1', '2026-11-20T09:15:00.000Z'));
    expect(xml).toContain(url('/organizer/2', '2026-10-01T08:00:00.000Z'));
    expect(xml).toContain(url('/artistes/3', '2026-10-02T08:00:00.000Z'));
    expect(xml).toContain(url('/bons-plans/offer/spa-du-rhone-4', '2026-10-03T08:00:00.000Z'));
    expect(xml).toContain(url('/magazine/festivals-de-l-ete', '2026-10-04T08:00:00.000Z'));
    // The legal pages: the date of their text.
    expect(xml).toContain(url('/mentions-legales', LEGAL_ENTITY.updatedOn));
    // Listings and the home page change with the catalogue and the clock: no date is claimed for them.
    for (const path of [
      '/',
      '/billetteries',
      '/billetteries/france',
      '/agenda',
      '/artistes',
      '/bons-plans',
      '/magazine',
    ])
      expect(xml).toContain(url(path));
  });

  it('leaves the preview sections out when they are off', async () => {
    serverEnv.PREVIEW_FEATURES = false;
    next = { status: 200, body: ENTRIES };
    const { xml } = await sitemap();
    expect(xml).toContain('/billetterie/les-nuits-electriques-1');
    expect(xml).toContain('/organizer/2');
    for (const part of ['/artistes', '/bons-plans', '/magazine']) expect(xml).not.toContain(part);
  });

  it('answers 503 rather than an incomplete map when the API fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    next = { status: 500, body: { code: 'INTERNAL', message: 'x' } };
    expect((await sitemap()).status).toBe(503);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
