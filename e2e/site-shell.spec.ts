import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

test.describe('site shell', () => {
  test('the home page is server-rendered in French with the header links', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveTitle(/\| Guichet Billetterie$/);

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Billetteries', exact: true })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Ouvrir une billetterie' })).toHaveAttribute(
      'href',
      /^https?:\/\/.+/,
    );
    await expect(header.getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/auth/login');
    // Preview sections are on unless PREVIEW_FEATURES=false.
    await expect(header.getByRole('link', { name: 'Artistes' })).toHaveAttribute('href', '/artistes');
    await expect(header.getByRole('link', { name: 'Jeux-concours' })).toHaveAttribute('href', '/jeux-concours');
    await expect(header.getByRole('link', { name: 'Bons plans' })).toHaveAttribute('href', '/bons-plans');
    await expect(header.getByRole('link', { name: 'Le Mag' })).toHaveAttribute('href', '/magazine');
  });

  test('the Connexion link leads to the login page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Connexion' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an unknown route shows the 404 error page', async ({ page }) => {
    const response = await page.goto('/nimportequoi');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByText('Page non trouvée')).toBeVisible();
    await page.getByRole('link', { name: "Retourner à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a crawler gets a bare 404 without the error page', async ({ request }) => {
    const response = await request.get('/nimportequoi', {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(response.status()).toBe(404);
    const body = await response.text();
    expect(body).not.toContain('Page non trouvée');
    expect(body).not.toContain("Retourner à l'accueil");
  });

  test('the home page has no accessibility violations', async ({ page }) => {
    await page.goto('/');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test('the header stays usable at 360 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Guichet' }).first()).toBeVisible();
  });
});
