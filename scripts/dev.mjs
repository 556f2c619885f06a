// `npm run dev`: the API (tsx watch), the web site and the pro site (Vite, hot reload; ports 3000 and 3001) together.
import { ROOT } from './lib/builds.mjs';
import { checkNodeVersion, startProcess, superviseTogether } from './lib/processes.mjs';
import { launcherSecrets } from './lib/servers.mjs';

checkNodeVersion();
const apiPort = process.env.API_PORT ?? '4000';
const env = {
  ...process.env,
  // Development (whatever the shell says), with the secrets of .data/secrets.json unless set: one
  // PUBLIC_API_TOKEN for both processes.
  NODE_ENV: 'development',
  ...launcherSecrets(),
  API_PORT: apiPort,
  API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}`,
};
superviseTogether([
  startProcess('api', 'npm', ['run', 'dev', '-w', '@guichet/api'], { cwd: ROOT, env }),
  startProcess('web', 'npm', ['run', 'dev', '-w', '@guichet/web'], { cwd: ROOT, env }),
  // The pro site reads no PUBLIC_API_TOKEN: its calls carry the organiser's token.
  startProcess('pro', 'npm', ['run', 'dev', '-w', '@guichet/pro'], { cwd: ROOT, env }),
]);
