/**
 * What the benches that start the built servers share: a data folder of their own, the servers' environment, a
 * cookie jar, and the demo organiser's sessions (pro site and pro API).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthTokens } from '@guichet/contracts';
import { PRO_DEMO_ACCOUNT } from '../apps/api/src/seed/users.js';

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

/** The longest a login or an API call of the benches' set-up may take on a loaded machine. */
const CALL_TIMEOUT_MS = 30_000;

/**
 * A browser's cookie jar, as far as the benches need one: the latest value of each name the site set, and none
 * of those it cleared (`Max-Age=0`, as the notice shown once is cleared by the page that shows it).
 */
export function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    const name = pair.slice(0, equals).trim();
    if (/;\s*max-age=0\b/i.test(line) || pair.slice(equals + 1) === '') jar.delete(name);
    else jar.set(name, pair.slice(equals + 1));
  }
}

export const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * The demo organiser's cookies on the pro site (`guichet_pro_*`, `__Host-` names in production), obtained as a
 * browser without JavaScript obtains them: the login form posted, with an `Origin` equal to the site's address
 * (its cross-site check). The access token lives 15 minutes: ask again for a later page.
 */
export async function proSiteCookies(proUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  const login = await fetch(`${proUrl}/connexion`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: proUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: PRO_DEMO_ACCOUNT.email, password: PRO_DEMO_ACCOUNT.password }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  keepCookies(jar, login);
  if (![...jar.keys()].some((name) => name.endsWith('guichet_pro_access')))
    throw new Error(`connexion à l’espace pro impossible (${login.status})`);
  return cookieHeader(jar);
}

/** The pro API as the demo organiser: its token from POST /pro/session, then JSON calls; a refusal throws. */
export async function proApiClient(apiUrl: string) {
  const login = await fetch(`${apiUrl}/pro/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: PRO_DEMO_ACCOUNT.email, password: PRO_DEMO_ACCOUNT.password }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (login.status !== 200) throw new Error(`POST /pro/session : ${login.status}`);
  const { accessToken } = (await login.json()) as AuthTokens;
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${method} ${path} : ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}
