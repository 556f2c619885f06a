import { readingTimeLabel } from '@guichet/domain';
import type { Page } from '@playwright/test';
import { api, expect, expectNoAxeViolations, expectNoSideScroll, gotoLive, test } from './fixtures';

/**
 * Le Mag on the seeded demo catalogue: the list newest first with reading times, the category filter (plain
 * links, with and without JavaScript), an article rendered from its rich text with the cards of the
 * ticketings and deals it links to, its JSON-LD and Open Graph, axe and a small screen. Expected values are
 * read from the API, not written here.
 */

type ArticleCard = { slug: string; title: string; category: string; readingMinutes: number; publishedAt: string };
type ArticlesPage = { items: ArticleCard[]; total: number; categories: { name: string; count: number }[] };
type ArticleDetail = ArticleCard & {
  linked: { ticketings: { id: number; title: string }[]; offers: { offerID: number; title: string }[] };
};

const FESTIVALS = 'dix-festivals-a-ne-pas-manquer-cette-saison';

const cards = (page: Page) => page.getByTestId('magazine-articles').getByRole('article');

test.describe('Le Mag', () => {
  test('lists the articles newest first, each with its category and reading time', async ({ page }) => {
    const expected = await api<ArticlesPage>('/articles');
    expect(expected.items.length).toBeGreaterThan(1);
    await gotoLive(page, '/magazine');
    await expect(page.getByRole('heading', { level: 1, name: 'Le Mag' })).toBeVisible();
    await expect(cards(page)).toHaveCount(expected.items.length);
    await expect(page.locator('[data-article-link]')).toHaveText(expected.items.map((item) => item.title));
    const dates = expected.items.map((item) => Date.parse(item.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const [index, item] of expected.items.entries()) {
      const card = cards(page).nth(index);
      await expect(card).toContainText(readingTimeLabel(item.readingMinutes));
      await expect(card).toContainText(item.category);
      await expect(card.locator('img')).toHaveCount(1);
    }
  });

  test('filters by category, then back to every article', async ({ page }) => {
    const all = await api<ArticlesPage>('/articles');
    const category = all.categories[0];
    if (!category) throw new Error('Aucune catégorie dans Le Mag.');
    await gotoLive(page, '/magazine');
    const filters = page.getByRole('navigation', { name: 'Catégories du Mag' });
    await filters.getByRole('link', { name: new RegExp(`^${category.name}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/magazine\\?category=${encodeURIComponent(category.name)}$`));
    await expect(cards(page)).toHaveCount(category.count);
    await expect(filters.getByRole('link', { name: new RegExp(`^${category.name}`) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const card of await cards(page).all()) await expect(card).toContainText(category.name);
    await filters.getByRole('link', { name: /^Tous les articles/ }).click();
    await expect(page).toHaveURL(/\/magazine$/);
    await expect(cards(page)).toHaveCount(all.total);
  });

  test('an article shows its headings, bold text, an internal link in the same tab, and its linked cards', async ({
    page,
  }) => {
    const article = await api<ArticleDetail>(`/articles/${FESTIVALS}`);
    expect(article.linked.ticketings.length).toBeGreaterThan(0);
    expect(article.linked.offers.length).toBeGreaterThan(0);
    await gotoLive(page, '/magazine');
    await page.locator(`[data-article-link="${FESTIVALS}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/magazine/${FESTIVALS}$`));
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(page.getByText(readingTimeLabel(article.readingMinutes))).toBeVisible();

    const body = page.locator('.rich-text');
    await expect(body.getByRole('heading', { level: 2, name: 'Les rendez-vous électro' })).toBeVisible();
    await expect(body.getByRole('heading', { level: 3, name: 'Notre conseil' })).toBeVisible();
    await expect(body.locator('strong', { hasText: 'exceptionnelle' })).toBeVisible();
    // A link to a page of the site is stored as its path and opens in the same tab (docs/decisions/0070).
    const link = body.getByRole('link', { name: 'guide du festivalier' });
    await expect(link).toHaveAttribute('href', '/magazine/guide-du-festivalier');
    await expect(link).not.toHaveAttribute('target', /.*/);

    const events = page.getByRole('region', { name: 'Les événements de l’article' });
    await expect(events.getByRole('article')).toHaveCount(article.linked.ticketings.length);
    for (const ticketing of article.linked.ticketings) {
      await expect(events.getByRole('link', { name: ticketing.title })).toHaveAttribute(
        'href',
        new RegExp(`/billetterie/.+-${ticketing.id}$`),
      );
    }
    const deals = page.getByRole('region', { name: 'Les bons plans de l’article' });
    await expect(deals.getByRole('article')).toHaveCount(article.linked.offers.length);
    for (const offer of article.linked.offers) {
      await expect(deals.getByRole('link', { name: offer.title })).toHaveAttribute(
        'href',
        new RegExp(`/bons-plans/offer/.+-${offer.offerID}$`),
      );
    }
  });

  test('an article tells search engines and social networks what it is', async ({ page }) => {
    const article = await api<ArticleDetail>(`/articles/${FESTIVALS}`);
    await page.goto(`/magazine/${FESTIVALS}`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: article.title,
      datePublished: article.publishedAt,
      author: { '@type': 'Person' },
      publisher: { '@type': 'Organization', name: 'Guichet' },
    });
    expect(jsonLd.image[0]).toMatch(/^https?:\/\/.+\/visuals\/articles\/.+\.svg$/);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/visuals\/articles\//);
    await expect(page).toHaveTitle(`${article.title} | Guichet Le Mag`);
  });

  test('an unknown article is the site’s 404 page', async ({ page }) => {
    for (const path of ['/magazine/article-inconnu', '/magazine/Pas%20un%20slug', '/magazine?category=Jardinage']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText('Page non trouvée')).toBeVisible();
    }
  });

  test('the site map lists the articles', async ({ page }) => {
    const all = await api<ArticlesPage>('/articles');
    const response = await page.request.get('/sitemap.xml');
    const xml = await response.text();
    for (const item of all.items) expect(xml).toContain(`/magazine/${item.slug}</loc>`);
  });
});

test.describe('Le Mag without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the category filter is plain links', async ({ page }) => {
    const all = await api<ArticlesPage>('/articles');
    const category = all.categories.at(-1);
    if (!category) throw new Error('Aucune catégorie dans Le Mag.');
    await page.goto('/magazine');
    await page
      .getByRole('navigation', { name: 'Catégories du Mag' })
      .getByRole('link', { name: new RegExp(`^${category.name}`) })
      .click();
    await expect(cards(page)).toHaveCount(category.count);
  });
});

test.describe('Le Mag’s accessibility and small screens', () => {
  const PAGES = ['/magazine', '/magazine?category=Festivals', `/magazine/${FESTIVALS}`];

  test('the list and an article pass axe', async ({ page }) => {
    for (const path of PAGES) {
      await gotoLive(page, path);
      await expectNoAxeViolations(page);
    }
  });

  test('nothing sticks out sideways at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of PAGES) {
      await gotoLive(page, path);
      await expectNoSideScroll(page);
    }
  });
});
