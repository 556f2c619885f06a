/**
 * Page weight per page type, from React Router's manifest of the web build (assets/manifest-*.js): the JavaScript
 * and CSS a first visit loads — the client entry, then the root, the layouts and the route module, each with
 * its imports, exactly what the page preloads with <link rel="modulepreload"> —, gzip-compressed at the
 * production server's level. Chunks loaded later (dynamic imports: the rich-text editor) are not counted.
 * Writes its section of bench/REPORT.md. See bench/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildWhatIsMissing } from '../scripts/lib/builds.mjs';
import { writeReportSection } from './lib.js';

const REPORT = fileURLToPath(new URL('./REPORT.md', import.meta.url));
const CLIENT = process.env.WEB_BUILD_DIR
  ? join(process.env.WEB_BUILD_DIR, 'client')
  : fileURLToPath(new URL('../apps/web/build/client/', import.meta.url));
const START = '<!-- weight:start -->';
const END = '<!-- weight:end -->';
/** The budget for listing and ticketing pages. */
const BUDGET_KB = 100;

type Module = { module: string; imports?: string[]; css?: string[] };
type Manifest = { entry: Module; routes: Record<string, Module> };

/** Page types and the routes (below the root) a first visit to one renders, outermost first. */
const PAGES: { name: string; path: string; modules: string[]; budget: boolean }[] = [
  { name: 'Accueil', path: '/', modules: ['routes/layouts/default', 'routes/home'], budget: false },
  {
    name: 'Listing',
    path: '/billetteries/france',
    modules: ['routes/layouts/default', 'billetteries-country'],
    budget: true,
  },
  {
    name: 'Billetterie',
    path: '/billetterie/{id}',
    modules: ['routes/layouts/default', 'routes/billetterie'],
    budget: true,
  },
  {
    name: 'Bon plan',
    path: '/bons-plans/offer/{id}',
    modules: ['routes/layouts/default', 'routes/bons-plans/offer'],
    budget: false,
  },
  { name: 'Panier', path: '/cart', modules: ['routes/layouts/default', 'cart'], budget: false },
  {
    name: 'Inscription',
    path: '/auth/register',
    modules: ['routes/layouts/default', 'routes/auth/layout', 'routes/auth/register'],
    budget: false,
  },
  {
    name: 'Article du Mag',
    path: '/magazine/{slug}',
    modules: ['routes/layouts/default', 'routes/magazine/article'],
    budget: false,
  },
];

const gzipped = new Map<string, number>();
/** `file`: an address of the site (/assets/…). */
function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    // compression's default level, what server.mjs sends.
    size = gzipSync(readFileSync(join(CLIENT, file)), { level: 6 }).length;
    gzipped.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} Ko`;

export function readManifest(client = CLIENT): Manifest {
  const file = readdirSync(join(client, 'assets')).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error('manifeste de React Router introuvable dans build/client/assets');
  const text = readFileSync(join(client, 'assets', file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as Manifest;
}

/** The site's stylesheet, linked by the root on every page (app.css?url), which the manifest does not list. */
function siteStylesheets(client = CLIENT): string[] {
  return readdirSync(join(client, 'assets'))
    .filter((name) => /^app-[\w-]+\.css$/.test(name))
    .map((name) => `/assets/${name}`);
}

export function pageWeights(manifest: Manifest) {
  return PAGES.map((page) => {
    const js = new Set<string>();
    const css = new Set<string>(siteStylesheets());
    const routes = ['root', ...page.modules].map((id) => {
      const route = manifest.routes[id];
      if (!route) throw new Error(`route ${id} absente du manifeste`);
      return route;
    });
    for (const part of [manifest.entry, ...routes]) {
      js.add(part.module);
      for (const file of part.imports ?? []) js.add(file);
      for (const sheet of part.css ?? []) css.add(sheet);
    }
    const files = [...js].map((file) => ({ file, size: gzipSize(file) })).sort((a, b) => b.size - a.size);
    const jsBytes = files.reduce((total, { size }) => total + size, 0);
    const cssBytes = [...css].reduce((total, file) => total + gzipSize(file), 0);
    return { ...page, jsBytes, cssBytes, files };
  });
}

function main() {
  if (!process.env.WEB_BUILD_DIR) buildWhatIsMissing();
  const weights = pageWeights(readManifest());
  const rows = weights.map(
    (page) =>
      `| ${page.name} (\`${page.path}\`) | ${kb(page.jsBytes)} | ${page.files.length} | ${kb(page.cssBytes)} | ${
        page.budget ? (page.jsBytes <= BUDGET_KB * 1024 ? 'tenu' : 'non tenu') : '—'
      } |`,
  );
  const biggest = weights
    .find((page) => page.name === 'Billetterie')
    ?.files.slice(0, 6)
    .map(({ file, size }) => `\`${file.replace(/^\/assets\//, '')}\` ${kb(size)}`)
    .join(', ');
  const section = `${START}
## Poids des pages au premier chargement (\`bench/page-weight.bench.ts\`)

Produit par \`npm run bench\` le ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, d'après le manifeste de React
Router de la construction (\`apps/web/build/client/assets/manifest-*.js\`) : le JavaScript qu'une première visite
charge (entrée client, racine, gabarits et module de la route avec leurs imports, ce que la page précharge en
\`modulepreload\`) et la CSS, compressés en gzip au niveau du serveur (6). Les morceaux chargés plus tard
(éditeur de texte riche) n'y sont pas.

| page | JavaScript (gzip) | fichiers | CSS (gzip) | budget ≤ ${BUDGET_KB} Ko (listing, billetterie) |
|---|---|---|---|---|
${rows.join('\n')}

Les plus gros fichiers de la page billetterie : ${biggest}.
${END}`;
  writeReportSection(REPORT, section, START, END);
  for (const page of weights)
    console.log(`[bench weight] ${page.name}: JS ${kb(page.jsBytes)}, CSS ${kb(page.cssBytes)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
