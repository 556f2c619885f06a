/**
 * Pages and API under load, each as a ratio to a baseline measured in the same run on the same machine:
 * - a page of the site (built servers, `server.mjs` as `npm start` runs it) against the very same HTML bytes
 *   served by a bare Node server: anonymous with the rendered-page cache, anonymous rendered every time
 *   (PAGE_CACHE_TTL_MS=0), and logged in (a page of one's own, always rendered);
 * - API routes against a trivial Fastify route answering a constant.
 * 25 keep-alive connections, a warm-up then a timed window per case; requests a second, p50 and p99.
 * Writes its section of bench/REPORT.md (between its markers). See bench/README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildWhatIsMissing } from '../scripts/lib/builds.mjs';
import { freePort, stopProcess, waitForUrl } from '../scripts/lib/processes.mjs';
import { startApi, startWeb } from '../scripts/lib/servers.mjs';
import { profileIn, profileTable, summarizeProfile } from './cpu-profile.js';
import { percentile, writeReportSection } from './lib.js';
import { benchServerSetup } from './servers.js';

const REPORT = fileURLToPath(new URL('./REPORT.md', import.meta.url));
const START = '<!-- pages:start -->';
const END = '<!-- pages:end -->';
const CONNECTIONS = 25;
const WARM_UP_MS = Number(process.env.BENCH_WARM_UP_MS ?? 2_000);
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 6_000);
/** What a browser sends: the page cache answers it with gzip. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const DEMO = { email: 'demo@guichet.test', password: 'demo-guichet-2026' };

type Load = { perSecond: number; p50: number; p99: number; requests: number; failures: number };

const log = (message: string) => console.log(`[bench pages] ${message}`);

/** `CONNECTIONS` clients sending GET `url` back to back for `ms`, after a warm-up. */
async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
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
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const took = await once();
          if (took < 0) failures++;
          else timings?.push(took);
        }
      }),
    );
    return failures;
  };
  await run(WARM_UP_MS, null);
  const timings: number[] = [];
  const started = performance.now();
  const failures = await run(WINDOW_MS, timings);
  const elapsed = (performance.now() - started) / 1000;
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

