import { expect, gotoLive, logIn, newAccount, test } from './fixtures';

/**
 * Which pages a shared cache (a CDN) may keep: an anonymous visitor's public pages, for a short while; never
 * the page of a visitor with a cart or a session, whose header shows their cart count or their name.
 */

const SHARED = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/;

test('an anonymous visitor’s public pages may be kept by a shared cache a short while', async ({ request }) => {
  for (const path of [
    '/',
    '/billetterie/1',
    '/billetteries/france',
    '/bons-plans',
    '/magazine',
    '/embed/ticketing/1',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toMatch(SHARED);
    expect(response.headers().vary, path).toMatch(/cookie/i);
  }
});

test('a visitor with a cart or logged in gets pages of their own, kept by no shared cache', async ({ page }) => {
  // A cart: the ticket added from its page.
  await gotoLive(page, '/billetterie/1');
  await page
    .getByRole('button', { name: /Ajouter/ })
    .first()
    .click();
  await expect(page.getByTestId('cart-count')).not.toHaveText('0');
  const withCart = await page.request.get('/billetterie/1');
  expect(withCart.headers()['cache-control']).toBe('private, no-cache');

  await gotoLive(page, '/auth/login');
  await logIn(page, 'demo@guichet.test', 'demo-guichet-2026');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Camille' })).toBeVisible();
  for (const path of ['/', '/billetterie/1', '/account/orders']) {
    const response = await page.request.get(path);
    expect(response.headers()['cache-control'], path).not.toMatch(/public|s-maxage/);
  }
});

/** The header's visitor part of a page's HTML. */
const visitorPart = (html: string) => /<guichet-visitor[\s\S]*?<\/guichet-visitor>/.exec(html)?.[0] ?? '';

test('a logged-in visitor with a cart gets public pages from the shared copy, with their own header', async ({
  page,
  browser,
}) => {
  const email = await newAccount({ label: 'copie-partagee', firstname: 'Aurèle', lastname: 'Copie' });
  await gotoLive(page, '/billetterie/1');
  await page
    .getByRole('button', { name: /Ajouter/ })
    .first()
    .click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await gotoLive(page, '/auth/login');
  await logIn(page, email);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Aurèle' })).toBeVisible();

  // Rendered once for everyone, then served from memory to this visitor too, with their name and cart.
  await page.request.get('/billetteries/france');
  const fromCopy = await page.request.get('/billetteries/france');
  expect(fromCopy.headers()['x-page-cache']).toBe('HIT');
  expect(fromCopy.headers()['cache-control']).toBe('private, no-cache');
  const copyHtml = await fromCopy.text();
  // The very part a page rendered for them alone has (the account page is never shared).
  const own = await page.request.get('/account/orders');
  expect(own.headers()['x-page-cache']).toBeUndefined();
  expect(visitorPart(copyHtml)).toContain('Aurèle');
  expect(visitorPart(copyHtml)).toBe(visitorPart(await own.text()));

  // Anonymous visitors get the same copy with « Connexion », never the name.
  const anonymous = await browser.newContext();
  const anonymousAnswer = await anonymous.request.get('/billetteries/france');
  expect(anonymousAnswer.headers()['x-page-cache']).toBe('HIT');
  expect(await anonymousAnswer.text()).not.toContain('Aurèle');
  await anonymous.close();

  // In the browser: the header as served, kept through hydration and navigation.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await gotoLive(page, '/billetteries/france');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Aurèle' })).toBeVisible();
  await expect(banner.getByTestId('cart-count')).toHaveText('1');
  await banner.getByRole('link', { name: 'Billetteries' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(banner.getByRole('link', { name: 'Aurèle' })).toBeVisible();
  await expect(banner.getByTestId('cart-count')).toHaveText('1');
  expect(errors).toEqual([]);
});

test('without JavaScript, a logged-in visitor sees their name on a public page served from the copy', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await logIn(page, 'demo@guichet.test', 'demo-guichet-2026');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Camille' })).toBeVisible();
  await page.goto('/magazine');
  await page.goto('/magazine');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Camille' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toHaveCount(0);
  await context.close();
});
