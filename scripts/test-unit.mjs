// `npm run test:unit`: every unit and API test on the embedded database (PGlite); then, when
// DATABASE_URL names a PostgreSQL server, the API tests once more against it (each file in a fresh schema).
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib/builds.mjs';

function vitest(args, env) {
  const result = spawnSync('npx', ['vitest', 'run', ...args], { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { DATABASE_URL, ...withoutServer } = process.env;
vitest(process.argv.slice(2), withoutServer);
if (DATABASE_URL) {
  console.log('\nTests de l’API sur PostgreSQL (DATABASE_URL)…');
  vitest(['apps/api', ...process.argv.slice(2)], process.env);
}
