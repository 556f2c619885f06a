// Starting the built API and web servers: shared by `npm start` and the end-to-end set-up.
import { join } from 'node:path';
import { LOCAL_SECRETS_FILE, localSecrets } from '../../apps/api/src/lib/local-secrets.mjs';
import { BUILDS, ROOT } from './builds.mjs';
import { startProcess } from './processes.mjs';

/**
 * The secrets to hand to both servers: JWT_SECRET and PUBLIC_API_TOKEN from the environment, else those
 * kept in .data/secrets.json (created with random values on the first start).
 */
export const launcherSecrets = (env = process.env) => localSecrets(join(ROOT, LOCAL_SECRETS_FILE), env);

/**
 * `secrets`: JWT_SECRET and PUBLIC_API_TOKEN, always given (the API has none of its own).
 * `nodeArgs`: more options for Node (the bench's --cpu-prof, which NODE_OPTIONS does not take).
 */
export function startApi({
  port,
  siteUrl,
  secrets,
  env = process.env,
  quiet = false,
  onLine,
  nodeArgs = /** @type {string[]} */ ([]),
}) {
  return startProcess('api', process.execPath, [...nodeArgs, '--enable-source-maps', BUILDS[0].output], {
    cwd: ROOT,
    // The API writes the site's address into e-mails (password reset links).
    env: {
      ...env,
      API_PORT: String(port),
      ...(siteUrl ? { SITE_URL: siteUrl } : {}),
      JWT_SECRET: secrets.JWT_SECRET,
      PUBLIC_API_TOKEN: secrets.PUBLIC_API_TOKEN,
    },
    quiet,
    onLine,
  });
}

/** `secrets`: the same as the API's; the web needs only PUBLIC_API_TOKEN, and gets nothing else. */
export function startWeb({
  port,
  apiUrl,
  siteUrl,
  secrets,
  env = process.env,
  quiet = false,
  onLine,
  nodeArgs = /** @type {string[]} */ ([]),
}) {
  const { JWT_SECRET: _, ...rest } = env;
  return startProcess('web', process.execPath, [...nodeArgs, 'server.mjs'], {
    cwd: join(ROOT, 'apps/web'),
    env: {
      ...rest,
      PORT: String(port),
      API_URL: apiUrl,
      SITE_URL: siteUrl,
      PUBLIC_API_TOKEN: secrets.PUBLIC_API_TOKEN,
    },
    quiet,
    onLine,
  });
}
