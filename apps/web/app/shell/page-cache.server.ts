/**
 * The page cache of the web process (docs/decisions/0050): public pages served from memory to every visitor.
 *
 * - A copy is rendered from the cache's own request, without cookies: it holds nothing of anyone. It is kept
 *   only if the rendering said the page may be shared (Cache-Control `public`).
 * - Visitors of a page being rendered wait for that one rendering (lru-cache's `fetch`), `waitMs` at most; a
 *   rendering is given up after `renderTimeoutMs`; no wait depends on a visitor's connection. Whatever goes
 *   wrong, the visitor's own rendering (`fallback`) answers.
 * - A logged-in or cart-holding visitor gets the copy with their own header part; one the copy cannot serve
 *   (a notice to show, a session to refresh) gets their own rendering.
 * - A copy lives `ttlMs` at most, keyed by the API's data version and the URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import accepts from 'accepts';
import { LRUCache } from 'lru-cache';
import { type Piece, type SharedCopy, sharedCopy, withVisitorPart } from './shared-copy.server';

/** Whom a request's cookies make: nobody, a visitor a copy can serve, or one needing their own page. */
export type CopyVisitor<V> = { kind: 'anonymous' } | { kind: 'visitor'; visitor: V } | { kind: 'own' };

export type PageCacheOptions<V> = {
  /** The app's request handler (React Router's). */
  render: (request: Request) => Promise<Response>;
  origin: string;
  /** Who may share a path's page (guests: visitors without a session); saves a rendering for the others. */
  sharedWith: (pathname: string) => 'nobody' | 'guests' | 'everyone';
  hasSession: (visitor: V) => boolean;
  visitorOf: (cookieHeader: string | undefined) => Promise<CopyVisitor<V>>;
  /** The visitor's `<guichet-visitor>` element, with or without the cart button. */
  visitorPart: (visitor: V, showCart: boolean) => Piece;
  dataVersion: () => string | null;
  ttlMs: number;
  maxBytes?: number;
  waitMs?: number;
  renderTimeoutMs?: number;
};

/** A page that may not be shared, remembered so that its next visitors go straight to their own rendering. */
const NOT_SHARED = Symbol('not shared');
type Entry = SharedCopy | typeof NOT_SHARED;
const NOBODY = { kind: 'anonymous' } as const;

/** `promise`, or `fallback` once `ms` have passed (the timer never outlives it). */
function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(resolve, ms, fallback);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function createPageCache<V>(options: PageCacheOptions<V>) {
  const { render, origin, sharedWith, hasSession, visitorOf, visitorPart, dataVersion, ttlMs } = options;
  const { maxBytes = 64 * 1024 * 1024, waitMs = 3_000, renderTimeoutMs = 10_000 } = options;

  async function renderCopy(url: string): Promise<Entry> {
    // The origin then the path as asked: a path starting with `//` stays a path of this site, never a host.
    const response = await render(
      new Request(`${origin.replace(/\/$/, '')}${url}`, { headers: { Accept: 'text/html' } }),
    );
    const { headers } = response;
    const shareable =
      response.status === 200 &&
      /^public\b/.test(headers.get('cache-control') ?? '') &&
      !headers.has('set-cookie') &&
      (headers.get('content-type') ?? '').startsWith('text/html');
    if (!shareable) {
      await response.body?.cancel();
      return NOT_SHARED;
    }
    return sharedCopy(response.status, headers, await response.text());
  }

  const copies = new LRUCache<string, Entry, string>({
    ttl: ttlMs,
    maxSize: maxBytes,
    sizeCalculation: (entry) => (entry === NOT_SHARED ? 1 : entry.size),
    fetchMethod: async (_key, _stale, { context: url }) => {
      const entry = await within(renderCopy(url), renderTimeoutMs, null);
      if (entry === null) throw new Error(`Rendu de ${url} abandonné après ${renderTimeoutMs} ms`);
      return entry;
    },
  });

  /** Answers from a copy when it can; otherwise calls `fallback`, the visitor's own rendering. */
  async function handle(request: IncomingMessage, response: ServerResponse, fallback: () => void): Promise<void> {
    const url = request.url ?? '/';
    const shared =
      request.method === 'GET' || request.method === 'HEAD' ? sharedWith(url.split('?')[0] ?? url) : 'nobody';
    if (shared === 'nobody') return fallback();
    // No cookie at all: nobody, answered without waiting on anything.
    const cookie = request.headers.cookie;
    const who = cookie ? await visitorOf(cookie).catch((): CopyVisitor<V> => ({ kind: 'own' })) : NOBODY;
    if (who.kind === 'own' || (who.kind === 'visitor' && shared === 'guests' && hasSession(who.visitor)))
      return fallback();
    const key = `${dataVersion() ?? ''} ${url}`;
    let entry = copies.get(key);
    const state = entry === undefined ? 'MISS' : 'HIT';
    entry ??= await within(
      copies.fetch(key, { context: url }).catch(() => undefined),
      waitMs,
      undefined,
    );
    if (!entry || entry === NOT_SHARED || (who.kind === 'visitor' && !entry.region)) return fallback();

    const encodings = request.headers['accept-encoding'] ?? '';
    // A browser's plain list names gzip or not; weights need the negotiation proper.
    const gzip = encodings.includes('q=')
      ? accepts(request).encoding(['identity', 'gzip']) === 'gzip'
      : /\bgzip\b/.test(encodings);
    const body =
      who.kind === 'visitor' && entry.region
        ? withVisitorPart(entry.region, visitorPart(who.visitor, entry.region.showCart), gzip)
        : entry[gzip ? 'gzip' : 'body'];
    const headers: string[] = [];
    for (const [name, value] of entry.headers) {
      if (name !== 'vary' && !(who.kind === 'visitor' && name === 'cache-control')) headers.push(name, value);
    }
    // A visitor's own header part is theirs alone.
    if (who.kind === 'visitor') headers.push('cache-control', 'private, no-cache');
    headers.push('vary', 'Cookie, Accept-Encoding', 'content-length', String(body.length), 'x-page-cache', state);
    if (gzip) headers.push('content-encoding', 'gzip');
    response.writeHead(entry.status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  return { handle, clear: () => copies.clear() };
}
