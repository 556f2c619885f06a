/**
 * Publishing shows it (issue 25): the built API and web server (the page cache on, as in production), the demo
 * organiser signed in to the pro API. For each of `COUNT` ticketings, one after another: a draft with one
 * product is made on a day of its own, that day's public listing (/billetteries/france/Y/M/D) is asked until
 * the page cache serves it (`x-page-cache: HIT`, without the ticketing), then the ticketing is published
 * (POST …/status) and the listing asked every `STEP_MS` until its HTML names it. The delay runs from the
 * API's answer to the publication (committed: what the web's next poll reads) to the listing's answer naming it. The web server reads the API's data version every
 * DATA_VERSION_POLL_MS (apps/web/data-version.mjs) and renders a page again under a new one, so no delay may
 * pass that period plus a render's margin: the run fails (exit 1) otherwise. Writes its section of
 * bench/REPORT.md.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ProTicketing } from '@guichet/contracts';
import { DATA_VERSION_POLL_MS } from '../apps/web/data-version.mjs';
import { buildWhatIsMissing } from '../scripts/lib/builds.mjs';
import { freePort, stopProcess, waitForUrl } from '../scripts/lib/processes.mjs';
import { startApi, startWeb } from '../scripts/lib/servers.mjs';
import { benchRun, ms, type Summary, summarize, writeReportSection } from './lib.js';
import { benchServerSetup, proApiClient } from './servers.js';

const REPORT = fileURLToPath(new URL('./REPORT.md', import.meta.url));
const START = '<!-- publish:start -->';
const END = '<!-- publish:end -->';
const COUNT = Math.max(1, Number(process.env.BENCH_PUBLISH_COUNT ?? 30));
/** The poll period of the web server measured: the environment's, as the web reads it, else its default. */
const POLL_MS = Number(process.env.DATA_VERSION_POLL_MS ?? DATA_VERSION_POLL_MS);
/** What a visitor's request may take beyond the poll: the page rendered again under the new version. */
const RENDER_MARGIN_MS = 500;
const BOUND_MS = POLL_MS + RENDER_MARGIN_MS;
/** How often the listing is asked while waiting: a visitor's reload, far finer than the poll. */
const STEP_MS = 20;
/** Past this, the ticketing never showed: the run stops there. */
const GIVE_UP_MS = BOUND_MS + 10_000;
/** The first day used: far ahead of the demo catalogue, one day per ticketing so each listing holds one card. */
const FIRST_DAY_AHEAD = 800;

const log = (message: string) => console.log(`[bench publish] ${message}`);

type Measure = {
  /** From the API's answer to the publication (committed) to the listing's answer naming the ticketing. */
  delay: number;
  /** The publish request alone (the API's answer: the write is committed). */
  publish: number;
  /** The answer that named it: its duration (a render when the cache missed) and the cache's word. */
  render: number;
  cache: string;
};

type Listing = { html: string; cache: string; duration: number };

