// `npm start`: builds what is missing, then runs the API (port 4000) and the web site (port 3000) together,
// both in production mode (React's production build, production checks); development is `npm run dev`.
import { buildWhatIsMissing } from './lib/builds.mjs';
import { checkNodeVersion, superviseTogether, waitForUrl } from './lib/processes.mjs';
import { launcherSecrets, startApi, startWeb } from './lib/servers.mjs';

checkNodeVersion();
buildWhatIsMissing();

const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.PORT ?? '3000';
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`;
const siteUrl = process.env.SITE_URL ?? `http://localhost:${webPort}`;

// Production requires the secrets explicitly: the ones set, else those of .data/secrets.json, handed to both.
const secrets = launcherSecrets();
const env = { ...process.env, NODE_ENV: 'production' };
const api = startApi({ port: apiPort, siteUrl, secrets, env });
const web = startWeb({ port: webPort, apiUrl, siteUrl, secrets, env });
const stopAll = superviseTogether([api, web]);

try {
  // The first start creates, migrates and seeds the embedded database: give it time.
  await waitForUrl(`${apiUrl}/health`, { child: api, timeoutMs: 180_000 });
  await waitForUrl(`http://127.0.0.1:${webPort}/`, { child: web });
  console.log(`\n  Guichet est prêt : ${siteUrl}\n  API et documentation : ${apiUrl}/docs\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stopAll(1);
}
