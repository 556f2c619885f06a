/**
 * Catalogue speed on PostgreSQL at 10,000, 100,000 and 1,000,000 ticketings (one schema each): the listing of
 * a country and month (first page and a later keyset page) and the ticketing page, measured through the very
 * service functions the routes call, the sizes interleaved, with the plans PostgreSQL chose at the largest
 * size. Writes its section of bench/REPORT.md. See bench/README.md.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ListTicketingsQuery } from '@guichet/contracts';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, rowsOf } from '../apps/api/src/db/client.js';
import {
  findTicketingDetail,
  listingQuery,
  listTicketings,
  ticketingDetailQuery,
  upcomingListingQueries,
} from '../apps/api/src/services/catalogue/ticketings.js';
import {
  benchSizes,
  bulkLoad,
  explain,
  frenchCount,
  type GrowthRow,
  growthLines,
  growthTable,
  growthVerdict,
  MEASURE_BUDGET_MS,
  MIN_RUNS,
  machineLines,
  openSizedDatabases,
  plansSections,
  type SizedDatabase,
  sizeLabel,
  summarize,
  TARGET_P95_MS,
  tableSizes,
  tableSizesTable,
  timeAcross,
  WARM_UP,
  writeReportSection,
} from './lib.js';

const PREFIX = 'bench_catalogue';
const PRODUCTS_PER_TICKETING = 2;
const RUNS = 200;
/** The page the « later page » measurement asks for (its cursor comes from walking the pages before it). */
const LATER_PAGE = 10;
const REPORT = fileURLToPath(new URL('./REPORT.md', import.meta.url));
const START = '<!-- catalogue-bench:start -->';
const END = '<!-- catalogue-bench:end -->';

/**
 * Ticketings start between these days (UTC): two years around the time of writing, the same at every size,
 * so that a month holds 100 times more ticketings at 1M than at 10k — and still ten pages of a French month
 * at 10k (about 280 ticketings).
 */
const FIRST_DAY = '2026-01-01';
const SPAN_DAYS = 730;
/** Changes whenever the generated data does: a schema filled by another version is filled again. */
const GENERATOR = 'v2';

const organizersFor = (size: number) => Math.max(20, size / 500);
const performersFor = (size: number) => Math.max(50, size / 200);

const log = (message: string) => console.log(`[bench] ${message}`);

