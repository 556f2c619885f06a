/**
 * Opens the database chosen at start-up: PGlite (embedded, one process) when no DATABASE_URL is given,
 * otherwise a node-postgres pool. Both are driven through the same Drizzle schema.
 */
import { mkdirSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { type FolderLock, lockFolder } from './folder-lock.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The schema holding the tables: `public`, or a run's own schema on a shared server. */
  schemaName: string;
  /** Runs `work` while holding a PostgreSQL advisory lock, so concurrent processes take turns. */
  withAdvisoryLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** postgres://… — when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** Schema for the tables on a PostgreSQL server (default public). */
  schemaName?: string | undefined;
  /** Most connections the pool opens to a PostgreSQL server. */
  poolSize?: number | undefined;
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const schemaName = options.schemaName ?? 'public';
  if (!SCHEMA_NAME.test(schemaName))
    throw new Error(`DATABASE_SCHEMA « ${schemaName} » n'est pas un nom de schéma valide.`);
  return options.url ? openPostgres(options.url, schemaName, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const [{ PGlite }, { unaccent }, { pg_trgm }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  let lock: FolderLock | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // Before PGlite touches a file: a second process would corrupt the folder.
    lock = lockFolder(dataDir);
  }
  let client: Awaited<ReturnType<typeof PGlite.create>>;
  try {
    client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { unaccent, pg_trgm } });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzle({ client, schema }) as unknown as Database;
  const turns = new Map<string, Promise<void>>();
  return {
    db,
    kind: 'pglite',
    schemaName: 'public',
    // One process owns a PGlite directory, so an in-process queue gives the same guarantee as the
    // server's advisory lock: callers take turns.
    withAdvisoryLock: (name, work) => {
      const previous = turns.get(name) ?? Promise.resolve();
      const current = previous.then(work, work);
      turns.set(
        name,
        current.then(
          () => {},
          () => {},
        ),
      );
      return current;
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, schemaName: string, poolSize: number): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pg.Pool({
    connectionString: url,
    // Every connection resolves unqualified names in the run's schema first; extensions live in public.
    options: `-c search_path=${schemaName},public`,
    max: poolSize,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    schemaName,
    async withAdvisoryLock(name, work) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw SQL query: both drivers answer `{ rows }`, which the driver-neutral type leaves unknown. */
export async function rowsOf<Row extends Record<string, unknown>>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
