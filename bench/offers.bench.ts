/**
 * The deals search on PostgreSQL at 10,000, 100,000 and 1,000,000 offers (one schema each): full text with facets, prefix, typo fallback, a filtered listing and the suggestions,
 * through the service functions of the routes, the sizes interleaved, with the plans at the largest size.
 * Writes its section of bench/REPORT.md. See bench/README.md.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { SearchOffersQuery } from '@guichet/contracts';
import { SEARCH_COUNT_LIMIT } from '@guichet/domain';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, rowsOf } from '../apps/api/src/db/client.js';
import { cellsQuery, pageQuery, searchOffers, suggestOffers } from '../apps/api/src/services/offers/search.js';
import { cappedCount, MATCHES_READ } from '../apps/api/src/services/search/capped-count.js';
import { searchSite, suggestSite } from '../apps/api/src/services/search/site-search.js';
import { textSearchOf } from '../apps/api/src/services/search/text-query.js';
import {
  benchSizes,
  bulkLoad,
  explain,
  frenchCount,
  type GrowthRow,
  growthTable,
  growthVerdict,
  MEASURE_BUDGET_MS,
  MIN_RUNS,
  machineLines,
  openSizedDatabases,
  type SizedDatabase,
  sizeLabel,
  summarize,
  TARGET_P95_MS,
  tableSizes,
  timeAcross,
  WARM_UP,
  writeReportSection,
} from './lib.js';

const PREFIX = 'bench_offers';
/**
 * 500,000 rather than 1,000,000 at the top: on the two shared cores of these machines a million offers took
 * 8 minutes to fill and its text searches 1.5 s each (bench/REPORT.md), which alone would take the whole
 * `npm run bench` past its 15 minutes. BENCH_OFFER_SIZES=10000,100000,1000000 measures it anyway.
 */
const OFFER_SIZES = [10_000, 100_000, 500_000];
const RUNS = 200;
const SUGGEST_TARGET_P95_MS = 10;
/** Changes whenever the generated data does: a schema filled by another version is filled again. */
const GENERATOR = 'v2';
const REPORT = fileURLToPath(new URL('./REPORT.md', import.meta.url));
const START = '<!-- offers-bench:start -->';
const END = '<!-- offers-bench:end -->';

const log = (message: string) => console.log(`[bench offres] ${message}`);

// Titles are drawn from these words, as a real deals catalogue repeats its kinds, qualities and cities.
const KINDS = [
  'Menu',
  'Brunch',
  'Massage',
  'Spa',
  'Hammam',
  'Escape game',
  'Karting',
  'Théâtre',
  'Concert',
  'Cinéma',
  'Musée',
  'Parapente',
  'Paddle',
  'Escalade',
  'Séjour',
  'Nuit',
  'Croisière',
  'Dégustation',
  'Atelier',
  'Visite',
  'Cours',
  'Soin',
  'Bowling',
  'Laser game',
  'Accrobranche',
  'Golf',
  'Piscine',
  'Zoo',
  'Parc',
  'Restaurant',
];
const QUALITIES = [
  'gourmand',
  'relaxant',
  'insolite',
  'en duo',
  'pour deux',
  'en famille',
  'de luxe',
  'nocturne',
  'découverte',
  'gastronomique',
  'traditionnel',
  'sensationnel',
  'au bord de l’eau',
  'en plein air',
  'privatisé',
  'panoramique',
  'italien',
  'japonais',
  'provençal',
  'breton',
  'd’exception',
  'du dimanche',
  'express',
  'prestige',
  'bien-être',
  'sportif',
  'romantique',
  'festif',
  'au coucher du soleil',
  'en terrasse',
  'd’initiation',
  'confort',
  'vintage',
  'musical',
  'culturel',
  'enchanté',
  'authentique',
  'créatif',
  'zen',
  'givré',
];
const CITIES = [
  'Paris',
  'Lyon',
  'Marseille',
  'Bordeaux',
  'Lille',
  'Nantes',
  'Toulouse',
  'Nice',
  'Strasbourg',
  'Montpellier',
  'Rennes',
  'Grenoble',
  'Dijon',
  'Angers',
  'Reims',
  'Brest',
  'Tours',
  'Annecy',
  'Bruxelles',
  'Genève',
];
const CATEGORIES = ['Restaurants', 'Bien-être', 'Loisirs', 'Culture', 'Sport', 'Séjours'];

