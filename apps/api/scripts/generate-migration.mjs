// Generates a migration with drizzle-kit, then removes the "public". qualifiers it writes, so that
// migrations create tables in the first schema of the search_path: CI runs each suite in a fresh
// schema of one PostgreSQL database (DATABASE_SCHEMA), and PGlite uses public as before.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const result = spawnSync('drizzle-kit', ['generate', ...process.argv.slice(2)], { stdio: 'inherit', shell: true });
if (result.status !== 0) process.exit(result.status ?? 1);

const folder = new URL('../drizzle/', import.meta.url).pathname;
for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
  const path = join(folder, file);
  const sql = readFileSync(path, 'utf8');
  const unqualified = sql.replaceAll('"public".', '');
  if (unqualified !== sql) writeFileSync(path, unqualified);
}
