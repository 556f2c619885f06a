/**
 * Lighthouse on the built sites, as a phone on a slow 4G sees them: Lighthouse's default mobile settings
 * (simulated throttling) in the system's Chromium, headless. The public site's home, a country listing, a
 * ticketing page, a deal and the cart; the pro site's welcome, login and sign-up, then, signed in as the demo
 * organiser (its session cookies sent with every request, Lighthouse's `extraHeaders`), the dashboard, the
 * ticketings, a ticketing's form, products, sales and embed code, the orders, an order, the organisation and
 * the team. Each page runs `RUNS` times; the run with the median performance score is kept (its four scores,
 * LCP, TBT, CLS and what it still flags). Budgets: issue 13's for the public site (performance ≥ 95,
 * accessibility, best practices and SEO 100), issue 25's for the pro site (accessibility 100). Writes its
 * section of bench/REPORT.md (between its markers). See bench/README.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWhatIsMissing } from '../scripts/lib/builds.mjs';
import { freePort, stopProcess, waitForUrl } from '../scripts/lib/processes.mjs';
import { startApi, startPro, startWeb } from '../scripts/lib/servers.mjs';
import { benchRun, writeReportSection } from './lib.js';
import { benchServerSetup, proApiClient, proSiteCookies } from './servers.js';

const REPORT = fileURLToPath(new URL('./REPORT.md', import.meta.url));
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A folder to keep every run's full Lighthouse report (JSON) in, to read what it flags. */
const KEEP_JSON = process.env.BENCH_LIGHTHOUSE_JSON;
const LIGHTHOUSE_VERSION: string = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8'),
).version;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Budget = Partial<Record<Category, number>>;
/** Issue 13's budgets for the public pages. */
const BUDGET: Budget = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Issue 25's for the pro pages: accessibility 100 (the other scores are given, not budgeted). */
const PRO_BUDGET: Budget = { accessibility: 100 };
/** Only one site (`public` or `pro`, BENCH_LIGHTHOUSE_SITE): the section is printed, not written. */
const ONLY_SITE = process.env.BENCH_LIGHTHOUSE_SITE || undefined;
if (ONLY_SITE !== undefined && ONLY_SITE !== 'public' && ONLY_SITE !== 'pro')
  throw new Error(`BENCH_LIGHTHOUSE_SITE : « public » ou « pro », pas « ${ONLY_SITE} »`);
const CATEGORY_NAMES: Record<Category, string> = {
  performance: 'performances',
  accessibility: 'accessibilité',
  'best-practices': 'bonnes pratiques',
  seo: 'SEO',
};

type Run = {
  scores: Record<Category, number>;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string;
  /** What the page wrote in the console as errors (`errors-in-console`): a failed load, an uncaught error. */
  consoleErrors: string[];
  /** Lighthouse's measure of the machine's speed during the run (higher is faster; a 2020 desktop ≈ 1500+). */
  benchmarkIndex: number;
  /** The audits of the run that lose points, by category: failed ones, and performance's insights. */
  flagged: Partial<Record<Category, string[]>>;
};

const log = (message: string) => console.log(`[bench lighthouse] ${message}`);

// The report's shape, as far as this bench reads it.
type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: {
    type?: string;
    items?: Array<{
      node?: { snippet?: string; selector?: string };
      source?: string;
      description?: string;
      sourceLocation?: { url?: string };
    }>;
  };
  metricSavings?: Record<string, number>;
};
type Report = {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
  environment?: { benchmarkIndex?: number };
};

/** What of the report costs points: every weighted audit below full marks, and performance's insights. */
function flaggedAudits(report: Report): Partial<Record<Category, string[]>> {
  const flagged: Partial<Record<Category, string[]>> = {};
  for (const category of CATEGORIES)
    for (const ref of report.categories[category]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      const savings = Object.entries(audit.metricSavings ?? {}).filter(([, value]) => value > 0);
      // Performance's metrics are the score itself; its insights matter when they would save something.
      if (category === 'performance' && ref.weight === 0 && savings.length === 0) continue;
      flagged[category] = [...(flagged[category] ?? []), audit.id];
    }
  return flagged;
}

function lcpElement(report: Report): string {
  const items = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
  // Lighthouse 12: a list of tables, the first holding the element.
  for (const item of items as Array<
    { items?: Array<{ node?: { snippet?: string } }> } & { node?: { snippet?: string } }
  >) {
    const node = item.node ?? item.items?.[0]?.node;
    if (node?.snippet) return node.snippet.replace(/\s+/g, ' ').slice(0, 120);
  }
  return '—';
}

