import { cspDirective } from '@guichet/domain';
import { expect, gotoLive, logIn, test } from './fixtures';

/**
 * The Content-Security-Policy at work in a real browser: every page's own scripts run (the page hydrates)
 * without a single violation; a page rendered for one visitor allows its inline scripts by the response's
 * nonce, a new one each time, a public page's shared copy by their hashes (docs/decisions/0050); a script
 * injected into the page does not run.
 */

/** The inline scripts of a page that run (JSON data blocks never do), as attributes and content. */
const runningInlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .map(([, attributes = '', content = '']) => ({ attributes, content }))
    .filter(({ attributes }) => !/type="application\/(?:ld\+)?json"/.test(attributes));

const sha256 = async (text: string) =>
  `'sha256-${Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64')}'`;

const PAGES = [
  '/',
  '/billetterie/1',
  '/billetteries/france',
  '/agenda',
  '/artistes',
  '/bons-plans',
  '/jeux-concours',
  '/magazine',
  '/cart',
  '/auth/login',
  '/auth/register',
  '/styleguide',
  '/embed/ticketing/1',
  '/embed/organizer/1',
];

/** Records the policy violations of every page the test opens. */
async function watchViolations(page: import('@playwright/test').Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test('every page runs its scripts under the policy, without a violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  for (const path of PAGES) {
    const response = await gotoLive(page, path);
    expect(response?.status(), path).toBeLessThan(400);
    expect(cspDirective(response?.headers()['content-security-policy'], 'script-src'), path).toMatch(
      /^'self'(?: 'nonce-[A-Za-z0-9+/=]{22,}'| (?:'sha256-[A-Za-z0-9+/=]{44}' ?)+)$/,
    );
    expect(await violations(), path).toEqual([]);
  }
});

test('a copy from the page cache reaches the browser compressed, its inline scripts allowed by their hashes', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const path = '/billetteries/belgique';
  // Rendered once (kept by the page cache), then asked by the browser, which takes gzip. Tests running beside
  // this one change the places left, and with them the data version that a copy must match: asked again then.
  let first: Awaited<ReturnType<typeof page.request.get>> | undefined;
  let response: Awaited<ReturnType<typeof gotoLive>> | undefined;
  for (let attempt = 0; attempt < 5 && response?.headers()['x-page-cache'] !== 'HIT'; attempt++) {
    first = await page.request.get(path);
    response = await gotoLive(page, path);
  }
  expect(response?.headers()['x-page-cache']).toBe('HIT');
  expect(response?.headers()['content-encoding']).toBe('gzip');
  // The page the browser inflated is the very copy every visitor gets.
  const html = (await response?.text()) ?? '';
  expect(html).toBe((await first?.text()) ?? '');
  const policy = response?.headers()['content-security-policy'] ?? '';
  const scripts = runningInlineScripts(html);
  expect(scripts.length).toBeGreaterThan(0);
  for (const { attributes, content } of scripts) {
    expect(attributes).not.toContain('nonce');
    expect(cspDirective(policy, 'script-src')).toContain(await sha256(content));
  }
  expect(await violations()).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the account’s pages too, logged in', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  await gotoLive(page, '/auth/login');
  await logIn(page, 'demo@guichet.test', 'demo-guichet-2026');
  await expect(page).not.toHaveURL(/\/auth\/login/);
  for (const path of ['/account', '/account/orders', '/account/informations']) {
    const response = await gotoLive(page, path);
    expect(response?.status(), path).toBe(200);
    expect(await violations(), path).toEqual([]);
  }
});

test('a page rendered for one visitor: inline scripts carry this response’s nonce, a new one each time', async ({
  request,
}) => {
  const nonces = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    const response = await request.get('/auth/login');
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const running = runningInlineScripts(await response.text());
    expect(running.length).toBeGreaterThan(0);
    for (const { attributes } of running) expect(attributes).toContain(`nonce="${nonce}"`);
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test('a script slipped into the page does not run', async ({ page }) => {
  const violations = await watchViolations(page);
  await gotoLive(page, '/');
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect((await violations()).some((entry) => entry.startsWith('script-src'))).toBe(true);
});

test('pages tell other sites only their origin, forbid sniffing and keep device features off', async ({ request }) => {
  const headers = (await request.get('/')).headers();
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['permissions-policy']).toContain('camera=()');
  // Static files too, each header once.
  const asset = (await request.get('/favicon.svg')).headers();
  expect(asset['x-content-type-options']).toBe('nosniff');
  expect(asset['referrer-policy']).toBe('strict-origin-when-cross-origin');
});
