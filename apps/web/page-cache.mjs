// The rendered-page cache of the web process: an anonymous visitor's public page, once rendered, is served
// again from memory for a few seconds — no loader, no API call, no React render, not even Express: server.mjs
// asks `handle` first, which also makes a visitor wait for a copy of a page another visitor's request is
// rendering rather than render it again. Only what entry.server.tsx marked shareable is kept (Cache-Control with s-maxage: an
// anonymous GET of a public page answered 200, setting no cookie); a request carrying any cookie of ours
// always goes to React Router. The cache is bounded in bytes (least recently used first out) and each page is
// kept `ttlMs` at most, and only while the API's data version (data-version.mjs) is the one it was rendered
// under: a change of the catalogue or of the places left drops it. A served copy gets a nonce of its own: the
// Content-Security-Policy's and its inline scripts'. A copy is compressed for a browser that takes gzip from
// pieces compressed once (gzip-pieces.mjs), never compressed again per copy.
import { randomBytes } from 'node:crypto';
import { deflatePieces, gzipJoined } from './gzip-pieces.mjs';

/** Any cookie the site sets (guichet_…, __Host- in production): the visitor has a page of their own. */
const OUR_COOKIE = /(?:^|;\s*)(?:__Host-)?guichet_[a-z_]+=/;

/** Headers of the rendering that must not be replayed: they describe one response's bytes or one visitor. */
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie', 'date', 'etag']);

const nonceOf = (policy) => /'nonce-([^']+)'/.exec(String(policy ?? ''))?.[1] ?? null;

