/**
 * The back office's redirects (issue 27, « Done when »): the administrator adds `/promo-noel → /bons-plans` in the
 * pro site, tries the path, is refused a loop, and the public site follows the redirect within the data-version
 * poll — on a full page load and on a client navigation —, then stops following it once it is removed.
 */
import type { Page } from '@playwright/test';
import { expect, proTest as test } from '../fixtures';
import { logInPro } from './steps';

const ADMIN = { email: 'admin@guichet.test', password: 'admin-guichet-2026' };

function siteUrl(path: string) {
  const base = process.env.E2E_BASE_URL;
  if (!base) throw new Error('E2E_BASE_URL manquant');
  return `${base}${path}`;
}

/** The public site's answer to a full load of `path`, once it is `expected` (within the poll, a few seconds). */
async function expectLoadLandsOn(page: Page, path: string, expected: RegExp) {
  await expect(async () => {
    await page.goto(siteUrl(path));
    expect(new URL(page.url()).pathname).toMatch(expected);
  }).toPass({ timeout: 5_000, intervals: [250] });
}

test('an administrator adds /promo-noel → /bons-plans and the public site follows it at once', async ({
  page,
  context,
}) => {
  await logInPro(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/redirections');
  await expect(page.getByRole('heading', { level: 1, name: 'Redirections' })).toBeVisible();

  // Added in the form (its rules in the browser first: a path without its slash is refused where it is typed).
  await page.getByRole('link', { name: 'Ajouter une redirection' }).click();
  await page.getByRole('textbox', { name: 'Chemin redirigé' }).fill('promo-noel');
  await page.getByRole('textbox', { name: 'Destination' }).fill('/bons-plans');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.getByText('Le chemin doit commencer par « / »')).toBeVisible();
  await page.getByRole('textbox', { name: 'Chemin redirigé' }).fill('/promo-noel');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.getByText('Redirection ajoutée')).toBeVisible();
  await expect(page.getByRole('cell', { name: '/promo-noel' })).toBeVisible();

  // « Tester un chemin »: what the site will do for it.
  await page.getByRole('textbox', { name: 'Chemin', exact: true }).fill('/promo-noel/');
  await page.getByRole('button', { name: 'Tester' }).click();
  await expect(page.getByRole('status')).toContainText('Le visiteur arrive sur /bons-plans.');

  // The way back would be a loop: refused, with the redirect it would loop through named.
  await page.getByRole('link', { name: 'Ajouter une redirection' }).click();
  await page.getByRole('textbox', { name: 'Chemin redirigé' }).fill('/bons-plans');
  await page.getByRole('textbox', { name: 'Destination' }).fill('/promo-noel');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'La destination /promo-noel est elle-même redirigée vers /bons-plans',
  );

  // The public site, in another tab: a full load of /promo-noel lands on /bons-plans…
  const visitor = await context.newPage();
  await expectLoadLandsOn(visitor, '/promo-noel', /^\/bons-plans$/);
  // …and so does a client navigation (no new document: the router asks for the redirect itself).
  await visitor.goto(siteUrl('/'));
  await visitor.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const documents: string[] = [];
  visitor.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await visitor.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
    ).__reactRouterDataRouter.navigate('/promo-noel'),
  );
  await expect(visitor).toHaveURL(/\/bons-plans$/);
  expect(documents).toEqual([]);

  // Removed (after its confirmation): the public site stops following it as quickly.
  await page.goto('/admin/redirections');
  await page.getByRole('link', { name: '/promo-noel' }).click();
  await page.getByRole('link', { name: 'Supprimer…' }).click();
  await expect(page.getByRole('heading', { name: 'Supprimer cette redirection ?' })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Redirection supprimée.')).toBeVisible();
  // Asked without a browser's cache (a browser keeps a permanent redirect it has followed: that is what 301 says).
  await expect(async () => {
    const answer = await visitor.request.get(siteUrl('/promo-noel'), { maxRedirects: 0 });
    expect(answer.status()).toBe(404);
  }).toPass({ timeout: 5_000, intervals: [250] });
});
