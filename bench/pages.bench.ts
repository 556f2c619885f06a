/**
 * Pages and API under load, each as a ratio to a baseline measured in the same run on the same machine:
 * - a page of the site (built servers, `server.mjs` as `npm start` runs it) against the very same HTML bytes
 *   served by a bare Node server: anonymous with the rendered-page cache, a logged-in visitor holding a cart
 *   (real cookies, from the login form and an « Ajouter au panier » post), and anonymous rendered every time
 *   (PAGE_CACHE_TTL_MS=0); identity and gzip, as a browser asks;
 * - the rendering floor: each page type's uncached request (CPU of the web process per request, at one
 *   connection) against React's own `renderToString` of the same HTML turned into plain elements, with a CPU
 *   profile of where the rest goes;
 * - API routes against a trivial Fastify route answering a constant.
 * Writes its section of bench/REPORT.md (between its markers). See bench/README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildWhatIsMissing } from '../scripts/lib/builds.mjs';
import { freePort, stopProcess, waitForUrl } from '../scripts/lib/processes.mjs';
import { startApi, startWeb } from '../scripts/lib/servers.mjs';
import { type ProfileSummary, profileIn, profileTable, summarizeProfile } from './cpu-profile.js';
import { percentile, writeReportSection } from './lib.js';
import { benchServerSetup, cookieHeader, keepCookies } from './servers.js';

const REPORT = fileURLToPath(new URL('./REPORT.md', import.meta.url));
const START = '<!-- pages:start -->';
const END = '<!-- pages:end -->';
const CONNECTIONS = 25;
const WARM_UP_MS = Number(process.env.BENCH_WARM_UP_MS ?? 1_500);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 4_000);
/** The rendering floor's windows: one connection, one page type at a time. */
const RENDER_WARM_UP_MS = Number(process.env.BENCH_RENDER_WARM_UP_MS ?? 1_000);
const RENDER_WINDOW_MS = Number(process.env.BENCH_RENDER_WINDOW_MS ?? 3_000);
/** What a browser sends: the page cache answers it with gzip. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** The seeded demo account (apps/api/src/seed/users.ts). */
const DEMO = { email: 'demo@guichet.test', password: 'demo-guichet-2026', firstname: 'Camille' };
/** Budgets of issue 23: share of the bare static server's throughput. */
const ANONYMOUS_BUDGET = 0.9;
const CART_BUDGET = 0.5;
/** Budget of issue 23 (a reach): an uncached request costs at most this many `renderToString` of its HTML. */
const FLOOR_BUDGET = 3;
/** `BENCH_PAGES_PROFILE=<file>`: keep the profiled web server's whole profile there (to open in a profiler). */
/** `BENCH_PAGES_ONLY=render`: the rendering floor only (a quicker loop while working on rendering costs). */
const ONLY = process.env.BENCH_PAGES_ONLY;

type Load = { perSecond: number; p50: number; p99: number; requests: number; failures: number };

const log = (message: string) => console.log(`[bench pages] ${message}`);