const array = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`);

/** Fills one schema with `size` offers by INSERT … SELECT generate_series. */
async function fill(handle: DatabaseHandle, size: number): Promise<void> {
  // The triggers of migration 0007 keep the prices and the lexicon, as in production: statement-level, so each
  // bulk insert refreshes once. The offers' secondary indexes are built after the rows and the prices (the
  // products' own stay: the price trigger looks products up by offer).
  await bulkLoad(handle, { tables: ['offer'], triggers: 'on' }, log, async (step, tx) => {
    await step('vidage', sql`TRUNCATE product, offer, search_word RESTART IDENTITY CASCADE`);
    await step(
      `${size} bons plans`,
      sql`INSERT INTO offer (id, slug, title, summary, description, category, city, city_slug, partner, partner_address,
          visuals, valid_from, valid_until, featured)
        SELECT g, 'bon-plan-' || g, title, 'Un ' || lower(kind) || ' ' || quality || ' à ' || city || ', à prix réduit.',
          jsonb_build_object('type', 'doc', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph',
            'content', jsonb_build_array(jsonb_build_object('type', 'text',
              'text', 'Profitez d’un ' || lower(kind) || ' ' || quality || ' chez Partenaire ' || (g % 5000) || '.'))))),
          category, city, lower(city), 'Partenaire ' || (g % 5000), '1 place du Marché',
          jsonb_build_array(jsonb_build_object('url', '/visuals/bench/' || (g % 100) || '.svg', 'alt', 'Visuel',
            'width', 1200, 'height', 800)),
          now() - (60 + h1 % 60) * interval '1 day', now() + (h2 % 365 - 20) * interval '1 day', h3 % 100 = 0
        FROM generate_series(1, ${size}) g,
          LATERAL (SELECT abs(hashint4(g)) AS h1, abs(hashint4(g + 1000003)) AS h2, abs(hashint4(g + 2000006)) AS h3) h,
          LATERAL (SELECT (${array(KINDS)})[1 + h1 % ${KINDS.length}] AS kind,
            (${array(QUALITIES)})[1 + h2 % ${QUALITIES.length}] AS quality,
            (${array(CITIES)})[1 + h3 % ${CITIES.length}] AS city,
            (${array(CATEGORIES)})[1 + (h1 / 7) % ${CATEGORIES.length}] AS category) w,
          LATERAL (SELECT kind || ' ' || quality || ' à ' || city AS title) t`,
    );
    // The price refresh of 0007 then rewrites every offer once: its texts do not change (no word for the lexicon)
    // and its date of change means nothing here, so those two row triggers sit it out.
    await tx.execute(
      sql`ALTER TABLE offer DISABLE TRIGGER offer_search_words_update, DISABLE TRIGGER offer_touch_updated_at`,
    );
    await step(
      'produits (1 ou 2 par bon plan) et prix des bons plans',
      sql`INSERT INTO product (product_type, offer_id, title, price, discount_type, discount, quota, stock, sold, position)
        SELECT 'OFFER', g, CASE p WHEN 0 THEN 'Pour une personne' ELSE 'Pour deux' END,
          (1500 + (g % 150) * 100) * (1 + p),
          CASE g % 3 WHEN 0 THEN 'FIXED' ELSE 'PERCENTAGE' END,
          CASE g % 3 WHEN 0 THEN 500 ELSE 10 + g % 50 END,
          4, 200, (g * 7 + p * 13) % 201, p
        FROM generate_series(1, ${size}) g, generate_series(0, 1) p
        WHERE p = 0 OR g % 2 = 0`,
    );
    await tx.execute(
      sql`ALTER TABLE offer ENABLE TRIGGER offer_search_words_update, ENABLE TRIGGER offer_touch_updated_at`,
    );
    await tx.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('offer', 'id'), (SELECT max(id) FROM offer))`));
  });
  // As autovacuum would do on a live database: the price update's old rows gone, the GIN indexes' pending lists
  // merged, the statistics taken.
  const at = performance.now();
  for (const table of ['offer', 'product', 'search_word']) await handle.db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  log(`VACUUM ANALYZE : ${((performance.now() - at) / 1000).toFixed(1)} s`);
}

