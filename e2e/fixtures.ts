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

/** Opens a page and waits until React has hydrated it (the root marks <html data-hydrated>). */
export async function gotoLive(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}