/** `connections` clients sending GET `url` back to back for `ms`, after a warm-up; `measure` wraps the window. */
async function load(
  url: string,
  headers: Record<string, string> = {},
  {
    connections = CONNECTIONS,
    warmUpMs = WARM_UP_MS,
    windowMs = WINDOW_MS,
  }: { connections?: number; warmUpMs?: number; windowMs?: number } = {},
  around: { before?: () => void; after?: () => void } = {},
): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const once = () =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      const request = httpRequest(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - started : -1));
      });
      request.on('error', () => resolve(-1));
      request.end();
    });
  const run = async (ms: number, timings: number[] | null) => {
    const deadline = performance.now() + ms;
    let failures = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const took = await once();
          if (took < 0) failures++;
          else timings?.push(took);
        }
      }),
    );
    return failures;
  };
  await run(warmUpMs, null);
  const timings: number[] = [];
  around.before?.();
  const started = performance.now();
  const failures = await run(windowMs, timings);
  const elapsed = (performance.now() - started) / 1000;
  around.after?.();
  agent.destroy();
  timings.sort((a, b) => a - b);
  return {
    perSecond: timings.length / elapsed,
    p50: percentile(timings, 50),
    p99: percentile(timings, 99),
    requests: timings.length,
    failures,
  };
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms) used so far by a process and every process under it (a cluster's workers),
 * read in /proc: what the web server itself costs, apart from the API and the measuring client.
 */
function cpuMsOfTree(pid: number): number {
  let ticks = 0;
  const visit = (id: number) => {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
      // The fields after the command's parenthesis: state is field 3, utime 14, stime 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) visit(Number(child));
      }
    } catch {
      // A process that ended meanwhile: its time is no longer ours to count.
    }
  };
  visit(pid);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * The same bytes, served by Node's bare HTTP server in a process of its own, as the site runs in its own (in
 * the measuring process, it would share one event loop with the clients and look slower than it is): the
 * ceiling of what any Node web server can do. `encoding`: the bytes are already compressed that way (a
 * static server's precompressed file).
 */
async function staticServer(
  folder: string,
  body: Buffer,
  encoding?: 'gzip',
): Promise<{ url: string; child: ChildProcess }> {
  const file = join(folder, `static-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, body);
  const port = await freePort();
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  };
  const script = `const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    require('node:http').createServer((request, response) => { response.writeHead(200, ${JSON.stringify(headers)}); response.end(body); })
      .listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await waitForUrl(url, { child });
  return { url, child };
}

/** A trivial Fastify route in a process of its own, as the API runs in its own. */
async function trivialFastify(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const script = `const app = require('fastify')(); app.get('/', async () => ({ status: 'ok' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: join(fileURLToPath(new URL('..', import.meta.url)), 'apps/api'),
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitForUrl(url, { child });
  return { url, child };
}

/**
 * The cookies of a logged-in visitor holding a cart, obtained as a browser without JavaScript would: the
 * login form posted, then « Ajouter au panier » posted from the ticketing page (one ticket). The site's
 * cross-site check wants an `Origin` equal to its own address.
 */
async function loggedInWithCart(siteUrl: string, ticketingPath: string): Promise<string> {
  const jar = new Map<string, string>();
  const login = await fetch(`${siteUrl}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: siteUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: DEMO.email, password: DEMO.password }),
  });
  keepCookies(jar, login);
  // In production the names carry the __Host- prefix.
  if (![...jar.keys()].some((name) => name.endsWith('guichet_access'))) throw new Error('connexion impossible');
  const page = await (await fetch(`${siteUrl}${ticketingPath}`, { headers: { cookie: cookieHeader(jar) } })).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1];
  const [productID, productType] = [field('productID'), field('productType')];
  if (!productID || !productType) throw new Error(`pas de formulaire « Ajouter au panier » sur ${ticketingPath}`);
  const added = await fetch(`${siteUrl}/cart/items`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: siteUrl, 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(jar) },
    body: new URLSearchParams({ intent: 'add', productID, productType, quantity: '1', redirectTo: ticketingPath }),
  });
  keepCookies(jar, added);
  if (added.status !== 303 && added.status !== 302) throw new Error(`ajout au panier refusé (${added.status})`);
  if (![...jar.keys()].some((name) => name.endsWith('guichet_cart'))) throw new Error('pas de cookie de panier');
  // The page the « Ajouter au panier » post leads to shows its notice once, and clears it.
  keepCookies(jar, await fetch(`${siteUrl}${ticketingPath}`, { headers: { cookie: cookieHeader(jar) } }));
  // The page those cookies get is that visitor's: the header names the account and counts the ticket.
  const home = await (await fetch(`${siteUrl}/`, { headers: { cookie: cookieHeader(jar) } })).text();
  if (!home.includes(DEMO.firstname) || !home.includes('Panier, 1 article')) {
    throw new Error('les cookies obtenus ne donnent pas la page d’un visiteur connecté avec un panier');
  }
  return cookieHeader(jar);
}

