import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { isMediaRequest, mediaForwarder } from './media-proxy.mjs';

// One id per build, kept in the environment so that the browser and server bundles of one
// `react-router build` share it even if this file is evaluated more than once.
process.env.GUICHET_BUILD_ID ??= `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * What server.mjs does in production, for the development server: the visitor's address (the socket's) in
 * a header of our own, replacing whatever a visitor sent in it. Registered before React Router's handler.
 */
const visitorAddress: Plugin = {
  name: 'guichet-visitor-address',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      request.headers['x-guichet-client-address'] = request.socket.remoteAddress ?? '';
      next();
    });
  },
};

/** What server.mjs does in production, for the development server: `/media/*` forwarded to the API. */
const media: Plugin = {
  name: 'guichet-media',
  configureServer(server) {
    const forwardMedia = mediaForwarder({ apiUrl: process.env.API_URL ?? 'http://localhost:4000' });
    server.middlewares.use((request, response, next) => {
      if (!isMediaRequest(request.url)) return next();
      void forwardMedia(request, response);
    });
  },
};

/**
 * React and React Router (with React Router's two small dependencies): one file of their own, the part of the
 * first load that is not ours. bench/page-weight.bench.ts finds it by its name.
 */
export const FRAMEWORK_CHUNK = 'vendor-react';
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
/**
 * Our own modules: the web app's, and the kit it shares with the organisers' site (@guichet/ui, read as source
 * through its workspace link, which Vite resolves to packages/ui/src).
 */
const OURS = /[\\/](apps[\\/]web[\\/]app|packages[\\/]ui[\\/]src)[\\/]/;

/**
 * The error boundary nearly every route module exports (`export { RouteErrorBoundary as ErrorBoundary }`): part of
 * the shell, in `site` with what the root imports, instead of a file of its own on almost every page.
 */
const ROUTE_ERROR_BOUNDARY = '/app/shell/route-error-boundary.tsx';
/**
 * The route modules of the pages the first-load budgets are about (bench/page-weight.bench.ts: the listing and
 * a ticketing's page).
 */
const BUDGETED_ROUTES = ['/app/catalogue/billetteries.route.tsx', '/app/catalogue/ticketing.route.tsx'];

/**
 * The modules every first visit loads, whatever the page: what the client entry and the root route import
 * statically, and the routes' error boundary. Filled once the client build has read every module (buildEnd),
 * read when the chunks are cut.
 */
const everyPage = new Set<string>();
/** Our modules that the budgeted pages' routes both import statically, besides those of every page. */
const catalogue = new Set<string>();
const firstLoad: Plugin = {
  name: 'guichet-first-load',
  applyToEnvironment: (environment) => environment.name === 'client',
  buildEnd() {
    const ids = [...this.getModuleIds()];
    const find = (path: string) => {
      const found = ids.find((id) => id.endsWith(path));
      if (!found) this.error(`module introuvable pour le découpage du premier chargement : ${path}`);
      return found;
    };
    /** `starts` and what they import statically: what a page loads on demand (import()) stays on demand. */
    const staticImports = (starts: string[]) => {
      const reached = new Set<string>();
      const pending = [...starts];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (reached.has(id)) continue;
        reached.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      return reached;
    };
    const starts = ids.filter(
      (id) =>
        id.includes('/entry.client') ||
        (id.includes('/app/root.tsx') && id.includes('__react-router-build-client-route')),
    );
    if (starts.length < 2) this.error(`entrée client ou racine introuvable (${starts.join(', ')})`);
    everyPage.clear();
    for (const id of staticImports([...starts, find(ROUTE_ERROR_BOUNDARY)])) everyPage.add(id);
    // What both pages share is closed under static imports: the group brings neither page the other's code.
    const [listing, ticketing] = BUDGETED_ROUTES.map((path) => staticImports([find(path)]));
    catalogue.clear();
    for (const id of listing ?? []) if (ticketing?.has(id) && OURS.test(id) && !everyPage.has(id)) catalogue.add(id);
  },
};

export default defineConfig({
  plugins: [visitorAddress, media, firstLoad, tailwindcss(), reactRouter()],
  define: {
    __GUICHET_BUILD_ID__: JSON.stringify(process.env.GUICHET_BUILD_ID),
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
  },
  build: {
    // The icon sprite stays a file: `<use href="data:…#id">` draws nothing (@guichet/ui's icons.tsx).
    assetsInlineLimit: (file) => (file.endsWith('/icons.svg') ? false : undefined),
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // `import { x } from '@guichet/domain'` reads only the module defining x (the package declares
          // no side effects): the chunks then follow what each page really uses, not the whole package.
          experimental: { lazyBarrel: true },
          output: {
            // Fewer, bigger files for the first load (docs/decisions/0052): React and React Router in one,
            // what every page loads of ours in another, instead of some twenty files of a few hundred bytes
            // (each costing a request and compressing worse); then what the listing and the ticketing page
            // share (breadcrumb, images, the clock). Only modules imported statically are grouped: a module
            // loaded on demand keeps its own chunk.
            codeSplitting: {
              groups: [
                { name: FRAMEWORK_CHUNK, priority: 3, test: (id) => FRAMEWORK.test(id) && everyPage.has(id) },
                { name: 'site', priority: 2, test: (id) => OURS.test(id) && everyPage.has(id) },
                { name: 'catalogue', priority: 1, test: (id) => catalogue.has(id) },
              ],
            },
          },
        },
      },
    },
  },
});
