/**
 * The on-sale spike of issue 13: two built API processes (`NODE_ENV=production`, abuse limits off) on a fresh
 * schema of a PostgreSQL server, 500 clients at once, each attempt the checkout a buyer sends to get a place
 * held (`POST /orders` of a cart of one ticket, with the buyer's bearer; buyers and carts are inserted in the
 * database beforehand, as the PostgreSQL tests do).
 * (a) 10,000 attempts against one product of 100 places: exactly 100 held, every answer within 30 s, p99
 * under 3 s, no 5xx. (b) a product of 20,000 places sold one ticket an order for a fixed window: orders held a
 * second (≥ 200), never more than the stock, the order lines adding up to `reserved + sold`.
 * Also the CPU each attempt costs the API processes, PostgreSQL and this client, read in /proc: on a shared
 * machine, durations depend on the neighbours, CPU much less. Writes its section of bench/REPORT.md (between
 * its markers). See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Database, type DatabaseHandle, openDatabase, rowsOf } from '../apps/api/src/db/client.js';
import { type ApiProcess, insertSale, startApiProcess, stopApiProcess } from '../apps/api/test-postgres/api-process.js';
import { BUILDS, buildWhatIsMissing } from '../scripts/lib/builds.mjs';
import { percentile, writeReportSection } from './lib.js';

const URL_ = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = `bench_onsale_${randomBytes(4).toString('hex')}`;
const JWT_SECRET = randomBytes(32).toString('base64url');
const REPORT = fileURLToPath(new URL('./REPORT.md', import.meta.url));
const START = '<!-- onsale:start -->';
const END = '<!-- onsale:end -->';

const CLIENTS = Number(process.env.BENCH_ONSALE_CLIENTS ?? 500);
const SPIKE_ATTEMPTS = Number(process.env.BENCH_ONSALE_ATTEMPTS ?? 10_000);
const SPIKE_STOCK = 100;
/**
 * Checkouts of a sale of its own before the measures, half of them sold out: the API processes' code is
 * compiled, their connections opened, as on a server that has been up for a while.
 */
const WARM_UP_ATTEMPTS = Number(process.env.BENCH_ONSALE_WARM_UP ?? 1_500);
const SUSTAINED_STOCK = 20_000;
const SUSTAINED_MS = Number(process.env.BENCH_ONSALE_WINDOW_MS ?? 20_000);
/** Buyers with an account and a signed access token; attempts take them in turn. */
const BUYERS = 10_000;
/** Longer than this is « not answered » (the budget), and the request is abandoned. */
const ANSWER_WITHIN_MS = 30_000;
const BUDGET_P99_MS = 3_000;
const BUDGET_PER_SECOND = 200;
/** When set, each API process writes a V8 CPU profile there on exit (open it in Chrome's DevTools). */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

const BILLING = { street: '1 rue Nationale', postalCode: '59000', city: 'Lille', country: 'France' };

const log = (message: string) => console.log(`[bench onsale] ${message}`);

type Answer = { status: number; body: Record<string, unknown> | null };

/**
 * One keep-alive pool for every client: a fetch() per request costs the client more CPU than node:http, and
 * on two cores the client competes with both API processes and PostgreSQL.
 */
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

/** POSTs `body` as JSON; status 0 when no answer came (connection error, or none within ANSWER_WITHIN_MS). */
function post(base: string, path: string, body: unknown, token: string): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = httpRequest(
      `${base}${path}`,
      {
        method: 'POST',
        agent,
        timeout: ANSWER_WITHIN_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          let parsed: Record<string, unknown> | null = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          } catch {
            // A body that is not JSON is told by its status alone.
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
        response.on('error', () => resolve({ status: 0, body: null }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, body: null }));
    request.end(payload);
  });
}

/** How an attempt ended: a place held, or why not. */
type Outcome = {
  label: string;
  held: boolean;
  ms: number;
  /** Seconds from the start of the run to the answer. */
  at: number;
  serverErrors: number;
  unanswered: boolean;
};