/** The first link of a page's HTML whose path matches `pattern` (the first deal, the first article). */
async function firstLink(siteUrl: string, path: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${siteUrl}${path}`)).text();
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = match[1] ?? '';
    if (pattern.test(href)) return href.replace(/&amp;/g, '&');
  }
  throw new Error(`aucun lien ${pattern} sur ${path}`);
}

type Floor = { msPerRender: number; renders: number };

/**
 * React's own `renderToString` of a page's HTML turned into plain elements (attributes mapped by
 * html-react-parser), timed in CPU of this process: the least any React server can spend on that page. React
 * in its production build, as the site runs it.
 */
async function renderFloor(html: string): Promise<Floor> {
  process.env.NODE_ENV = 'production';
  const fromWeb = createRequire(fileURLToPath(new URL('../apps/web/package.json', import.meta.url)));
  const { renderToString } = fromWeb('react-dom/server.node') as typeof import('react-dom/server');
  const { default: parse } = await import('html-react-parser');
  const elements = parse(html.replace(/^<!DOCTYPE html>/i, ''));
  const once = () => renderToString(elements as Parameters<typeof renderToString>[0]);
  for (let warm = 0; warm < 100; warm++) once();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let renders = 0;
  while (performance.now() - started < 1_500) {
    once();
    renders++;
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { msPerRender: (cpu.user + cpu.system) / 1000 / renders, renders };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const ms2 = (value: number) => `${value.toFixed(2)} ms`;
const rate = (value: number) => `${Math.round(value)}/s`;
const ratio = (value: number, base: number) => `${((100 * value) / base).toFixed(0)} %`;
const verdict = (held: boolean) => (held ? 'tenu' : 'non tenu');

type PageType = { name: string; path: string };
type RenderRow = {
  page: PageType;
  bytes: number;
  floor: Floor;
  cpuPerRequest: number;
  perRequest: number;
  load: Load;
  profile?: ProfileSummary;
};

async function main() {
  buildWhatIsMissing();
  const { dataDir, secrets, env } = benchServerSetup('pages');
  const [apiPort, cachedPort, uncachedPort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const children: ChildProcess[] = [];
  const nowMicros = () => Number(process.hrtime.bigint() / 1000n);
  const loadBefore = loadavg();
  try {
    log('démarrage de l’API (base embarquée, catalogue de démonstration) et de deux sites…');
    /** The API on its port, waited for; `nodeArgs` for the profiler. */
    const startBenchApi = async (nodeArgs: string[] = []) => {
      const child = startApi({
        port: apiPort,
        siteUrl: `http://127.0.0.1:${cachedPort}`,
        secrets,
        env,
        quiet: true,
        onLine: () => {},
        nodeArgs,
      });
      children.push(child);
      await waitForUrl(`${apiUrl}/health`, { child, timeoutMs: 240_000 });
      return child;
    };
    let api = await startBenchApi();
    const site = (port: number, extra: Record<string, string>, nodeArgs: string[] = []) => {
      const siteUrl = `http://127.0.0.1:${port}`;
      const web = startWeb({
        port,
        apiUrl,
        siteUrl,
        secrets,
        env: { ...env, ...extra },
        quiet: true,
        onLine: () => {},
        nodeArgs,
      });
      children.push(web);
      return { siteUrl, web };
    };
    const cached = site(cachedPort, {});
    const uncached = site(uncachedPort, { PAGE_CACHE_TTL_MS: '0' });
    await waitForUrl(`${cached.siteUrl}/`, { child: cached.web });
    await waitForUrl(`${uncached.siteUrl}/`, { child: uncached.web });

    const ticketingPath = '/billetterie/les-nuits-electriques-1';
    const pageTypes: PageType[] = [
      { name: 'accueil', path: '/' },
      { name: 'liste', path: '/billetteries/france' },
      { name: 'billetterie', path: ticketingPath },
      { name: 'bon plan', path: await firstLink(uncached.siteUrl, '/bons-plans', /^\/bons-plans\/offer\/[^/?#]+$/) },
      { name: 'article', path: await firstLink(uncached.siteUrl, '/magazine', /^\/magazine\/[a-z0-9-]+$/) },
    ];

    const rows: string[] = [];
    const budgets: string[] = [];
    const apiRows: string[] = [];
    let apiProfile: ProfileSummary | null = null;
    if (ONLY !== 'render') {
      const cookie = await loggedInWithCart(cached.siteUrl, ticketingPath);
      for (const path of [ticketingPath, '/billetteries/france', '/']) {
        const html = Buffer.from(await (await fetch(`${uncached.siteUrl}${path}`)).arrayBuffer());
        const compressed = gzipSync(html);
        const bare = await staticServer(dataDir, html);
        const bareGzip = await staticServer(dataDir, compressed, 'gzip');
        children.push(bare.child, bareGzip.child);
        log(`${path} : même HTML en statique…`);
        const baseline = await load(bare.url);
        log(`${path} : anonyme, cache de pages…`);
        const anonymous = await load(`${cached.siteUrl}${path}`);
        log(`${path} : connecté avec un panier…`);
        const withCart = await load(`${cached.siteUrl}${path}`, { cookie });
        log(`${path} : même HTML compressé en statique…`);
        const baselineGzip = await load(bareGzip.url, BROWSER_ENCODINGS);
        log(`${path} : anonyme, cache de pages, compressé…`);
        const anonymousGzip = await load(`${cached.siteUrl}${path}`, BROWSER_ENCODINGS);
        log(`${path} : connecté avec un panier, compressé…`);
        const withCartGzip = await load(`${cached.siteUrl}${path}`, { ...BROWSER_ENCODINGS, cookie });
        log(`${path} : anonyme, rendu à chaque fois…`);
        const rendered = await load(`${uncached.siteUrl}${path}`);
        const size = (bytes: Buffer, unit: string) => `${(bytes.length / 1024).toFixed(0)} ${unit}`;
        for (const [name, measured, reference, bytes] of [
          ['même HTML, serveur Node nu', baseline, baseline, size(html, 'Ko')],
          ['anonyme, cache de pages', anonymous, baseline, size(html, 'Ko')],
          ['connecté avec un panier', withCart, baseline, size(html, 'Ko')],
          ['anonyme, rendu à chaque fois', rendered, baseline, size(html, 'Ko')],
          [
            'même HTML compressé une fois (gzip), serveur Node nu',
            baselineGzip,
            baselineGzip,
            size(compressed, 'Ko gzip'),
          ],
          ['anonyme, cache de pages, compressé (gzip)', anonymousGzip, baselineGzip, size(compressed, 'Ko gzip')],
          ['connecté avec un panier, compressé (gzip)', withCartGzip, baselineGzip, size(compressed, 'Ko gzip')],
        ] as const)
          rows.push(
            `| \`${path}\` (${bytes}) | ${name} | ${rate(measured.perSecond)} | ${ratio(measured.perSecond, reference.perSecond)} | ${ms(measured.p50)} | ${ms(measured.p99)} | ${measured.failures} |`,
          );
        for (const [visitor, budget, identity, gzip] of [
          ['anonyme', ANONYMOUS_BUDGET, anonymous, anonymousGzip],
          ['connecté avec un panier', CART_BUDGET, withCart, withCartGzip],
        ] as const) {
          const shares = [identity.perSecond / baseline.perSecond, gzip.perSecond / baselineGzip.perSecond];
          budgets.push(
            `| \`${path}\` | ${visitor} | ≥ ${budget * 100} % | ${shares.map((share) => ratio(share, 1)).join(' / ')} | ${verdict(shares.every((share) => share >= budget))} |`,
          );
        }
      }

      log('API : route triviale de Fastify…');
      const trivial = await trivialFastify();
      children.push(trivial.child);
      const trivialLoad = await load(trivial.url);
      apiRows.push(
        `| route triviale (Fastify nu, constante) | ${rate(trivialLoad.perSecond)} | 100 % | ${ms(trivialLoad.p50)} | ${ms(trivialLoad.p99)} |`,
      );
      for (const path of [
        '/health',
        '/ticketings/1',
        '/ticketings?country=france',
        '/offers/home',
        '/redirects/table',
      ]) {
        log(`API : ${path}…`);
        const measured = await load(`${apiUrl}${path}`);
        apiRows.push(
          `| \`GET ${path}\` | ${rate(measured.perSecond)} | ${ratio(measured.perSecond, trivialLoad.perSecond)} | ${ms(measured.p50)} | ${ms(measured.p99)} |`,
        );
      }
    }

    // The rendering floor: each page type rendered every time, one connection, the web process's CPU per
    // request; React's renderToString of the same HTML in this process, between the windows (never during).
    const renderRows: RenderRow[] = [];
    for (const page of pageTypes) {
      const html = await (await fetch(`${uncached.siteUrl}${page.path}`)).text();
      log(`${page.path} : plancher (renderToString du même HTML)…`);
      const floor = await renderFloor(html);
      log(`${page.path} : rendu à chaque fois, une connexion…`);
      const pid = uncached.web.pid ?? 0;
      let cpuBefore = 0;
      let cpuUsed = 0;
      const measured = await load(
        `${uncached.siteUrl}${page.path}`,
        {},
        { connections: 1, warmUpMs: RENDER_WARM_UP_MS, windowMs: RENDER_WINDOW_MS },
        { before: () => (cpuBefore = cpuMsOfTree(pid)), after: () => (cpuUsed = cpuMsOfTree(pid) - cpuBefore) },
      );
      renderRows.push({
        page,
        bytes: Buffer.byteLength(html),
        floor,
        cpuPerRequest: cpuUsed / Math.max(1, measured.requests),
        perRequest: RENDER_WINDOW_MS / Math.max(1, measured.requests),
        load: measured,
      });
    }

    // Where the rest goes: a web server rendering every time, started again under the profiler (its cost stays
    // out of the figures above), loaded with each page type in turn; each page's table counts the samples of
    // its own window only.
    log('profil CPU : site sans cache de pages, chaque type de page tour à tour…');
    const profiles = join(dataDir, 'profiles');
    const profiling = (folder: string) => ['--cpu-prof', `--cpu-prof-dir=${join(profiles, folder)}`];
    if (ONLY !== 'render') {
      await stopProcess(api);
      api = await startBenchApi(profiling('api'));
    }
    const profiled = site(await freePort(), { PAGE_CACHE_TTL_MS: '0' }, profiling('web'));
    await waitForUrl(`${profiled.siteUrl}/`, { child: profiled.web });
    const windows: { from: number; to: number }[] = [];
    for (const row of renderRows) {
      const window = { from: 0, to: 0 };
      await load(
        `${profiled.siteUrl}${row.page.path}`,
        {},
        { connections: 1, warmUpMs: RENDER_WARM_UP_MS, windowMs: RENDER_WINDOW_MS },
        { before: () => (window.from = nowMicros()), after: () => (window.to = nowMicros()) },
      );
      windows.push(window);
    }
    await stopProcess(profiled.web);
    if (ONLY !== 'render') {
      await stopProcess(api);
      apiProfile = summarizeProfile(profileIn(join(profiles, 'api')), 12, { busy: true });
    }
    const webProfile = profileIn(join(profiles, 'web'));
    if (process.env.BENCH_PAGES_PROFILE) copyFileSync(webProfile, process.env.BENCH_PAGES_PROFILE);
    renderRows.forEach((row, index) => {
      row.profile = summarizeProfile(webProfile, 12, { window: windows[index], busy: true });
    });

    const renderTable = renderRows.map((row) => {
      const times = row.cpuPerRequest / row.floor.msPerRender;
      return `| ${row.page.name} (\`${row.page.path}\`, ${(row.bytes / 1024).toFixed(0)} Ko) | ${ms2(row.floor.msPerRender)} | ${ms2(row.cpuPerRequest)} | ${ms2(row.perRequest)} | ${times.toFixed(1)}× | ${verdict(times <= FLOOR_BUDGET)} |`;
    });
    const profileSections = renderRows.map(
      (row) =>
        `**${row.page.name}** (\`${row.page.path}\`, ${row.profile?.samples ?? 0} échantillons occupés) :\n\n${row.profile ? profileTable(row.profile) : ''}`,
    );

    const section = `${START}
## Pages et API sous charge (\`bench/pages.bench.ts\`)

Produit par \`npm run bench\` le ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, sur ${cpus().length} cœurs
(${cpus()[0]?.model ?? 'processeur inconnu'}). Serveurs construits (\`npm run build\`), \`NODE_ENV=production\`, base
embarquée avec le catalogue de démonstration. Charge moyenne de la machine (1 min) : ${loadBefore[0]?.toFixed(1)} au
début, ${loadavg()[0]?.toFixed(1)} à la fin : au-delà du nombre de cœurs, d'autres processus se partagent les
mêmes cœurs et les rapports en souffrent.${ONLY === 'render' ? ' Passage partiel (`BENCH_PAGES_ONLY=render`) : le plancher de rendu seulement.' : ''}
${
  ONLY === 'render'
    ? ''
    : `
### Débit : statique, cache de pages, visiteur connecté avec un panier

${CONNECTIONS} connexions persistantes depuis le même processus que le client de mesure, ${WARM_UP_MS / 1000} s de
chauffe puis ${WINDOW_MS / 1000} s mesurées par cas. Chaque ligne est rapportée à la référence mesurée dans le même
passage : les mêmes octets servis par un serveur Node nu (dans son propre processus, comme le site). Les lignes
« compressé » demandent la page comme un navigateur (\`Accept-Encoding: gzip, deflate, br, zstd\`), rapportées à
la même page compressée une fois et servie comme un fichier. « Connecté avec un panier » : le compte de
démonstration, ses cookies obtenus comme un navigateur les obtient (formulaire de connexion posté, puis
« Ajouter au panier » posté depuis la page billetterie, un billet). Près de 100 % ou au-delà, le client de
mesure (un processus Node, sur les mêmes cœurs) est la limite et l'écart entre les deux serveurs est du bruit.

| page | cas | requêtes/s | part de la référence | p50 | p99 | échecs |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Budgets du ticket 23 (part du serveur statique, sans compression / compressé) :

| page | visiteur | budget | mesuré | verdict |
|---|---|---|---|---|
${budgets.join('\n')}
`
}
### Plancher de rendu : une requête sans cache contre \`renderToString\` du même HTML

Pour chaque type de page, le HTML servi (anonyme) est transformé en éléments React simples
(\`html-react-parser\`, attributs traduits) puis rendu par \`renderToString\` de React (build de production) dans
le processus de mesure : c'est le plancher, ce que React seul coûte pour ces octets (temps CPU par rendu). La
page est ensuite demandée au site sans cache de pages (\`PAGE_CACHE_TTL_MS=0\`), une connexion,
${RENDER_WARM_UP_MS / 1000} s de chauffe puis ${RENDER_WINDOW_MS / 1000} s ; le coût d'une requête est le **temps CPU
du processus web par requête** (utilisateur + système, lu dans \`/proc\`, API et client de mesure exclus) ; la
colonne « 1/débit » donne aussi le temps de bout en bout à une connexion (API et client compris). Budget : au
plus ${FLOOR_BUDGET}× le plancher (un objectif à atteindre, pas une garantie).

| page | plancher (\`renderToString\`) | requête sans cache (CPU du site) | 1/débit, une connexion | rapport au plancher | budget ≤ ${FLOOR_BUDGET}× |
|---|---|---|---|---|---|
${renderTable.join('\n')}

### Où va le reste (profil CPU sous charge, par type de page)

Un site sans cache de pages relancé sous le profileur (\`--cpu-prof\`, son coût reste hors des chiffres
ci-dessus), chargé de chaque type de page tour à tour, une connexion, ${RENDER_WINDOW_MS / 1000} s ; pour chaque page,
les seuls échantillons de sa fenêtre où le processus travaillait (\`(idle)\` exclu) : part de chaque paquet ou
fichier (temps propre) et fonctions les plus lourdes. \`(garbage collector)\` est le ramasse-miettes de V8,
\`(program)\` le travail de V8 hors JavaScript (compilation, entrées-sorties natives).

${profileSections.join('\n\n')}
${
  apiProfile
    ? `
### API et routes

| route de l'API | requêtes/s | part de la route triviale | p50 | p99 |
|---|---|---|---|---|
${apiRows.join('\n')}

L'API sert ses réponses publiques (catalogue, bons plans, Le Mag, recherche) de mémoire tant que la version des
données n'a pas bougé (\`API_CACHE_TTL_MS\`, 5 s ; docs/decisions/0030). Profil de l'API pendant le profil du site
ci-dessus et les routes (${apiProfile.samples} échantillons occupés) :

${profileTable(apiProfile)}
`
    : ''
}${END}`;
    if (ONLY !== 'render') writeReportSection(REPORT, section, START, END);
    console.log(section);
    if (ONLY !== 'render') log(`section écrite dans ${REPORT}`);
  } finally {
    await Promise.all(children.map(stopProcess));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
