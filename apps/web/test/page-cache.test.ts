/**
 * The rendered-page cache of the web process (page-cache.mjs), in a real Express server laid out as the
 * production server (the cache's `handle` first, then compression, then the cache's middleware), on loopback:
 * a page rendered once is served again without rendering, with a nonce of its own, compressed or not as the
 * visitor asks; visitors with a cookie of ours, private pages and errors always get a rendering.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptsGzip, createPageCache } from '../page-cache.mjs';

let clock = 0;
let renders = 0;
let dataVersion: string | null = '7';
let base = '';
let server: Server;
const cache = createPageCache({ ttlMs: 10_000, maxBytes: 200_000, now: () => clock, dataVersion: () => dataVersion });

beforeAll(async () => {
  const app = express();
  app.use((request, response, next) => cache.handle(request, response, next));
  app.use(compression());
  app.use(cache.middleware);
  // Stands in for React Router: a page with a nonce, shareable or not as entry.server.tsx would mark it.
  app.all('*', async (request, response) => {
    renders += 1;
    // A page that takes a while to render, as under load.
    if (request.path.startsWith('/lente')) await new Promise((resolve) => setTimeout(resolve, 150));
    const nonce = randomBytes(16).toString('base64');
    const missing = request.path.endsWith('/introuvable');
    const shareable = !request.path.startsWith('/account') && !missing;
    response.status(missing ? 404 : 200);
    response.setHeader('Content-Security-Policy', `script-src 'self' 'nonce-${nonce}'`);
    response.setHeader('Cache-Control', shareable ? 'public, max-age=0, s-maxage=30' : 'private, no-cache');
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.write(`<!doctype html><html lang="fr"><body><h1>Page ${request.originalUrl} n° ${renders}</h1>`);
    response.end(
      `<script nonce="${nonce}">window.x = 1</script>${'é'.repeat(request.path === '/grande' ? 150_000 : request.path === '/longue' ? 40_000 : 1000)}</body></html>`,
    );
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  cache.clear();
  clock = 0;
  renders = 0;
  dataVersion = '7';
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
const nonceIn = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

describe('the rendered-page cache', () => {
  it('serves an anonymous public page again without rendering it, each copy with a nonce of its own', async () => {
    const first = await get('/billetterie/1');
    const firstHtml = await first.text();
    const second = await get('/billetterie/1', { 'accept-encoding': 'gzip' });
    const secondHtml = await second.text();
    expect(renders).toBe(1);
    expect(first.headers.get('x-page-cache')).toBe('MISS');
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    // The same page, compressed for whoever asks, with another nonce in the header and in its scripts.
    expect(second.headers.get('content-encoding')).toBe('gzip');
    const [one, two] = [
      nonceIn(first.headers.get('content-security-policy')),
      nonceIn(second.headers.get('content-security-policy')),
    ];
    expect(two).not.toBe(one);
    expect(secondHtml).toContain(`<script nonce="${two}">`);
    expect(secondHtml.replace(two ?? '', 'N')).toBe(firstHtml.replace(one ?? '', 'N'));
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30');
  });

  it('serves a copy as it is to a visitor who takes no gzip, and says the page varies with the encoding', async () => {
    const first = await get('/agenda', { 'accept-encoding': 'identity' });
    const firstHtml = await first.text();
    for (const encoding of ['identity', 'br', 'gzip;q=0, *']) {
      const copy = await get('/agenda', { 'accept-encoding': encoding });
      expect(copy.headers.get('x-page-cache'), encoding).toBe('HIT');
      expect(copy.headers.get('content-encoding'), encoding).toBeNull();
      const html = await copy.text();
      expect(Number(copy.headers.get('content-length')), encoding).toBe(Buffer.byteLength(html));
      const nonce = nonceIn(copy.headers.get('content-security-policy')) ?? '';
      const firstNonce = nonceIn(first.headers.get('content-security-policy')) ?? '';
      expect(html.replaceAll(nonce, 'N'), encoding).toBe(firstHtml.replaceAll(firstNonce, 'N'));
      expect(copy.headers.get('vary'), encoding).toMatch(/Accept-Encoding/);
    }
    expect(renders).toBe(1);
  });

  it('serves a big page compressed, whole, with a gzip trailer that checks out', async () => {
    const first = await (await get('/longue', { 'accept-encoding': 'identity' })).text();
    // fetch checks the trailer's CRC-32 and length as it inflates: a wrong one is an error here.
    const copy = await get('/longue', { 'accept-encoding': 'gzip, deflate, br' });
    expect(copy.headers.get('content-encoding')).toBe('gzip');
    expect(Number(copy.headers.get('content-length'))).toBeLessThan(Buffer.byteLength(first) / 10);
    const html = await copy.text();
    expect(html.length).toBe(first.length);
    expect(html.replace(/nonce="[^"]+"/, '')).toBe(first.replace(/nonce="[^"]+"/, ''));
    expect(renders).toBe(1);
  });

  it('compresses a page once, when a copy is first asked with gzip, and counts it in its size', async () => {
    await get('/longue', { 'accept-encoding': 'identity' });
    const kept = cache.stats().bytes;
    await get('/longue', { 'accept-encoding': 'identity' });
    expect(cache.stats().bytes).toBe(kept);
    await get('/longue', { 'accept-encoding': 'gzip' });
    const withGzip = cache.stats().bytes;
    expect(withGzip).toBeGreaterThan(kept);
    await get('/longue', { 'accept-encoding': 'gzip' });
    expect(cache.stats().bytes).toBe(withGzip);
    expect(renders).toBe(1);
  });

  it('renders a page once for visitors asking at the same time, each getting a copy of their own', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/lente', { 'accept-encoding': 'gzip' })));
    expect(renders).toBe(1);
    const nonces = new Set<string | undefined>();
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('Page /lente n° 1');
      nonces.add(nonceIn(answer.headers.get('content-security-policy')));
    }
    expect(nonces.size).toBe(10);
  });

  it('lets visitors who waited render their own page when the one rendered was not kept', async () => {
    const answers = await Promise.all(Array.from({ length: 3 }, () => get('/lente/introuvable')));
    for (const answer of answers) expect(answer.status).toBe(404);
    // One rendering first, then one for each visitor who waited for it.
    expect(renders).toBe(3);
  });

  it('renders again once the page is older than its lifetime', async () => {
    await get('/agenda');
    clock = 9_999;
    expect(await (await get('/agenda')).text()).toContain('n° 1');
    clock = 10_000;
    expect(await (await get('/agenda')).text()).toContain('n° 2');
    expect(renders).toBe(2);
  });

  it('renders again as soon as the data version moves on, then keeps the new page', async () => {
    await get('/billetteries/france');
    await get('/billetteries/france');
    expect(renders).toBe(1);
    dataVersion = '8';
    expect(await (await get('/billetteries/france')).text()).toContain('n° 2');
    expect(await (await get('/billetteries/france')).text()).toContain('n° 2');
    expect(renders).toBe(2);
  });

  it('always renders for a visitor with a cookie of ours, and never keeps their page', async () => {
    for (const cookie of ['guichet_access=a', 'autre=1; guichet_cart=c', '__Host-guichet_refresh=r']) {
      await get('/billetterie/2', { cookie });
      await get('/billetterie/2', { cookie });
    }
    expect(renders).toBe(6);
    expect(cache.stats().pages).toBe(0);
    // Someone else's cookie on the domain changes nothing.
    await get('/billetterie/2', { cookie: '_ga=GA1' });
    await get('/billetterie/2', { cookie: '_ga=GA1' });
    expect(renders).toBe(7);
  });

  it('keeps no private page, no error and no page of a form', async () => {
    for (const path of ['/account/orders', '/introuvable']) {
      await get(path);
      await get(path);
    }
    await fetch(`${base}/bons-plans`, { method: 'POST' });
    await fetch(`${base}/bons-plans`, { method: 'POST' });
    expect(renders).toBe(6);
    expect(cache.stats().pages).toBe(0);
  });

  it('keys pages by their whole address, query included', async () => {
    await get('/billetteries?type=CSE');
    await get('/billetteries');
    await get('/billetteries?type=CSE');
    expect(renders).toBe(2);
  });

  it('stays within its size, letting the least recently used pages go first', async () => {
    await get('/a');
    await get('/b');
    await get('/a');
    // About 300 KB: more than the whole cache; kept out, and nothing else let go for it.
    await get('/grande');
    expect(cache.stats().pages).toBe(2);
    for (let page = 0; page < 400; page++) await get(`/p${page}`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(200_000);
    renders = 0;
    await get('/p399');
    await get('/a');
    expect(renders).toBe(1);
  });
});

describe('what an Accept-Encoding header takes', () => {
  it('takes gzip when named with a weight above 0, or through * when gzip is not named', () => {
    for (const header of ['gzip', 'gzip, deflate, br, zstd', 'br;q=1.0, GZIP;q=0.5', 'x-gzip', '*', 'br, *;q=0.1'])
      expect(acceptsGzip(header), header).toBe(true);
    for (const header of [undefined, '', 'identity', 'br', 'deflate, br', 'gzip;q=0', 'gzip;q=0, *', '*;q=0'])
      expect(acceptsGzip(header), String(header)).toBe(false);
  });
});
