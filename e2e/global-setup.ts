/**
 * Starts the real, built API, web and pro servers on free ports against a fresh database — a temporary
 * PGlite directory, or a new schema of DATABASE_URL — and stops them after the run.
 */

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopProcess, waitForUrl } from '../scripts/lib/processes.mjs';
import { startApi, startPro, startWeb } from '../scripts/lib/servers.mjs';

export default async function globalSetup() {
  const [apiPort, webPort, previewOffPort, proPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const siteUrl = `http://127.0.0.1:${webPort}`;
  // The organisers' site (apps/pro) on the same API: another origin, with cookies of its own.
  const proUrl = `http://127.0.0.1:${proPort}`;
  // A second web server on the same API, with the preview sections turned off.
  const previewOffUrl = `http://127.0.0.1:${previewOffPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'guichet-e2e-'));
  const schema = `e2e_${randomBytes(5).toString('hex')}`;
  const usePostgres = Boolean(process.env.DATABASE_URL);

  const log: string[] = [];
  const keep = (line: string) => log.push(line);
  // Secrets of this run only, handed to the API and both web servers alike.
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_API_TOKEN: randomBytes(16).toString('hex'),
  };
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every visitor of the suite comes from this machine's one address: the abuse limits (tested in the API
    // suite) would soon refuse them.
    RATE_LIMITS: 'false',
    PGLITE_DIR: join(dataDir, 'pglite'),
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
    UPLOADS_DIR: join(dataDir, 'uploads'),
    ...(usePostgres ? { DATABASE_SCHEMA: schema } : {}),
  };
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    if (usePostgres) await dropSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const api = startApi({ port: apiPort, siteUrl, proUrl, secrets, env, quiet: true, onLine: keep });
    children.push(api);
    await waitForUrl(`${apiUrl}/health`, { child: api, timeoutMs: 180_000 });
    const web = startWeb({ port: webPort, apiUrl, siteUrl, proUrl, secrets, env, quiet: true, onLine: keep });
    const previewOff = startWeb({
      port: previewOffPort,
      apiUrl,
      siteUrl: previewOffUrl,
      proUrl,
      secrets,
      env: { ...env, PREVIEW_FEATURES: 'false' },
      quiet: true,
      onLine: keep,
    });
    const pro = startPro({ port: proPort, apiUrl, proUrl, siteUrl, env, quiet: true, onLine: keep });
    children.push(web, previewOff, pro);
    await waitForUrl(`${siteUrl}/`, { child: web });
    await waitForUrl(`${previewOffUrl}/`, { child: previewOff });
    await waitForUrl(`${proUrl}/`, { child: pro });
  } catch (error) {
    await stop();
    throw new Error(`Démarrage des serveurs de test impossible : ${error}\n${log.slice(-40).join('\n')}`);
  }

  process.env.E2E_BASE_URL = siteUrl;
  process.env.E2E_API_URL = apiUrl;
  process.env.E2E_PREVIEW_OFF_URL = previewOffUrl;
  process.env.E2E_PRO_URL = proUrl;
  return stop;
}

async function dropSchema(schema: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
