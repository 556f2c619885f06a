/**
 * What every bench case shares: a scalar query, timing with warm-up, percentiles and plans; for the database
 * benches, one filled schema per catalogue size and the tables of their growth.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type DatabaseHandle, openDatabase, rowsOf } from '../apps/api/src/db/client.js';
import { migrateDatabase } from '../apps/api/src/db/migrate.js';

export async function scalar(db: Database, query: SQL): Promise<number> {
  const [row] = await rowsOf<{ value: string | number }>(db, query);
  return Number(row?.value ?? 0);
}

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Untimed calls before the timed ones: connections opened, plans and pages cached. */
export const WARM_UP = 20;

/** `runs` timed calls after `warmUp` untimed ones, each told its number. */
export async function time(runs: number, work: (run: number) => Promise<unknown>, warmUp = WARM_UP): Promise<number[]> {
  // Warm-up calls get the numbers after the measured ones, so they never ask for the same thing.
  for (let run = 0; run < warmUp; run++) await work(runs + run);
  const timings: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work(run);
    timings.push(performance.now() - started);
  }
  return timings;
}

export async function explain(db: Database, query: SQL | { getSQL(): SQL }): Promise<string> {
  const rows = await rowsOf<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** Writes `section` (its own start and end markers included) into the report, in place of its last run. */
export function writeReportSection(report: string, section: string, start: string, end: string): void {
  const current = readFileSync(report, 'utf8');
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${section}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(report, next);
}

// ——— Measures at several catalogue sizes (catalogue.bench.ts, offers.bench.ts) ———

/** The PostgreSQL server the database benches fill: BENCH_DATABASE_URL, else DATABASE_URL, else the local one. */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** The issue's target for a listing or a search: under 20 ms at the 95th percentile. */
export const TARGET_P95_MS = 20;

/** Growth of the p95 from the smallest to the largest size still called flat (« croissance plate »). */
export const FLAT_GROWTH = 2;

/** Below this, a p95 difference is the round trip's own jitter, whatever its ratio. */
export const JITTER_MS = 1;

/** Row counts measured, smallest first: those of the variable `name` (« 10000,100000 »), else `fallback`. */
export function benchSizes(name: string, fallback: readonly number[]): number[] {
  const asked = process.env[name]
    ?.split(',')
    .map((value) => Number(value.trim()))
    .filter((value) => Number.isInteger(value) && value >= 1_000);
  return [...new Set(asked?.length ? asked : fallback)].sort((a, b) => a - b);
}

/** 10_000 → « 10k », 1_000_000 → « 1m » (schema names), « 1M » for people (`upper`). */
export function sizeLabel(size: number, upper = false): string {
  const label =
    size % 1_000_000 === 0 ? `${size / 1_000_000}m` : size % 1_000 === 0 ? `${size / 1_000}k` : String(size);
  return upper ? label.replace('m', 'M') : label;
}

/** Thousands with French spaces: 1 000 000. */
export const frenchCount = (value: number) => value.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ');

export type SizedDatabase = { size: number; schema: string; handle: DatabaseHandle; filled: FillResult };
export type FillResult = { filled: boolean; seconds: number };

async function schemaComment(db: Database, schema: string): Promise<string | null> {
  const [row] = await rowsOf<{ comment: string | null }>(
    db,
    sql`SELECT obj_description(oid, 'pg_namespace') AS comment FROM pg_namespace WHERE nspname = ${schema}`,
  );
  return row?.comment ?? null;
}

/**
 * One schema per size (`{prefix}_10k`, `{prefix}_100k`, `{prefix}_1m`), migrated like the API's own, filled by
 * `fill` unless a previous run already did with the same generator: the fill's `fingerprint` is written as the
 * schema's comment once everything (indexes, statistics) is done, so an interrupted or older fill is redone.
 * BENCH_REFILL=1 fills again.
 */
export async function openSizedDatabases(
  prefix: string,
  sizes: readonly number[],
  fingerprint: (size: number) => string,
  fill: (handle: DatabaseHandle, size: number) => Promise<void>,
  log: (message: string) => void,
): Promise<SizedDatabase[]> {
  const opened: SizedDatabase[] = [];
  try {
    for (const size of sizes) {
      const schema = `${prefix}_${sizeLabel(size)}`;
      const handle = await openDatabase({ url: BENCH_DATABASE_URL, schemaName: schema, poolSize: 4 });
      opened.push({ size, schema, handle, filled: { filled: false, seconds: 0 } });
      await migrateDatabase(handle);
      const wanted = fingerprint(size);
      if (process.env.BENCH_REFILL !== '1' && (await schemaComment(handle.db, schema)) === wanted) {
        log(`schéma ${schema} déjà rempli (${frenchCount(size)} lignes), réutilisé`);
        continue;
      }
      log(`remplissage du schéma ${schema} (${frenchCount(size)} lignes)…`);
      const started = performance.now();
      await handle.db.execute(sql.raw(`COMMENT ON SCHEMA "${schema}" IS NULL`));
      await fill(handle, size);
      await handle.db.execute(sql.raw(`COMMENT ON SCHEMA "${schema}" IS '${wanted.replaceAll("'", "''")}'`));
      const seconds = (performance.now() - started) / 1000;
      (opened.at(-1) as SizedDatabase).filled = { filled: true, seconds };
      log(`schéma ${schema} rempli en ${seconds.toFixed(0)} s`);
    }
    return opened;
  } catch (error) {
    await Promise.all(opened.map(({ handle }) => handle.close()));
    throw error;
  }
}

/**
 * Bulk loading in one transaction: the secondary indexes of `tables` dropped, then re-created from their own
 * definitions in the catalog (so exactly those of the migrations) once the rows are in; unless `triggers` is
 * kept on, every trigger off when the user is a superuser (foreign keys included: the rows are consistent by
 * construction). `step` runs and times one statement.
 */
export async function bulkLoad(
  handle: DatabaseHandle,
  { tables, triggers = 'off' }: { tables: readonly string[]; triggers?: 'on' | 'off' },
  log: (message: string) => void,
  load: (step: (label: string, query: SQL) => Promise<void>, tx: Database) => Promise<void>,
): Promise<void> {
  await handle.db.transaction(async (tx) => {
    const step = async (label: string, query: SQL) => {
      const at = performance.now();
      await tx.execute(query);
      log(`${label} : ${((performance.now() - at) / 1000).toFixed(1)} s`);
    };
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '512MB'`);
    if (
      triggers === 'off' &&
      (await scalar(tx, sql`SELECT rolsuper::int AS value FROM pg_roles WHERE rolname = current_user`))
    )
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    const indexes = await rowsOf<{ name: string; definition: string }>(
      tx,
      sql`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
        WHERE i.schemaname = ${handle.schemaName} AND i.tablename IN (${sql.join(
          tables.map((table) => sql`${table}`),
          sql`, `,
        )})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c
            WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    );
    for (const index of indexes) await tx.execute(sql.raw(`DROP INDEX "${handle.schemaName}"."${index.name}"`));
    await load(step, tx);
    for (const index of indexes) await step(`index ${index.name}`, sql.raw(index.definition));
  });
}

