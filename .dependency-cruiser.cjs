/**
 * Which way imports may point (ARCHITECTURE.md draws them; `npm run lint` checks them, after Biome).
 * Paths are relative to the repository's root. Every rule is an error: a broken arrow fails lint.
 *
 * The web rules are written for the layout by feature (ARCHITECTURE.md): apps/web/app/<area>/, the kit in
 * packages/ui (@guichet/ui, shared with the organisers' site) and the web's own few pieces of it in ui/, shared
 * helpers in lib/, route modules named `*.route.tsx`.
 */

/** The areas of the web app: one folder each. */
const AREAS = 'shell|catalogue|offers|cart|checkout|account|contests|surveys|magazine|search|legal|preview';
/** A module of an area: the capture group is the area's name, so that a rule can say « another area ». */
const AREA_MODULE = `^apps/web/app/(${AREAS})/`;

/**
 * What one area lends the others, as `<area>/<file>`: only these modules of an area may be imported from
 * another area. Anything else of an area is its own business.
 */
const EXPOSED = [
  // The cart: its button in the header, add-to-cart on the ticketing and offer pages, its lines' display for
  // the checkout's recap, the cookie and the account's cart (login, register, logout, an order's « racheter »).
  'cart/cart-button.tsx',
  'cart/add-to-cart.tsx',
  'cart/cart-display.ts',
  'cart/cart-cookie.server.ts',
  'cart/cart.server.ts',
  // The catalogue's cards and paths, for the site search and Le Mag.
  'catalogue/catalogue-paths.ts',
  'catalogue/performer-tile.tsx',
  'catalogue/ticketing-card.tsx',
  // The checkout form and its rules on /cart; the billing address also edited in the account; the PDFs' links.
  'checkout/checkout-form.tsx',
  'checkout/checkout.ts',
  'checkout/checkout.server.ts',
  'checkout/billing-address-fields.tsx',
  'checkout/download-links.ts',
  // The legal pages, linked by the footer and listed in the site map.
  'legal/legal-pages.ts',
  // The offers' cards, strip and search, for the home page, Le Mag and the site search.
  'offers/offer-card.tsx',
  'offers/offer-strip.tsx',
  'offers/offer-search.ts',
  // The search box of the header, its combobox in the offers' search, its suggestions.
  'search/lazy-search-combobox.tsx',
  'search/search-combobox.tsx',
  'search/suggestions.server.ts',
  // The shell: the error boundary of every page, the CSE mode's hidden fields.
  'shell/route-error-boundary.tsx',
  'shell/cse-inputs.tsx',
];

