import { expect, expectNoAxeViolations, gotoLive, test } from './fixtures';

test.describe('header', () => {
  test('CSE mode hides the navigation and buttons, the logo leads nowhere, and the mode follows internal links', async ({
    page,
  }) => {
    await page.goto('/?type=CSE');
    const header = page.getByRole('banner');
    await expect(header.getByText('Guichet')).toBeVisible();
    await expect(header.getByRole('navigation')).toHaveCount(0);
    await expect(header.getByRole('link')).toHaveCount(0);
    await expect(header.getByRole('button')).toHaveCount(0);

    // An internal link keeps the journey's query, so the public navigation never comes back.
    await page
      .getByRole('main')
      .getByRole('link', { name: /Voir les billetteries/ })
      .click();
    await expect(page).toHaveURL(/\/billetteries\?type=CSE$/);
    await expect(page.getByRole('banner').getByRole('link')).toHaveCount(0);
  });

  test('on a narrow screen the navigation is a menu that works with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Artistes' })).toBeHidden();
    const menu = header.locator('summary');
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(header.getByRole('link', { name: 'Artistes' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Ouvrir une billetterie' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(header.getByRole('link', { name: 'Artistes' })).toBeHidden();

    await menu.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(header.getByRole('link', { name: 'Billetteries', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/artistes$/);
    await expect(header.getByRole('link', { name: 'Jeux-concours' })).toBeHidden();
  });

  test('a cseID alone is CSE mode too', async ({ page }) => {
    await page.goto('/agenda?cseID=1234');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toHaveCount(0);
  });

  test('the cart button shows with preview features, but not on the cart page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Panier vide' })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByRole('banner').getByRole('link', { name: /^Panier/ })).toHaveCount(0);
  });

  test('with preview features off, the preview links, the cart button and the preview pages are gone', async ({
    page,
  }) => {
    const previewOff = process.env.E2E_PREVIEW_OFF_URL;
    if (!previewOff) throw new Error('E2E_PREVIEW_OFF_URL manquant');
    await page.goto(`${previewOff}/`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Billetteries', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Ouvrir une billetterie' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Connexion' })).toBeVisible();
    for (const name of ['Artistes', 'Jeux-concours', 'Bons plans', 'Le Mag']) {
      await expect(header.getByRole('link', { name })).toHaveCount(0);
    }
    await expect(header.getByRole('link', { name: /^Panier/ })).toHaveCount(0);

    for (const path of ['/artistes', '/jeux-concours/1', '/bons-plans/search', '/magazine', '/styleguide/interface']) {
      const response = await page.goto(`${previewOff}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText('Page non trouvée')).toBeVisible();
    }
  });
});

test.describe('notifications', () => {
  test('a notification is announced and disappears after 5 seconds', async ({ page }) => {
    // The page's clock is the test's: 5 seconds are counted exactly, whatever the machine's load.
    await page.clock.install();
    await gotoLive(page, '/styleguide/interface');
    // From here on, time only moves when the test says so.
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('button', { name: 'Notification de succès' }).click();
    const notification = page.getByRole('status').filter({ hasText: 'Vos informations ont bien été enregistrées.' });
    await expect(notification).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await page.clock.runFor(4_900);
    await expect(notification).toBeVisible();
    await page.clock.runFor(200);
    await expect(notification).toHaveCount(0);
  });

  test('a notification set by a server action shows after the redirect, once', async ({ page }) => {
    await gotoLive(page, '/styleguide/interface');
    await page.getByRole('button', { name: 'Envoyer au serveur (erreur)' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Une erreur est survenu à la création de votre panier.' }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a server notification works without JavaScript too', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/styleguide/interface');
    await page.getByRole('button', { name: 'Envoyer au serveur (succès)' }).click();
    await expect(page.getByText('Votre demande a bien été envoyée.')).toBeVisible();
    await context.close();
  });
});

test.describe('cross-site posts', () => {
  test('a form post from another site is refused before the action runs', async ({ request }) => {
    // Fetch Metadata says cross-site: our middleware answers 403.
    const crossSite = await request.post('/styleguide/interface', {
      form: { issue: 'success' },
      headers: { 'sec-fetch-site': 'cross-site' },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    expect(crossSite.headers()['set-cookie'] ?? '').not.toContain('guichet_notice');

    // A foreign Origin is refused too (React Router's own check answers first, with 400).
    const foreignOrigin = await request.post('/styleguide/interface', {
      form: { issue: 'success' },
      headers: { origin: 'https://evil.example' },
      maxRedirects: 0,
    });
    expect([400, 403]).toContain(foreignOrigin.status());
    expect(foreignOrigin.headers()['set-cookie'] ?? '').not.toContain('guichet_notice');

    // A post that tells nothing of where it comes from is refused.
    const anonymous = await request.post('/styleguide/interface', { form: { issue: 'success' }, maxRedirects: 0 });
    expect(anonymous.status()).toBe(403);
  });

  test('the same post from the site itself goes through', async ({ request, baseURL }) => {
    const response = await request.post('/styleguide/interface', {
      form: { issue: 'success' },
      headers: { origin: baseURL ?? '', 'sec-fetch-site': 'same-origin' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()['set-cookie']).toContain('guichet_notice');
  });
});

test.describe('modal', () => {
  test('closes with Escape and with the backdrop, locks the body scroll, and is accessible', async ({ page }) => {
    await gotoLive(page, '/styleguide/interface');
    const opener = page.getByRole('button', { name: 'Ouvrir la modale' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Panier vide' });
    await expect(dialog).toBeVisible();

    // The page behind does not scroll while the modal is open.
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    await expectNoAxeViolations(page, '[role="dialog"]');

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // Focus goes back to the button that opened it.
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);

    // The page scrolls again once the modal is closed.
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  });

  test('without its close button, a backdrop click does not close it', async ({ page }) => {
    await gotoLive(page, '/styleguide/interface');
    await page.getByRole('button', { name: 'Modale sans bouton de fermeture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Panier vide' });
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toHaveCount(0);
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Acheter' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('table', () => {
  test('shows « Chargement en cours » while loading', async ({ page }) => {
    await gotoLive(page, '/styleguide/interface');
    await expect(page.getByRole('status').filter({ hasText: 'Chargement en cours' })).toBeVisible();
    await page.getByRole('button', { name: 'Afficher les données' }).click();
    await expect(page.getByRole('cell', { name: 'GU-2026-000001' })).toBeVisible();
  });
});

test.describe('redirects', () => {
  test('an old ticketing URL from the redirect table lands on the ticketing page', async ({ page }) => {
    const response = await page.goto('/evenement/nuits-electriques-lyon');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/billetterie\/les-nuits-electriques-1$/);
  });

  test('a temporary redirect keeps the query, and a client-side navigation is redirected too', async ({ page }) => {
    await page.goto('/billetterie-ancienne?source=NEWSLETTER');
    await expect(page).toHaveURL(/\/billetteries\/france\?source=NEWSLETTER$/);

    // A client-side navigation (the router's link, once the page is live) asks for the redirect too.
    await gotoLive(page, '/styleguide/interface');
    await page.getByRole('button', { name: 'Notification de succès' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Vos informations ont bien été enregistrées.' }),
    ).toBeVisible();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.getByRole('link', { name: 'ancienne page des billetteries' }).click();
    await expect(page).toHaveURL(/\/billetteries\/france$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billetteries en France' })).toBeVisible();
    expect(documents).toEqual([]);
  });

  test('an absolute target leaves the site with a permanent redirect', async ({ request }) => {
    const response = await request.get('/aide', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('https://support.guichet.example/');
  });
});