/** The session cookies of the demo account, through the site's own login form. */
async function logInCookies(siteUrl: string): Promise<string> {
  const response = await fetch(`${siteUrl}/auth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: siteUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: DEMO.email, password: DEMO.password }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  // In production the names carry the __Host- prefix.
  if (!cookies.some((cookie) => cookie?.includes('guichet_access='))) throw new Error('connexion impossible');
  return cookies.join('; ');
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rate = (value: number) => `${Math.round(value)}/s`;
const ratio = (value: number, base: number) => `${((100 * value) / base).toFixed(0)} %`;
/** Ratios of the pages measured, as percentages. */
const percents = (values: number[]) => values.map((value) => ratio(value, 1)).join(', ');

async function main() {
  buildWhatIsMissing();
  const { dataDir, secrets, env } = benchServerSetup('pages');
  const [apiPort, cachedPort, uncachedPort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const children: ChildProcess[] = [];
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
    const cookie = await logInCookies(uncached.siteUrl);

    const pages = ['/billetterie/les-nuits-electriques-1', '/billetteries/france'];
    const rows: string[] = [];
    const results: Record<string, number> = {};
    for (const path of pages) {
      const html = Buffer.from(await (await fetch(`${uncached.siteUrl}${path}`)).arrayBuffer());
      const bare = await staticServer(dataDir, html);
      children.push(bare.child);
      log(`${path} : même HTML en statique…`);
      const baseline = await load(bare.url);
      log(`${path} : anonyme, cache de pages…`);
      const withCache = await load(`${cached.siteUrl}${path}`);
      // As a browser asks: the page cache answers compressed (gzip-pieces.mjs), against the same page
      // compressed once and served as a file.
      const compressed = gzipSync(html);
      const bareGzip = await staticServer(dataDir, compressed, 'gzip');
      children.push(bareGzip.child);
      log(`${path} : même HTML compressé en statique…`);
      const baselineGzip = await load(bareGzip.url, BROWSER_ENCODINGS);
      log(`${path} : anonyme, cache de pages, compressé…`);
      const withCacheGzip = await load(`${cached.siteUrl}${path}`, BROWSER_ENCODINGS);
      log(`${path} : anonyme, rendu à chaque fois…`);
      const rendered = await load(`${uncached.siteUrl}${path}`);
      log(`${path} : connecté…`);
      const loggedIn = await load(`${cached.siteUrl}${path}`, { cookie });
      results[`${path} cached`] = withCache.perSecond / baseline.perSecond;
      results[`${path} cached gzip`] = withCacheGzip.perSecond / baselineGzip.perSecond;
      results[`${path} rendered`] = rendered.perSecond / baseline.perSecond;
      const size = (bytes: Buffer, unit: string) => `${(bytes.length / 1024).toFixed(0)} ${unit}`;
      for (const [name, measured, reference, bytes] of [
        ['même HTML, serveur Node nu', baseline, baseline, size(html, 'Ko')],
        ['anonyme, cache de pages', withCache, baseline, size(html, 'Ko')],
        ['anonyme, rendu à chaque fois', rendered, baseline, size(html, 'Ko')],
        ['connecté (page à soi, rendue)', loggedIn, baseline, size(html, 'Ko')],
        [
          'même HTML compressé une fois (gzip), serveur Node nu',
          baselineGzip,
          baselineGzip,
          size(compressed, 'Ko gzip'),
        ],
        [
          'anonyme, cache de pages, compressé (gzip, comme un navigateur)',
          withCacheGzip,
          baselineGzip,
          size(compressed, 'Ko gzip'),
        ],
      ] as const)
        rows.push(
          `| \`${path}\` (${bytes}) | ${name} | ${rate(measured.perSecond)} | ${ratio(measured.perSecond, reference.perSecond)} | ${ms(measured.p50)} | ${ms(measured.p99)} | ${measured.failures} |`,
        );
    }

    log('API : route triviale de Fastify…');
    const trivial = await trivialFastify();
    children.push(trivial.child);
    const trivialLoad = await load(trivial.url);
    const apiRows = [
      `| route triviale (Fastify nu, constante) | ${rate(trivialLoad.perSecond)} | 100 % | ${ms(trivialLoad.p50)} | ${ms(trivialLoad.p99)} |`,
    ];
    for (const path of ['/health', '/ticketings/1', '/ticketings?country=france', '/offers/home', '/redirects/table']) {
      log(`API : ${path}…`);
      const measured = await load(`${apiUrl}${path}`);
      apiRows.push(
        `| \`GET ${path}\` | ${rate(measured.perSecond)} | ${ratio(measured.perSecond, trivialLoad.perSecond)} | ${ms(measured.p50)} | ${ms(measured.p99)} |`,
      );
    }

    // Where the time goes: the API and a web server rendering every time, started again under the profiler
    // (its cost stays out of the figures above), loaded with the ticketing page for one window.
    log('profils CPU : API et site sans cache de pages, page billetterie…');
    const profiles = join(dataDir, 'profiles');
    const profiling = (folder: string) => ['--cpu-prof', `--cpu-prof-dir=${join(profiles, folder)}`];
    await stopProcess(api);
    api = await startBenchApi(profiling('api'));
    const profiled = site(await freePort(), { PAGE_CACHE_TTL_MS: '0' }, profiling('web'));
    await waitForUrl(`${profiled.siteUrl}/`, { child: profiled.web });
    const profiledLoad = await load(`${profiled.siteUrl}${pages[0]}`);
    await stopProcess(profiled.web);
    await stopProcess(api);
    const webProfile = summarizeProfile(profileIn(join(profiles, 'web')), 12);
    const apiProfile = summarizeProfile(profileIn(join(profiles, 'api')), 12);

    const cachedRatios = pages.map((path) => results[`${path} cached`] ?? 0);
    const cachedGzipRatios = pages.map((path) => results[`${path} cached gzip`] ?? 0);
    const renderedRatios = pages.map((path) => results[`${path} rendered`] ?? 0);
    const section = `${START}
## Pages et API sous charge (\`bench/pages.bench.ts\`)

Produit par \`npm run bench\` le ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, sur ${cpus().length} cœurs
(${cpus()[0]?.model ?? 'processeur inconnu'}). Serveurs construits (\`npm run build\`), \`NODE_ENV=production\`, base
embarquée avec le catalogue de démonstration ; ${CONNECTIONS} connexions persistantes depuis le même
processus que le client de mesure, ${WARM_UP_MS / 1000} s de chauffe puis ${WINDOW_MS / 1000} s mesurées par cas.
Chaque ligne est rapportée à la référence mesurée dans le même passage : les mêmes octets servis par un
serveur Node nu pour les pages, une route Fastify triviale pour l'API. Les lignes « compressé » demandent la
page comme un navigateur (\`Accept-Encoding: gzip, deflate, br, zstd\`) : le cache la sert en gzip, assemblée de
morceaux compressés une fois autour du nonce de chaque copie (\`apps/web/gzip-pieces.mjs\`), rapportée à la même
page compressée une fois et servie comme un fichier. Le serveur nu tourne dans son propre processus, comme le
site. Un rapport proche de 100 % ou au-delà veut dire que le client de mesure (un processus Node, sur les
mêmes deux cœurs) est la limite : les deux serveurs répondent plus vite qu'il ne demande, et l'écart entre
eux est alors du bruit.

| page | cas | requêtes/s | part de la référence | p50 | p99 | échecs |
|---|---|---|---|---|---|---|
${rows.join('\n')}

| route de l'API | requêtes/s | part de la route triviale | p50 | p99 |
|---|---|---|---|---|
${apiRows.join('\n')}

Budgets du ticket 13 : pages anonymes avec cache ≥ 50 % du statique (ici ${percents(cachedRatios)} ;
compressées comme les demande un navigateur, ${percents(cachedGzipRatios)} du même fichier compressé) ; rendu sans
cache ≥ 15 % (ici ${percents(renderedRatios)}) ; routes de l'API ≥ 50 % d'une route triviale.

L'API sert ses réponses publiques (catalogue, bons plans, Le Mag, recherche) de mémoire tant que la version des
données n'a pas bougé (\`API_CACHE_TTL_MS\`, 5 s ; docs/decisions/0030) : les lignes de l'API et les pages
« rendues à chaque fois » en profitent ; le rendu React, lui, est refait à chaque requête.

### Où va le temps (profils CPU sous charge)

\`${pages[0]}\` rendue à chaque fois (${rate(profiledLoad.perSecond)} sous le profileur), ${CONNECTIONS} connexions,
${WINDOW_MS / 1000} s ; part des échantillons dont la fonction en cours appartient à chaque paquet (temps propre).

Site (\`server.mjs\`, ${webProfile.samples} échantillons, démarrage compris : les lignes \`compileSourceTextModule\`, \`wrapSafe\`, \`detectModuleFormat\`) :

${profileTable(webProfile)}

API (${apiProfile.samples} échantillons, démarrage compris) :

${profileTable(apiProfile)}
${END}`;
    writeReportSection(REPORT, section, START, END);
    console.log(section);
    log(`section écrite dans ${REPORT}`);
  } finally {
    await Promise.all(children.map(stopProcess));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
