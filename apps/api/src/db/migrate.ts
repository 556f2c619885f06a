import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.js';

/** The drizzle/ folder, found from here whether this runs from src/db (tsx, tests) or from the dist bundle. */
export function migrationsFolder(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth++) {
    const candidate = join(folder, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    folder = dirname(folder);
  }
  throw new Error('Dossier des migrations introuvable (apps/api/drizzle).');
}

/**
 * Applies pending migrations. On a PostgreSQL server several API processes may start together:
 * the advisory lock makes them take turns, and the later ones find nothing left to apply.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = {
    migrationsFolder: migrationsFolder(),
    migrationsSchema: handle.schemaName === 'public' ? 'drizzle' : handle.schemaName,
  };
  await handle.withAdvisoryLock('guichet:migrate', async () => {
    if (handle.schemaName !== 'public') {
      await handle.db.execute(sql.raw(`CREATE SCHEMA IF NOT EXISTS "${handle.schemaName}"`));
    }
    if (handle.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver; the handle is driver-neutral.
      await migrate(handle.db as any, config);
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      // biome-ignore lint/suspicious/noExplicitAny: see above.
      await migrate(handle.db as any, config);
    }
  });
}
