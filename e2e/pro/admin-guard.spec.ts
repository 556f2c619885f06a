/**
 * The back office's pages, generated from the pro site's route table: every page under the admin layout
 * (apps/pro/app/admin) is, to anyone but a platform administrator — signed out, an organiser, a scanner — the 404
 * page, for a GET and for a form post alike (the layout's middleware runs before any loader or action); the
 * administrator gets the page. A page added later by any branch is held to it. (Buyers' tokens: the API's
 * apps/api/test/admin/back-office-guard.test.ts.)
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../../apps/pro/app/routes';
import { expect, proTest as test } from '../fixtures';
import { DEMO_ORGANISER, logInPro } from './steps';

const ADMIN = { email: 'admin@guichet.test', password: 'admin-guichet-2026' };
const SCANNER = { email: 'controle@guichet.test', password: 'controle-guichet-2026' };
const ADMIN_LAYOUT = 'admin/admin-layout.route.tsx';

/** The paths of every page below the admin layout, ids as 1 (the guard answers before a row is looked up). */
function adminPaths(entries: readonly RouteConfigEntry[], parent = '', inside = false): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, '/') : parent;
    const below = inside || entry.file === ADMIN_LAYOUT;
    const own = below && entry.file !== ADMIN_LAYOUT ? [path || '/'] : [];
    return [...own, ...adminPaths(entry.children ?? [], path, below)];
  });
}
const PATHS = [...new Set(adminPaths(routes as RouteConfigEntry[]).map((path) => path.replace(/:\w+\??/g, '1')))];

/** A signed-in request context of the pro site for `who` (its cookies), or a signed-out one. */
async function sessionOf(browser: Browser, baseURL: string, who?: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  if (who) await logInPro(await context.newPage(), who.email, who.password);
  return context;
}

async function expectNotFound(request: APIRequestContext, baseURL: string, who: string) {
  for (const path of PATHS) {
    const page = await request.get(path);
    expect(page.status(), `GET ${path} (${who})`).toBe(404);
    // A form post from the site itself (the cross-site check passes): the action never runs.
    const post = await request.post(path, { form: { titre: 'x', intent: 'delete' }, headers: { origin: baseURL } });
    expect(post.status(), `POST ${path} (${who})`).toBe(404);
  }
}

test('every back-office page is a 404 to anyone but a platform administrator', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL as string;
  expect(PATHS).toContain('/admin');
  expect(PATHS.length).toBeGreaterThan(1);
  for (const [who, account] of [
    ['signed out', undefined],
    ['an organiser', DEMO_ORGANISER],
    ['a scanner', SCANNER],
  ] as const) {
    const context = await sessionOf(browser, base, account);
    await expectNotFound(context.request, base, who);
    await context.close();
  }
  // The administrator: the pages are there (the same requests, past the guard).
  const admin = await sessionOf(browser, base, ADMIN);
  const home = await admin.request.get('/admin');
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain('Journal des modifications');
  for (const path of PATHS) {
    const page = await admin.request.get(path);
    // Past the guard: the page, or the 404 of a row that does not exist (id 1 of a kind not in the demo).
    expect(page.status(), `GET ${path} (administrator)`).toBeLessThan(500);
  }
  await admin.close();
});
