import { expect, gotoLive, logIn, test } from './fixtures';

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
