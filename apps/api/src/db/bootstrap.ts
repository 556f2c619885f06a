import type { ApiEnv } from '../env.js';
import { type DatabaseHandle, openDatabase } from './client.js';
import { migrateDatabase } from './migrate.js';

/**
 * Opens the configured database, applies migrations, then runs `fill` if given (the start passes the demo
 * seed, on by default): what fills a database is decided by whoever starts the API, not by the database layer.
 */
export async function prepareDatabase(
  env: ApiEnv,
  options: { fill?: (handle: DatabaseHandle) => Promise<unknown> } = {},
): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.PGLITE_DIR,
    schemaName: env.DATABASE_SCHEMA,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  try {
    await migrateDatabase(handle);
    await options.fill?.(handle);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
