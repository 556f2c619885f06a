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
 * `secrets`: JWT_SECRET and PUBLIC_API_TOKEN, always given (the API has none of its own). `proUrl`: the pro
 * site's address, which the API's pro e-mails link to (address confirmation, invitations).
 * `nodeArgs`: more options for Node (the bench's --cpu-prof, which NODE_OPTIONS does not take).
 */
export function startApi({
  port,
  siteUrl,
  proUrl = /** @type {string | undefined} */ (undefined),
  secrets,
  env = process.env,
  quiet = false,
  onLine,
  nodeArgs = /** @type {string[]} */ ([]),
}) {
  return startProcess('api', process.execPath, [...nodeArgs, '--enable-source-maps', BUILDS[0].output], {
    cwd: ROOT,
    // The API writes the sites' addresses into e-mails (password reset, pro address confirmation links).
    env: {
      ...env,
      API_PORT: String(port),
      ...(siteUrl ? { SITE_URL: siteUrl } : {}),
      ...(proUrl ? { PRO_URL: proUrl } : {}),
      JWT_SECRET: secrets.JWT_SECRET,
      PUBLIC_API_TOKEN: secrets.PUBLIC_API_TOKEN,
    },
    quiet,
    onLine,
  });
}

/**
 * `secrets`: the same as the API's; the web needs only PUBLIC_API_TOKEN, and gets nothing else. `proUrl`: the
 * pro site its header's « Ouvrir une billetterie » leads to (the web's default when not given).
 */
export function startWeb({
  port,
  apiUrl,
  siteUrl,
  proUrl = /** @type {string | undefined} */ (undefined),
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
      ...(proUrl ? { PRO_URL: proUrl } : {}),
      PUBLIC_API_TOKEN: secrets.PUBLIC_API_TOKEN,
    },
    quiet,
    onLine,
  });
}

/**
 * The pro site (apps/pro) on `port`, against the API at `apiUrl`; `proUrl` its own address (its cookies'
 * origin), `siteUrl` the public site's. It gets no secret: every call it makes carries the organiser's token.
 */
export function startPro({ port, apiUrl, proUrl, siteUrl, env = process.env, quiet = false, onLine }) {
  const { JWT_SECRET: _, PUBLIC_API_TOKEN: __, ...rest } = env;
  return startProcess('pro', process.execPath, ['server.mjs'], {
    cwd: join(ROOT, 'apps/pro'),
    env: { ...rest, PORT: String(port), API_URL: apiUrl, PRO_URL: proUrl, SITE_URL: siteUrl },
    quiet,
    onLine,
  });
}