/** The checkout of one cart of one ticket: the answer's status and code, or why there was none. */
async function attempt(base: string, token: string, cartID: string): Promise<Outcome> {
  const started = performance.now();
  const order = await post(base, '/orders', { cartID, billing: BILLING, acceptTerms: true }, token);
  const held = order.status === 201;
  const code = typeof order.body?.code === 'string' ? ` ${order.body.code}` : '';
  return {
    label: order.status === 0 ? 'sans réponse' : `${order.status}${held ? ' (places réservées)' : code}`,
    held,
    ms: performance.now() - started,
    at: 0,
    serverErrors: order.status >= 500 ? 1 : 0,
    unanswered: order.status === 0,
  };
}

type Run = {
  outcomes: Outcome[];
  /** From the start to the last answer. */
  seconds: number;
  /** From the start to the last place held. */
  lastHeldAt: number;
};

/**
 * CLIENTS clients, client i always on server i % 2, checking out the carts in turn (each with the next
 * buyer's token) back to back while `more()` says so and carts are left.
 */
async function drive(
  servers: readonly ApiProcess[],
  tokens: readonly string[],
  cartIDs: readonly string[],
  more: (outcome: Outcome | null) => boolean,
): Promise<Run> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let lastHeldAt = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const base = servers[client % servers.length]?.base ?? '';
      let last: Outcome | null = null;
      while (next < cartIDs.length && more(last)) {
        const index = next++;
        last = await attempt(base, tokens[index % tokens.length] ?? '', cartIDs[index] ?? '');
        last.at = (performance.now() - started) / 1000;
        outcomes.push(last);
        if (last.held) lastHeldAt = last.at;
      }
    }),
  );
  return { outcomes, seconds: (performance.now() - started) / 1000, lastHeldAt };
}

/** CPU seconds (user + system) a process has used so far, from /proc; 0 when it cannot be read. */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    // Fields 14 and 15 (utime, stime), counted after the parenthesised command name, in ticks of 1/100 s.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by each API process and by each PostgreSQL backend serving them (named by the
 * connection's application_name): what an attempt costs, a figure the other work of a shared machine
 * changes much less than it changes durations. Backends run on this machine, readable in /proc.
 */
async function cpuByProcess(db: Database, servers: readonly ApiProcess[]): Promise<Map<string, number>> {
  const backends = await rowsOf<{ pid: number }>(
    db,
    sql`SELECT pid FROM pg_stat_activity WHERE application_name = ${SCHEMA}`,
  );
  const client = process.cpuUsage();
  return new Map([
    ['client', (client.user + client.system) / 1e6] as const,
    ...servers.map(({ child }) => [`api ${child.pid}`, cpuSecondsOf(child.pid)] as const),
    ...backends.map(({ pid }) => [`pg ${pid}`, cpuSecondsOf(Number(pid))] as const),
  ]);
}

/** CPU seconds of the API processes, of their backends and of this client between two readings. */
function cpuBetween(before: Map<string, number>, after: Map<string, number>) {
  const used = { api: 0, pg: 0, client: 0 };
  for (const [name, seconds] of after) {
    const spent = seconds - (before.get(name) ?? 0);
    if (name.startsWith('api')) used.api += spent;
    else if (name === 'client') used.client += spent;
    else used.pg += spent;
  }
  return used;
}

type Stock = { stock: number; reserved: number; sold: number; orders: number; lines: number; holds: number };