/**
 * One Lighthouse run of `url`; `categories`: all four on a page's first run, performance alone on the next
 * ones (accessibility, best practices and SEO do not depend on the machine's speed, and axe is slow).
 * `cookie`: a session's cookies, sent with every request of the page (Lighthouse's way for signed-in pages).
 */
async function audit(
  url: string,
  port: number,
  label: string,
  run: number,
  categories: readonly Category[],
  cookie?: string,
): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    extraHeaders: cookie ? { Cookie: cookie } : null,
    // The picture of the whole page is for people reading the report, not for any score: skipped, it is slow.
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`${url} : Lighthouse n'a rien rendu.`);
  const report = result.lhr as unknown as Report;
  if (report.runtimeError) throw new Error(`${url} : ${report.runtimeError.message}`);
  if (KEEP_JSON) {
    mkdirSync(KEEP_JSON, { recursive: true });
    writeFileSync(join(KEEP_JSON, `${label}-${run + 1}.json`), JSON.stringify(result.lhr, null, 1));
  }
  const score = (category: Category) => Math.round(100 * (report.categories[category]?.score ?? 0));
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores: Object.fromEntries(categories.map((category) => [category, score(category)])) as Record<Category, number>,
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    lcpElement: lcpElement(report),
    consoleErrors: consoleErrors(report),
    flagged: flaggedAudits(report),
  };
}

/**
 * The console's errors, each on its first line and shortened (a failed load with the address it failed on),
 * the site's own origin left out.
 */
function consoleErrors(report: Report): string[] {
  const items = report.audits['errors-in-console']?.details?.items ?? [];
  return items.map((item) => {
    const first = (item.description ?? '').split('\n')[0] ?? '';
    const line = item.source === 'network' ? `${first} : ${item.sourceLocation?.url ?? '?'}` : first;
    return (line.length > 200 ? `${line.slice(0, 200)}…` : line).replace(/https?:\/\/localhost:\d+/g, '');
  });
}

/** The run whose performance score is the median of the runs (the lower middle one for an even count). */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)] as Run;
}