async function listing(url: string): Promise<Listing> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(GIVE_UP_MS) });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${url} répond ${response.status}`);
  return { html, cache: response.headers.get('x-page-cache') ?? '—', duration: performance.now() - started };
}

const wait = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

/** A date `days` ahead, as the pro form sends it (the day in UTC: hours away from Paris's change nothing). */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function main() {
  buildWhatIsMissing();
  const run = benchRun();
  const { dataDir, secrets, env } = benchServerSetup('publish');
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const siteUrl = `http://127.0.0.1:${webPort}`;
  // One web process (each polls on its own, so one is the case of every one), the page cache at its production
  // lifetime whatever the shell says.
  const webEnv = {
    ...Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'PAGE_CACHE_TTL_MS')),
    WEB_WORKERS: '1',
    DATA_VERSION_POLL_MS: String(POLL_MS),
  };
  const children: ChildProcess[] = [];
  try {
    log('démarrage de l’API (base embarquée, catalogue de démonstration) et du site…');
    const api = startApi({ port: apiPort, siteUrl, secrets, env, quiet: true, onLine: () => {} });
    children.push(api);
    await waitForUrl(`${apiUrl}/health`, { child: api, timeoutMs: 240_000 });
    const web = startWeb({ port: webPort, apiUrl, siteUrl, secrets, env: webEnv, quiet: true, onLine: () => {} });
    children.push(web);
    await waitForUrl(`${siteUrl}/`, { child: web });

    const pro = await proApiClient(apiUrl);
    const me = await pro<{ organizers: Array<{ id: number }> }>('GET', '/pro/me');
    const organizer = me.organizers[0]?.id;
    if (!organizer) throw new Error('l’organisateur de démonstration n’a aucun organisateur');
    const base = `/pro/organizers/${organizer}/ticketings`;
    const tag = randomBytes(3).toString('hex');

    const measures: Measure[] = [];
    for (let index = 0; index < COUNT; index++) {
      const date = dayAhead(FIRST_DAY_AHEAD + index);
      const [year, month, day] = date.split('-');
      const url = `${siteUrl}/billetteries/france/${year}/${month}/${day}`;
      const title = `Publication mesurée ${index + 1} (${tag})`;
      const draft = await pro<ProTicketing>('POST', base, {
        title,
        category: 'Concert',
        when: { schedule: 'DATED', date, time: '20:30' },
        venue: {
          name: 'La Cigale',
          address: '120 boulevard de Rochechouart',
          postalCode: '75018',
          city: 'Paris',
          country: 'france',
        },
        summary: 'Une billetterie publiée par la mesure.',
        description: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Mesure.' }] }] },
      });
      const ready = await pro<ProTicketing>('POST', `${base}/${draft.id}/products`, {
        version: draft.version,
        title: 'Plein tarif',
        price: '20',
        stock: 100,
        quota: 6,
      });
      // The listing as visitors get it before the publication: a copy of the page cache, without the draft.
      const cachedSince = performance.now();
      let before = await listing(url);
      while (before.cache !== 'HIT') {
        if (performance.now() - cachedSince > GIVE_UP_MS) throw new Error(`${url} jamais servie par le cache`);
        before = await listing(url);
      }
      if (before.html.includes(title)) throw new Error(`${title} : sur le listing avant d’être publiée`);
      // A pause of a random part of the poll period: publications land anywhere in it, not in step with it.
      await wait(Math.random() * POLL_MS);

      const sent = performance.now();
      await pro<ProTicketing>('POST', `${base}/${draft.id}/status`, { version: ready.version, status: 'PUBLISHED' });
      const published = performance.now();
      for (;;) {
        const answer = await listing(url);
        const delay = performance.now() - published;
        if (answer.html.includes(title)) {
          measures.push({ delay, publish: published - sent, render: answer.duration, cache: answer.cache });
          break;
        }
        if (delay > GIVE_UP_MS)
          throw new Error(`${title} : absente du listing ${Math.round(delay)} ms après sa publication`);
        await wait(STEP_MS);
      }
      const last = measures.at(-1) as Measure;
      log(
        `${index + 1}/${COUNT} : visible en ${ms(last.delay)} ms (publication ${ms(last.publish)} ms, dernière réponse ${ms(last.render)} ms, ${last.cache})`,
      );
    }

    const delays = summarize(measures.map((measure) => measure.delay));
    const publishes = summarize(measures.map((measure) => measure.publish));
    const renders = summarize(measures.filter((measure) => measure.cache === 'MISS').map((measure) => measure.render));
    const misses = measures.filter((measure) => measure.cache === 'MISS').length;
    const over = measures.filter((measure) => measure.delay > BOUND_MS);
    const held = over.length === 0;
    const row = (name: string, summary: Summary, bound: string, verdict: string) =>
      `| ${name} | ${summary.runs} | ${ms(summary.p50)} ms | ${ms(summary.p95)} ms | **${ms(summary.max)} ms** | ${bound} | ${verdict} |`;
    const section = `${START}
## Une billetterie publiée paraît sur le listing public (\`bench/publish.bench.ts\`)

${run.produced()} API et site public construits, \`NODE_ENV=production\`, base embarquée avec le catalogue de
démonstration ; un processus web, cache de pages allumé (réglages de production), qui lit la version des données
de l’API toutes les ${POLL_MS} ms (\`DATA_VERSION_POLL_MS\`, \`apps/web/data-version.mjs\`). L’organisatrice de
démonstration, connectée à l’API pro, publie ${COUNT} billetteries l’une après l’autre : chacune, brouillon avec un
tarif à une date à elle, attend que le listing de son jour (\`/billetteries/france/AAAA/MM/JJ\`) soit servi par le
cache sans elle (\`x-page-cache: HIT\`), puis une pause tirée au hasard dans la période de lecture, puis
« Publier » (\`POST /pro/organizers/:id/ticketings/:id/status\`) ; le listing est redemandé toutes les
${STEP_MS} ms jusqu’à ce que sa page la nomme. Délai : de la réponse de l’API à la publication (elle est
enregistrée : la prochaine lecture de la version des données la voit) à la réponse du listing qui la montre.

| mesure | billetteries | p50 | p95 | max | borne | verdict |
|---|---|---|---|---|---|---|
${row('Publication → listing public qui la montre', delays, `${POLL_MS} + ${RENDER_MARGIN_MS} ms`, held ? 'tenu' : `**non tenu** (${over.length} au-delà)`)}
${row('Publication elle-même (réponse de l’API, avant le délai)', publishes, '—', 'pour information')}
${misses > 0 ? row('dont la réponse qui la montre, rendue à nouveau', renders, '—', 'pour information') : ''}

Borne : la période de lecture de la version des données (${POLL_MS} ms) plus la marge d’un rendu
(${RENDER_MARGIN_MS} ms). ${misses} réponses sur ${measures.length} qui la montrent ont été rendues à nouveau
(\`MISS\` : la première requête sous la nouvelle version) ; les autres (\`HIT\`) ont trouvé la page déjà rendue.
${END}`;
    writeReportSection(REPORT, section, START, END);
    console.log(section);
    log(`section écrite dans ${REPORT}`);
    if (!held) {
      log(`${over.length} billetteries au-delà de ${BOUND_MS} ms`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(children.map(stopProcess));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