/** The product's counters and what the order tables say of it. */
async function stockOf(db: Database, productId: number): Promise<Stock> {
  const [row] = await rowsOf<Record<keyof Stock, string | number>>(
    db,
    sql`SELECT p.stock, p.reserved, p.sold,
      (SELECT count(DISTINCT oi.order_id) FROM order_item oi JOIN "order" o ON o.id = oi.order_id
        WHERE oi.product_id = p.id AND o.status IN ('PENDING', 'PAID')) AS orders,
      (SELECT coalesce(sum(oi.quantity), 0) FROM order_item oi JOIN "order" o ON o.id = oi.order_id
        WHERE oi.product_id = p.id AND o.status IN ('PENDING', 'PAID')) AS lines,
      (SELECT coalesce(sum(h.quantity), 0) FROM product_hold h
        WHERE h.product_id = p.id AND h.released_at IS NULL) AS holds
    FROM product p WHERE p.id = ${productId}`,
  );
  if (!row) throw new Error(`produit ${productId} introuvable`);
  return {
    stock: Number(row.stock),
    reserved: Number(row.reserved),
    sold: Number(row.sold),
    orders: Number(row.orders),
    lines: Number(row.lines),
    holds: Number(row.holds),
  };
}

type Summary = {
  attempts: number;
  held: number;
  counts: [string, number][];
  p50: number;
  p99: number;
  max: number;
  serverErrors: number;
  unanswered: number;
};

function summarize({ outcomes }: Run): Summary {
  const timings = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const counts = new Map<string, number>();
  for (const { label } of outcomes) counts.set(label, (counts.get(label) ?? 0) + 1);
  return {
    attempts: outcomes.length,
    held: outcomes.filter((outcome) => outcome.held).length,
    counts: [...counts].sort((a, b) => b[1] - a[1]),
    p50: percentile(timings, 50),
    p99: percentile(timings, 99),
    max: timings.at(-1) ?? 0,
    serverErrors: outcomes.reduce((sum, outcome) => sum + outcome.serverErrors, 0),
    unanswered: outcomes.filter((outcome) => outcome.unanswered).length,
  };
}

const ms = (value: number) =>
  value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const perAttempt = (seconds: number, attempts: number) => ms((1000 * seconds) / attempts);
const cpuLine = (cpu: ReturnType<typeof cpuBetween>, attempts: number) =>
  `API ${perAttempt(cpu.api, attempts)}, PostgreSQL ${perAttempt(cpu.pg, attempts)}, client ${perAttempt(cpu.client, attempts)}`;
/** The share of the machine's cores the sale's processes (client, API, PostgreSQL) used over `seconds`. */
const machineShare = (cpu: ReturnType<typeof cpuBetween>, seconds: number) =>
  `${Math.round((100 * (cpu.api + cpu.pg + cpu.client)) / (seconds * cpus().length))} %`;
/** Attempts a second that idle cores would give at the CPU measured per attempt: the bound the CPU sets. */
const freeRate = (cpu: ReturnType<typeof cpuBetween>, attempts: number) =>
  Math.round((cpus().length * attempts) / (cpu.api + cpu.pg + cpu.client));
const kept = (ok: boolean) => (ok ? '**tenu**' : '**non tenu**');
const countRows = (summary: Summary) => summary.counts.map(([label, count]) => `| ${label} | ${count} |`).join('\n');
const consistent = (stock: Stock) =>
  stock.reserved + stock.sold === stock.lines &&
  stock.holds === stock.reserved &&
  stock.reserved + stock.sold <= stock.stock;

