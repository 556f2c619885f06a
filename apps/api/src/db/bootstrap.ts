import type { ApiEnv } from '../env.js';
import { seedDemoCatalogue } from '../seed/index.js';
import { type DatabaseHandle, openDatabase } from './client.js';
import { migrateDatabase } from './migrate.js';

/** Opens the configured database, applies migrations and, on first start, loads the demo catalogue. */
export async function prepareDatabase(env: ApiEnv, options: { seed?: boolean } = {}): Promise<DatabaseHandle> {
  const handle = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.PGLITE_DIR,
    schemaName: env.DATABASE_SCHEMA,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  try {
    await migrateDatabase(handle);
    if (options.seed ?? env.SEED_DEMO) await seedOnce(handle, new Date());
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Seeds the demo catalogue unless this database already holds it; concurrent starts take turns. */
export function seedOnce(handle: DatabaseHandle, today: Date): Promise<boolean> {
  return handle.withAdvisoryLock('guichet:seed', () => seedDemoCatalogue(handle.db, today));
}
