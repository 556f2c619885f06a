/**
 * The page cache (page-cache.server.ts) on a real HTTP server on loopback, with a stand-in for React Router
 * that writes into the page whatever cookie it was given: a shared copy must never hold one.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CopyVisitor, createPageCache } from './page-cache.server';
import { visitorPiece } from './shared-copy.server';

type Visitor = { name: string; cart: number };

let renders = 0;
let ownRenders = 0;
let version = '1';
/** Paths whose rendering never ends (an API stopped mid-render). */
let hanging = new Set<string>();
let base = '';
let server: Server;

function page(path: string, cookie: string | null): string {
  return [
    '<!doctype html><html lang="fr"><head><script nonce="NONCE">window.a=1</script></head><body>',
    `<header><guichet-visitor class="contents" data-cart="true"><a href="/auth/login">Connexion</a></guichet-visitor></header>`,
    `<h1>Page ${path}</h1><p>cookie:${cookie ?? 'aucun'}</p><p>${'contenu '.repeat(200)}</p></body></html>`,
  ].join('');
}

/** Stands in for React Router: a page shared or not as entry.server.tsx would mark it. */
/** The address of the last copy rendered. */
let lastRendered = '';

async function render(request: Request): Promise<Response> {
  renders += 1;
  lastRendered = request.url;
  const { pathname } = new URL(request.url);
  if (hanging.has(pathname)) return new Promise(() => {});
  if (pathname.startsWith('/lente')) await new Promise((resolve) => setTimeout(resolve, 150));
  const shareable = !pathname.startsWith('/prive');
  return new Response(page(pathname, request.headers.get('cookie')), {
    status: pathname.endsWith('/introuvable') ? 404 : 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'self'; script-src 'self' 'nonce-NONCE'",
      'Cache-Control': shareable ? 'public, max-age=0, s-maxage=30' : 'private, no-cache',
    },
  });
}

/** The visitor's own rendering (Express and React Router in the real server). */
function renderOwn(request: IncomingMessage, response: import('node:http').ServerResponse) {
  ownRenders += 1;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('Cache-Control', 'private, no-cache');
  response.end(page(request.url ?? '', request.headers.cookie ?? null));
}

/** Cookies: `moi=<name>:<cart>` a visitor, `rafraichir` their own page, anything else nobody. */
async function visitorOf(cookie: string | undefined): Promise<CopyVisitor<Visitor>> {
  const mine = /(?:^|; )moi=(\w+):(\d+)/.exec(cookie ?? '');
  if (mine) return { kind: 'visitor', visitor: { name: mine[1] ?? '', cart: Number(mine[2]) } };
  if (cookie?.includes('rafraichir')) return { kind: 'own' };
  return { kind: 'anonymous' };
}

const cacheOptions = {
  render,
  origin: 'http://localhost',
  sharedWith: (pathname: string) =>
    pathname.startsWith('/assets/') ? 'nobody' : pathname.startsWith('/classement') ? 'guests' : 'everyone',
  hasSession: (visitor: Visitor) => visitor.name !== 'personne',
  visitorOf,
  visitorPart: ({ name, cart }: Visitor, showCart: boolean) =>
    visitorPiece(
      `<guichet-visitor class="contents" data-cart="${showCart}"><b>${cart}</b><a href="/account/orders">${name}</a></guichet-visitor>`,
    ),
  dataVersion: () => version,
  ttlMs: 60_000,
  waitMs: 400,
  renderTimeoutMs: 1_000,
};

/** A server answering through a page cache made with these options; its address. */
async function serveThrough(cache: ReturnType<typeof createPageCache<Visitor>>): Promise<Server> {
  const started = createServer((request, response) => {
    cache.handle(request, response, () => renderOwn(request, response));
  });
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
  return started;
}
const addressOf = (started: Server) => `http://127.0.0.1:${(started.address() as AddressInfo).port}`;

const cache = createPageCache<Visitor>(cacheOptions);

beforeAll(async () => {
  server = await serveThrough(cache);
  base = addressOf(server);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  cache.clear();
  renders = 0;
  ownRenders = 0;
  hanging = new Set();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'identity', ...headers } });