/** Fills one schema with `size` ticketings by INSERT … SELECT generate_series. */
async function fill(handle: DatabaseHandle, size: number): Promise<void> {
  const organizerCount = organizersFor(size);
  const performerCount = performersFor(size);
  await bulkLoad(handle, { tables: ['ticketing', 'product', 'ticketing_performer'] }, log, async (step, tx) => {
    await step(
      'vidage',
      sql`TRUNCATE page_view, ticketing_performer, product, ticketing, performer, organizer RESTART IDENTITY CASCADE`,
    );
    await step(
      `${organizerCount} organisateurs`,
      sql`INSERT INTO organizer (id, slug, name, city, website, logo)
        SELECT g, 'organisateur-' || g, 'Organisateur ' || g, 'Ville ' || (g % 50), 'https://organisateur-' || g || '.example',
          jsonb_build_object('url', '/visuals/bench/logo.svg', 'alt', 'Logo', 'width', 600, 'height', 600)
        FROM generate_series(1, ${organizerCount}) g`,
    );
    await step(
      `${performerCount} artistes`,
      sql`INSERT INTO performer (id, slug, name, initial, genre, bio, visual)
        SELECT g, 'artiste-' || g, chr(65 + g % 26) || 'rtiste ' || g, chr(65 + g % 26), 'Pop',
          '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Biographie."}]}]}'::jsonb,
          jsonb_build_object('url', '/visuals/bench/artiste.svg', 'alt', 'Portrait', 'width', 600, 'height', 600)
        FROM generate_series(1, ${performerCount}) g`,
    );
    // 70 % France, 15 % Belgique, 15 % Suisse; 98 % published, 1 % cancelled, 1 % draft; one run in
    // twenty lasts days (exhibitions, festivals). hashint4 scatters start dates, so id order is not
    // start order, as in a real catalogue.
    await step(
      `${size} billetteries`,
      sql`INSERT INTO ticketing (id, slug, title, summary, description, category, venue, address, postal_code,
          city, city_slug, country, starts_at, ends_at, organizer_id, visuals, status)
        SELECT g, 'billetterie-' || g, category || ' n° ' || g, 'Résumé de la billetterie n° ' || g,
          '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Description."}]}]}'::jsonb,
          category, 'Salle ' || (h3 % 40), '1 rue de la Scène', '75001', city, lower(city), country,
          starts_at, starts_at + CASE WHEN h2 % 20 = 0 THEN (1 + h3 % 60) * interval '1 day' ELSE interval '150 minutes' END,
          1 + h3 % ${organizerCount},
          jsonb_build_array(jsonb_build_object('url', '/visuals/bench/' || (g % 100) || '.svg', 'alt', 'Affiche',
            'width', 1200, 'height', 800)),
          CASE h2 % 100 WHEN 0 THEN 'DRAFT' WHEN 1 THEN 'CANCELLED' ELSE 'PUBLISHED' END
        FROM generate_series(1, ${size}) g,
          LATERAL (SELECT abs(hashint4(g)) AS h1, abs(hashint4(g + 1000003)) AS h2, abs(hashint4(g + 2000006)) AS h3) h,
          LATERAL (SELECT CASE WHEN h1 % 20 < 14 THEN 'france' WHEN h1 % 20 < 17 THEN 'belgique' ELSE 'suisse' END AS country) c,
          LATERAL (SELECT (CASE country
              WHEN 'france' THEN (ARRAY['Paris', 'Lyon', 'Marseille', 'Bordeaux', 'Lille', 'Nantes', 'Toulouse', 'Nice'])[1 + h2 % 8]
              WHEN 'belgique' THEN (ARRAY['Bruxelles', 'Liege', 'Namur'])[1 + h2 % 3]
              ELSE (ARRAY['Geneve', 'Lausanne', 'Zurich'])[1 + h2 % 3] END) AS city,
            (ARRAY['Concert', 'Festival', 'Théâtre', 'Humour', 'Exposition', 'Danse', 'Sport', 'Cirque'])[1 + h3 % 8] AS category,
            ${FIRST_DAY}::timestamptz + (h1 % ${SPAN_DAYS}) * interval '1 day' + interval '17 hours'
              + (h2 % 8) * interval '30 minutes' AS starts_at) d`,
    );
    await step(
      `${size * PRODUCTS_PER_TICKETING} billets`,
      sql`INSERT INTO product (product_type, ticketing_id, title, price, discount_type, discount, quota, stock, sold, position)
        SELECT 'TICKET', g, CASE p WHEN 0 THEN 'Tarif plein' ELSE 'Tarif réduit' END,
          (1500 + (g % 60) * 100) * (4 - p) / 4,
          CASE g % 10 WHEN 0 THEN 'PERCENTAGE' WHEN 1 THEN 'FIXED' END,
          CASE g % 10 WHEN 0 THEN 20 WHEN 1 THEN 300 ELSE 0 END,
          8, 500, (g * 7 + p * 13) % 501, p
        FROM generate_series(1, ${size}) g, generate_series(0, ${PRODUCTS_PER_TICKETING - 1}) p`,
    );
    await step(
      `${size} liens billetterie–artiste`,
      sql`INSERT INTO ticketing_performer (ticketing_id, performer_id, position)
        SELECT g, 1 + abs(hashint4(g + 3000009)) % ${performerCount}, 0 FROM generate_series(1, ${size}) g`,
    );
    for (const table of ['organizer', 'performer', 'ticketing', 'product']) {
      await tx.execute(
        sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`),
      );
    }
  });
  const at = performance.now();
  await handle.db.execute(sql`ANALYZE organizer, performer, ticketing, product, ticketing_performer`);
  log(`ANALYZE : ${((performance.now() - at) / 1000).toFixed(1)} s`);
}

/** A deterministic PRNG (mulberry32), so every run asks for the same ids. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const listing = (country: 'france' | 'belgique' | 'suisse', year: number, month: number, cursor?: string) =>
  ({ country, year, month, limit: 20, ...(cursor ? { cursor } : {}) }) satisfies ListTicketingsQuery;

/** Four months of France (the country with ten pages a month even at 10k): two past, two to come. */
const PERIODS = [
  listing('france', 2026, 12),
  listing('france', 2027, 3),
  listing('france', 2026, 6),
  listing('france', 2027, 9),
];

/** What one size needs for its calls: the cursors of page LATER_PAGE and the ticketing ids to open. */
type Sized = SizedDatabase & { later: ListTicketingsQuery[]; ids: number[]; found: number };

async function prepare(database: SizedDatabase, now: Date): Promise<Sized> {
  const { db } = database.handle;
  const later: ListTicketingsQuery[] = [];
  for (const period of PERIODS) {
    let cursor: string | null = null;
    for (let page = 1; page < LATER_PAGE; page++) {
      const answer = await listTicketings(db, cursor ? { ...period, cursor } : period, now);
      cursor = answer.nextCursor;
      if (!cursor) throw new Error(`Moins de ${LATER_PAGE} pages pour ${JSON.stringify(period)} à ${database.size}.`);
    }
    later.push({ ...period, cursor: cursor ?? undefined });
  }
  const next = random(20_261_122);
  const ids = Array.from({ length: RUNS + WARM_UP }, () => 1 + Math.floor(next() * database.size));
  return { ...database, later, ids, found: 0 };
}

type Measure = GrowthRow & { plan: string };

const describe = (query: ListTicketingsQuery) =>
  `${query.country} ${query.year}-${String(query.month).padStart(2, '0')}`;

async function main() {
  const sizes = benchSizes('BENCH_SIZES', [10_000, 100_000, 1_000_000]);
  const databases = await openSizedDatabases(
    PREFIX,
    sizes,
    (size) => `guichet bench catalogue ${GENERATOR}: ${size} billetteries sur ${SPAN_DAYS} jours dès ${FIRST_DAY}`,
    fill,
    log,
  );
  try {
    const loadBefore = os.loadavg();
    const now = new Date();
    const sized = await Promise.all(databases.map((database) => prepare(database, now)));
    const largest = sized.at(-1) as Sized;
    const measure = async (
      name: string,
      work: (database: Sized, run: number) => Promise<unknown>,
      plan: () => Promise<string>,
      note: string,
    ): Promise<Measure> => {
      const timings = await timeAcross(sized, RUNS, work);
      return { name, summaries: timings.map(summarize), target: TARGET_P95_MS, plan: await plan(), note };
    };

    const listings = [
      await measure(
        'Listing pays + mois, 1re page (20)',
        (database, run) =>
          listTicketings(database.handle.db, PERIODS[run % PERIODS.length] as ListTicketingsQuery, now),
        () => explain(largest.handle.db, listingQuery(largest.handle.db, PERIODS[0] as ListTicketingsQuery, now)),
        `tour à tour ${PERIODS.map(describe).join(', ')}`,
      ),
      await measure(
        `Listing pays + mois, page ${LATER_PAGE} (curseur)`,
        (database, run) =>
          listTicketings(database.handle.db, database.later[run % database.later.length] as ListTicketingsQuery, now),
        () => explain(largest.handle.db, listingQuery(largest.handle.db, largest.later[0] as ListTicketingsQuery, now)),
        `page ${LATER_PAGE} des mêmes listings, curseur (starts_at, id)`,
      ),
    ];
    // Not asked by the issue, but the default page of a country: its « upcoming » listing, no period.
    const upcoming = { country: 'france', limit: 20 } satisfies ListTicketingsQuery;
    listings.push(
      await measure(
        'Listing « à venir » d’un pays, sans période (/billetteries/{pays})',
        (database) => listTicketings(database.handle.db, upcoming, now),
        async () => {
          const [runningPart, laterPart] = upcomingListingQueries(largest.handle.db, upcoming, now);
          return `${await explain(largest.handle.db, runningPart as NonNullable<typeof runningPart>)}\n\n${await explain(
            largest.handle.db,
            laterPart as NonNullable<typeof laterPart>,
          )}`;
        },
        'deux requêtes : celles en cours (index SP-GiST couvrant ticketing_running_idx), puis celles qui commencent plus tard ; pour information, le ticket ne le demande pas',
      ),
    );
    const detail = await measure(
      'Page billetterie (détail)',
      async (database, run) => {
        const found = await findTicketingDetail(database.handle.db, database.ids[run] ?? 1, new Date());
        if (found && run < RUNS) database.found++;
      },
      () => explain(largest.handle.db, ticketingDetailQuery(largest.handle.db, largest.ids[0] ?? 1, new Date())),
      `${RUNS} identifiants tirés au hasard parmi toutes les billetteries de chaque taille (les brouillons répondent « introuvable »)`,
    );
    const loadAfter = os.loadavg();

    const { db } = largest.handle;
    const version = await rowsOf<{ version: string }>(db, sql`SELECT version() AS version`);
    const counts = await Promise.all(
      sized.map(async (database) => {
        const [row] = await rowsOf<{ month: number; running: number }>(
          database.handle.db,
          sql`SELECT
            (SELECT count(*)::int FROM ticketing WHERE country = 'france' AND status = 'PUBLISHED'
              AND starts_at >= ('2026-12-01'::timestamp AT TIME ZONE 'Europe/Paris')
              AND starts_at < ('2027-01-01'::timestamp AT TIME ZONE 'Europe/Paris')) AS month,
            (SELECT count(*)::int FROM ticketing WHERE country = 'france' AND status = 'PUBLISHED'
              AND starts_at < ${now.toISOString()}::timestamptz AND ends_at >= ${now.toISOString()}::timestamptz) AS running`,
        );
        return { month: row?.month ?? 0, running: row?.running ?? 0 };
      }),
    );
    const tables = ['organizer', 'performer', 'product', 'ticketing', 'ticketing_performer'];
    const sizesOf = await Promise.all(sized.map((database) => tableSizes(database.handle.db, database.schema, tables)));
    const fills = sized.filter((database) => database.filled.filled);
    const all: Measure[] = [...listings, detail];
    const label = (size: number) => sizeLabel(size, true);

    const section = `${START}
# Catalogue : listing et page billetterie à ${sizes.map((size) => frenchCount(size)).join(', ')} billetteries

Produit par \`npm run bench\` (\`bench/catalogue.bench.ts\`) le ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC.
Chaque requête passe par la fonction de service qu'appelle la route (\`listTicketings\`,
\`findTicketingDetail\` de \`apps/api/src/services/catalogue/ticketings.ts\`), pool \`pg\` de l'API, mesurée de
l'appel à la réponse convertie (aller-retour réseau local compris) : ${WARM_UP} appels de chauffe puis ${RUNS} appels
par taille (moins si la mesure dépasse ${MEASURE_BUDGET_MS / 1000} s, ${MIN_RUNS} au moins), les tailles entrelacées (l'appel n sur chacune, dans un ordre qui tourne, avant l'appel n + 1) pour
que la charge de la machine partagée pèse autant sur chacune. Objectif du ticket : moins de ${TARGET_P95_MS} ms au
95e centile, et une croissance plate : « croissance plate » quand le p95 à ${label(sizes.at(-1) ?? 0)} reste dans
2 fois celui à ${label(sizes[0] ?? 0)} (ou à moins d'1 ms, l'écart d'un aller-retour) et sous ${TARGET_P95_MS} ms.

## Listing d'un pays et d'un mois

${growthTable(sizes, listings)}

## Page billetterie

${growthTable(sizes, [detail])}

${all.map((entry) => `- ${entry.name} : ${entry.note}.`).join('\n')}
- Pages billetterie trouvées : ${sized.map((database) => `${database.found} sur ${RUNS} à ${label(database.size)}`).join(', ')}.
- Billetteries publiées de France dont le début tombe en décembre 2026 (heure de Paris) : ${sized
      .map((database, index) => `${frenchCount(counts[index]?.month ?? 0)} à ${label(database.size)}`)
      .join(', ')}.
- Billetteries publiées de France en cours à l'instant de la mesure (la première partie du listing « à venir ») : ${sized
      .map((database, index) => `${frenchCount(counts[index]?.running ?? 0)} à ${label(database.size)}`)
      .join(', ')}.

## Lecture

- Le listing d'un pays et d'un mois parcourt \`ticketing_country_starts_idx (country, starts_at, id)\` dans
  l'ordre de la réponse : le pays, la période (minuit à Paris converti en instant) et le curseur
  \`(starts_at, id) > (…)\` sont tous dans l'« Index Cond », et le parcours s'arrête après 21 lignes (une
  page plus une, pour savoir s'il en reste). Une page lointaine coûte donc autant que la première, et un mois
  cent fois plus rempli autant qu'un mois de quelques centaines : seule la profondeur de l'arbre change.
- La page billetterie est une seule requête : clé primaire de \`ticketing\`, puis \`organizer_pkey\`, la clé
  primaire de \`ticketing_performer\` (artistes) et \`product_ticketing_idx\` (billets), agrégés en JSON.
- Le listing « à venir » lit d'abord celles qui ont commencé et ne sont pas finies
  (\`tstzrange(starts_at, ends_at, '(]') @> maintenant\`, index SP-GiST \`ticketing_running_idx\`, migration 0016),
  puis celles qui commencent plus tard (\`starts_at >= maintenant\`, \`ticketing_country_starts_idx\`, avec
  \`LIMIT\`). Les premières sont toutes lues puis triées pour en garder 20 : leur nombre grandit avec le
  catalogue (une billetterie sur vingt dure jusqu'à deux mois), mais l'index les donne seul (« Index Only
  Scan », pays, ville, catégorie et dates inclus), sans lire une ligne de la table : quelques dixièmes de
  milliseconde pour un millier. Avant la migration 0016, un index GiST les cherchait en 5 ms à 1M (ses boîtes
  se chevauchent) et PostgreSQL le croisait avec les 300 000 entrées du pays déjà commencées (un
  « BitmapAnd ») : 28 ms au 95e centile.${
    growthVerdict(listings[2] as GrowthRow).flat
      ? ''
      : ' C’est le prochain chantier de ce listing s’il doit rester plat.'
  }
- PostgreSQL exécute les requêtes du listing par mois et de la page en moins d'une milliseconde (plans
  ci-dessous) ; le reste du temps mesuré est l'aller-retour, le pilote \`pg\`, la conversion des lignes par Drizzle
  et l'ordonnancement sur une machine partagée.

## Machine

${machineLines(version[0]?.version ?? 'PostgreSQL ?', loadBefore, loadAfter)}

## Données

Un schéma par taille (${sized.map((database) => `\`${database.schema}\``).join(', ')}), migré par \`migrateDatabase\`
(mêmes tables et index que l'API), rempli par \`INSERT … SELECT generate_series\` (index secondaires recréés
après les lignes, puis \`ANALYZE\`)${
      fills.length > 0
        ? ` — dans cette exécution : ${fills.map((database) => `${label(database.size)} en ${database.filled.seconds.toFixed(0)} s`).join(', ')} ; les autres tailles, réutilisées`
        : ', lors d’une exécution précédente (réutilisés)'
    } :
billetteries sur ${SPAN_DAYS} jours à partir du ${FIRST_DAY} à toutes les tailles (70 % France, 15 % Belgique,
15 % Suisse ; 98 % publiées, 1 % annulées, 1 % brouillons ; une sur vingt dure plusieurs jours),
${PRODUCTS_PER_TICKETING} billets chacune (dont 20 % remisés), un organisateur pour 500 billetteries et un artiste pour 200.

${tableSizesTable(sizes, tables, sizesOf)}

## Plans à ${frenchCount(largest.size)} billetteries (\`EXPLAIN (ANALYZE, BUFFERS)\`)

${plansSections(all)}
${END}`;
    writeReportSection(REPORT, section, START, END);
    for (const line of growthLines(sizes, all)) log(line);
    log(`section écrite dans ${REPORT}`);
  } finally {
    await Promise.all(databases.map(({ handle }) => handle.close()));
  }
}

await main();
