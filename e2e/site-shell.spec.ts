import { expect, expectNoAxeViolations, expectNoSideScroll, gotoLive, test } from './fixtures';

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

  test('a phone can add the site to its home screen: the manifest, its icons and the touch icon', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const manifestPath = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await request.get(manifestPath ?? '');
    expect(manifest.status()).toBe(200);
    const { name, short_name, lang, start_url, icons } = (await manifest.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect({ name, short_name, lang, start_url }).toEqual({
      name: 'Guichet Billetterie',
      short_name: 'Guichet',
      lang: 'fr',
      start_url: '/',
    });
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...icons.map((icon) => icon.src), touchIcon ?? '']) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toMatch(/^image\//);
    }
  });

  test('a page waits for one stylesheet only, rich text included', async ({ page }) => {
    for (const path of [
      '/billetteries/france',
      '/billetterie/1',
      '/magazine/dix-festivals-a-ne-pas-manquer-cette-saison',
    ]) {
      await page.goto(path);
      await expect(page.locator('link[rel="stylesheet"]'), path).toHaveCount(1);
    }
    // The rich text of the ticketing's description is styled by it.
    await page.goto('/billetterie/1');
    const paragraph = page.locator('.rich-text').first();
    await expect(paragraph).toHaveCSS('overflow-wrap', 'anywhere');
  });

  test('the stylesheet is asked for before the page’s scripts, and they at low priority, so a slow connection paints first', async ({
    request,
  }) => {
    for (const path of ['/', '/billetteries/france', '/billetterie/1']) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const stylesheet = head.search(/<link[^>]+rel="stylesheet"/);
      const firstScript = head.search(/<link[^>]+rel="modulepreload"/);
      expect(stylesheet, path).toBeGreaterThan(-1);
      expect(firstScript, path).toBeGreaterThan(-1);
      expect(stylesheet, path).toBeLessThan(firstScript);
      // Every module preload yields to the stylesheet and the leading picture.
      expect(head.match(/<link[^>]+rel="modulepreload"[^>]*>/g)?.length, path).toBeGreaterThan(10);
      expect(head.match(/<link(?![^>]*fetchpriority="low")[^>]+rel="modulepreload"[^>]*>/g), path).toBeNull();
    }
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
    await expectNoAxeViolations(page);
  });

  test('the header stays usable at 360 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expectNoSideScroll(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Guichet' }).first()).toBeVisible();
  });

  for (const path of ['/billetteries/france', '/billetterie/les-nuits-electriques-1']) {
    test(`« Billetteries » is the current page on ${path}, wide and narrow`, async ({ page }) => {
      await page.goto(path);
      const wide = page.getByRole('banner').getByRole('link', { name: 'Billetteries', exact: true }).first();
      await expect(wide).toBeVisible();
      await expect(wide).toHaveAttribute('aria-current', 'page');
      // Shown as current too: underlined, like the other sections' current link.
      expect(await wide.evaluate((link) => getComputedStyle(link).textDecorationLine)).toBe('underline');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Artistes' }).first()).not.toHaveAttribute(
        'aria-current',
        /.*/,
      );

      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByRole('banner').locator('summary').click();
      const narrow = page.getByRole('banner').getByRole('link', { name: 'Billetteries', exact: true }).last();
      await expect(narrow).toBeVisible();
      await expect(narrow).toHaveAttribute('aria-current', 'page');
    });
  }

  for (const width of [360, 1280]) {
    test(`a focused card wears a clear outline, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoLive(page, '/billetteries');
      const link = page.locator('[data-ticketing-link]').first();
      await link.focus();
      // Focus from the keyboard: Shift+Tab then Tab comes back to the same card.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(link).toBeFocused();
      const outline = await link.evaluate((element) => {
        const card = element.closest('article') as HTMLElement;
        const style = getComputedStyle(card);
        return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), color: style.outlineColor };
      });
      expect(outline.style).toBe('solid');
      expect(outline.width).toBeGreaterThanOrEqual(2);
      // WCAG 2.2 focus appearance: at least 3:1 against the white page around the card.
      expect(contrastWithWhite(outline.color)).toBeGreaterThanOrEqual(3);
    });
  }
});

/** The contrast ratio of a computed `rgb(…)` colour with white. */
function contrastWithWhite(color: string): number {
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const channel = (value = 0) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  return 1.05 / (luminance + 0.05);
}

const LEGAL_PAGES = [
  {
    link: 'Mentions légales',
    path: '/mentions-legales',
    texts: [
      'Éditeur du site',
      'capital de',
      'RCS',
      'TVA intracommunautaire',
      'Directeur de la publication',
      'Hébergeur',
    ],
  },
  {
    link: 'Conditions générales de vente',
    path: '/conditions-generales-de-vente',
    texts: ['toutes taxes comprises', 'L221-28 12°', 'Médiation de la consommation', 'Billets électroniques'],
  },
  {
    link: 'Politique de confidentialité',
    path: '/politique-de-confidentialite',
    texts: ['Responsable du traitement', 'Bases légales', 'Durées de conservation', 'CNIL', 'guichet_access'],
  },
] as const;

test.describe('legal pages', () => {
  for (const legal of LEGAL_PAGES) {
    test(`« ${legal.link} » opens from the footer, says what the law asks and is accessible`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: legal.link }).click();
      await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
      await expect(page).toHaveTitle(`${legal.link} | Guichet Billetterie`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.link);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${legal.path}$`));
      const main = page.getByRole('main');
      for (const text of legal.texts) await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
      await expectNoAxeViolations(page);

      await page.setViewportSize({ width: 360, height: 740 });
      await expectNoSideScroll(page);
      await expectNoAxeViolations(page);
    });
  }

  test('the CGV name the consumer mediator, and every legal page its company from one place', async ({ page }) => {
    await page.goto('/conditions-generales-de-vente');
    const mediation = page.getByRole('region', { name: /Médiation de la consommation/ });
    await expect(mediation.locator('address')).toBeVisible();
    await expect(mediation.getByRole('link', { name: /^https:\/\// })).toBeVisible();
    const company = await page
      .getByRole('main')
      .getByText(/édité par/)
      .textContent();
    const name = /édité par ([^,]+),/.exec(company ?? '')?.[1];
    expect(name).toBeTruthy();
    for (const path of ['/mentions-legales', '/politique-de-confidentialite']) {
      await page.goto(path);
      await expect(
        page
          .getByRole('main')
          .getByText(name as string)
          .first(),
      ).toBeVisible();
    }
  });
});