describe('the page cache', () => {
  it('renders a public page once for everyone, then serves it from memory', async () => {
    const first = await get('/billetterie/1');
    expect(first.headers.get('x-page-cache')).toBe('MISS');
    const second = await get('/billetterie/1');
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    expect(renders).toBe(1);
    expect(second.headers.get('cache-control')).toMatch(/^public/);
  });

  it('allows the inline scripts of a copy by their hashes, without a nonce', async () => {
    const response = await get('/billetterie/1');
    const body = await response.text();
    expect(body).not.toContain('NONCE');
    expect(response.headers.get('content-security-policy')).toBe(
      // printf 'window.a=1' | openssl dgst -sha256 -binary | base64
      "default-src 'self'; script-src 'self' 'sha256-WpNQcWxgTJamkluTtRGYllok20MyGquJpWh9YXWGA4E='",
    );
  });

  it('gives every visitor waiting for a page being rendered that one rendering', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/lente')));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(renders).toBe(1);
    expect(ownRenders).toBe(0);
  });

  it('renders a shared copy without the cookies of whoever asked first', async () => {
    await get('/billetterie/2', { Cookie: 'jeton=secret-de-camille' });
    const anonymous = await (await get('/billetterie/2')).text();
    expect(anonymous).toContain('cookie:aucun');
    expect(anonymous).not.toContain('secret-de-camille');
  });

  it('never puts anything of any cookie into what another visitor gets', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), fc.nat(5), async (value, page) => {
        const cookie = `guichet_access =${encodeURIComponent(value)}x7`;
        await get(`/fuzz/${page}`, { Cookie: cookie }).then((answer) => answer.text());
        const anonymous = await (await get(`/fuzz/${page}`)).text();
        expect(anonymous).not.toContain(`${encodeURIComponent(value)}x7`);
      }),
      { numRuns: 60 },
    );
  });

  it('serves a visitor the shared copy with their own header part, kept by no shared cache', async () => {
    await get('/billetteries/france');
    const mine = await get('/billetteries/france', { Cookie: 'moi=Camille:3' });
    const body = await mine.text();
    expect(body).toContain('<b>3</b><a href="/account/orders">Camille</a>');
    expect(body).not.toContain('Connexion');
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    expect(renders).toBe(1);
    // And compressed: the same bytes once inflated.
    const zipped = await fetch(`${base}/billetteries/france`, { headers: { Cookie: 'moi=Camille:3' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.text()).toBe(body);
    const anonymous = await (await get('/billetteries/france')).text();
    expect(anonymous).not.toContain('Camille');
  });

  it('gzips any visitor part between the bytes of any page correctly', async () => {
    const { sharedCopy, withVisitorPart } = await import('./shared-copy.server');
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (before, part, after) => {
        const html = `${before}<guichet-visitor>x</guichet-visitor>${after}`.replaceAll('<guichet-visitor>x', '');
        const copy = sharedCopy(200, new Headers(), `${before}<guichet-visitor>x</guichet-visitor>${after}`);
        if (!copy.region) return html.includes('<guichet-visitor');
        const spliced = withVisitorPart(copy.region, visitorPiece(part), true);
        expect(gunzipSync(spliced).toString()).toBe(`${before}${part}${after}`);
        return true;
      }),
    );
  });

  it('leaves a visitor whose session must be refreshed, private pages and errors to their own rendering', async () => {
    await get('/billetterie/3', { Cookie: 'rafraichir=1' });
    expect(ownRenders).toBe(1);
    expect(renders).toBe(0);
    await get('/prive/compte');
    await get('/prive/compte');
    // The page said it may not be shared: its next visitors go straight to their own rendering.
    expect(renders).toBe(1);
    expect(ownRenders).toBe(3);
    await get('/billetterie/introuvable');
    expect(ownRenders).toBe(4);
  });

  it('leaves a page shared among guests to the visitor with a session, and serves it to one with a cart only', async () => {
    await get('/classement/1');
    const loggedIn = await (await get('/classement/1', { Cookie: 'moi=Camille:0' })).text();
    expect(ownRenders).toBe(1);
    expect(loggedIn).toContain('cookie:moi=Camille:0');
    const cartOnly = await get('/classement/1', { Cookie: 'moi=personne:2' });
    expect(cartOnly.headers.get('x-page-cache')).toBe('HIT');
    expect(await cartOnly.text()).toContain('<b>2</b>');
    expect(ownRenders).toBe(1);
  });

  it('renders a path starting with // as a path of the site, never as another host', async () => {
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1', () => {
        socket.write('GET //ailleurs.example/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      });
      socket.on('data', () => {});
      socket.on('end', resolve);
      socket.on('error', reject);
    });
    expect(new URL(lastRendered).host).toBe('localhost');
    expect(new URL(lastRendered).pathname).toBe('//ailleurs.example/x');
  });

  it('renders again once the data version moved on', async () => {
    await get('/billetterie/4');
    version = '2';
    const after = await get('/billetterie/4');
    expect(after.headers.get('x-page-cache')).toBe('MISS');
    expect(renders).toBe(2);
    version = '1';
  });

  it('answers visitors of a page whose rendering never ends: they wait a while, then get their own', async () => {
    // A rendering given up only after a minute: the visitors must not wait for that.
    const patient = await serveThrough(createPageCache<Visitor>({ ...cacheOptions, renderTimeoutMs: 60_000 }));
    hanging.add('/bloquee');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${addressOf(patient)}/bloquee`, { signal: AbortSignal.timeout(10_000) })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(ownRenders).toBe(5);
    patient.closeAllConnections();
    await new Promise((resolve) => patient.close(resolve));
  });

  it('gives up a rendering that never ends, so that the next visitor starts a new one', async () => {
    hanging.add('/bloquee');
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/bloquee')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // After `renderTimeoutMs` the stuck rendering is forgotten: the next visitor starts a new one.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    hanging.delete('/bloquee');
    expect((await get('/bloquee')).headers.get('x-page-cache')).toBe('MISS');
  });

  it('is not hung by a visitor who leaves right after asking', async () => {
    for (let attempt = 0; attempt < 40; attempt++) {
      await new Promise<void>((resolve) => {
        const socket = connect(Number(new URL(base).port), '127.0.0.1', () => {
          socket.write('GET /lente?w=1 HTTP/1.1\r\nHost: localhost\r\n\r\n');
          socket.resetAndDestroy();
          resolve();
        });
      });
    }
    const answer = await fetch(`${base}/lente?w=1`, { signal: AbortSignal.timeout(3_000) });
    expect(answer.status).toBe(200);
  });
});