/** The bytes of `body` between the occurrences of `separator`. */
function splitAround(body, separator) {
  const parts = [];
  let from = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * Whether an Accept-Encoding header takes gzip: named with a weight above 0, or `*` when gzip is not named.
 * @param {string | undefined} header
 */
export function acceptsGzip(header) {
  let any = false;
  for (const item of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') any = accepted;
  }
  return any;
}

/**
 * @param {{ ttlMs?: number, maxBytes?: number, now?: () => number, dataVersion?: () => string | null }} [options]
 *   `dataVersion`: the data version now; a page is served again only under the version it was rendered under.
 */
export function createPageCache({
  ttlMs = 10_000,
  maxBytes = 32 * 1024 * 1024,
  now = Date.now,
  dataVersion = () => null,
} = {}) {
  /**
   * The body is kept as the bytes between the occurrences of the rendering's nonce, so that serving a copy
   * with another nonce is a concatenation of buffers, not a text search; `gzip`: the same pieces compressed,
   * when the first copy is asked with gzip (a page never asked again costs no compression).
   * @type {Map<string, { status: number, headers: [string, string | number | string[]][], parts: Buffer[], gzip: ReturnType<typeof deflatePieces> | null, nonce: string | null, storedAt: number, version: string | null, size: number }>}
   */
  const entries = new Map();
  let bytes = 0;

  const drop = (key) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };

  /** Lets the least recently used pages go until `more` bytes fit beside the others. */
  const makeRoom = (more) => {
    while (bytes + more > maxBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      drop(oldest);
    }
  };

  const store = (key, entry) => {
    drop(key);
    if (entry.size > maxBytes) return;
    makeRoom(entry.size);
    entries.set(key, entry);
    bytes += entry.size;
  };

  /** The entry's pieces compressed, the first time a copy is asked with gzip; counted in the cache's size. */
  const compressed = (key, entry) => {
    if (entry.gzip) return entry.gzip;
    const gzip = deflatePieces(entry.parts);
    if (entry.size + gzip.size > maxBytes) return gzip;
    entries.delete(key);
    makeRoom(gzip.size);
    entry.gzip = gzip;
    entry.size += gzip.size;
    entries.set(key, entry);
    bytes += gzip.size;
    return gzip;
  };

  /** A request the cache may answer or keep the answer of (Node's request or Express's, whose `url` is the same). */
  const cacheable = (request) =>
    request.method === 'GET' &&
    // Fingerprinted files are served by express.static (and cached by browsers for a year).
    !(request.url ?? '').startsWith('/assets/') &&
    !OUR_COOKIE.test(request.headers.cookie ?? '');

  /**
   * Answers with a fresh copy of the page if the cache holds one, on Node's own request and response (no
   * Express needed); says whether it did.
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  function serve(request, response) {
    if (!cacheable(request)) return false;
    const key = request.url ?? '';
    const hit = entries.get(key);
    if (!hit) return false;
    if (now() - hit.storedAt >= ttlMs || hit.version !== dataVersion()) {
      drop(key);
      return false;
    }
    // Most recently used last: the first out is the one nobody asked for longest.
    entries.delete(key);
    entries.set(key, hit);
    const nonce = hit.nonce ? randomBytes(16).toString('base64') : '';
    const fresh = (value) => (hit.nonce ? String(value).replaceAll(hit.nonce, nonce) : value);
    const between = Buffer.from(nonce);
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    const body = Buffer.concat(
      gzip
        ? gzipJoined(compressed(key, hit), between)
        : hit.parts.flatMap((part, index) => (index > 0 ? [between, part] : [part])),
    );
    response.statusCode = hit.status;
    for (const [name, value] of hit.headers) response.setHeader(name, Array.isArray(value) ? value : fresh(value));
    // The body depends on Accept-Encoding, whether or not the rendering said so (compression says it only
    // once it writes the headers).
    const vary = String(response.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary))
      response.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (gzip) response.setHeader('Content-Encoding', 'gzip');
    response.setHeader('Content-Length', body.length);
    response.setHeader('X-Page-Cache', 'HIT');
    response.end(body);
    return true;
  }

  /**
   * The pages being rendered for the cache now, each with a promise settled when its response is done: a
   * visitor asking for a page that another visitor's request is rendering waits for that copy instead of
   * rendering the same page again (when the data version moves on during a sale, every visitor of the
   * sale's page would otherwise render it at once).
   * @type {Map<string, Promise<void>>}
   */
  const rendering = new Map();

  /**
   * The cache's door, before Express: a fresh copy if there is one; else, if the page is being rendered for
   * another visitor, that copy once it is kept; else `render()`.
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {() => void} render
   */
  function handle(request, response, render) {
    if (serve(request, response)) return;
    const key = request.url ?? '';
    const pending = cacheable(request) ? rendering.get(key) : undefined;
    if (!pending) return render();
    // Once only: if that rendering was not kept (an error, a private page), this visitor's own is made.
    pending.then(() => {
      if (!serve(request, response)) render();
    });
  }

  /** Express middleware, after `serve` missed: lets the request through and keeps what it answers. */
  function middleware(request, response, next) {
    if (!cacheable(request)) return next();
    const key = request.originalUrl;
    if (!rendering.has(key)) {
      let settle = () => {};
      const done = new Promise((resolve) => {
        settle = () => {
          if (rendering.get(key) === done) rendering.delete(key);
          resolve();
        };
      });
      rendering.set(key, done);
      // 'finish' once the answer is written (and kept, see `end` below); 'close' if the visitor left first.
      response.once('finish', settle);
      response.once('close', settle);
    }
    // The version before rendering: data changed during the rendering makes the copy old at once.
    const version = dataVersion();
    const chunks = [];
    const write = response.write;
    const end = response.end;
    response.write = function (chunk, encoding, callback) {
      if (chunk) chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? encoding : undefined));
      return write.call(this, chunk, encoding, callback);
    };
    response.end = function (chunk, encoding, callback) {
      if (chunk && typeof chunk !== 'function')
        chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? encoding : undefined));
      const cacheControl = String(response.getHeader('cache-control') ?? '');
      if (response.statusCode === 200 && /\bs-maxage=/.test(cacheControl) && !response.getHeader('set-cookie')) {
        const body = Buffer.concat(chunks);
        const headers = Object.entries(response.getHeaders()).filter(([name]) => !NOT_REPLAYED.has(name));
        const nonce = nonceOf(response.getHeader('content-security-policy'));
        store(key, {
          status: 200,
          headers,
          parts: nonce ? splitAround(body, Buffer.from(nonce)) : [body],
          gzip: null,
          nonce,
          storedAt: now(),
          version,
          size: body.length + key.length,
        });
      }
      return end.call(this, chunk, encoding, callback);
    };
    response.setHeader('X-Page-Cache', 'MISS');
    next();
  }

  return {
    handle,
    middleware,
    /** What it holds, for tests and the bench. */
    stats: () => ({ pages: entries.size, bytes }),
    clear: () => {
      entries.clear();
      bytes = 0;
    },
  };
}
