// One web process (server.mjs starts WEB_WORKERS of them): React Router's request handler on Express, with
// compression and long-lived caching of fingerprinted assets, and the page cache in front. It exists (instead of react-router-serve) to tell the app
// the visitor's address: the socket's, or the one a trusted proxy forwarded (TRUST_PROXY), written into
// a header of our own that a visitor cannot set — the API throttles logins per visitor with it.
import { createServer } from 'node:http';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import { DATA_VERSION_POLL_MS, watchDataVersion } from './data-version.mjs';
import { isMediaRequest, mediaForwarder } from './media-proxy.mjs';

const CLIENT_ADDRESS_HEADER = 'x-guichet-client-address';
const build = await import('./build/server/index.js');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.WEB_HOST ?? '0.0.0.0';
const apiUrl = process.env.API_URL ?? 'http://localhost:4000';

const app = express();
app.disable('x-powered-by');
// Which proxies in front of the web may state the visitor's address (Express's `trust proxy`).
app.set(
  'trust proxy',
  process.env.TRUST_PROXY ? process.env.TRUST_PROXY.split(',').map((entry) => entry.trim()) : false,
);
app.use(compression());
// The API's data version, read every DATA_VERSION_POLL_MS: the page cache's copies are kept under it, and the
// redirect table is fetched again when it changes (app/shell/redirects.server.ts).
const versions = watchDataVersion({
  apiUrl,
  intervalMs: Number(process.env.DATA_VERSION_POLL_MS ?? DATA_VERSION_POLL_MS),
});
await versions.read();
build.entry.module.followDataVersion(versions.current);
// Public pages served from memory to every visitor for a few seconds (PAGE_CACHE_TTL_MS; 0 turns it off),
// before Express: app/shell/page-cache.server.ts, docs/decisions/0050. It renders its copies itself,
// through React Router's handler, and hands every request it cannot answer to Express below.
const pageCacheTtlMs = Number(process.env.PAGE_CACHE_TTL_MS ?? 10_000);
let pageCache;
if (pageCacheTtlMs > 0) {
  pageCache = build.entry.module.createSiteCache({
    build,
    mode: process.env.NODE_ENV,
    origin: process.env.SITE_URL ?? `http://localhost:${port}`,
    ttlMs: pageCacheTtlMs,
    dataVersion: versions.current,
  });
}
// The static files' security headers (pages get theirs in entry.server.tsx; React Router appends headers,
// so setting them here for every answer would send them twice).
const production = process.env.NODE_ENV === 'production';
function staticHeaders(response) {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (production) response.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
}
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', setHeaders: staticHeaders }));
// The site's other files (favicon, manifest, robots' neighbours) all have an extension: a page's path is not
// looked for on the disk first (a `stat` per rendered page otherwise).
const siteFiles = express.static('build/client', { maxAge: '1h', setHeaders: staticHeaders });
app.use((request, response, next) => (/\.\w+$/.test(request.path) ? siteFiles(request, response, next) : next()));
app.use((request, _response, next) => {
  request.headers[CLIENT_ADDRESS_HEADER] = request.ip ?? request.socket.remoteAddress ?? '';
  next();
});
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }));

// Uploaded visuals, from the API (media-proxy.mjs, docs/decisions/0059): files, never pages, so before the page
// cache and Express (no compression: WebP is compressed already).
const forwardMedia = mediaForwarder({ apiUrl });
// A copy of a cached page needs nothing of Express: answered first, on Node's own request and response.
const server = createServer((request, response) => {
  if (isMediaRequest(request.url)) return void forwardMedia(request, response);
  const render = () => app(request, response);
  if (!pageCache) return render();
  pageCache.handle(request, response, render).catch((error) => {
    console.error(error);
    if (!response.headersSent) render();
  });
});
server.listen(port, host, () => {
  console.log(`[web] Guichet écoute sur http://localhost:${port}`);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