/** The address of the first deal the deals' home links to. */
async function firstDeal(siteUrl: string): Promise<string> {
  const html = await (await fetch(`${siteUrl}/bons-plans`)).text();
  const path = html.match(/href="(\/bons-plans\/offer\/[^"?#]+)"/)?.[1];
  if (!path) throw new Error('aucun bon plan sur /bons-plans');
  return path;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2).replace('.', ',')} s`;

/** A page to audit; `cookie`: the session it is seen with, asked afresh for each page (tokens expire). */
type Page = { label: string; name: string; path: string; note?: string; cookie?: () => Promise<string> };
type Result = { page: Page; kept: Run; all: Run[] };

/** `RUNS` Lighthouse runs of each page of the site at `siteUrl`, the median one kept. */
async function auditPages(siteUrl: string, pages: readonly Page[], chromePort: number): Promise<Result[]> {
  const results: Result[] = [];
  for (const page of pages) {
    const cookie = await page.cookie?.();
    // A signed-in page must answer itself, not the login's redirect: else Lighthouse would score the login.
    const response = await fetch(`${siteUrl}${page.path}`, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
      signal: AbortSignal.timeout(30_000),
    });
    await response.body?.cancel();
    if (response.status !== 200) throw new Error(`${page.path} répond ${response.status}`);
    const all: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      const runStarted = performance.now();
      const measured = await audit(
        `${siteUrl}${page.path}`,
        chromePort,
        page.label,
        run,
        run === 0 ? CATEGORIES : ['performance'],
        cookie,
      );
      log(
        `${page.path} (${run + 1}/${RUNS}) : ${CATEGORIES.map((category) => measured.scores[category] ?? '–').join(' / ')}, LCP ${seconds(measured.lcp)}, TBT ${Math.round(measured.tbt)} ms, CLS ${measured.cls.toFixed(3)} (${seconds(performance.now() - runStarted)})`,
      );
      all.push(measured);
    }
    // The other categories (and best practices' console errors) come from the first run, the only one that had them.
    const first = all[0] as Run;
    const median = medianRun(all);
    const kept: Run = {
      ...median,
      scores: { ...first.scores, performance: median.scores.performance },
      flagged: { ...first.flagged, performance: median.flagged.performance ?? [] },
      consoleErrors: first.consoleErrors,
    };
    results.push({ page, kept, all });
  }
  return results;
}

const missed = (run: Run, budget: Budget) =>
  CATEGORIES.filter(
    (category) => budget[category] !== undefined && (run.scores[category] ?? 0) < (budget[category] ?? 0),
  );

/** The table of a site's pages, then a line per page: its LCP element, what it flags, what misses the budget. */
function resultsTable(results: readonly Result[], budget: Budget): string {
  const rows = results.map(({ page, kept, all }) => {
    const performances = all.map((run) => run.scores.performance).join(', ');
    return `| ${page.name} \`${page.path}\` | **${kept.scores.performance}** (${performances}) | ${kept.scores.accessibility} | ${kept.scores['best-practices']} | ${kept.scores.seo} | ${seconds(kept.lcp)} | ${Math.round(kept.tbt)} ms | ${kept.cls.toFixed(3)} | ${Math.round(kept.benchmarkIndex)} | ${missed(kept, budget).length === 0 ? 'tenu' : '**non tenu**'} |`;
  });
  const details = results.map(({ page, kept }) => {
    const misses = missed(kept, budget).map(
      (category) => `${CATEGORY_NAMES[category]} ${kept.scores[category]} < ${budget[category]}`,
    );
    const flagged = CATEGORIES.filter((category) => (kept.flagged[category] ?? []).length > 0)
      .map(
        (category) =>
          `${CATEGORY_NAMES[category]} : ${(kept.flagged[category] ?? []).map((id) => `\`${id}\``).join(', ')}`,
      )
      .join(' ; ');
    return `- ${page.name} : élément LCP \`${kept.lcpElement.replace(/`/g, "'")}\` ; audits signalés — ${flagged || 'aucun'}${kept.consoleErrors.length > 0 ? ` ; console : ${kept.consoleErrors.map((error) => `« ${error.replace(/`/g, "'")} »`).join(', ')}` : ''}${misses.length > 0 ? ` ; manque : ${misses.join(', ')}` : ''}${page.note ? ` (${page.note})` : ''}.`;
  });
  return `| page | performances | accessibilité | bonnes pratiques | SEO | LCP | TBT | CLS | indice machine | budget |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${details.join('\n')}`;
}

type Membership = { id: number };
type TicketingSummary = { id: number; sold: number };

/**
 * The demo organiser's pages on the pro site: its first organiser (as the pro site's home leads to), the first
 * of its ticketings that sold places (its sales page has figures) and its latest order, found through the API.
 */
async function proPages(apiUrl: string, proUrl: string): Promise<Page[]> {
  const api = await proApiClient(apiUrl);
  const me = await api<{ organizers: Membership[] }>('GET', '/pro/me');
  const organizer = me.organizers[0]?.id;
  if (!organizer) throw new Error('l’organisateur de démonstration n’a aucun organisateur');
  const base = `/pro/organizers/${organizer}`;
  const { items } = await api<{ items: TicketingSummary[] }>('GET', `${base}/ticketings?limit=100`);
  const ticketing = items.find((item) => item.sold > 0)?.id;
  if (!ticketing) throw new Error(`aucune billetterie vendue chez l’organisateur ${organizer}`);
  const orders = await api<{ items: Membership[] }>('GET', `${base}/orders?limit=1`);
  const order = orders.items[0]?.id;
  if (!order) throw new Error(`aucune commande chez l’organisateur ${organizer}`);
  const cookie = () => proSiteCookies(proUrl);
  const at = `/organisateurs/${organizer}`;
  return [
    { label: 'pro-accueil', name: 'Accueil (déconnecté)', path: '/' },
    { label: 'pro-connexion', name: 'Connexion', path: '/connexion' },
    { label: 'pro-inscription', name: 'Inscription', path: '/inscription' },
    { label: 'pro-tableau', name: 'Tableau de bord', path: at, cookie },
    { label: 'pro-billetteries', name: 'Billetteries', path: `${at}/billetteries`, cookie },
    { label: 'pro-nouvelle', name: 'Nouvelle billetterie', path: `${at}/billetteries/nouvelle`, cookie },
    { label: 'pro-billetterie', name: 'Modifier une billetterie', path: `${at}/billetteries/${ticketing}`, cookie },
    { label: 'pro-tarifs', name: 'Tarifs', path: `${at}/billetteries/${ticketing}/tarifs`, cookie },
    { label: 'pro-ventes', name: 'Ventes d’une billetterie', path: `${at}/billetteries/${ticketing}/ventes`, cookie },
    {
      label: 'pro-integration',
      name: 'Intégration',
      path: `${at}/billetteries/${ticketing}/integration`,
      cookie,
    },
    { label: 'pro-commandes', name: 'Commandes', path: `${at}/commandes`, cookie },
    { label: 'pro-commande', name: 'Une commande', path: `${at}/commandes/${order}`, cookie },
    { label: 'pro-organisation', name: 'Organisation', path: `${at}/organisation`, cookie },
    { label: 'pro-equipe', name: 'Équipe', path: `${at}/equipe`, cookie },
  ];
}

async function main() {
  buildWhatIsMissing();
  const run = benchRun();
  const { dataDir, secrets, env } = benchServerSetup('lighthouse');
  const [apiPort, webPort, proPort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  // localhost: a secure context for the browser, as the sites are on HTTPS in production.
  const siteUrl = `http://localhost:${webPort}`;
  const proUrl = `http://localhost:${proPort}`;
  const children: ChildProcess[] = [];
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    log('démarrage de l’API (base embarquée, catalogue de démonstration), du site public et du site pro…');
    const api = startApi({ port: apiPort, siteUrl, proUrl, secrets, env, quiet: true, onLine: () => {} });
    children.push(api);
    await waitForUrl(`${apiUrl}/health`, { child: api, timeoutMs: 240_000 });
    const web = startWeb({ port: webPort, apiUrl, siteUrl, proUrl, secrets, env, quiet: true, onLine: () => {} });
    const pro = startPro({ port: proPort, apiUrl, proUrl, siteUrl, env, quiet: true, onLine: () => {} });
    children.push(web, pro);
    await waitForUrl(`${siteUrl}/`, { child: web });
    await waitForUrl(`${proUrl}/`, { child: pro });

    const publicPages: Page[] = [
      { label: 'accueil', name: 'Accueil', path: '/' },
      { label: 'listing', name: 'Listing d’un pays', path: '/billetteries/france' },
      { label: 'billetterie', name: 'Page billetterie', path: '/billetterie/les-nuits-electriques-1' },
      { label: 'bon-plan', name: 'Bon plan', path: await firstDeal(siteUrl) },
      {
        label: 'panier',
        name: 'Panier (vide)',
        path: '/cart',
        note: 'le panier est exclu des moteurs de recherche exprès (`noindex`, `Disallow: /cart`) : `is-crawlable` ne peut pas y passer',
      },
    ];
    const pros = await proPages(apiUrl, proUrl);

    chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      logLevel: 'silent',
    });
    const publicResults = ONLY_SITE === 'pro' ? [] : await auditPages(siteUrl, publicPages, chrome.port);
    const proResults = ONLY_SITE === 'public' ? [] : await auditPages(proUrl, pros, chrome.port);

    const section = `${START}
## Lighthouse sur mobile (\`bench/lighthouse.bench.ts\`)

${run.produced()} Lighthouse ${LIGHTHOUSE_VERSION}, réglages par défaut pour mobile (réseau 4G lent et processeur
ralenti 4 fois, par simulation), dans le Chromium du système sans interface ; serveurs construits
(\`npm run build\`), \`NODE_ENV=production\`, base embarquée avec le catalogue de démonstration.
${RUNS} passages par page : le premier note les quatre catégories, les suivants les performances seules ; la
ligne garde le passage dont le score de performances est la médiane (celui de chaque passage entre
parenthèses). La simulation part des durées de calcul observées : sur une machine chargée, les
performances baissent (« indice machine » : le \`benchmarkIndex\` de Lighthouse pendant le passage gardé,
plus il est haut plus la machine est rapide ; Lighthouse calibre son ralentissement pour un ordinateur
de bureau vers 1 000–2 000 et au-delà).

### Site public, visiteur anonyme

${resultsTable(publicResults, BUDGET)}

Budget du ticket 13 : performances ≥ ${BUDGET.performance}, accessibilité ${BUDGET.accessibility}, bonnes pratiques ${BUDGET['best-practices']},
SEO ${BUDGET.seo}.

### Espace pro

L’accueil, la connexion et l’inscription vus déconnecté ; les autres pages vues par l’organisatrice de
démonstration (\`pro@guichet.test\`), connectée par le formulaire de connexion comme un navigateur : ses cookies
de session (\`__Host-guichet_pro_access\`, \`__Host-guichet_pro_refresh\`) envoyés avec chaque requête de la page
(\`extraHeaders\` de Lighthouse), obtenus à nouveau avant chaque page (le jeton d’accès vit 15 minutes). Son
premier organisateur, la première de ses billetteries qui a vendu des places et sa dernière commande.

${resultsTable(proResults, PRO_BUDGET)}

Budget du ticket 25 : accessibilité ${PRO_BUDGET.accessibility} sur chaque page de l’espace pro (les autres scores sont
donnés pour information : ces pages ne sont pas faites pour les moteurs de recherche ni pour un premier
chargement sur un téléphone en 4G).
${END}`;
    if (ONLY_SITE) console.log(section);
    else {
      writeReportSection(REPORT, section, START, END);
      console.log(section);
      log(`section écrite dans ${REPORT}`);
    }
  } finally {
    chrome?.kill();
    await Promise.all(children.map(stopProcess));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
