import { discountedPrice, formatPrice, priceDecimal } from '@guichet/domain';
import type { Page } from '@playwright/test';
import { api, expect, expectNoAxeViolations, expectNoSideScroll, gotoLive, test } from './fixtures';

/**
 * The deals (« bons plans ») on the seeded demo catalogue: the deals home, the search (its box, filters, sort,
 * pages, typo correction, no-result state), a deal's page with prices computed by the domain from the
 * API's own product, with and without JavaScript. Numbers and ids are read from the API, not written here.
 */

type Product = {
  productID: number;
  title: string;
  price: number;
  discountType: 'FIXED' | 'PERCENTAGE' | null;
  discount: number;
  quota: number;
  remaining: number;
};
type Offer = { offerID: number; slug: string; title: string; ended: boolean; products: Product[] };
type SearchPage = { total: number; items: { offerID: number; title: string }[]; suggestions: string[] };

const offerIdOf = (url: string) => Number(/-(\d+)$/.exec(new URL(url).pathname)?.[1]);

/** The deals box of the page: typed in and submitted with its button (a plain GET form). */
async function searchFromBox(page: Page, text: string) {
  const box = page.getByRole('search').filter({ has: page.getByLabel('Rechercher un bon plan') });
  await box.getByLabel('Rechercher un bon plan').fill(text);
  await box.getByRole('button', { name: 'Rechercher' }).click();
}

/** On a deal's page, every product shows the domain's discounted price of the API's product, and its original price. */
async function expectDomainPrices(page: Page) {
  const offer = await api<Offer>(`/offers/${offerIdOf(page.url())}`);
  expect(offer.products.length).toBeGreaterThan(0);
  const tarifs = page.getByRole('region', { name: 'Tarifs' });
  for (const product of offer.products) {
    const discounted = discountedPrice(product);
    // The seeded deal is really discounted: the test would not tell the two prices apart otherwise.
    expect(discounted).toBeLessThan(product.price);
    const item = tarifs
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: product.title, exact: true }) });
    await expect(item).toContainText(`Prix remisé : ${formatPrice(discounted)}`);
    await expect(item.locator('s')).toHaveText(`Prix initial : ${formatPrice(product.price)}`);
  }
  return offer;
}

