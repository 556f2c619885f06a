/**
 * Page weight per page type, from React Router's manifest of the web build (assets/manifest-*.js): the JavaScript
 * and CSS a first visit loads — the client entry, then the root, the layouts and the route module, each with
 * its imports, exactly what the page preloads with <link rel="modulepreload"> —, gzip-compressed at the
 * production server's level. Chunks loaded later (dynamic imports: the search suggestions, the cart modal, the
 * listing's overlay, the rich-text editor) are not counted. React and React Router are one file of their own
 * (apps/web/vite.config.ts, FRAMEWORK_CHUNK): the rest is ours. Writes its section of bench/REPORT.md against
 * the budgets. See bench/README.md.
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
/** The budgets for listing and ticketing pages: the whole first-load JavaScript, and ours above React's. */
export const BUDGET_KB = 125;
export const OURS_BUDGET_KB = 20;
/** The chunk of React and React Router (vite.config.ts names it: `vendor-react-<hash>.js`). */
const FRAMEWORK_FILE = /^\/assets\/vendor-react-[\w-]+\.js$/;

type Module = { module: string; imports?: string[]; css?: string[] };
type Manifest = { entry: Module; routes: Record<string, Module> };

/** Page types and the routes (below the root) a first visit to one renders, outermost first. */
const PAGES: { name: string; path: string; modules: string[]; budget: boolean }[] = [
  { name: 'Accueil', path: '/', modules: ['shell/default-layout.route', 'catalogue/home.route'], budget: false },
  {
    name: 'Listing',
    path: '/billetteries/france',
    modules: ['shell/default-layout.route', 'billetteries-country'],
    budget: true,
  },
  {
    name: 'Billetterie',
    path: '/billetterie/{id}',
    modules: ['shell/default-layout.route', 'catalogue/ticketing.route'],
    budget: true,
  },
  {
    name: 'Bon plan',
    path: '/bons-plans/offer/{id}',
    modules: ['shell/default-layout.route', 'offers/offer.route'],
    budget: false,
  },
  { name: 'Panier', path: '/cart', modules: ['shell/default-layout.route', 'cart'], budget: false },
  {
    name: 'Inscription',
    path: '/auth/register',
    modules: ['shell/default-layout.route', 'account/auth-layout.route', 'account/register.route'],
    budget: false,
  },
  {
    name: 'Article du Mag',
    path: '/magazine/{slug}',
    modules: ['shell/default-layout.route', 'magazine/article.route'],
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
    const frameworkBytes = files
      .filter(({ file }) => FRAMEWORK_FILE.test(file))
      .reduce((total, { size }) => total + size, 0);
    if (frameworkBytes === 0) throw new Error(`${page.name} : pas de fichier vendor-react (vite.config.ts)`);
    const cssBytes = [...css].reduce((total, file) => total + gzipSize(file), 0);
    const oursBytes = jsBytes - frameworkBytes;
    const held = jsBytes <= BUDGET_KB * 1024 && oursBytes <= OURS_BUDGET_KB * 1024;
    return { ...page, jsBytes, frameworkBytes, oursBytes, cssBytes, files, held };
  });
}

const largest = (page: ReturnType<typeof pageWeights>[number] | undefined) =>
  page?.files
    .slice(0, 6)
    .map(({ file, size }) => `\`${file.replace(/^\/assets\//, '')}\` ${kb(size)}`)
    .join(', ');

function main() {
  if (!process.env.WEB_BUILD_DIR) buildWhatIsMissing();
  const weights = pageWeights(readManifest());
  const rows = weights.map(
    (page) =>
      `| ${page.name} (\`${page.path}\`) | ${kb(page.jsBytes)} | ${kb(page.frameworkBytes)} | ${kb(page.oursBytes)} | ${
        page.files.length
      } | ${kb(page.cssBytes)} | ${page.budget ? (page.held ? 'tenu' : '**non tenu**') : '—'} |`,
  );
  const section = `${START}
## Poids des pages au premier chargement (\`bench/page-weight.bench.ts\`)

Produit par \`npm run bench\` le ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, d'après le manifeste de React
Router de la construction (\`apps/web/build/client/assets/manifest-*.js\`) : le JavaScript qu'une première visite
charge (entrée client, racine, gabarits et module de la route avec leurs imports, ce que la page précharge en
\`modulepreload\`) et la CSS, compressés en gzip au niveau du serveur (6). Les morceaux chargés à la demande
(suggestions de la recherche, fenêtre du panier, fiche d'une billetterie ouverte depuis la liste, éditeur de
texte riche) n'y sont pas. React et React Router forment un fichier à part (\`vendor-react-*.js\`, \`apps/web/vite.config.ts\`) :
le reste est notre code (décision 0052).

Budgets (listing et billetterie) : JavaScript ≤ ${BUDGET_KB} Ko et notre code ≤ ${OURS_BUDGET_KB} Ko au-dessus de React et React Router.

| page | JavaScript (gzip) | dont React + React Router | dont notre code | fichiers | CSS (gzip) | budgets |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Les plus gros fichiers du listing : ${largest(weights.find((page) => page.name === 'Listing'))}.
Ceux de la billetterie : ${largest(weights.find((page) => page.name === 'Billetterie'))}.
${END}`;
  writeReportSection(REPORT, section, START, END);
  for (const page of weights)
    console.log(
      `[bench weight] ${page.name}: JS ${kb(page.jsBytes)} (React + React Router ${kb(page.frameworkBytes)}, nôtre ${kb(
        page.oursBytes,
      )}), CSS ${kb(page.cssBytes)}${page.budget ? (page.held ? ' — budgets tenus' : ' — budgets NON TENUS') : ''}`,
    );
  if (weights.some((page) => page.budget && !page.held))
    console.error(`[bench weight] budget non tenu : ≤ ${BUDGET_KB} Ko, dont le nôtre ≤ ${OURS_BUDGET_KB} Ko`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
