/**
 * The pro site's sales pages on PostgreSQL for one organiser of 200 ticketings at 1,000 and 100,000 paid orders
 * (one schema each): its dashboard, a ticketing's dashboard, the orders list (first page, a later keyset page,
 * a search), measured through the service functions the routes call, the sizes interleaved, with the plans at
 * the largest size. The issue's target: p95 under 50 ms, flat from 1,000 to 100,000 orders. The data is
 * written as the seed writes it (paid orders, then their lines) with the triggers on, so the aggregates of
 * migration 0021 are filled by the same code that keeps them. Writes its section of bench/REPORT.md.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/api/src/db/client.js';
import {
  dashboardQueries,
  organizerDashboard,
  ticketingDashboard,
} from '../apps/api/src/services/pro/sales/dashboard.js';
import {
  encodeOrdersCursor,
  orderRowsQuery,
  organizerOrderRows,
  organizerOrdersPage,
} from '../apps/api/src/services/pro/sales/orders.js';
import {
  benchSizes,
  bulkLoad,
  explain,
  frenchCount,
  type GrowthRow,
  growthLines,
  growthTable,
  MEASURE_BUDGET_MS,
  MIN_RUNS,
  machineLines,
  openSizedDatabases,
  plansSections,
  sizeLabel,
  summarize,
  tableSizes,
  tableSizesTable,
  timeAcross,
  WARM_UP,
  writeReportSection,
} from './lib.js';

const PREFIX = 'bench_pro_sales';
const TICKETINGS = 200;
const RUNS = 200;
const TARGET_MS = 50;
const LATER_PAGE = 10;
const REPORT = fileURLToPath(new URL('./REPORT.md', import.meta.url));
const START = '<!-- pro-sales-bench:start -->';
const END = '<!-- pro-sales-bench:end -->';
const GENERATOR = 'v1';
/** The organiser measured: the first of the schema (another one shares the tables, with a tenth of the orders). */
const ORGANIZER = 1;
const LASTNAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Müller', 'Lefèvre', 'Girard'];

const log = (message: string) => console.log(`[pro-sales] ${message}`);

