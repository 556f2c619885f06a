// One pro process (server.mjs starts PRO_WORKERS of them): React Router's request handler on Express, with
// compression and long-lived caching of fingerprinted assets. Like the public site's (apps/web/site.mjs) it
// tells the app the visitor's address — the socket's, or the one a trusted proxy forwarded (TRUST_PROXY) —
// in a header of our own that a visitor cannot set: the API throttles logins per visitor with it. No page
// cache: every pro page is an organiser's own.
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';

const CLIENT_ADDRESS_HEADER = 'x-guichet-client-address';
const build = await import('./build/server/index.js');
const port = Number(process.env.PORT ?? 3001);
const host = process.env.PRO_HOST ?? '0.0.0.0';

const app = express();
app.disable('x-powered-by');
app.set(
  'trust proxy',
  process.env.TRUST_PROXY ? process.env.TRUST_PROXY.split(',').map((entry) => entry.trim()) : false,
);
app.use(compression());
// The static files' security headers (pages get theirs in entry.server.tsx; React Router appends headers,
// so setting them here for every answer would send them twice).
const production = process.env.NODE_ENV === 'production';
function staticHeaders(response) {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (production) response.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
}
// Fingerprinted by Vite: a new build gives new names, so a year in every cache costs nothing.
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', setHeaders: staticHeaders }));
// The site's other files (the favicon) have an extension: a page's path is not looked for on the disk first.
const siteFiles = express.static('build/client', { maxAge: '1h', setHeaders: staticHeaders });
app.use((request, response, next) => (/\.\w+$/.test(request.path) ? siteFiles(request, response, next) : next()));
app.use((request, _response, next) => {
  request.headers[CLIENT_ADDRESS_HEADER] = request.ip ?? request.socket.remoteAddress ?? '';
  next();
});
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }));

const server = app.listen(port, host, () => {
  console.log(`[pro] Guichet Pro écoute sur http://localhost:${port}`);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
