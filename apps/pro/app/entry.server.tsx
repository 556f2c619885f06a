import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { setPageSecurityHeaders } from '@guichet/domain';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { isScanPagePath } from './door/paths';
import { NonceContext } from './lib/hooks/use-nonce';
import { serverEnv } from './lib/server/env.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // Every pro page is an organiser's own: never kept by a shared cache.
  responseHeaders.set('Cache-Control', 'private, no-store');
  // A new nonce for every page: only inline scripts carrying it run (Content-Security-Policy). No pro page
  // may be framed: the policy both sites share, without the public site's embeds. A pro page frames only the
  // public site (the live preview of a ticketing's embed code), and shows its images.
  const nonce = randomBytes(16).toString('base64');
  setPageSecurityHeaders(responseHeaders, {
    nonce,
    frameSources: [serverEnv.SITE_URL],
    // The ticketings' visuals, shown from the public site, which serves them (demo files and /media uploads).
    imageSources: [new URL(serverEnv.SITE_URL).origin],
    // A door's scan page reads the back camera and decodes QR codes with WebAssembly (door/decoder.ts).
    scanner: isScanPagePath(new URL(request.url).pathname),
    development: import.meta.env.DEV,
    production: process.env.NODE_ENV === 'production',
  });

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const userAgent = request.headers.get('user-agent');
  // Crawlers wait for all content, so they read the complete page; people get the shell as soon as it is ready.
  const readyOption: keyof RenderToPipeableStreamOptions =
    (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Abort the rendering stream after `streamTimeout` so it has time to flush the rejected boundaries.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the initial shell are logged by React Router; only log those that come later.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
