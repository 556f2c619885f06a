import { expect, test } from './fixtures';

/**
 * The pictures as a visitor's browser gets them from the built site: the intrinsic size on every <img> (nothing
 * moves when they arrive), the page's leading picture fetched first and never lazily, the others lazily, all of
 * them under a versioned name the browser may keep for a year.
 */
const VERSIONED =
  /^\/assets\/visuals\/[0-9a-f]{10}\/(ticketings|offers|performers|organizers|articles|contests)\/[a-z0-9-]+\.svg$/;

type Picture = {
  src: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  priority: string | null;
};

async function pictures(page: import('@playwright/test').Page, selector: string): Promise<Picture[]> {
  return page.locator(selector).evaluateAll((images) =>
    images.map((image) => ({
      src: image.getAttribute('src') ?? '',
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      loading: image.getAttribute('loading'),
      priority: image.getAttribute('fetchpriority'),
    })),
  );
}

test.describe('pictures', () => {
  test('a listing: the first card eager and fetched first, the others lazy, all sized and versioned', async ({
    page,
    request,
  }) => {
    await page.goto('/billetteries/france');
    const [first, ...others] = await pictures(page, 'main article img');
    expect(first).toMatchObject({ width: '1200', height: '800', loading: 'eager', priority: 'high' });
    expect(first?.src).toMatch(VERSIONED);
    expect(others.length).toBeGreaterThan(3);
    for (const picture of others) {
      expect(picture).toMatchObject({ width: '1200', height: '800', loading: 'lazy', priority: null });
      expect(picture.src).toMatch(VERSIONED);
    }
    // Drawn: the versioned copy exists and the browser decoded it.
    await expect
      .poll(() =>
        page
          .locator('main article img')
          .first()
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);

    const response = await request.get(first?.src ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // The stable address (the API's, social metadata's) still answers, with a short lifetime.
    const stable = await request.get(`/visuals/${first?.src.split('/').slice(4).join('/')}`);
    expect(stable.status()).toBe(200);
    expect(stable.headers()['cache-control']).toBe('public, max-age=3600');
  });

  test('a ticketing page: its poster eager and fetched first, its gallery and artists lazy', async ({ page }) => {
    await page.goto('/billetterie/les-nuits-electriques-1');
    const [hero, ...rest] = await pictures(page, 'main img');
    expect(hero).toMatchObject({ width: '1200', height: '800', priority: 'high' });
    expect(hero?.loading).not.toBe('lazy');
    expect(hero?.src).toMatch(VERSIONED);
    expect(rest.length).toBeGreaterThan(0);
    for (const picture of rest) {
      expect(picture.loading).toBe('lazy');
      expect(picture.width).toMatch(/^\d+$/);
      expect(picture.height).toMatch(/^\d+$/);
      expect(picture.src).toMatch(VERSIONED);
    }
  });
});