const query = (parts: Partial<SearchOffersQuery>): SearchOffersQuery => ({ page: 1, pageSize: 24, ...parts });

type Measure = GrowthRow & { plans: string[] };

async function main() {
  const sizes = benchSizes('BENCH_OFFER_SIZES', OFFER_SIZES);
  const databases = await openSizedDatabases(
    PREFIX,
    sizes,
    (size) => `guichet bench offres ${GENERATOR}: ${size} bons plans`,
    fill,
    log,
  );
  try {
    const loadBefore = os.loadavg();
    const now = new Date();
    const largest = databases.at(-1) as SizedDatabase;
    const big = largest.handle.db;
    const words = ['theatre', 'massage', 'concert', 'spa', 'croisiere', 'brunch', 'escalade', 'cinema'];
    const cities = CITIES.map((city) => city.toLowerCase());
    const measure = async (
      name: string,
      work: (database: SizedDatabase, run: number) => Promise<unknown>,
      plans: () => Promise<string[]>,
      note: string,
      target = TARGET_P95_MS,
    ): Promise<Measure> => {
      const timings = await timeAcross(databases, RUNS, work);
      return { name, summaries: timings.map(summarize), target, plans: await plans(), note };
    };
    const db = (database: SizedDatabase) => database.handle.db;
    // Whether a search at the largest size matches more than it counts: its page is then ordered otherwise.
    const cappedAtLargest = async (parts: SearchOffersQuery, text: ReturnType<typeof textSearchOf>) => {
      const cells = await rowsOf<{ n: number }>(big, cellsQuery(parts, text, now));
      return cappedCount(cells.reduce((sum, cell) => sum + Number(cell.n), 0)).totalCapped;
    };

    const theatre = query({ q: 'theatre' });
    const theatreText = textSearchOf('theatre');
    const rotating = `tour à tour ${words.map((word) => `« ${word} »`).join(', ')}`;
    const prefix = query({ q: 'spa rel', city: 'lyon' });
    // minPrice changes at every call (a cent more), so the counts are never taken from the cache (one per
    // database: each size keeps its own).
    const texts = [
      await measure(
        'Recherche « theatre » (pertinence, facettes recomptées)',
        (database, run) => searchOffers(db(database), query({ q: words[run % words.length], minPrice: run }), now),
        async () => [
          await explain(
            big,
            pageQuery(big, theatre, theatreText, 'relevance', now, await cappedAtLargest(theatre, theatreText)),
          ),
          await explain(big, cellsQuery(theatre, theatreText, now)),
        ],
        `${rotating} : les comptes par catégorie et ville (au plus ${frenchCount(MATCHES_READ)} bons plans lus) et, à côté, la page de 24 cartes classée sur les ${frenchCount(MATCHES_READ)} premiers trouvés, relue dans l’ordre sans texte quand ils sont plus de ${frenchCount(SEARCH_COUNT_LIMIT)} ; comptes jamais en cache`,
      ),
      await measure(
        'Recherche « theatre » (facettes en cache)',
        (database, run) => searchOffers(db(database), query({ q: words[run % words.length] }), now),
        async () => [],
        `${rotating} : les comptes d’un même texte et des mêmes prix sont gardés 10 s : la page, toujours lue, les attend et n’est lue qu’une fois`,
      ),
      await measure(
        'Recherche « spa rel » à Lyon (préfixe, filtre)',
        (database, run) =>
          searchOffers(db(database), query({ q: 'spa rel', city: cities[run % cities.length], minPrice: run }), now),
        async () => [
          await explain(
            big,
            pageQuery(
              big,
              prefix,
              textSearchOf('spa rel'),
              'relevance',
              now,
              await cappedAtLargest(prefix, textSearchOf('spa rel')),
            ),
          ),
        ],
        'le dernier mot en préfixe, une ville différente à chaque appel, comptes recomptés',
      ),
      await measure(
        'Recherche « thaetre » (faute de frappe corrigée)',
        (database, run) => searchOffers(db(database), query({ q: 'thaetre', minPrice: run }), now),
        async () => [
          await explain(
            big,
            sql`SELECT display FROM search_word WHERE word % 'thaetre' ORDER BY similarity(word, 'thaetre') DESC LIMIT 3`,
          ),
        ],
        'rien tel quel, puis le mot le plus proche du lexique (trigrammes), puis la recherche avec « théâtre » : trois allers-retours, comptes recomptés',
      ),
    ];
    const listing = query({ category: 'Bien-être', maxPrice: 5000, sort: 'price' });
    const category = (run: number) => CATEGORIES[run % CATEGORIES.length];
    const lists = [
      await measure(
        'Liste Bien-être ≤ 50 €, prix croissant (facettes recomptées)',
        (database, run) =>
          searchOffers(db(database), query({ category: category(run), maxPrice: 5000 + run, sort: 'price' }), now),
        async () => [
          await explain(big, pageQuery(big, listing, null, 'price', now, await cappedAtLargest(listing, null))),
          await explain(big, cellsQuery(listing, null, now)),
        ],
        `chaque catégorie tour à tour, triée par prix, sans texte ; les comptes lisent les ${frenchCount(MATCHES_READ)} premiers bons plans en cours sous le prix (index-only sur offer_on_sale_idx)`,
      ),
      await measure(
        'Liste Bien-être ≤ 50 €, prix croissant (facettes en cache)',
        (database, run) =>
          searchOffers(db(database), query({ category: category(run), maxPrice: 5000, sort: 'price' }), now),
        async () => [],
        'les mêmes, comptes gardés 10 s (la catégorie choisie ne change pas les comptes)',
      ),
    ];
    const prefixes = ['thea', 'mass', 'conc', 'spa', 'croi', 'brun', 'esca', 'cine'];
    const suggestions = await measure(
      'Suggestions « thea » (8 titres)',
      (database, run) => suggestOffers(db(database), prefixes[run % prefixes.length], now),
      async () => [
        await explain(
          big,
          sql`SELECT id, slug, title FROM offer WHERE valid_until >= now() AND search_vector @@ to_tsquery('french', 'thea:*A')
            ORDER BY valid_until, id LIMIT 8`,
        ),
      ],
      `tour à tour ${prefixes.map((word) => `« ${word} »`).join(', ')} : les titres contenant le mot, ceux qui finissent le plus tôt d’abord`,
      SUGGEST_TARGET_P95_MS,
    );
    const site = [
      await measure(
        'Recherche du site « theatre » (/recherche)',
        (database, run) => searchSite(db(database), words[run % words.length], now),
        async () => [],
        `${rotating} : les trois groupes (billetteries, artistes, bons plans), chacun compté jusqu’à ${frenchCount(SEARCH_COUNT_LIMIT)} puis ses 6 premiers ; ces schémas n’ont que des bons plans`,
      ),
      await measure(
        'Suggestions du site « thea » (champ de l’en-tête)',
        (database, run) => suggestSite(db(database), prefixes[run % prefixes.length], now),
        async () => [],
        `tour à tour ${prefixes.map((word) => `« ${word} »`).join(', ')} : 4 par groupe, les bons plans qui finissent le plus tôt d’abord`,
        SUGGEST_TARGET_P95_MS,
      ),
    ];
    const loadAfter = os.loadavg();

    type Counts = { offers: number; products: number; words: number; on_sale: number; theatre: number };
    const counts = await Promise.all(
      databases.map(async (database) => {
        const [row] = await rowsOf<Counts>(
          db(database),
          sql`SELECT (SELECT count(*)::int FROM offer) AS offers, (SELECT count(*)::int FROM product) AS products,
            (SELECT count(*)::int FROM search_word) AS words,
            (SELECT count(*)::int FROM offer WHERE valid_until >= now()) AS on_sale,
            (SELECT count(*)::int FROM offer WHERE search_vector @@ to_tsquery('french', 'theatre')) AS theatre`,
        );
        return row;
      }),
    );
    const version = await rowsOf<{ version: string }>(big, sql`SELECT version() AS version`);
    const tables = ['offer', 'product', 'search_word'];
    const sizesOf = await Promise.all(databases.map((database) => tableSizes(db(database), database.schema, tables)));
    const fills = databases.filter((database) => database.filled.filled);
    const all: Measure[] = [...texts, ...lists, suggestions, ...site];
    const label = (size: number) => sizeLabel(size, true);

    const section = `${START}
# Bons plans : recherche à ${sizes.map((size) => frenchCount(size)).join(', ')} offres

Produit par \`npm run bench\` (\`bench/offers.bench.ts\`) le ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC, sur
PostgreSQL (un schéma par taille). Chaque mesure appelle la fonction de service de la route (\`searchOffers\`,
\`suggestOffers\` de \`apps/api/src/services/offers/search.ts\`, \`searchSite\`,
\`suggestSite\` de \`apps/api/src/services/search/site-search.ts\`), pool \`pg\` de l'API, ${WARM_UP} appels de chauffe
puis ${RUNS} appels par taille (moins si la mesure dépasse ${MEASURE_BUDGET_MS / 1000} s, ${MIN_RUNS} au moins), les tailles
entrelacées comme pour le catalogue. Même verdict : « croissance plate »
quand le p95 à ${label(sizes.at(-1) ?? 0)} reste dans 2 fois celui à ${label(sizes[0] ?? 0)} (ou à moins d'1 ms) et sous l'objectif.

${
  (sizes.at(-1) ?? 0) < 1_000_000
    ? `La plus grande taille est ${frenchCount(sizes.at(-1) ?? 0)} et non un million : sur ces deux cœurs partagés, un million de bons plans
a pris 8 minutes à remplir (472 s) et chaque recherche « theatre » y prenait 1,5 s au 95e centile (mesure du
25 novembre 2026), ce qui faisait passer \`npm run bench\` au-delà de ses 15 minutes.
\`BENCH_OFFER_SIZES=10000,100000,1000000\` le mesure quand même.

`
    : ''
}## Recherche avec texte

${growthTable(sizes, texts)}

## Liste filtrée, sans texte

${growthTable(sizes, lists)}

## Suggestions (objectif ${SUGGEST_TARGET_P95_MS} ms)

${growthTable(sizes, [suggestions])}

## Recherche de tout le site

${growthTable(sizes, site)}

${all.map((entry) => `- ${entry.name} : ${entry.note}.`).join('\n')}

## Lecture

- Une recherche compte au plus ${frenchCount(SEARCH_COUNT_LIMIT)} bons plans (docs/decisions/0037) : l'agrégat par
  catégorie et ville lit les ${frenchCount(MATCHES_READ)} premiers que l'index donne, et s'arrête ; au-delà, la page
  dit « Plus de ${frenchCount(SEARCH_COUNT_LIMIT)} bons plans » et les facettes n'ont pas de comptes. Jusqu'à la limite,
  \`ts_rank\` classe tous les bons plans trouvés ; au-delà, la pertinence suit l'ordre sans texte (mis en avant,
  puis les plus récents), que PostgreSQL lit dans \`offer_featured_newest_idx\` jusqu'à la 24e carte. Les autres
  tris parcourent leur index dans l'ordre de la même façon.
- Ce qui croît encore avec le catalogue pour un mot courant : l'index GIN \`offer_search_idx\` construit la
  liste de tous les bons plans qui contiennent le mot (« Bitmap Index Scan » ci-dessous) avant d'en lire les
  ${frenchCount(MATCHES_READ)} premiers ; et un filtre de ville croise cette liste avec celle de la ville.
  Quand le texte et les prix ont été cherchés dans les 10 s, les comptes sont en mémoire et la page seule est lue.
- Sans texte, les comptes lisent les ${frenchCount(MATCHES_READ)} premiers bons plans en cours retenus par
  les prix (index-only sur \`offer_on_sale_idx\`), la page suit son index (\`offer_price_from_idx\`).
- Les suggestions parcourent \`offer_valid_until_idx\` dans l'ordre et s'arrêtent au huitième titre qui contient
  les mots ; pour un mot rare, PostgreSQL prend l'index GIN.

## Données

Un schéma par taille (${databases.map((database) => `\`${database.schema}\``).join(', ')}), migré par \`migrateDatabase\`,
rempli par \`INSERT … SELECT generate_series\`, les déclencheurs de prix et de lexique de la migration 0007
compris, puis \`VACUUM ANALYZE\`${
      fills.length > 0
        ? ` — dans cette exécution : ${fills.map((database) => `${label(database.size)} en ${database.filled.seconds.toFixed(0)} s`).join(', ')} ; les autres tailles, réutilisées`
        : ', lors d’une exécution précédente (réutilisés)'
    }.

| | ${sizes.map(label).join(' | ')} |
|---|${sizes.map(() => '---|').join('')}
| bons plans (en cours) | ${counts.map((count) => `${frenchCount(count?.offers ?? 0)} (${frenchCount(count?.on_sale ?? 0)})`).join(' | ')} |
| produits | ${counts.map((count) => frenchCount(count?.products ?? 0)).join(' | ')} |
| mots du lexique | ${counts.map((count) => frenchCount(count?.words ?? 0)).join(' | ')} |
| bons plans contenant « theatre » | ${counts.map((count) => frenchCount(count?.theatre ?? 0)).join(' | ')} |
${tables
  .map(
    (table) =>
      `| taille de \`${table}\` avec index | ${sizesOf.map((list) => list.find((item) => item.name === table)?.size ?? '?').join(' | ')} |`,
  )
  .join('\n')}

## Machine

${machineLines(version[0]?.version ?? 'PostgreSQL ?', loadBefore, loadAfter)}

## Plans à ${frenchCount(largest.size)} bons plans (\`EXPLAIN (ANALYZE, BUFFERS)\`)

${all
  .filter((entry) => entry.plans.length > 0)
  .map((entry) => `### ${entry.name}\n\n${entry.plans.map((plan) => `\`\`\`\n${plan}\n\`\`\``).join('\n\n')}`)
  .join('\n\n')}
${END}`;
    writeReportSection(REPORT, section, START, END);
    for (const entry of all)
      log(
        `${entry.name} : ${entry.summaries.map((summary, index) => `${label(sizes[index] ?? 0)} p95 ${summary.p95.toFixed(2)} ms`).join(', ')} — ${growthVerdict(entry).text}`,
      );
    log(`section écrite dans ${REPORT}`);
  } finally {
    await Promise.all(databases.map(({ handle }) => handle.close()));
  }
}

await main();
