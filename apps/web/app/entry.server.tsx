import { randomBytes } from 'node:crypto';
import { NonceContext } from '@guichet/ui/hooks/use-nonce';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { isCrawler } from './lib/bot-user-agent';
import { formTargets } from './lib/server/env.server';
import { pageCacheControl, type VisitorFound } from './shell/page-cache';
import { ScriptsAfterPaint } from './shell/scripts-after-paint.server';
import { setSecurityHeaders } from './shell/security-headers';

// server.mjs builds the page cache from the server build, whose only door into the app is this module.
export { followDataVersion } from './shell/redirects.server';
export { createSiteCache } from './shell/site-cache.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const { pathname } = new URL(request.url);
  // Shared or not, decided from what rendered the page: its routes, and whom the root loader found.
  const { matches, loaderData } = routerContext.staticHandlerContext;
  const cacheControl = pageCacheControl({
    method: request.method.toUpperCase(),
    status: responseStatusCode,
    routeIds: matches.map((match) => match.route.id),
    visitor: loaderData.root as VisitorFound | undefined,
    headers: responseHeaders,
  });
  if (cacheControl) responseHeaders.set('Cache-Control', cacheControl);
  // A shared copy is the anonymous one: a visitor with a cookie gets a page of their own (or that copy with
  // their own header part, from the web's page cache, which says so itself).
  responseHeaders.append('Vary', 'Cookie');
  // A new nonce for every page: only inline scripts carrying it run (Content-Security-Policy).
  const nonce = randomBytes(16).toString('base64');
  setSecurityHeaders(responseHeaders, {
    pathname,
    nonce,
    development: import.meta.env.DEV,
    production: process.env.NODE_ENV === 'production',
    formTargets: formTargets(),
  });

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const userAgent = request.headers.get('user-agent');
  const bot = userAgent !== null && isbot(userAgent);

  // Crawlers get the status of an error, never the error page (nothing to index there).
  if (responseStatusCode >= 400 && isCrawler(userAgent)) {
    return new Response(null, {
      status: responseStatusCode,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;

    // Crawlers (and SPA mode) wait for all content, so they index the complete page.
    const readyOption: keyof RenderToPipeableStreamOptions =
      bot || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort the rendering stream after `streamTimeout` so it has time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = (
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new ScriptsAfterPaint({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);

        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');

        pipe(body);

        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors of the initial shell are logged by React Router; only log those that come later.
        if (shellRendered) {
          console.error(error);
        }
      },
    });
  });
}
