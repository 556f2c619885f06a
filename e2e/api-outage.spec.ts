import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { freePort, stopProcess, waitForUrl } from '../scripts/lib/processes.mjs';
import { startApi, startWeb } from '../scripts/lib/servers.mjs';
import { expect, ownServersEnv, test } from './fixtures';

/**
 * The API stopped under a running site, then started again: every kind of page answers the French 503
 * « Service indisponible » page inside the site's frame, every form says so above its fields without
 * losing what was typed, and everything works again once the API is back. This spec runs its own API and
 * web servers (on their own embedded database) so that stopping its API disturbs no other spec.
 */

const DEMO = { email: 'demo@guichet.test', password: 'demo-guichet-2026', firstname: 'Camille' };
const UNAVAILABLE = 'Le service est momentanément indisponible. Réessayez dans quelques instants.';

/** One page of each kind, as a visitor reaches it. */
const PAGES = [
  '/',
  '/billetteries/france',
  '/billetterie/les-nuits-electriques-1',
  '/agenda',
  '/artistes',
  '/artistes/1',
  '/organizer/1',
  '/account',
  '/account/orders',
  '/account/orders/1',
  '/account/informations',
  '/bons-plans',
  '/bons-plans/search?q=spa',
  '/bons-plans/offer/1',
];
const EMBEDS = ['/embed/ticketing/1', '/embed/organizer/1'];
const RESOURCES = ['/sitemap.xml', '/billetterie/1/calendrier.ics'];

test.describe.configure({ mode: 'serial' });

let dataDir: string;
let apiPort: number;
let siteUrl: string;
let api: ChildProcess | null = null;
let web: ChildProcess | null = null;
const log: string[] = [];

// Every page rendered when asked: what this spec checks is each page's answer when its rendering finds the API
// away. (A public page's copy kept before the outage is served its few seconds more, to everyone, logged in or
// not: e2e/page-cache-faults.spec.ts.)
const env = () => ownServersEnv(dataDir, { PAGE_CACHE_TTL_MS: '0' });
const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), PUBLIC_API_TOKEN: randomBytes(24).toString('hex') };

async function startOwnApi() {
  api = startApi({
    port: apiPort,
    siteUrl,
    secrets,
    env: env(),
    quiet: true,
    onLine: (line: string) => log.push(line),
  });
  await waitForUrl(`http://127.0.0.1:${apiPort}/health`, { child: api, timeoutMs: 180_000 });
}

async function stopOwnApi() {
  const child = api;
  api = null;
  if (child) await stopProcess(child);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'guichet-outage-'));
  apiPort = await freePort();
  const webPort = await freePort();
  siteUrl = `http://127.0.0.1:${webPort}`;
  await startOwnApi();
  web = startWeb({
    port: webPort,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    siteUrl,
    secrets,
    env: env(),
    quiet: true,
    onLine: (line: string) => log.push(line),
  });
  await waitForUrl(`${siteUrl}/`, { child: web });
});

test.afterAll(async () => {
  await stopOwnApi();
  if (web && web.exitCode === null) {
    const exited = new Promise((resolve) => web?.once('exit', resolve));
    web.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const at = (path: string) => `${siteUrl}${path}`;

async function logIn(page: Page) {
  await page.goto(at('/auth/login'));
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(DEMO.email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: DEMO.firstname })).toBeVisible();
}

async function expectUnavailablePage(page: Page, path: string, { framed }: { framed: boolean }) {
  const response = await page.goto(at(path));
  expect(response?.status(), path).toBe(503);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading, path).toContainText('503');
  await expect(heading, path).toContainText('Service indisponible');
  await expect(page, path).toHaveTitle(/^503 Service indisponible/);
  if (framed) {
    // The page failed on its own: the site around it stays usable.
    await expect(page.getByRole('banner'), path).toBeVisible();
    await expect(page.getByRole('contentinfo'), path).toBeVisible();
  }
  await expect(page.getByRole('link', { name: "Retourner à l'accueil" }), path).toBeVisible();
}

