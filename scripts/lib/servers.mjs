// Starting the built API and web servers: shared by `npm start` and the end-to-end set-up.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BUILDS, ROOT } from './builds.mjs';
import { startProcess } from './processes.mjs';

/** react-router-serve, resolved from the web app wherever npm placed it. */
function reactRouterServeBin() {
  const manifest = createRequire(join(ROOT, 'apps/web/package.json')).resolve('@react-router/serve/package.json');
  return join(dirname(manifest), 'bin.js');
}

export function startApi({ port, env = process.env, quiet = false, onLine }) {
  return startProcess('api', process.execPath, ['--enable-source-maps', BUILDS[0].output], {
    cwd: ROOT,
    env: { ...env, API_PORT: String(port) },
    quiet,
    onLine,
  });
}

export function startWeb({ port, apiUrl, siteUrl, env = process.env, quiet = false, onLine }) {
  return startProcess('web', process.execPath, [reactRouterServeBin(), './build/server/index.js'], {
    cwd: join(ROOT, 'apps/web'),
    env: { ...env, PORT: String(port), API_URL: apiUrl, SITE_URL: siteUrl },
    quiet,
    onLine,
  });
}
