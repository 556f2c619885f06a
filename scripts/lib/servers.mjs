// Starting the built API and web servers: shared by `npm start` and the end-to-end set-up.
import { join } from 'node:path';
import { BUILDS, ROOT } from './builds.mjs';
import { startProcess } from './processes.mjs';

export function startApi({ port, siteUrl, env = process.env, quiet = false, onLine }) {
  return startProcess('api', process.execPath, ['--enable-source-maps', BUILDS[0].output], {
    cwd: ROOT,
    // The API writes the site's address into e-mails (password reset links).
    env: { ...env, API_PORT: String(port), ...(siteUrl ? { SITE_URL: siteUrl } : {}) },
    quiet,
    onLine,
  });
}

export function startWeb({ port, apiUrl, siteUrl, env = process.env, quiet = false, onLine }) {
  return startProcess('web', process.execPath, ['server.mjs'], {
    cwd: join(ROOT, 'apps/web'),
    env: { ...env, PORT: String(port), API_URL: apiUrl, SITE_URL: siteUrl },
    quiet,
    onLine,
  });
}