test('with the API stopped, every kind of page answers the French 503 page', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  await stopOwnApi();

  for (const path of PAGES) await expectUnavailablePage(page, path, { framed: true });
  for (const path of EMBEDS) await expectUnavailablePage(page, path, { framed: false });
  for (const path of RESOURCES) {
    const response = await page.request.get(at(path));
    expect(response.status(), path).toBe(503);
    expect(await response.text(), path).toBe(UNAVAILABLE);
    expect(response.headers()['retry-after'], path).toBe('30');
  }

  // Logged in all along: the session was kept, not ended, while the API was away.
  await startOwnApi();
  await page.goto(at('/account'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bonjour ${DEMO.firstname}`);
  const home = await page.goto(at('/'));
  expect(home?.status()).toBe(200);
});

test('with the API stopped, every form says so and keeps what was typed', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Pages opened while the API answers; forms sent once it has stopped.
  await logIn(page);
  await page.goto(at('/account/informations'));
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(at('/auth/register'));
  const noScriptContext = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await noScriptContext.newPage();
  await noScript.goto(at('/auth/login'));
  await stopOwnApi();

  // Account: the identity form.
  const identity = page.getByRole('region', { name: 'Identité' });
  await identity.getByRole('textbox', { name: 'Prénom' }).fill('Camille-Andrée');
  await identity.getByRole('button', { name: 'Enregistrer mon identité' }).click();
  await expect(identity.getByRole('alert')).toHaveText(UNAVAILABLE);
  await expect(identity.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Camille-Andrée');

  // Registration.
  await guest.getByRole('textbox', { name: 'Prénom' }).fill('Louise');
  await guest.getByRole('textbox', { name: 'Nom', exact: true }).fill('Arnaud');
  await guest.getByRole('textbox', { name: 'Adresse e-mail' }).fill('louise.arnaud@exemple.fr');
  await guest.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Un-mot-de-passe-bien-long-2026');
  await guest.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill('Un-mot-de-passe-bien-long-2026');
  await guest.getByRole('checkbox', { name: "J'accepte les conditions générales de vente" }).check();
  await guest.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(guest.getByRole('alert').filter({ hasText: UNAVAILABLE })).toBeVisible();
  await expect(guest.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Louise');
  await expect(guest.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue('louise.arnaud@exemple.fr');

  // Forgotten password.
  await guest.goto(at('/forgot-password'));
  await guest.getByRole('textbox', { name: 'Adresse e-mail' }).fill('louise.arnaud@exemple.fr');
  await guest.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(guest.getByRole('alert').filter({ hasText: UNAVAILABLE })).toBeVisible();
  await expect(guest.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue('louise.arnaud@exemple.fr');

  // Login, without JavaScript: the page comes back from the server with the alert and the address.
  await noScript.getByRole('textbox', { name: 'Adresse e-mail' }).fill(DEMO.email);
  await noScript.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO.password);
  await noScript.getByRole('button', { name: 'Se connecter' }).click();
  await expect(noScript.getByRole('alert').filter({ hasText: UNAVAILABLE })).toBeVisible();
  await expect(noScript.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue(DEMO.email);

  // The API back: the same login goes through.
  await startOwnApi();
  await noScript.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO.password);
  await noScript.getByRole('button', { name: 'Se connecter' }).click();
  await expect(noScript.getByRole('banner').getByRole('link', { name: DEMO.firstname })).toBeVisible();
  await guestContext.close();
  await noScriptContext.close();
});

test('with the API stopped, the cart shows the spec’s error notification and loses nothing', async ({ page }) => {
  test.setTimeout(120_000);
  const CART_FAILURE = 'Une erreur est survenu à la création de votre panier.';
  await page.goto(at('/billetterie/1'));
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page
    .getByRole('main')
    .getByRole('button', { name: /Ajouter au panier/ })
    .first()
    .click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await stopOwnApi();

  // Opening the modal creates or updates the cart first: it cannot, so it says so and stays closed.
  await page.getByRole('link', { name: 'Panier, 1 article' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(CART_FAILURE)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // /cart says it in the page too, and the cart is still there once the API is back.
  await page.goto(at('/cart'));
  await expect(page.getByRole('main').getByRole('alert')).toContainText(CART_FAILURE);
  await startOwnApi();
  await page.goto(at('/cart'));
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
});
