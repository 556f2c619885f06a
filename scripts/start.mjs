// `npm start`: builds what is missing, then runs the API (port 4000), the web site (port 3000) and the pro
// site (port 3001) together, all in production mode (React's production build, production checks); development is `npm run dev`.
import { buildWhatIsMissing } from './lib/builds.mjs';
import { checkNodeVersion, superviseTogether, waitForUrl } from './lib/processes.mjs';
import { launcherSecrets, startApi, startPro, startWeb } from './lib/servers.mjs';

checkNodeVersion();
buildWhatIsMissing();

const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.PORT ?? '3000';
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`;
const siteUrl = process.env.SITE_URL ?? `http://localhost:${webPort}`;
const proPort = process.env.PRO_PORT ?? '3001';
const proUrl = process.env.PRO_URL ?? `http://localhost:${proPort}`;

// Production requires the secrets explicitly: the ones set, else those of .data/secrets.json, handed to both.
const secrets = launcherSecrets();
const env = { ...process.env, NODE_ENV: 'production' };
const api = startApi({ port: apiPort, siteUrl, proUrl, secrets, env });
const web = startWeb({ port: webPort, apiUrl, siteUrl, proUrl, secrets, env });
const pro = startPro({ port: proPort, apiUrl, proUrl, siteUrl, env });
const stopAll = superviseTogether([api, web, pro]);

try {
  // The first start creates, migrates and seeds the embedded database: give it time.
  await waitForUrl(`${apiUrl}/health`, { child: api, timeoutMs: 180_000 });
  await waitForUrl(`http://127.0.0.1:${webPort}/`, { child: web });
  await waitForUrl(`http://127.0.0.1:${proPort}/`, { child: pro });
  console.log(`\n  Guichet est prêt : ${siteUrl}\n  Espace pro : ${proUrl}\n  API et documentation : ${apiUrl}/docs\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stopAll(1);
}
