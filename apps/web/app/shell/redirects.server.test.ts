/**
 * The redirect table kept in the web process, against a real HTTP server on loopback standing in for the API:
 * how often it is asked, not what it answers (the API's suite covers that).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./redirects.server');
let redirects: Module;
let server: Server;
let calls = 0;
let table: { source: string; target: string; permanent: boolean }[] = [];
let failing = false;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== '/redirects/table') {
      response.writeHead(404).end();
      return;
    }
    calls += 1;
    if (failing) {
      // The API's answer while its database is out of reach.
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          statusCode: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: 'Le service est momentanément indisponible.',
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ redirects: table }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The web reads API_URL once, when its environment module loads.
  vi.stubEnv('API_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.resetModules();
  redirects = await import('./redirects.server');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  redirects.clearRedirectCache();
  calls = 0;
  failing = false;
  table = [{ source: '/evenement/jazz', target: '/billetterie/jazz-12', permanent: true }];
});

const visit = (path: string) => new Request(`http://localhost:3000${path}`);

describe('the redirect table of the web process', () => {
  it('is fetched once for any number of pages, and finds paths with or without a trailing slash', async () => {
    const now = 1_000_000;
    expect(await redirects.findRedirect(visit('/evenement/jazz'), now)).toMatchObject({
      target: '/billetterie/jazz-12',
    });
    expect(await redirects.findRedirect(visit('/evenement/jazz/'), now + 1)).toMatchObject({ permanent: true });
    for (let page = 0; page < 50; page++)
      expect(await redirects.findRedirect(visit(`/page-${page}`), now + page)).toBeNull();
    expect(calls).toBe(1);
  });

  it('follows a change within the refresh, without making any visitor wait for it', async () => {
    const now = 2_000_000;
    await redirects.findRedirect(visit('/'), now);
    table = [{ source: '/ancienne', target: '/billetteries', permanent: false }];
    const later = now + redirects.REFRESH_MS + 1;
    // The visitor who comes after the half-minute gets the table there was, at once…
    expect(await redirects.findRedirect(visit('/ancienne'), later)).toBeNull();
    // …while it is fetched again behind them.
    await vi.waitFor(async () => expect(await redirects.findRedirect(visit('/ancienne'), later + 1)).not.toBeNull());
    expect(await redirects.findRedirect(visit('/evenement/jazz'), later + 2)).toBeNull();
    expect(calls).toBe(2);
  });

  it('is fetched again as soon as the data version changes, long before the half-minute, without a wait', async () => {
    let version = 'v1';
    redirects.followDataVersion(() => version);
    const now = 4_000_000;
    expect(await redirects.findRedirect(visit('/promo-noel'), now)).toBeNull();
    expect(calls).toBe(1);
    // The same version: the table kept, however many pages.
    for (let page = 1; page <= 5; page++) await redirects.findRedirect(visit('/promo-noel'), now + page);
    expect(calls).toBe(1);
    // A redirect saved in the back office bumps the version (a trigger on the table); a second later:
    table = [{ source: '/promo-noel', target: '/bons-plans', permanent: true }];
    version = 'v2';
    // The visitor of that moment is not made to wait: the table they have answers…
    expect(await redirects.findRedirect(visit('/promo-noel'), now + 1000)).toBeNull();
    // …while the new one is fetched behind them, once.
    await vi.waitFor(async () =>
      expect(await redirects.findRedirect(visit('/promo-noel'), now + 1001)).toMatchObject({ target: '/bons-plans' }),
    );
    expect(calls).toBe(2);
  });

  it('asks again a few seconds after a failed fetch under a new version, not at every page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let version = 'v1';
    redirects.followDataVersion(() => version);
    const now = 5_000_000;
    await redirects.findRedirect(visit('/'), now);
    failing = true;
    version = 'v2';
    await redirects.findRedirect(visit('/'), now + 1);
    await vi.waitFor(() => expect(calls).toBe(2));
    for (let page = 2; page < 20; page++) await redirects.findRedirect(visit('/'), now + page);
    expect(calls).toBe(2);
    failing = false;
    // Five seconds on (once the failed fetch has settled), the table is asked again.
    await vi.waitFor(async () => {
      await redirects.findRedirect(visit('/'), now + 6000);
      expect(calls).toBe(3);
    });
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('means « no redirect » while the API fails, and asks again a few seconds later', async () => {
    // The door logs the API's unexpected answer, once a fetch.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    failing = true;
    const now = 3_000_000;
    expect(await redirects.findRedirect(visit('/evenement/jazz'), now)).toBeNull();
    expect(await redirects.findRedirect(visit('/evenement/jazz'), now + 1000)).toBeNull();
    expect(calls).toBe(1);
    expect(logged).toHaveBeenCalledTimes(1);
    failing = false;
    expect(await redirects.findRedirect(visit('/evenement/jazz'), now + 6000)).toMatchObject({
      target: '/billetterie/jazz-12',
    });
    expect(calls).toBe(2);
  });
});
