/**
 * Lighthouse on the built site, as a phone on a slow 4G sees it: Lighthouse's default mobile settings
 * (simulated throttling) in the system's Chromium, headless. The home, a country listing, a ticketing page, a
 * deal and the cart, each run `RUNS` times; the run with the median performance score is kept (its four
 * scores, LCP, TBT, CLS and what it still flags). Budgets of issue 13: performance ≥ 95, accessibility,
 * best practices and SEO 100. Writes its section of bench/REPORT.md (between its markers). See bench/README.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWhatIsMissing } from '../scripts/lib/builds.mjs';
import { freePort, stopProcess, waitForUrl } from '../scripts/lib/processes.mjs';
import { startApi, startWeb } from '../scripts/lib/servers.mjs';
import { writeReportSection } from './lib.js';
import { benchServerSetup } from './servers.js';

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
const BUDGET: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
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
  details?: { type?: string; items?: Array<{ node?: { snippet?: string; selector?: string } }> };
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
 */
async function audit(
  url: string,
  port: number,
  label: string,
  run: number,
  categories: readonly Category[],
): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
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
    flagged: flaggedAudits(report),
  };
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

async function main() {
  buildWhatIsMissing();
  const started = performance.now();
  const loadBefore = loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
  const { dataDir, secrets, env } = benchServerSetup('lighthouse');
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  // localhost: a secure context for the browser, as the site is on HTTPS in production.
  const siteUrl = `http://localhost:${webPort}`;
  const children: ChildProcess[] = [];
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    log('démarrage de l’API (base embarquée, catalogue de démonstration) et du site…');
    const api = startApi({ port: apiPort, siteUrl, secrets, env, quiet: true, onLine: () => {} });
    children.push(api);
    await waitForUrl(`${apiUrl}/health`, { child: api, timeoutMs: 240_000 });
    const web = startWeb({ port: webPort, apiUrl, siteUrl, secrets, env, quiet: true, onLine: () => {} });
    children.push(web);
    await waitForUrl(`${siteUrl}/`, { child: web });

    const pages: Array<{ label: string; name: string; path: string; note?: string }> = [
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
    for (const page of pages) {
      const response = await fetch(`${siteUrl}${page.path}`);
      if (response.status !== 200) throw new Error(`${page.path} répond ${response.status}`);
    }

    chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      logLevel: 'silent',
    });
    const results: Array<{ page: (typeof pages)[number]; kept: Run; all: Run[] }> = [];
    for (const page of pages) {
      const all: Run[] = [];
      for (let run = 0; run < RUNS; run++) {
        const runStarted = performance.now();
        const measured = await audit(
          `${siteUrl}${page.path}`,
          chrome.port,
          page.label,
          run,
          run === 0 ? CATEGORIES : ['performance'],
        );
        log(
          `${page.path} (${run + 1}/${RUNS}) : ${CATEGORIES.map((category) => measured.scores[category] ?? '–').join(' / ')}, LCP ${seconds(measured.lcp)}, TBT ${Math.round(measured.tbt)} ms, CLS ${measured.cls.toFixed(3)} (${seconds(performance.now() - runStarted)})`,
        );
        all.push(measured);
      }
      // The other categories come from the first run, the only one that had them.
      const first = all[0] as Run;
      const median = medianRun(all);
      const kept: Run = {
        ...median,
        scores: { ...first.scores, performance: median.scores.performance },
        flagged: { ...first.flagged, performance: median.flagged.performance ?? [] },
      };
      results.push({ page, kept, all });
    }

    const held = (run: Run) => CATEGORIES.every((category) => (run.scores[category] ?? 0) >= BUDGET[category]);
    const rows = results.map(({ page, kept, all }) => {
      const performances = all.map((run) => run.scores.performance).join(', ');
      return `| ${page.name} \`${page.path}\` | **${kept.scores.performance}** (${performances}) | ${kept.scores.accessibility} | ${kept.scores['best-practices']} | ${kept.scores.seo} | ${seconds(kept.lcp)} | ${Math.round(kept.tbt)} ms | ${kept.cls.toFixed(3)} | ${Math.round(kept.benchmarkIndex)} | ${held(kept) ? 'tenu' : '**non tenu**'} |`;
    });
    const details = results.map(({ page, kept }) => {
      const missed = CATEGORIES.filter((category) => (kept.scores[category] ?? 0) < BUDGET[category]).map(
        (category) => `${CATEGORY_NAMES[category]} ${kept.scores[category]} < ${BUDGET[category]}`,
      );
      const flagged = CATEGORIES.filter((category) => (kept.flagged[category] ?? []).length > 0)
        .map(
          (category) =>
            `${CATEGORY_NAMES[category]} : ${(kept.flagged[category] ?? []).map((id) => `\`${id}\``).join(', ')}`,
        )
        .join(' ; ');
      return `- ${page.name} : élément LCP \`${kept.lcpElement.replace(/`/g, "'")}\` ; audits signalés — ${flagged || 'aucun'}${missed.length > 0 ? ` ; manque : ${missed.join(', ')}` : ''}${page.note ? ` (${page.note})` : ''}.`;
    });
    const minutes = ((performance.now() - started) / 60_000).toFixed(1).replace('.', ',');
    const loadAfter = loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ');
    const section = `${START}
## Lighthouse sur mobile (\`bench/lighthouse.bench.ts\`)

Produit par \`npm run bench\` le ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, sur ${cpus().length} cœurs
(${cpus()[0]?.model ?? 'processeur inconnu'}), en ${minutes} min ; charge moyenne (1 / 5 / 15 min) avant : ${loadBefore},
après : ${loadAfter}. Lighthouse ${LIGHTHOUSE_VERSION}, réglages par défaut pour mobile (réseau 4G lent et processeur
ralenti 4 fois, par simulation), dans le Chromium du système sans interface ; serveurs construits
(\`npm run build\`), \`NODE_ENV=production\`, base embarquée avec le catalogue de démonstration, visiteur anonyme.
${RUNS} passages par page : le premier note les quatre catégories, les suivants les performances seules ; la
ligne garde le passage dont le score de performances est la médiane (celui de chaque passage entre
parenthèses). La simulation part des durées de calcul observées : sur une machine chargée, les
performances baissent (« indice machine » : le \`benchmarkIndex\` de Lighthouse pendant le passage gardé,
plus il est haut plus la machine est rapide ; Lighthouse calibre son ralentissement pour un ordinateur
de bureau vers 1 000–2 000 et au-delà).

| page | performances | accessibilité | bonnes pratiques | SEO | LCP | TBT | CLS | indice machine | budget |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Budget du ticket 13 : performances ≥ ${BUDGET.performance}, accessibilité ${BUDGET.accessibility}, bonnes pratiques ${BUDGET['best-practices']},
SEO ${BUDGET.seo}.

${details.join('\n')}
${END}`;
    writeReportSection(REPORT, section, START, END);
    console.log(section);
    log(`section écrite dans ${REPORT}`);
  } finally {
    chrome?.kill();
    await Promise.all(children.map(stopProcess));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
