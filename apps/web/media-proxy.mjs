// `/media/<name>`: the visuals organisers upload, stored by the API (docs/decisions/0059). Pages load images
// from their own origin only, so the web server forwards these requests to the API — which may run on
// another machine — streaming the file through, rather than reading a folder both would have to share.
// Plain JavaScript beside server.mjs: the production server and the development server (vite.config.ts)
// both mount it, outside React Router (a file is no page: no session, no page cache).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const MEDIA_PREFIX = '/media/';
/**
 * A name that may be forwarded: one path segment of letters, digits, dots, dashes and underscores, not
 * starting with a dot. The API matches its own strict pattern; this only keeps any other path (`..`, `%2F`,
 * a query) from being sent on.
 */
const FORWARDED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** The answer's headers passed on: the file's own, nothing of the API's other headers. */
const PASSED_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified'];
/** The request's headers passed on: a browser's revalidation. */
const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since'];

/** Whether a request's URL (path and query) is one for the forwarder. */
export function isMediaRequest(url) {
  return typeof url === 'string' && url.startsWith(MEDIA_PREFIX);
}

function answer(response, status, message, headers = {}) {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  response.end(message);
}

/**
 * A Node request handler forwarding `/media/<name>` to `${apiUrl}/media/<name>`: GET and HEAD only, the
 * API's answer streamed through with its caching headers; 404 for a name that is not one, 502 when the API
 * cannot be reached and 504 when it does not answer within `timeoutMs`.
 * @param {{ apiUrl: string, timeoutMs?: number, fetchImpl?: typeof fetch }} options
 */
export function mediaForwarder({ apiUrl, timeoutMs = 10_000, fetchImpl = fetch }) {
  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  return async function forwardMedia(request, response) {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return answer(response, 405, 'Méthode non autorisée.', { allow: 'GET, HEAD' });
    // A query string is not the file's business (names are versioned): dropped, never forwarded.
    const path = (request.url ?? '').split('?')[0] ?? '';
    const name = path.startsWith(MEDIA_PREFIX) ? path.slice(MEDIA_PREFIX.length) : '';
    if (!FORWARDED_NAME.test(name) || name.includes('..')) return answer(response, 404, 'Image introuvable.');

    const headers = {};
    for (const header of CONDITIONAL_HEADERS) {
      const value = request.headers[header];
      if (typeof value === 'string') headers[header] = value;
    }
    let upstream;
    try {
      upstream = await fetchImpl(`${apiUrl}${MEDIA_PREFIX}${name}`, {
        method: request.method,
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error?.name === 'TimeoutError';
      return answer(response, timedOut ? 504 : 502, 'Image momentanément indisponible.');
    }
    if (upstream.status !== 200 && upstream.status !== 304) {
      await upstream.body?.cancel();
      return answer(response, upstream.status === 404 ? 404 : 502, 'Image introuvable.');
    }
    const passed = { 'x-content-type-options': 'nosniff' };
    for (const header of PASSED_HEADERS) {
      const value = upstream.headers.get(header);
      if (value !== null) passed[header] = value;
    }
    response.writeHead(upstream.status, passed);
    if (!upstream.body || request.method === 'HEAD' || upstream.status === 304) {
      await upstream.body?.cancel();
      response.end();
      return;
    }
    try {
      await pipeline(Readable.fromWeb(upstream.body), response);
    } catch {
      // The visitor left, or the API's stream broke (timeout included): the connection is closed, no more to do.
      response.destroy();
    }
  };
}