/** p50, p95 and max of a series of timings. */
export type Summary = { runs: number; p50: number; p95: number; max: number };

export function summarize(timings: readonly number[]): Summary {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * Time a measure may take, all sizes together (BENCH_MEASURE_SECONDS, default 30): a query that grows with the
 * data would otherwise hold the bench for minutes at the largest size. Past it, a measure stops after
 * MIN_RUNS calls per size, and its table says how many it made.
 */
export const MEASURE_BUDGET_MS = Number(process.env.BENCH_MEASURE_SECONDS ?? 30) * 1000;
export const MIN_RUNS = 40;

/**
 * Up to `runs` timed calls of `work` on every size, interleaved (call n on each size before call n + 1, the
 * order of the sizes turning at each call), after `warmUp` untimed ones (at most a tenth of the budget, three
 * at least): the load of a shared machine then weighs on every size alike, and a ratio between sizes measures
 * the data, not the moment. Every size gets the same number of calls.
 */
export async function timeAcross<D>(
  databases: readonly D[],
  runs: number,
  work: (database: D, run: number) => Promise<unknown>,
  warmUp = WARM_UP,
): Promise<number[][]> {
  const count = databases.length;
  const warming = performance.now();
  for (let run = 0; run < warmUp; run++) {
    if (run >= 3 && performance.now() - warming > MEASURE_BUDGET_MS / 10) break;
    for (const database of databases) await work(database, runs + run);
  }
  const timings: number[][] = databases.map(() => []);
  const started = performance.now();
  for (let run = 0; run < runs; run++) {
    if (run >= MIN_RUNS && performance.now() - started > MEASURE_BUDGET_MS) break;
    for (let turn = 0; turn < count; turn++) {
      const index = (run + turn) % count;
      const at = performance.now();
      await work(databases[index] as D, run);
      timings[index]?.push(performance.now() - at);
    }
  }
  return timings;
}

/** A query measured at every size: its summaries (smallest size first) and the target of its p95. */
export type GrowthRow = { name: string; summaries: Summary[]; target: number; note?: string };

/** « croissance plate » when the largest size's p95 is within FLAT_GROWTH of the smallest's and under target. */
export function growthVerdict(row: GrowthRow): { ratio: number; flat: boolean; text: string } {
  const first = row.summaries[0]?.p95 ?? Number.NaN;
  const last = row.summaries.at(-1)?.p95 ?? Number.NaN;
  const ratio = last / first;
  const steady = ratio <= FLAT_GROWTH || last - first < JITTER_MS;
  const under = last < row.target;
  const flat = steady && under;
  const text = flat
    ? 'croissance plate'
    : steady
      ? `plate, mais au-dessus de ${row.target} ms`
      : `croît (×${ratio.toFixed(1)})${under ? '' : `, au-dessus de ${row.target} ms`}`;
  return { ratio, flat, text };
}

/** A duration in milliseconds, to three significant figures or so. */
export const ms = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);