async function main() {
  // The API alone: the bench starts no web server.
  buildWhatIsMissing(BUILDS.filter((build) => build.workspace === '@guichet/api'));
  if (CPU_PROF_DIR) mkdirSync(CPU_PROF_DIR, { recursive: true });
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
  };
  const nodeArgs = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [];
  // The API's connections say whose they are, so that their backends' CPU can be told from the rest.
  const apiUrl = new URL(URL_);
  apiUrl.searchParams.set('application_name', SCHEMA);
  const start = () =>
    startApiProcess({ schema: SCHEMA, jwtSecret: JWT_SECRET, url: apiUrl.href, built: true, env, nodeArgs });
  const servers: ApiProcess[] = [];
  let database: DatabaseHandle | undefined;
  let failed = false;
  try {
    // Opened first, so that the schema is dropped whatever fails after.
    database = await openDatabase({ url: URL_, schemaName: SCHEMA });
    const { db } = database;
    log(`schéma ${SCHEMA} : démarrage de deux API construites (la première migre)…`);
    // One after the other: the first migrates under the advisory lock, the second finds nothing to do.
    servers.push(await start());
    servers.push(await start());

    log(`${BUYERS} acheteurs, trois ventes et leurs paniers, insérés directement en base…`);
    const spikeSale = await insertSale(db, JWT_SECRET, {
      title: 'Pic',
      stock: SPIKE_STOCK,
      buyers: BUYERS,
      carts: SPIKE_ATTEMPTS,
    });
    // A buyer a cart in every sale: a buyer's second order would replace their first (one pending order per
    // buyer, docs/decisions/0040). A cart per place is more than the window can use. Titles of other lengths:
    // insertSale tells its buyers' e-mails apart by it.
    const sustainedSale = await insertSale(db, JWT_SECRET, {
      title: 'Vente longue',
      stock: SUSTAINED_STOCK,
      buyers: SUSTAINED_STOCK,
      carts: SUSTAINED_STOCK,
    });
    const warmUpSale = await insertSale(db, JWT_SECRET, {
      title: 'Échauffe',
      stock: Math.ceil(WARM_UP_ATTEMPTS / 2),
      buyers: WARM_UP_ATTEMPTS,
      carts: WARM_UP_ATTEMPTS,
    });
    const [{ version } = { version: '?' }] = await rowsOf<{ version: string }>(db, sql`SELECT version()`);
    const loadBefore = loadavg();

    log(`échauffement : ${WARM_UP_ATTEMPTS} tentatives sur ${Math.ceil(WARM_UP_ATTEMPTS / 2)} places…`);
    await drive(servers, warmUpSale.tokens, warmUpSale.cartIDs, () => true);

    log(`(a) ${CLIENTS} clients, ${SPIKE_ATTEMPTS} tentatives sur ${SPIKE_STOCK} places…`);
    const cpuAtStart = await cpuByProcess(db, servers);
    const spikeRun = await drive(servers, spikeSale.tokens, spikeSale.cartIDs, () => true);
    const spikeCpu = cpuBetween(cpuAtStart, await cpuByProcess(db, servers));
    const spike = summarize(spikeRun);
    const spikeStock = await stockOf(db, spikeSale.productId);
    log(
      `(a) ${spike.held} tenues, ${spike.attempts} réponses en ${spikeRun.seconds.toFixed(1)} s, p99 ${ms(spike.p99)}, max ${ms(spike.max)} ; CPU par tentative : ${cpuLine(spikeCpu, spike.attempts)}`,
    );

    log(`(b) ${CLIENTS} clients pendant ${SUSTAINED_MS / 1000} s sur ${SUSTAINED_STOCK} places…`);
    const deadline = performance.now() + SUSTAINED_MS;
    let soldOut = false;
    const cpuBeforeSustained = await cpuByProcess(db, servers);
    const sustainedRun = await drive(servers, sustainedSale.tokens, sustainedSale.cartIDs, (last) => {
      if (last?.label.includes('SOLD_OUT')) soldOut = true;
      return !soldOut && performance.now() < deadline;
    });
    const sustainedCpu = cpuBetween(cpuBeforeSustained, await cpuByProcess(db, servers));
    const sustained = summarize(sustainedRun);
    const sustainedStock = await stockOf(db, sustainedSale.productId);
    // Places held within the window, over the window; or over the time it took when it sold out first. The
    // answers to attempts still under way when the window closed are counted in the checks, not in the rate.
    const window = soldOut ? sustainedRun.lastHeldAt : SUSTAINED_MS / 1000;
    const heldInWindow = sustainedRun.outcomes.filter((outcome) => outcome.held && outcome.at <= window).length;
    const perSecond = heldInWindow / window;
    log(
      `(b) ${heldInWindow} tenues en ${window.toFixed(1)} s : ${perSecond.toFixed(0)}/s, p99 ${ms(sustained.p99)} ; CPU par commande : ${cpuLine(sustainedCpu, sustained.attempts)}`,
    );
    const loadAfter = loadavg();

    const spikeExact = spike.held === SPIKE_STOCK && spikeStock.reserved + spikeStock.sold === SPIKE_STOCK;
    const spikeChecks = [
      [`exactement ${SPIKE_STOCK} places tenues (réponses 201 et base)`, spikeExact && consistent(spikeStock)],
      [
        `chaque tentative répondue en moins de ${ANSWER_WITHIN_MS / 1000} s`,
        spike.unanswered === 0 && spike.max < ANSWER_WITHIN_MS,
      ],
      [`p99 < ${BUDGET_P99_MS / 1000} s`, spike.p99 < BUDGET_P99_MS],
      ['aucune réponse 5xx', spike.serverErrors === 0],
    ] as const;
    const noOversell = sustainedStock.reserved + sustainedStock.sold <= SUSTAINED_STOCK && consistent(sustainedStock);
    const sustainedChecks = [
      [`≥ ${BUDGET_PER_SECOND} commandes tenues par seconde`, perSecond >= BUDGET_PER_SECOND],
      [
        'aucune survente, base cohérente (lignes de commande = réservé + vendu = réservations)',
        noOversell && sustainedStock.reserved + sustainedStock.sold === sustained.held,
      ],
      ['aucune réponse 5xx', sustained.serverErrors === 0 && sustained.unanswered === 0],
    ] as const;
    // A broken guarantee (oversell, counts that disagree) fails the run; a missed speed budget is reported.
    failed = !spikeChecks[0][1] || !sustainedChecks[1][1];

    const stockLine = (stock: Stock) =>
      `stock ${stock.stock}, \`reserved\` ${stock.reserved}, \`sold\` ${stock.sold} ; ${stock.orders} commandes en cours ou payées, ${stock.lines} billets sur leurs lignes ; réservations non libérées : ${stock.holds} places`;
    const section = `${START}
## Mise en vente : pic de demandes (\`bench/onsale.bench.ts\`)

Produit par \`npm run bench\` le ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, sur ${cpus().length} cœurs
(${cpus()[0]?.model ?? 'processeur inconnu'}) partagés avec d'autres travaux (charge moyenne sur 1 min : ${loadBefore[0]?.toFixed(2)} avant,
${loadAfter[0]?.toFixed(2)} après). Deux processus de l'API construite (\`dist/server.js\`, \`NODE_ENV=production\`, limites
d'abus coupées, 10 connexions chacun) sur un schéma neuf de ${version.split(' on ')[0]}, sur la même
machine. ${CLIENTS} clients simultanés (\`node:http\`, connexions persistantes), le client *i* toujours sur le processus
*i* mod 2. Une tentative est la commande d'un panier d'un billet (\`POST /orders\`, jeton de l'un des ${BUYERS}
acheteurs) ; acheteurs et paniers sont insérés en base avant la mesure, et ${WARM_UP_ATTEMPTS} commandes d'une
autre vente chauffent d'abord les processus. Le temps CPU par tentative (lu dans /proc : les deux API, les
connexions de PostgreSQL qui les servent, ce client) dépend bien moins des voisins que les durées.

### (a) ${SPIKE_ATTEMPTS} tentatives sur un billet de ${SPIKE_STOCK} places

${spike.attempts} tentatives en ${spikeRun.seconds.toFixed(1)} s (${(spike.attempts / spikeRun.seconds).toFixed(0)} par seconde) ; la
${SPIKE_STOCK}e place est partie à ${spikeRun.lastHeldAt.toFixed(1)} s. Durée d'une tentative : p50 ${ms(spike.p50)}, p99
${ms(spike.p99)}, max ${ms(spike.max)}. Réponses 5xx : ${spike.serverErrors} ; sans réponse : ${spike.unanswered}. CPU par
tentative : ${cpuLine(spikeCpu, spike.attempts)}.

| réponse | nombre |
|---|---|
${countRows(spike)}

En base après coup : ${stockLine(spikeStock)}.

${spikeChecks.map(([label, ok]) => `- ${label} : ${kept(ok)}`).join('\n')}

### (b) Vente soutenue : ${SUSTAINED_STOCK} places, un billet par commande, ${SUSTAINED_MS / 1000} s

${heldInWindow} commandes tenues en ${window.toFixed(1)} s${soldOut ? ' (épuisé avant la fin)' : ''} : **${perSecond.toFixed(0)} par seconde**. En
tout, réponses des tentatives en cours à la fin comprises (${sustainedRun.seconds.toFixed(1)} s), ${sustained.held} commandes sur
${sustained.attempts} tentatives ; durée p50 ${ms(sustained.p50)}, p99 ${ms(sustained.p99)}, max ${ms(sustained.max)} ; réponses
5xx : ${sustained.serverErrors} ; sans réponse : ${sustained.unanswered}. CPU par commande : ${cpuLine(sustainedCpu, sustained.attempts)}.

| réponse | nombre |
|---|---|
${countRows(sustained)}

En base après coup : ${stockLine(sustainedStock)}.

${sustainedChecks.map(([label, ok]) => `- ${label} : ${kept(ok)}`).join('\n')}

### Lecture

- Une commande lit d'abord sans rien verrouiller (la version de session du jeton, puis l'acheteur, le panier
  et ses lignes en une lecture, puis les produits) et décide là de tout refus : un épuisé coûte ces trois
  lectures. Puis une seule instruction, hors transaction, prend les places (la condition
  \`sold + reserved + n <= stock\` de l'UPDATE) et écrit la commande, ses lignes et ses réservations ;
  PostgreSQL la valide en la terminant (docs/decisions/0032). Les commandes d'un même billet passent l'une
  après l'autre sur sa ligne de \`product\`, verrouillée jusqu'à ce que la validation soit sur disque : le
  plafond d'une vente d'un seul billet, quelques centaines par seconde sur ces disques.
- Sous ce plafond, la limite est le CPU des ${cpus().length} cœurs, partagés entre le client, les deux API, PostgreSQL et
  les voisins. La vente en a pris ${machineShare(spikeCpu, spikeRun.seconds)} pendant (a) et ${machineShare(sustainedCpu, sustainedRun.seconds)} pendant (b), le reste allant aux
  autres travaux de la machine ; au CPU mesuré par tentative, des cœurs libres répondraient environ
  ${freeRate(spikeCpu, spike.attempts)} tentatives épuisées et ${freeRate(sustainedCpu, sustained.attempts)} commandes par seconde (estimation, hors attente de la ligne du billet).
- Avant la décision 0032, dans ce même banc (sans échauffement), le 2026-11-25 à une charge de 6 à 20 :
  (a) 10 000 réponses en 137 s, p99 12,2 s, CPU par tentative API 4,6 ms et PostgreSQL 4,3 ms ; (b) 25
  commandes par seconde, p99 22,8 s, CPU par commande API 7,7 ms et PostgreSQL 18 ms.
${END}`;
    writeReportSection(REPORT, section, START, END);
    console.log(section);
    log(`section écrite dans ${REPORT}`);
  } finally {
    agent.destroy();
    await Promise.all(servers.map((server) => stopApiProcess(server)));
    await database?.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`));
    await database?.close();
  }
  if (failed) {
    console.error('[bench onsale] garantie non tenue : survente ou comptes incohérents (voir le rapport)');
    process.exitCode = 1;
  }
}

await main();