/** Route modules (and the root route): React Router's server half (loaders, actions) lives in them. */
const ROUTE_MODULE = '(\\.route\\.tsx?$|^apps/web/app/root\\.tsx$)';
/** Modules that run only on the server (React Router keeps `.server` modules out of the browser bundle). */
const SERVER_MODULE = '\\.server\\.tsx?$';
/** Tests may reach anything they test. */
const TEST = '(\\.test\\.tsx?$|^apps/web/test/)';

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A cycle makes two modules one: neither can be read, tested or moved alone, and the order in which ' +
        'they are evaluated decides what the other sees (undefined at import time). Types count too: a type ' +
        'shared by both ends lives in a module below both.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },

    // Packages and apps.
    {
      name: 'domain-imports-nothing',
      comment:
        'packages/domain is pure rules, run in the API, the server and the browser: nothing of ours, no npm ' +
        'package, no Node module (its tests may use their tools).',
      severity: 'error',
      from: { path: '^packages/domain/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^packages/domain/' },
    },
    {
      name: 'contracts-import-only-domain',
      comment: 'packages/contracts describes the API for both apps: only the domain and zod below it.',
      severity: 'error',
      from: { path: '^packages/contracts/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^(packages/(contracts|domain)/|node_modules/zod/)' },
    },
    {
      name: 'ui-imports-only-the-packages-below',
      comment:
        'packages/ui is what both sites render (kit, forms, notifications, rich text): it builds on the domain ' +
        'and npm packages (React, React Router, Radix, Tiptap, Zod…), never on the workers or an app.',
      severity: 'error',
      from: { path: '^packages/ui/' },
      to: { path: '^packages/', pathNot: '^packages/(ui|domain|contracts)/' },
    },
    {
      name: 'packages-import-no-app',
      comment: 'The packages are below both apps: an app is never imported by a package, tests included.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-does-not-import-api',
      comment:
        'The web and the API meet only over HTTP, through the contracts: they are deployed apart. The web’s ' +
        'tests may start the real API in their process (apps/web/test/real-api.ts, with the API’s test ' +
        'helpers on PGlite) and read its rows, as the end-to-end specs do over HTTP; the web’s code never.',
      severity: 'error',
      from: { path: '^apps/web/', pathNot: TEST },
      to: { path: '^apps/api/' },
    },
    {
      name: 'api-does-not-import-web',
      comment: 'The web and the API meet only over HTTP, through the contracts: they are deployed apart.',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/(web|pro)/' },
    },
    {
      name: 'pro-imports-no-other-app',
      comment:
        'The pro site (apps/pro) is a third app, deployed apart on its own origin: it meets the API only over ' +
        'HTTP, through the contracts, and shares with the public site only what lives in packages/. Its tests, ' +
        'like the web’s, may start the real API in their process (apps/pro/test/real-api.ts) and read its rows.',
      severity: 'error',
      from: { path: '^apps/pro/', pathNot: '(\\.test\\.tsx?$|^apps/pro/test/)' },
      to: { path: '^apps/(web|api)/' },
    },
    {
      name: 'pro-tests-import-no-web',
      comment: 'The pro site’s tests may start the API, never the public site: the two sites share only packages/.',
      severity: 'error',
      from: { path: '^apps/pro/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-does-not-import-pro',
      comment: 'The public site and the pro site share only packages/: neither imports the other.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/pro/' },
    },
    {
      name: 'pro-server-modules-only-from-the-server',
      comment:
        'As in the web: a `.server` module of the pro site (session cookies, the API door, the environment) ' +
        'never reaches the browser; only server modules, route modules, the root, entry.server.tsx and tests import it.',
      severity: 'error',
      from: {
        path: '^apps/pro/app/',
        pathNot: [SERVER_MODULE, '(\\.route\\.tsx?$|^apps/pro/app/root\\.tsx$)', '\\.test\\.tsx?$'],
      },
      to: { path: SERVER_MODULE },
    },

    // The web app.
    {
      name: 'web-server-modules-only-from-the-server',
      comment:
        'A `.server` module (session cookies, secrets, the API door) must never reach the browser: only other ' +
        'server modules, route modules (their loaders and actions), entry.server.tsx and tests import it. ' +
        'Types included: what client code needs lives below, in lib/.',
      severity: 'error',
      from: { path: '^apps/web/app/', pathNot: [SERVER_MODULE, ROUTE_MODULE, TEST] },
      to: { path: SERVER_MODULE },
    },
    {
      name: 'web-client-code-imports-no-route-module',
      comment:
        'React Router strips loaders and actions from a route module in its own chunk only: imported by ' +
        'another module, a route module would bring its server half (and the `.server` modules) into the ' +
        'browser. Only route modules compose route modules; types may be read (they are erased).',
      severity: 'error',
      from: { path: '^apps/web/app/', pathNot: [SERVER_MODULE, ROUTE_MODULE, TEST] },
      to: { path: ROUTE_MODULE, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-areas-import-only-what-others-expose',
      comment:
        'An area (cart, checkout, account…) is one folder a newcomer can read alone: from another area it ' +
        'imports only what that area exposes (EXPOSED above); what several areas need lives in ui/ or lib/. ' +
        'Inside one area, anything goes; a test may follow a journey across areas (the order form, then payment).',
      severity: 'error',
      from: { path: AREA_MODULE, pathNot: TEST },
      to: {
        path: AREA_MODULE,
        pathNot: ['^apps/web/app/$1/', `^apps/web/app/(${EXPOSED.map(literal).join('|')})$`],
      },
    },
    {
      name: 'web-ui-kit-knows-no-feature',
      comment:
        'ui/ holds what the web alone renders of the kit (a visual of its published set, a card with one, the ' +
        'order lines’ head; the rest is @guichet/ui): it imports only itself, lib/ and packages, never an ' +
        'area, a route module or the root.',
      severity: 'error',
      from: { path: '^apps/web/app/ui/', pathNot: TEST },
      to: { path: '^apps/web/app/', pathNot: '^apps/web/app/(ui|lib)/' },
    },
    {
      name: 'web-lib-knows-no-feature',
      comment:
        'lib/ (with lib/server/ and lib/hooks/) holds what several areas share: it imports only lib/ and ' +
        'packages, never the kit, an area, a route module or the root.',
      severity: 'error',
      from: { path: '^apps/web/app/lib/', pathNot: TEST },
      to: { path: '^apps/web/app/', pathNot: '^apps/web/app/lib/' },
    },

    // The API: server.ts → app.ts → plugins, routes → services → db, lib; seed → services, db.
    {
      name: 'api-nothing-imports-the-entry',
      comment: 'src/server.ts starts the process (database, seed, jobs, listen): it is imported by nothing.',
      severity: 'error',
      from: {},
      to: { path: '^apps/api/src/server\\.ts$' },
    },
    {
      name: 'api-app-only-from-the-entry',
      comment:
        'src/app.ts builds the Fastify app from the plugins and routes: only the entry and tests build it ' +
        '(a route importing it would be a cycle waiting to happen).',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/server\\.ts$' },
      to: { path: '^apps/api/src/app\\.ts$' },
    },
    {
      name: 'api-plugins-below-routes',
      comment:
        'Plugins (auth, errors, rate limits, decorations) are what every route shares: they call services ' +
        'like a route does, but never a route, the app, or the demo seed.',
      severity: 'error',
      from: { path: '^apps/api/src/plugins/' },
      to: { path: '^apps/api/src/(routes|seed)/' },
    },
    {
      name: 'api-services-know-no-http',
      comment:
        'Services hold the rules and the SQL and answer in the contracts’ shapes: callable from a route, a ' +
        'job, the seed or a test alike, so they never import a route, a plugin, the app or the seed.',
      severity: 'error',
      from: { path: '^apps/api/src/services/' },
      to: { path: '^apps/api/src/(routes|plugins|seed)/' },
    },
    {
      name: 'api-routes-leave-the-sql-to-services',
      comment:
        'A route is thin: the contract gives its shape, a service does the work. The SQL (the schema) is the ' +
        'services’; a route may name the Database type only.',
      severity: 'error',
      from: { path: '^apps/api/src/routes/' },
      to: { path: '^apps/api/src/db/(?!client\\.ts$)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-only-development-routes-know-the-demo',
      comment:
        'The demo seed is data for development and tests: the development routes (never registered in ' +
        'production) may drive it (its demo account); a route of the product may not.',
      severity: 'error',
      from: { path: '^apps/api/src/routes/', pathNot: '^apps/api/src/routes/dev/' },
      to: { path: '^apps/api/src/seed/' },
    },
    {
      name: 'api-db-is-the-floor',
      comment:
        'src/db opens, migrates and describes the database: it knows the environment’s type and nothing ' +
        'above it — what fills a database (the demo seed) is decided by whoever starts the API.',
      severity: 'error',
      from: { path: '^apps/api/src/db/' },
      to: { path: '^apps/api/src/', pathNot: '^apps/api/src/(db/|env\\.ts$)' },
    },
    {
      name: 'api-lib-is-the-floor',
      comment:
        'src/lib holds the small tools of every layer (HttpError, endpoint, signed links, caches): it imports ' +
        'only itself and packages.',
      severity: 'error',
      from: { path: '^apps/api/src/lib/' },
      to: { path: '^apps/api/src/', pathNot: '^apps/api/src/lib/' },
    },
    {
      name: 'api-environment-reads-only-lib',
      comment: 'src/env.ts parses the environment, imported by every layer: it imports only src/lib and packages.',
      severity: 'error',
      from: { path: '^apps/api/src/env\\.ts$' },
      to: { path: '^apps/api/src/', pathNot: '^apps/api/src/lib/' },
    },
    {
      name: 'api-seed-is-not-served',
      comment: 'The demo seed fills a database through services and the schema; it serves no request.',
      severity: 'error',
      from: { path: '^apps/api/src/seed/' },
      to: { path: '^apps/api/src/(routes|plugins)/' },
    },
  ],
  options: {
    // npm packages are seen (a rule may name them) but not read.
    doNotFollow: { path: 'node_modules' },
    // Generated or built code.
    exclude: { path: '(^|/)(build|dist|\\.react-router|drizzle)/' },
    // Type-only imports count: cycles and arrows hold for types too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.d.mts'],
    },
  },
};