/** A markdown table of one query family: p50 / p95 at each size side by side, the growth and its verdict. */
export function growthTable(sizes: readonly number[], rows: readonly GrowthRow[]): string {
  const largest = sizeLabel(sizes.at(-1) ?? 0, true);
  const smallest = sizeLabel(sizes[0] ?? 0, true);
  const head = `| requête | appels par taille | ${sizes.map((size) => `${sizeLabel(size, true)} p50 / p95`).join(' | ')} | p95 ${largest} / ${smallest} | verdict |`;
  const rule = `|---|---|${sizes.map(() => '---|').join('')}---|---|`;
  const lines = rows.map((row) => {
    const { ratio, text } = growthVerdict(row);
    const cells = row.summaries.map((summary) => `${ms(summary.p50)} / **${ms(summary.p95)}** ms`);
    const runs = row.summaries[0]?.runs ?? 0;
    return `| ${row.name} | ${runs} | ${cells.join(' | ')} | ×${ratio.toFixed(2)} | ${text} |`;
  });
  return [head, rule, ...lines].join('\n');
}

/**
 * A run of a bench that starts the servers, started now: `produced()` is its section's first sentence — when,
 * on which cores, how long it took, and the load average before and after (the cores are shared).
 */
export function benchRun() {
  const started = performance.now();
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ');
  const before = load();
  return {
    produced: () => {
      const minutes = ((performance.now() - started) / 60_000).toFixed(1).replace('.', ',');
      const cpus = os.cpus();
      return `Produit par \`npm run bench\` le ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, sur ${cpus.length} cœurs
(${cpus[0]?.model ?? 'processeur inconnu'}), en ${minutes} min ; charge moyenne (1 / 5 / 15 min) avant : ${before},
après : ${load()}.`;
    },
  };
}

/** The machine the measures ran on, and how loaded it was (the cores are shared). */
export function machineLines(version: string, loadBefore: number[], loadAfter: number[]): string {
  const cpus = os.cpus();
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  return `- Processeur : ${cpus[0]?.model ?? 'inconnu'} × ${cpus.length}
- Mémoire : ${(os.totalmem() / 1024 ** 3).toFixed(1)} Gio ; système : ${os.type()} ${os.release()} (${os.arch()})
- Charge (moyenne 1 / 5 / 15 min) avant les mesures : ${load(loadBefore)} ; après : ${load(loadAfter)}
  (au-delà du nombre de cœurs, d'autres processus se partageaient la machine pendant la mesure)
- Node.js ${process.version}
- ${version}, sur la même machine (connexion TCP locale)`;
}

/** Sizes of the bench tables of one schema, as PostgreSQL estimates them. */
export async function tableSizes(
  db: Database,
  schema: string,
  tables: readonly string[],
): Promise<{ name: string; rows: number; size: string }[]> {
  const rows = await rowsOf<{ name: string; rows: string; size: string }>(
    db,
    sql`SELECT c.relname AS name, c.reltuples::bigint AS rows, pg_size_pretty(pg_total_relation_size(c.oid)) AS size
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ${schema} AND c.relkind = 'r' AND c.relname IN (${sql.join(
        tables.map((table) => sql`${table}`),
        sql`, `,
      )})
      ORDER BY c.relname`,
  );
  return rows.map((row) => ({ name: row.name, rows: Number(row.rows), size: row.size }));
}

/** The bench tables at every size, side by side: rows and disk size as PostgreSQL estimates them (tableSizes). */
export function tableSizesTable(
  sizes: readonly number[],
  tables: readonly string[],
  sizesOf: readonly Awaited<ReturnType<typeof tableSizes>>[],
): string {
  const label = (size: number) => sizeLabel(size, true);
  const cell = (list: Awaited<ReturnType<typeof tableSizes>>, table: string) => {
    const entry = list.find((item) => item.name === table);
    return entry ? `${frenchCount(entry.rows)} lignes, ${entry.size}` : '?';
  };
  return [
    `| table | ${sizes.map(label).join(' | ')} |`,
    `|---|${sizes.map(() => '---|').join('')}`,
    ...tables.map((table) => `| ${table} | ${sizesOf.map((list) => cell(list, table)).join(' | ')} |`),
  ].join('\n');
}

/** Each measure's query plan, a section apiece. */
export const plansSections = (entries: readonly { name: string; plan: string }[]) =>
  entries.map((entry) => `### ${entry.name}\n\n\`\`\`\n${entry.plan}\n\`\`\``).join('\n\n');

/** A line per measure for the console: its p95 at each size and whether it stayed flat. */
export const growthLines = (sizes: readonly number[], rows: readonly GrowthRow[]) =>
  rows.map(
    (row) =>
      `${row.name} : ${row.summaries.map((summary, index) => `${sizeLabel(sizes[index] ?? 0, true)} p95 ${summary.p95.toFixed(2)} ms`).join(', ')} — ${growthVerdict(row).text}`,
  );
