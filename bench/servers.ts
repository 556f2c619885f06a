/** What the benches that start the built servers share: a data folder of their own and the servers' environment. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh folder for the embedded database and the outbox, random secrets, and the production environment
 * (abuse limits off: every request comes from the one bench client) — never the developer's DATABASE_URL.
 */
export function benchServerSetup(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `guichet-bench-${name}-`));
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), PUBLIC_API_TOKEN: randomBytes(24).toString('hex') };
  const { DATABASE_URL: _server, ...inherited } = process.env;
  const env = {
    ...inherited,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'false',
    PGLITE_DIR: join(dataDir, 'pglite'),
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
    UPLOADS_DIR: join(dataDir, 'uploads'),
  };
  return { dataDir, secrets, env };
}