async function fill(handle: Parameters<Parameters<typeof openSizedDatabases>[3]>[0], size: number) {
  const buyers = Math.max(100, size / 10);
  const others = Math.max(100, size / 10);
  await handle.db.execute(
    sql`TRUNCATE organizer, ticketing, product, "user", "order", order_item, page_view RESTART IDENTITY CASCADE`,
  );
  const tables = [
    'order',
    'order_item',
    'organizer_order',
    'sales_day',
    'sales_total',
    'organizer_sales_day',
    'organizer_view_day',
    'page_view',
    'user',
  ];
  await bulkLoad(handle, { tables, triggers: 'on' }, log, async (step) => {
    await step(
      'organisateurs',
      sql`INSERT INTO organizer (slug, name, city) VALUES ('mesure', 'Organisateur mesuré', 'Lyon'), ('autre', 'Autre', 'Lyon')`,
    );
    // Ticketings 1–200 are the measured organiser's, 201–220 the other's; products 2t−1 and 2t of each.
    await step(
      'billetteries',
      sql`INSERT INTO ticketing (slug, title, summary, description, category, venue, address, postal_code, city,
          city_slug, country, starts_at, ends_at, organizer_id)
        SELECT 'b-' || n, 'Billetterie ' || n, 'Résumé', '{"type":"doc","content":[]}', 'Concert', 'Salle', '1 rue', '69001',
          'Lyon', 'lyon', 'france', now() + (n || ' days')::interval, now() + (n || ' days')::interval + interval '3 hours',
          CASE WHEN n <= ${TICKETINGS} THEN 1 ELSE 2 END
        FROM generate_series(1, ${TICKETINGS + 20}) n`,
    );
    await step(
      'produits',
      sql`INSERT INTO product (product_type, ticketing_id, title, price, quota, stock, vat_rate, position)
        SELECT 'TICKET', t, CASE k WHEN 1 THEN 'Plein tarif' ELSE 'Tarif réduit' END, CASE k WHEN 1 THEN 2500 ELSE 1500 END,
          10, 1000000, 550, k
        FROM generate_series(1, ${TICKETINGS + 20}) t, generate_series(1, 2) k ORDER BY t, k`,
    );
    await step(
      'acheteurs',
      sql`INSERT INTO "user" (firstname, lastname, email, password_hash)
        SELECT 'Alix', (${sql.raw(`ARRAY[${LASTNAMES.map((name) => `'${name}'`).join(', ')}]`)})[1 + n % ${LASTNAMES.length}],
          'acheteur-' || n || '@exemple.fr', 'x'
        FROM generate_series(1, ${buyers}) n`,
    );
    // Paid over the last year; one line of the full price (1 to 3 places), every other order a reduced one too.
    await step(
      'commandes',
      sql`INSERT INTO "order" (reference, user_id, status, total_amount, paid_at, created_at, invoice_number, vat_breakdown)
        SELECT 'GU-B-' || lpad(n::text, 7, '0'), 1 + n % ${buyers}, 'PAID',
          (1 + n % 3) * 2500 + CASE WHEN n % 2 = 0 THEN 1500 ELSE 0 END,
          now() - ((n * 7919) % (365 * 24 * 60) || ' minutes')::interval,
          now() - ((n * 7919) % (365 * 24 * 60) || ' minutes')::interval - interval '5 minutes', n, '[]'
        FROM generate_series(1, ${size + others}) n`,
    );
    // Orders up to `size` buy the measured organiser's tickets, the others the other organiser's.
    await step(
      'lignes (les déclencheurs remplissent les agrégats)',
      sql`INSERT INTO order_item (order_id, product_id, title, unit_price, quantity, line_total, vat_rate)
        SELECT n, p, title, price, quantity, price * quantity, 550 FROM (
          SELECT n, 2 * t - 1 AS p, 'Plein tarif' AS title, 2500 AS price, 1 + n % 3 AS quantity
          FROM (SELECT n, CASE WHEN n <= ${size} THEN 1 + n % ${TICKETINGS} ELSE ${TICKETINGS} + 1 + n % 20 END AS t
            FROM generate_series(1, ${size + others}) n) o
          UNION ALL
          SELECT n, 2 * t, 'Tarif réduit', 1500, 1
          FROM (SELECT n, CASE WHEN n <= ${size} THEN 1 + n % ${TICKETINGS} ELSE ${TICKETINGS} + 1 + n % 20 END AS t
            FROM generate_series(1, ${size + others}) n) o WHERE n % 2 = 0
        ) lines ORDER BY n, p`,
    );
    await step(
      'vues (90 jours, 3 provenances)',
      sql`INSERT INTO page_view (ticketing_id, source, day, views)
        SELECT t, s, to_char((now() AT TIME ZONE 'Europe/Paris')::date - d, 'YYYY-MM-DD'), 1 + (t * d) % 40
        FROM generate_series(1, ${TICKETINGS + 20}) t, generate_series(0, 89) d, unnest(ARRAY['DIRECT', 'NEWSLETTER', 'FACEBOOK']) s`,
    );
  });
  await handle.db.execute(
    sql`UPDATE product p SET sold = s.quantity FROM sales_total s WHERE s.product_id = p.id AND s.vat_rate = 550`,
  );
  await handle.db.execute(sql`VACUUM ANALYZE`);
}

type Measure = GrowthRow & { plan: string };

