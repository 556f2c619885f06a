/**
 * The pro site's shell (apps/pro), on its own server and origin: French pages, server-rendered, the 404
 * page, the security headers both sites share, no axe violation, a 360 px screen without sideways scrolling;
 * the public header leads to its sign-up page.
 */
import { cspDirective, PRO_PATHS } from '@guichet/domain';
import { expect, expectNoAxeViolations, expectNoSideScroll, proTest, test } from '../fixtures';

proTest.describe('the pro site', () => {
  proTest('answers its dashboard in French, with the shared security headers', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveTitle('Tableau de bord | Guichet Pro');
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Guichet Pro/ })).toBeVisible();
    const headers = response?.headers() ?? {};
    expect(cspDirective(headers['content-security-policy'], 'script-src')).toMatch(/^'self' 'nonce-[^']+'$/);
    expect(cspDirective(headers['content-security-policy'], 'frame-ancestors')).toBe("'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('private, no-store');
  });

  proTest('answers an unknown path with its French 404 page', async ({ page }) => {
    const response = await page.goto('/nulle-part');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/404\s*Page non trouvée/);
    await expect(page.getByRole('link', { name: 'Retourner au tableau de bord' })).toBeVisible();
  });

  proTest('serves its favicon, and its assets for a year', async ({ page, request }) => {
    const favicon = await request.get('/favicon.svg');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toContain('image/svg+xml');
    await page.goto('/');
    const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute('href');
    const asset = await request.get(stylesheet ?? '');
    expect(asset.headers()['cache-control']).toContain('immutable');
  });

  for (const path of [PRO_PATHS.home, PRO_PATHS.login, PRO_PATHS.signup]) {
    proTest(`${path} has no axe violation and fits a 360 px screen`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(path);
      await expectNoSideScroll(page);
      await expectNoAxeViolations(page);
    });
  }

  proTest('says what is wrong on the login form without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_PRO_URL });
    try {
      const page = await context.newPage();
      await page.goto(PRO_PATHS.login);
      await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('pas-une-adresse');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue('pas-une-adresse');
      await expect(page.getByRole('textbox', { name: 'Mot de passe' })).toHaveAccessibleDescription(/.+/);
    } finally {
      await context.close();
    }
  });
});

test('the public header’s « Ouvrir une billetterie » leads to the pro site’s sign-up page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Ouvrir une billetterie' }).first()).toHaveAttribute(
    'href',
    `${process.env.E2E_PRO_URL}${PRO_PATHS.signup}`,
  );
});
