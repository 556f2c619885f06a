/**
 * The page cache of the web process (docs/decisions/0050): public pages served from memory to every visitor.
 *
 * - A shared copy is rendered from a request of the cache's own, without cookies, so it can hold nothing
 *   personal whatever the visitor's cookies say; it is kept only if the rendering itself said the page may
 *   be shared (Cache-Control `public`, set by entry.server.tsx from the routes that produced it).
 * - Visitors asking for the same page while it renders wait for that one rendering (lru-cache's `fetch`
 *   coalesces them), at most `waitMs`; the rendering is bounded by `renderTimeoutMs`. Neither depends on
 *   any visitor's connection: a visitor leaving changes nothing for the others. Whatever goes wrong — a
 *   timeout, a failed rendering, a page that may not be shared — the visitor's own rendering answers.
 * - A logged-in visitor or one holding a cart gets the same copy with their own header part (their firstname,
 *   their cart count: `visitorPart`); a visitor the copy cannot serve (a notice to show, a session to
 *   refresh) gets their own rendering.
 * - A copy is kept `ttlMs` at most, and only under the API's data version it was rendered under (the version is
 *   part of the key: a change of the catalogue or of places left makes every older copy unreachable).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { acceptsGzip, type Piece, type SharedCopy, sharedCopy, withVisitorPart } from './shared-copy.server';

/** The visitor a request's cookies make: nobody, someone the copy can serve, or one needing their own page. */
export type CopyVisitor<V> = { kind: 'anonymous' } | { kind: 'visitor'; visitor: V } | { kind: 'own' };

export type PageCacheOptions<V> = {
  /** The app's request handler (React Router's), given the cache's own request. */
  render: (request: Request) => Promise<Response>;
  /** The site's origin, for the cache's requests. */
  origin: string;
  /** Whether a path belongs to a page that may be shared (a pre-check saving a rendering for the others). */
  mayShare: (pathname: string) => boolean;
  visitorOf: (cookieHeader: string | undefined) => Promise<CopyVisitor<V>>;
  /** The visitor's header part (their `<guichet-visitor>` element), for a page with or without the cart button. */
  visitorPart: (visitor: V, showCart: boolean) => Piece;
  dataVersion: () => string | null;
  ttlMs: number;
  maxBytes?: number;
  waitMs?: number;
  renderTimeoutMs?: number;
};

/** A page that may not be shared, remembered like a copy so that its next visitors go to their own rendering. */
const NOT_SHARED = Symbol('not shared');
type Entry = SharedCopy | typeof NOT_SHARED;

const PRIVATE = 'private, no-cache';

/** Resolves to `fallback` after `ms` if `promise` has not settled by then (its timer never outlives it). */
function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(resolve, ms, fallback);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function createPageCache<V>(options: PageCacheOptions<V>) {
  const { render, origin, mayShare, visitorOf, visitorPart, dataVersion, ttlMs } = options;
  const { maxBytes = 64 * 1024 * 1024, waitMs = 3_000, renderTimeoutMs = 10_000 } = options;

  /** Renders `url` for nobody; a copy if the answer says it may be shared. */
  async function renderCopy(url: string): Promise<Entry> {
    const response = await render(new Request(new URL(url, origin), { headers: { Accept: 'text/html' } }));
    const cacheControl = response.headers.get('cache-control') ?? '';
    const shareable =
      response.status === 200 &&
      /^public\b/.test(cacheControl) &&
      !response.headers.has('set-cookie') &&
      (response.headers.get('content-type') ?? '').startsWith('text/html');
    if (!shareable) {
      await response.body?.cancel();
      return NOT_SHARED;
    }
    return sharedCopy(response.status, response.headers, await response.text());
  }

  const copies = new LRUCache<string, Entry, string>({
    ttl: ttlMs,
    maxSize: maxBytes,
    sizeCalculation: (entry) => (entry === NOT_SHARED ? 1 : entry.size),
    fetchMethod: async (_key, _stale, { context: url }) => {
      const timedOut = new Error(`Rendu de ${url} trop long pour le cache de pages`);
      const entry = await within(renderCopy(url), renderTimeoutMs, timedOut);
      if (entry instanceof Error) throw entry;
      return entry;
    },
  });

  /**
   * Answers from a copy when it can; otherwise calls `fallback` (the visitor's own rendering).
   */
  async function handle(request: IncomingMessage, response: ServerResponse, fallback: () => void): Promise<void> {
    const url = request.url ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !mayShare(url.split('?')[0] ?? url))
      return fallback();
    let who: CopyVisitor<V>;
    try {
      who = await visitorOf(request.headers.cookie);
    } catch {
      return fallback();
    }
    if (who.kind === 'own') return fallback();
    const status: LRUCache.Status<string, Entry, string> = {};
    const entry = await within(
      copies.fetch(`${dataVersion() ?? ''} ${url}`, { context: url, status }).catch(() => undefined),
      waitMs,
      undefined,
    );
    if (!entry || entry === NOT_SHARED) return fallback();
    if (who.kind === 'visitor' && !entry.region) return fallback();
    serve(request, response, entry, who, status.fetch === 'hit' ? 'HIT' : 'MISS');
  }

  function serve(
    request: IncomingMessage,
    response: ServerResponse,
    copy: SharedCopy,
    who: CopyVisitor<V>,
    state: 'HIT' | 'MISS',
  ) {
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    const body =
      who.kind === 'visitor' && copy.region
        ? withVisitorPart(copy.region, visitorPart(who.visitor, copy.region.showCart), gzip)
        : gzip
          ? copy.gzip
          : copy.body;
    response.statusCode = copy.status;
    for (const [name, value] of copy.headers) response.setHeader(name, value);
    // A visitor's own header part is theirs alone.
    if (who.kind === 'visitor') response.setHeader('Cache-Control', PRIVATE);
    const vary = String(response.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary))
      response.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (gzip) response.setHeader('Content-Encoding', 'gzip');
    response.setHeader('Content-Length', body.length);
    response.setHeader('X-Page-Cache', state);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  return {
    handle,
    /** What it holds, for tests and the bench. */
    stats: () => ({ entries: copies.size, bytes: copies.calculatedSize }),
    clear: () => copies.clear(),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