async function main() {
  const sizes = benchSizes('BENCH_PRO_SALES_SIZES', [1_000, 100_000]);
  const sized = await openSizedDatabases(PREFIX, sizes, (size) => `pro-sales ${GENERATOR} ${size}`, fill, log);
  try {
    const loadBefore = os.loadavg();
    const largest = sized.at(-1);
    if (!largest) throw new Error('no size');
    // The cursor of page LATER_PAGE, and an e-mail to search, at each size.
    const cursors = await Promise.all(
      sized.map(async ({ handle }) => {
        const rows = await organizerOrderRows(handle.db, ORGANIZER, { limit: 25 * (LATER_PAGE - 1) });
        const last = rows.at(-1);
        return last ? encodeOrdersCursor(last) : undefined;
      }),
    );
    const measure = async (
      name: string,
      note: string,
      work: (index: number, run: number) => Promise<unknown>,
      plan: () => Promise<string>,
    ): Promise<Measure> => {
      const timings = await timeAcross(
        sized.map((_, index) => index),
        RUNS,
        (index, run) => work(index, run),
        WARM_UP,
      );
      return { name, note, summaries: timings.map(summarize), target: TARGET_MS, plan: await plan() };
    };
    const db = (index: number) => (sized[index] as (typeof sized)[number]).handle.db;
    const explainAll = async (queries: ReturnType<typeof dashboardQueries>) =>
      (await Promise.all(queries.map((query) => explain(largest.handle.db, query)))).join('\n\n');

    const measures: Measure[] = [
      await measure(
        'Tableau de bord de l’organisateur',
        `4 requêtes en parallèle (tarifs et places des ${TICKETINGS} billetteries, CA par taux, ventes des 30 jours, vues des 30 jours)`,
        (index) => organizerDashboard(db(index), ORGANIZER),
        () => explainAll(dashboardQueries({ organizerId: ORGANIZER })),
      ),
      await measure(
        'Tableau de bord d’une billetterie',
        'une billetterie tirée parmi les 200',
        (index, run) => ticketingDashboard(db(index), ORGANIZER, 1 + ((run * 37) % TICKETINGS)),
        () => explainAll(dashboardQueries({ organizerId: ORGANIZER, ticketingId: 1 })),
      ),
      await measure(
        'Commandes, première page',
        '25 commandes, la plus récente d’abord',
        (index) => organizerOrdersPage(db(index), ORGANIZER, { limit: 25 }),
        () => explain(largest.handle.db, orderRowsQuery(ORGANIZER, { limit: 26 })),
      ),
      await measure(
        `Commandes, page ${LATER_PAGE} (curseur)`,
        'la page après les 225 premières, par le curseur',
        (index) => organizerOrdersPage(db(index), ORGANIZER, { limit: 25, cursor: cursors[index] }),
        async () => {
          const after = JSON.parse(Buffer.from(cursors.at(-1) ?? '', 'base64url').toString('utf8'));
          return explain(largest.handle.db, orderRowsQuery(ORGANIZER, { limit: 26, after }));
        },
      ),
      await measure(
        'Commandes, recherche d’un e-mail',
        'l’e-mail d’un acheteur tiré au hasard (« acheteur-N@ »)',
        (index, run) =>
          organizerOrdersPage(db(index), ORGANIZER, {
            limit: 25,
            q: `acheteur-${1 + ((run * 7) % 100)}@`,
          }),
        () => explain(largest.handle.db, orderRowsQuery(ORGANIZER, { limit: 26, q: 'acheteur-42@' })),
      ),
      await measure(
        'Commandes, recherche d’un nom courant',
        '« muller » : un acheteur sur huit, sans accent ni majuscule',
        (index) => organizerOrdersPage(db(index), ORGANIZER, { limit: 25, q: 'muller' }),
        () => explain(largest.handle.db, orderRowsQuery(ORGANIZER, { limit: 26, q: 'muller' })),
      ),
    ];
    const loadAfter = os.loadavg();
    const [version] = await rowsOf<{ version: string }>(largest.handle.db, sql`SELECT version() AS version`);
    const tables = [
      'order',
      'order_item',
      'organizer_order',
      'sales_day',
      'organizer_sales_day',
      'sales_total',
      'page_view',
      'organizer_view_day',
    ];
    const sizesOf = await Promise.all(sized.map((database) => tableSizes(database.handle.db, database.schema, tables)));
    const label = (size: number) => sizeLabel(size, true);

    const section = `${START}
# Espace pro : tableau de bord et commandes d’un organisateur à ${sizes.map((size) => frenchCount(size)).join(' et ')} commandes

Produit par \`npm run bench\` (\`bench/pro-sales.bench.ts\`) le ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.
Un organisateur de ${TICKETINGS} billetteries (2 tarifs chacune) ; ses commandes payées sur un an, une ligne ou deux
chacune ; un autre organisateur partage les tables avec un dixième de commandes en plus. Chaque mesure passe par la
fonction de service qu’appelle la route, ${WARM_UP} appels de chauffe puis ${RUNS} appels par taille (moins au-delà
de ${MEASURE_BUDGET_MS / 1000} s, ${MIN_RUNS} au moins), les tailles entrelacées. Objectif du ticket : p95 sous ${TARGET_MS} ms,
plat de ${label(sizes[0] ?? 0)} à ${label(sizes.at(-1) ?? 0)} commandes.

${growthTable(sizes, measures)}

${measures.map((entry) => `- ${entry.name} : ${entry.note}.`).join('\n')}

## Lecture

- Ni le tableau de bord ni la liste ne lisent les commandes : des agrégats tenus à jour par PostgreSQL dans la
  transaction qui paie une commande (déclencheurs de la migration 0021, quel que soit l’écrivain : paiement,
  seed, tests) — \`sales_total\` (par tarif et taux de TVA : une ligne par tarif), \`organizer_sales_day\` (par
  organisateur et jour de paiement : 30 lignes pour le graphique), \`sales_day\` (par billetterie et jour, pour le
  tableau d’une billetterie), \`organizer_order\` (une ligne par commande et organisateur, lue à rebours dans
  \`organizer_order_paid_idx (organizer_id, paid_at, order_id)\`, la page arrêtée après 26 lignes, le curseur dans
  l’« Index Cond » ; recherche par l’index trigramme \`organizer_order_search_idx\` ou, pour un mot courant, en
  filtrant le parcours par date). Les vues de l’organisateur viennent de \`organizer_view_day\` (tenue par un
  déclencheur de \`page_view\`), celles d’une billetterie de \`page_view_ticketing_day_idx\`.
- Ce que lisent les tableaux de bord dépend du nombre de billetteries, de tarifs et de jours, jamais du nombre
  de commandes : il reste de l’ordre de 400 tarifs (places restantes, via \`product_ticketing_idx\`).
- Avant \`organizer_sales_day\` et \`organizer_view_day\`, le tableau de bord de l’organisateur sommait 6 000 lignes
  de \`sales_day\` et 18 000 de \`page_view\` (200 billetteries × 30 jours × 3 provenances) : plat, mais 65 à 75 ms
  au 95e centile sur cette machine chargée. Avant que \`organizer_order_paid_idx\` soit ascendant, PostgreSQL ne
  pouvait pas s’en servir pour \`ORDER BY paid_at DESC, order_id DESC\` (un index \`DESC NULLS LAST\` n’a pas cet
  ordre) : il triait les 100 000 commandes, 350 ms.

## Machine

${machineLines(version?.version ?? 'PostgreSQL ?', loadBefore, loadAfter)}

## Données

${tableSizesTable(sizes, tables, sizesOf)}

## Plans à ${frenchCount(largest.size)} commandes (\`EXPLAIN (ANALYZE, BUFFERS)\`)

${plansSections(measures)}
${END}`;
    writeReportSection(REPORT, section, START, END);
    for (const line of growthLines(sizes, measures)) log(line);
  } finally {
    await Promise.all(sized.map(({ handle }) => handle.close()));
  }
}

await main();