test.describe('the deals, with JavaScript', () => {
  test('from the deals home, search « theatre », open a result and see the prices the domain computes', async ({
    page,
  }) => {
    await gotoLive(page, '/bons-plans');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vos sorties à prix réduit');
    await expect(page).toHaveTitle('Bons plans | Guichet Bons plans');
    await expect(page.getByRole('region', { name: 'À la une' }).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bientôt terminés' }).getByRole('link').first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Les catégories' }).getByRole('link', { name: /^Culture/ }),
    ).toHaveAttribute('href', '/bons-plans/search?category=Culture');

    await searchFromBox(page, 'theatre');
    await expect(page).toHaveURL(/\/bons-plans\/search\?q=theatre$/);
    const expected = await api<SearchPage>('/offers/search?q=theatre');
    expect(expected.total).toBeGreaterThan(0);
    await expect(page.locator('#bons-plans-resultats')).toHaveText(
      expected.total > 1 ? `${expected.total} bons plans` : '1 bon plan',
    );
    const theatre = page.locator('[data-offer-link]').filter({ hasText: 'Théâtre' }).first();
    await expect(theatre).toBeVisible();
    const title = (await theatre.textContent()) ?? '';

    await theatre.click();
    await expect(page).toHaveURL(/\/bons-plans\/offer\/[a-z0-9-]+-\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const offer = await expectDomainPrices(page);
    for (const button of await page.getByRole('button', { name: /Ajouter au panier/ }).all()) {
      await expect(button).toBeEnabled();
    }
    // The quantity runs from 1 to the product's quota.
    const first = offer.products.find((product) => product.remaining > 0 && product.quota > 0);
    if (!first) throw new Error('Aucun produit en vente dans ce bon plan de démonstration.');
    const quantity = page.getByRole('combobox', { name: `Quantité : ${first.title}` });
    await expect(quantity.locator('option')).toHaveText(Array.from({ length: first.quota }, (_, n) => String(n + 1)));
  });

  test('filters and sort live in the URL, and the back button replays them', async ({ page }) => {
    const all = await api<SearchPage>('/offers/search');
    const culture = await api<SearchPage>('/offers/search?category=Culture');
    await gotoLive(page, '/bons-plans/search');
    const count = page.locator('#bons-plans-resultats');
    await expect(count).toHaveText(`${all.total} bons plans`);

    await page
      .getByRole('navigation', { name: 'Catégories' })
      .getByRole('link', { name: /^Culture/ })
      .click();
    await expect(page).toHaveURL(/\?category=Culture$/);
    await expect(count).toHaveText(culture.total > 1 ? `${culture.total} bons plans` : '1 bon plan');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bons plans – Culture');

    const sort = page.getByRole('combobox', { name: 'Trier par' });
    await sort.selectOption({ label: 'Prix croissant' });
    await expect(page).toHaveURL(/\?category=Culture&sort=price$/);

    const discounted = page.getByRole('checkbox', { name: 'Seulement les offres remisées' });
    await discounted.check();
    await expect(page).toHaveURL(/\?category=Culture&discounted=true&sort=price$/);

    await page.getByRole('spinbutton', { name: 'Maximum' }).fill('40');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page).toHaveURL(/\?category=Culture&maxPrice=40&discounted=true&sort=price$/);
    const cheap = await api<SearchPage>(`/offers/search?category=Culture&maxPrice=4000&discounted=true&sort=price`);
    await expect(count).toHaveText(
      cheap.total === 0 ? 'Aucun bon plan' : cheap.total > 1 ? `${cheap.total} bons plans` : '1 bon plan',
    );

    await page.goBack();
    await expect(page).toHaveURL(/\?category=Culture&discounted=true&sort=price$/);
    await expect(page.getByRole('spinbutton', { name: 'Maximum' })).toHaveValue('');
    await page.goBack();
    await expect(page).toHaveURL(/\?category=Culture&sort=price$/);
    await expect(discounted).not.toBeChecked();
    await page.goBack();
    await expect(page).toHaveURL(/\?category=Culture$/);
    await expect(sort).toHaveValue('relevance');
    await page.goBack();
    await expect(page).toHaveURL(/\/bons-plans\/search$/);
    await expect(count).toHaveText(`${all.total} bons plans`);
  });

  test('results come in pages of real links', async ({ page }) => {
    const all = await api<SearchPage & { pageSize: number }>('/offers/search');
    // The demo catalogue holds more deals than one page.
    expect(all.total).toBeGreaterThan(all.pageSize);
    await gotoLive(page, '/bons-plans/search');
    const pages = page.getByRole('navigation', { name: 'Pages des résultats' });
    await expect(pages.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await pages.getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\/bons-plans\/search\?page=2$/);
    await expect(pages.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('link', { name: 'Précédente (page 1)' })).toHaveAttribute(
      'href',
      '/bons-plans/search',
    );
    await expect(page.locator('[data-offer-link]')).toHaveCount(all.total - all.pageSize);
    // Past the last page: not found.
    const beyond = await page.request.get('/bons-plans/search?page=99');
    expect(beyond.status()).toBe(404);
  });

  test('a typo is corrected, and a search without result suggests close spellings and the categories', async ({
    page,
  }) => {
    await gotoLive(page, '/bons-plans/search?q=thaetre');
    await expect(page.getByText('Résultats pour « théâtre »')).toBeVisible();
    await expect(page.locator('[data-offer-link]').filter({ hasText: 'Théâtre' }).first()).toBeVisible();

    const nothing = await api<SearchPage>(`/offers/search?q=${encodeURIComponent('thaetre paris')}`);
    expect(nothing.total).toBe(0);
    expect(nothing.suggestions.length).toBeGreaterThan(0);
    await gotoLive(page, `/bons-plans/search?q=${encodeURIComponent('thaetre paris')}`);
    await expect(page.locator('#bons-plans-resultats')).toHaveText('Aucun bon plan');
    const results = page.getByRole('region', { name: 'Aucun bon plan' });
    await expect(results).toContainText('Vouliez-vous dire');
    for (const suggestion of nothing.suggestions) {
      await expect(results.getByRole('link', { name: suggestion, exact: true })).toHaveAttribute(
        'href',
        `/bons-plans/search?${new URLSearchParams({ q: suggestion })}`,
      );
    }
    await results.getByRole('link', { name: /^Culture/ }).click();
    await expect(page).toHaveURL(/\/bons-plans\/search\?category=Culture$/);
    await expect(page.locator('[data-offer-link]').first()).toBeVisible();
  });

  test('a deal’s page: canonical URL, metadata, JSON-LD; an ended deal, an unknown one, a refused text', async ({
    page,
    request,
  }) => {
    const theatre = await api<SearchPage>('/offers/search?q=theatre');
    const id = theatre.items[0]?.offerID;
    const offer = await api<Offer>(`/offers/${id}`);
    const canonical = `/bons-plans/offer/${offer.slug}-${offer.offerID}`;

    // A bare id (or a wrong slug) is sent to the canonical URL, with its query.
    const bare = await request.get(`/bons-plans/offer/${id}?source=mail`, { maxRedirects: 0 });
    expect(bare.status()).toBe(301);
    expect(bare.headers().location).toBe(`${canonical}?source=mail`);
    await gotoLive(page, `/bons-plans/offer/un-vieux-titre-${id}`);
    await expect(page).toHaveURL(new RegExp(`${canonical}$`));

    await expect(page).toHaveTitle(
      new RegExp(`^${offer.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} – .+ \\| Guichet Bons plans$`),
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${canonical}$`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/visuals\/offers\//);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd['@type']).toBe('Product');
    expect(jsonLd.name).toBe(offer.title);
    expect(jsonLd.offers).toHaveLength(offer.products.length);
    offer.products.forEach((product, index) => {
      expect(jsonLd.offers[index]).toMatchObject({
        '@type': 'Offer',
        name: product.title,
        price: priceDecimal(discountedPrice(product)),
        priceCurrency: 'EUR',
      });
    });
    const partner = page.getByRole('link', { name: /^Le site de / });
    await expect(partner).toHaveAttribute('target', '_blank');
    await expect(partner).toHaveAttribute('rel', /noopener/);
    await expect(page.getByText(/^Valable jusqu’au \d{1,2}(er)? \S+ \d{4}$/)).toBeVisible();

    // The demo catalogue holds ended deals: their page stays, says so and sells nothing.
    let ended: Offer | null = null;
    for (let candidate = 1; candidate <= 60 && !ended; candidate += 1) {
      const response = await fetch(`${process.env.E2E_API_URL}/offers/${candidate}`);
      if (response.status !== 200) continue;
      const found = (await response.json()) as Offer;
      if (found.ended) ended = found;
    }
    if (!ended) throw new Error('Aucun bon plan terminé dans le catalogue de démonstration.');
    await gotoLive(page, `/bons-plans/offer/${ended.slug}-${ended.offerID}`);
    await expect(page.getByText('Offre terminée')).toBeVisible();
    await expect(page.getByRole('button', { name: /Ajouter au panier/ })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: /Quantité/ })).toHaveCount(0);

    for (const path of ['/bons-plans/offer/999999', '/bons-plans/offer/pas-un-id', '/bons-plans/offer/-12']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
    const refused = await page.goto('/bons-plans/search?q=%01');
    expect(refused?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('400');
  });

  test('the search box’s suggestions, the home page strip and the site map', async ({ page, request }) => {
    const spa = await api<{ suggestions: { offerID: number; slug: string; title: string }[] }>(
      `/offers/suggest?q=${encodeURIComponent('spa rel')}`,
    );
    const relaxant = spa.suggestions.find((suggestion) => suggestion.title === 'Spa relaxant en bord de Loire');
    if (!relaxant) throw new Error('« Spa relaxant en bord de Loire » manque aux suggestions de l’API.');
    const answer = await request.get('/bons-plans/suggestions?q=spa%20rel');
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { groups: { label: string; options: { label: string; href: string }[] }[] };
    expect(body.groups.map((group) => group.label)).toEqual(['Bons plans']);
    expect(body.groups[0]?.options).toContainEqual(
      expect.objectContaining({
        label: 'Spa relaxant en bord de Loire',
        href: `/bons-plans/offer/${relaxant.slug}-${relaxant.offerID}`,
      }),
    );
    // Text the API refuses, or none: no suggestion, never an error.
    for (const q of ['a%01b', '']) {
      const empty = await request.get(`/bons-plans/suggestions?q=${q}`);
      expect(empty.status()).toBe(200);
      expect(await empty.json()).toEqual({ groups: [] });
    }
    // Preview section: nothing when the previews are off.
    const off = await request.get(`${process.env.E2E_PREVIEW_OFF_URL}/bons-plans/suggestions?q=spa`);
    expect(off.status()).toBe(404);

    await gotoLive(page, '/');
    const strip = page.getByRole('region', { name: 'Bons plans' });
    await expect(strip.locator('[data-offer-link]').first()).toBeVisible();
    await strip.locator('[data-offer-link]').first().click();
    await expect(page).toHaveURL(/\/bons-plans\/offer\/[a-z0-9-]+-\d+$/);

    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/bons-plans</loc>');
    expect(sitemap).toContain(`/bons-plans/offer/${relaxant.slug}-${relaxant.offerID}</loc>`);
  });
});

test.describe('the deals, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('search « theatre » from the box, filter, sort, and open a result with its prices', async ({ page }) => {
    await page.goto('/bons-plans');
    await searchFromBox(page, 'theatre');
    await expect(page).toHaveURL(/\/bons-plans\/search\?q=theatre$/);
    const theatre = page.locator('[data-offer-link]').filter({ hasText: 'Théâtre' }).first();
    await expect(theatre).toBeVisible();

    await page.getByRole('checkbox', { name: 'Seulement les offres remisées' }).check();
    await page.getByRole('button', { name: 'Appliquer' }).click();
    // The form's empty fields and default sort are not kept in the URL.
    await expect(page).toHaveURL(/\/bons-plans\/search\?q=theatre&discounted=true$/);
    await page.getByRole('combobox', { name: 'Trier par' }).selectOption({ label: 'Plus forte remise' });
    await page.getByRole('button', { name: 'Trier' }).click();
    await expect(page).toHaveURL(/\/bons-plans\/search\?q=theatre&discounted=true&sort=discount$/);
    await expect(page.getByRole('checkbox', { name: 'Seulement les offres remisées' })).toBeChecked();

    await page.locator('[data-offer-link]').filter({ hasText: 'Théâtre' }).first().click();
    await expect(page).toHaveURL(/\/bons-plans\/offer\/[a-z0-9-]+-\d+$/);
    await expectDomainPrices(page);
  });
});

test.describe('the deals pages’ accessibility and small screens', () => {
  const PAGES = ['/bons-plans', '/bons-plans/search?q=theatre', '/bons-plans/search?q=zzzzqqq'];

  test('the deals home, the search and a deal’s page pass axe', async ({ page }) => {
    // Four pages, each analysed by axe: seconds each on a busy 2-core machine.
    test.setTimeout(90_000);
    const theatre = await api<SearchPage>('/offers/search?q=theatre');
    for (const path of [...PAGES, `/bons-plans/offer/${theatre.items[0]?.offerID}`]) {
      await gotoLive(page, path);
      await expectNoAxeViolations(page);
    }
  });

  test('nothing sticks out sideways at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const theatre = await api<SearchPage>('/offers/search?q=theatre');
    for (const path of [...PAGES, `/bons-plans/offer/${theatre.items[0]?.offerID}`]) {
      await gotoLive(page, path);
      await expectNoSideScroll(page);
    }
  });
});
