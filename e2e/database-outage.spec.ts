import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { freePort, stopProcess, waitForUrl } from '../scripts/lib/processes.mjs';
import { startApi, startWeb } from '../scripts/lib/servers.mjs';
import { expect, test } from './fixtures';

/**
 * The database stops under a running site, then comes back (PostgreSQL only: the embedded database lives and
 * dies with the API's process, which api-outage.spec.ts stops). This spec runs its own API and web, the API
 * reaching PostgreSQL through a TCP relay that the test cuts and restores: while it is cut, pages answer the
 * French 503 page and forms say so, no process dies; once restored, everything works again without a restart.
 */

const DATABASE_URL = process.env.DATABASE_URL ?? '';
const DEMO = { email: 'demo@guichet.test', password: 'demo-guichet-2026', firstname: 'Camille' };
const PAGES = ['/', '/billetterie/1', '/billetteries/france', '/bons-plans', '/agenda', '/artistes'];

test.describe.configure({ mode: 'serial' });

/** A TCP relay to the PostgreSQL server that can be cut (every connection dropped, new ones refused). */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = new NetSocket();
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      upstream.connect(this.target.port, this.target.host);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

let relay: Relay;
let schema: string;
let dataDir: string;
let siteUrl: string;
let api: ChildProcess;
let web: ChildProcess;
/** The servers' output, kept for a failure's report. */
const log: string[] = [];
const keep = (line: string) => log.push(line);

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const target = new URL(DATABASE_URL);
  relay = new Relay(await freePort(), { host: target.hostname, port: Number(target.port || 5432) });
  await relay.open();
  const throughRelay = new URL(DATABASE_URL);
  throughRelay.hostname = '127.0.0.1';
  throughRelay.port = String(relay.port);
  schema = `outage_${randomBytes(5).toString('hex')}`;
  dataDir = mkdtempSync(join(tmpdir(), 'guichet-db-outage-'));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  siteUrl = `http://127.0.0.1:${webPort}`;
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), PUBLIC_API_TOKEN: randomBytes(24).toString('hex') };
  const env = {
    ...process.env,
    DATABASE_URL: throughRelay.toString(),
    DATABASE_SCHEMA: schema,
    NODE_ENV: 'test',
    LOG_LEVEL: 'fatal',
    RATE_LIMITS: 'false',
    // What rendering does without the database: pages kept by the web's page cache (10 s) and answers kept
    // by the API's shared answers (5 s) would still be served — the better answer for a visitor, but not
    // what this spec looks at.
    PAGE_CACHE_TTL_MS: '0',
    API_CACHE_TTL_MS: '0',
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
  };
  api = startApi({ port: apiPort, siteUrl, secrets, env, quiet: true, onLine: keep });
  await waitForUrl(`http://127.0.0.1:${apiPort}/health`, { child: api, timeoutMs: 240_000 });
  web = startWeb({
    port: webPort,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    siteUrl,
    secrets,
    env,
    quiet: true,
    onLine: keep,
  });
  await waitForUrl(`${siteUrl}/`, { child: web });
});

test.afterAll(async () => {
  for (const child of [web, api]) if (child) await stopProcess(child);
  await relay?.cut();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
  rmSync(dataDir, { recursive: true, force: true });
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture arguments from this pattern.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('servers', { body: log.join('\n') });
});

const at = (path: string) => `${siteUrl}${path}`;

async function expectUnavailablePage(page: Page, path: string) {
  const response = await page.goto(at(path));
  expect(response?.status(), path).toBe(503);
  await expect(page.getByRole('heading', { level: 1 }), path).toContainText('503');
  await expect(page.getByRole('heading', { level: 1 }), path).toContainText('Service indisponible');
  await expect(page.getByRole('link', { name: "Retourner à l'accueil" }), path).toBeVisible();
}

test('the database cut: every page answers the French 503 page, forms say so, nothing dies', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of PAGES) expect((await page.goto(at(path)))?.status(), path).toBe(200);

  await relay.cut();
  for (const path of PAGES) await expectUnavailablePage(page, path);

  // A form: the message above it, what was typed kept.
  await page.goto(at('/auth/login'));
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(DEMO.email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toContainText('momentanément indisponible');
  await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue(DEMO.email);

  expect(api.exitCode).toBeNull();
  expect(web.exitCode).toBeNull();
});

test('the database back: everything works again, without a restart', async ({ page }) => {
  test.setTimeout(120_000);
  await relay.open();
  // The API's pool opens new connections as they are asked for.
  await expect.poll(async () => (await page.goto(at('/billetterie/1')))?.status(), { timeout: 30_000 }).toBe(200);
  for (const path of PAGES) expect((await page.goto(at(path)))?.status(), path).toBe(200);
  await page.goto(at('/auth/login'));
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(DEMO.email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: DEMO.firstname })).toBeVisible();
  expect(api.exitCode).toBeNull();
});
