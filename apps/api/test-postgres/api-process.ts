/**
 * A real API process on a schema of the PostgreSQL server (DATABASE_URL), as `npm start` or a host behind a
 * load balancer runs it: for the tests of several processes, of a process killed mid-sale, and for the
 * on-sale bench (bench/onsale.bench.ts), which runs the built server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/db/client.js';
import { cartItems, carts, products, users } from '../src/db/schema.js';
import { signAccessToken } from '../src/services/auth/tokens.js';
import { insertConcert } from '../test/helpers.js';

const API_FOLDER = fileURLToPath(new URL('..', import.meta.url));
export const URL_OF_SERVER = process.env.DATABASE_URL ?? '';

export type ApiProcess = { child: ChildProcess; base: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port'))));
    });
  });
}

/** Starts the API on `schema` (migrated by the first process to start) and waits until it answers. */
export async function startApiProcess({
  schema,
  jwtSecret,
  env = {},
  url = URL_OF_SERVER,
  built = false,
  nodeArgs = [],
}: {
  schema: string;
  jwtSecret: string;
  /** More environment (API_WORKERS…). */
  env?: Record<string, string>;
  /** The PostgreSQL server, when not DATABASE_URL's (the bench has its own default). */
  url?: string;
  /** The bundle of `npm run build` (dist/server.js), as `npm start` runs it, rather than the sources. */
  built?: boolean;
  /** Options of node itself (--cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}): Promise<ApiProcess> {
  const port = await freePort();
  const entry = built ? ['--enable-source-maps', 'dist/server.js'] : ['--import', 'tsx', 'src/server.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: API_FOLDER,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATABASE_SCHEMA: schema,
      API_PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Hundreds of buyers, all from this one address.
      RATE_LIMITS: 'false',
      JWT_SECRET: jwtSecret,
      PUBLIC_API_TOKEN: 'jeton-public-des-tests-postgres',
      MAIL_OUTBOX_DIR: `/tmp/guichet-outbox-${schema}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return { child, base };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error('API process did not start');
}

/** Stops a process (SIGTERM, or SIGKILL for a crash) and waits for its end. */
export function stopApiProcess({ child }: ApiProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * A sale to race for: a concert with one ticket of `stock` places, `buyers` members (with access tokens
 * signed as the API signs them) and `carts` anonymous carts holding one ticket each.
 */
export async function insertSale(
  db: Database,
  jwtSecret: string,
  { title, stock, buyers, carts: cartCount }: { title: string; stock: number; buyers: number; carts: number },
) {
  const ticketing = await insertConcert(db, { title });
  const [product] = await db
    .insert(products)
    .values({ productType: 'TICKET', ticketingId: ticketing.id, title: 'Plein tarif', price: 2500, quota: 4, stock })
    .returning({ id: products.id });
  const productId = product?.id ?? 0;
  // By thousands: a statement takes 65,535 parameters at most.
  const members: { id: number }[] = [];
  for (let from = 0; from < buyers; from += 5_000) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(5_000, buyers - from) }, (_, offset) => ({
          firstname: 'Sacha',
          lastname: `Acheteur ${from + offset}`,
          email: `sacha-${from + offset}-${title.length}@exemple.fr`,
          passwordHash: 'jamais-utilisé',
        })),
      )
      .returning({ id: users.id });
    members.push(...rows);
  }
  const tokens = await Promise.all(
    members.map(({ id }) => signAccessToken(jwtSecret, { id, firstname: 'Sacha', sessionVersion: 0 })),
  );
  const cartRows = await db
    .insert(carts)
    .values(Array.from({ length: cartCount }, () => ({ userId: null })))
    .returning({ id: carts.id });
  await db.insert(cartItems).values(cartRows.map(({ id }) => ({ cartId: id, productId, quantity: 1 })));
  return { productId, tokens, cartIDs: cartRows.map(({ id }) => id) };
}
