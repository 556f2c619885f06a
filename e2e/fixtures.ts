import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Every spec runs against the servers started by global-setup.ts, on the ports it chose. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture arguments from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL manquant : lancez les tests avec `npm run test:e2e`.');
    await use(url);
  },
});

export { expect };

/** The pro site's specs (e2e/pro/): the same, against the pro server global-setup.ts started. */
export const proTest = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture arguments from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_PRO_URL;
    if (!url) throw new Error('E2E_PRO_URL manquant : lancez les tests avec `npm run test:e2e`.');
    await use(url);
  },
});

/**
 * The environment of a spec's own API and web servers (a spec that stops or freezes its API), on an
 * embedded database of their own in `dataDir`.
 */
export const ownServersEnv = (dataDir: string, more: Record<string, string> = {}) => ({
  ...process.env,
  DATABASE_URL: '',
  NODE_ENV: 'test',
  LOG_LEVEL: 'fatal',
  PGLITE_DIR: join(dataDir, 'pglite'),
  MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
  UPLOADS_DIR: join(dataDir, 'uploads'),
  ...more,
});

/** The password of the accounts the specs create for themselves. */
export const PASSWORD = 'Un-mot-de-passe-bien-long-2026';

/** Opens a page and waits until React has hydrated it (the root marks <html data-hydrated>). */
export async function gotoLive(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

/** The API's JSON answer to `path`, read directly (not through the site); any answer but a success throws. */
export async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const base = process.env.E2E_API_URL;
  if (!base) throw new Error('E2E_API_URL manquant');
  const response = await fetch(`${base}${path}`, init);
  if (!response.ok) throw new Error(`${path} : ${response.status}`);
  return (await response.json()) as T;
}

/**
 * A new account, through the API, and its e-mail. The e-mail starts with `label` and is unique, so that
 * tests running at the same time never share a cart, orders or a participation.
 */
export async function newAccount({
  label,
  firstname = 'Inès',
  lastname,
}: {
  label: string;
  firstname?: string;
  lastname: string;
}): Promise<string> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
  await api('/account?form=user', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { firstname, lastname, email, password: PASSWORD, acceptTerms: true } }),
  });
  return email;
}

/** Fills the login form the page shows, and sends it. */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

export type Offer = { offerID: number; slug: string; title: string; products: { title: string; quota: number }[] };

/** A deal on sale of the demo catalogue: the spa. */
export async function spaOffer(): Promise<Offer> {
  const found = await api<{ items: { offerID: number }[] }>('/offers/search?q=spa');
  const id = found.items[0]?.offerID;
  if (!id) throw new Error('Le spa de démonstration est introuvable.');
  return api<Offer>(`/offers/${id}`);
}

/** No axe violation on the page, or within `include` (a CSS selector); those found are listed as « id: help ». */
export async function expectNoAxeViolations(page: Page, include?: string) {
  // An axe pass walks the whole DOM and works out every text's contrast: several seconds of CPU on these
  // shared two-core machines while the rest of the suite runs beside it. Each pass brings its own time, so
  // the test's 30 s stay for the page's own steps (CI timed out inside axe, never in the page).
  const info = base.info();
  info.setTimeout(info.timeout + 30_000);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** Nothing wider than the window: no sideways scrolling. The message names the page, for checks made in a loop. */
export async function expectNoSideScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, page.url()).toBeLessThanOrEqual(widths.client);
}

/** The test card that pays (any future expiry, any CVC). */
export const PAYING_CARD = '4242 4242 4242 4242';

/** Fills the checkout form of the cart (billing address, CGV accepted); the form, for its button. */
export async function fillCheckout(
  page: Page,
  address = { street: '12 rue des Lilas', postalCode: '75011', city: 'Paris' },
) {
  const form = page.getByRole('form', { name: 'Commander' });
  await form.getByRole('textbox', { name: 'Adresse' }).fill(address.street);
  await form.getByRole('textbox', { name: 'Code postal' }).fill(address.postalCode);
  await form.getByRole('textbox', { name: 'Ville' }).fill(address.city);
  await form.getByRole('checkbox', { name: /J’ai lu et j’accepte les conditions générales de vente/ }).check();
  return form;
}

/** Pays on the demo payment page with a test card. */
export async function payWith(page: Page, card = PAYING_CARD) {
  await page.getByRole('textbox', { name: 'Numéro de carte' }).fill(card);
  await page.getByRole('textbox', { name: 'Date d’expiration (MM/AA)' }).fill('12/39');
  await page.getByRole('textbox', { name: 'Cryptogramme (CVC)' }).fill('123');
  await page.getByRole('button', { name: /^Payer \d/ }).click();
}
