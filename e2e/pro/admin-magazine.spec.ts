/**
 * Le Mag's back office (issue 27, docs/decisions/0070): the platform administrator writes an article in the
 * pro site with the rich-text editor (a heading, a link to a page of the site), uploads its cover, picks a ticketing from the
 * catalogue as a card and publishes; the public Le Mag lists it, the article shows the ticketing's card, and
 * the internal link, stored as a path, opens in the same tab.
 */
import type { ArticlesPage, TicketingPage } from '@guichet/contracts';
import sharp from 'sharp';
import { api, expect, gotoLive, proTest } from '../fixtures';
import { logInPro } from './steps';

const ADMIN = { email: 'admin@guichet.test', password: 'admin-guichet-2026' };

proTest(
  'the administrator publishes an article linking a ticketing: Le Mag shows it with its card',
  async ({ page, browser }) => {
    // Writing, uploading, publishing, then reading the public site: a long journey on two cores.
    proTest.slow();
    const { items } = await api<TicketingPage>('/ticketings?limit=5');
    const ticketing = items[0];
    if (!ticketing) throw new Error('Le catalogue de démonstration doit avoir une billetterie à venir.');
    const siteUrl = process.env.E2E_BASE_URL ?? '';
    const title = `Un hiver en scène ${Date.now()}`;

    await logInPro(page, ADMIN.email, ADMIN.password);
    await gotoLive(page, '/admin/magazine');
    await page.getByRole('link', { name: 'Nouvel article' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nouvel article' })).toBeVisible();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
    await page.getByLabel('Résumé').fill('Les spectacles de la saison, choisis par la rédaction.');
    await page.getByLabel('Catégorie').selectOption('Théâtre');

    const editor = page.getByRole('textbox', { name: 'Texte' });
    await editor.click();
    await page.keyboard.type('Notre sélection');
    await page.getByRole('button', { name: 'Titre 2' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Réservez sur ');
    const linkText = 'sa billetterie';
    await page.keyboard.type(linkText);
    for (const _ of linkText) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Lien', exact: true }).click();
    // The editor writes the site's absolute address; the API stores it as a path.
    await page.getByLabel('Adresse du lien').fill(`${siteUrl}/billetterie/${ticketing.slug}-${ticketing.id}`);
    await page.getByRole('button', { name: 'Appliquer' }).click();

    await page.getByLabel('Chercher dans le catalogue').fill(ticketing.title);
    await page.getByRole('button', { name: 'Chercher' }).click();
    const choice = page
      .getByRole('group', { name: 'Billetteries' })
      .getByRole('checkbox', { name: new RegExp(ticketing.title) });
    await choice.first().check();

    await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await expect(page.getByText('Article créé, en brouillon.')).toBeVisible();

    // Its cover: a real PNG, checked by its content by the API.
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#7c2d12' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'scene.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Texte alternatif', { exact: true }).fill('La scène avant le lever de rideau');
    await page.getByRole('button', { name: 'Envoyer l’image' }).click();
    await expect(page.getByText('Image de couverture enregistrée')).toBeVisible();
    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(page.getByText('Article publié')).toBeVisible();

    // Le Mag lists it (the shared answers follow the data version the write moved on).
    await expect
      .poll(async () => (await api<ArticlesPage>('/articles?pageSize=60')).items.map((item) => item.title))
      .toContain(title);
    const site = await (await browser.newContext({ baseURL: siteUrl, locale: 'fr-FR' })).newPage();
    await gotoLive(site, '/magazine');
    await site.getByRole('link', { name: title }).first().click();
    await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(site.getByRole('img', { name: 'La scène avant le lever de rideau' })).toBeVisible();
    const events = site.getByRole('region', { name: 'Les événements de l’article' });
    await expect(events.getByRole('link', { name: ticketing.title })).toBeVisible();

    const link = site.locator('.rich-text').getByRole('link', { name: linkText });
    await expect(link).toHaveAttribute('href', `/billetterie/${ticketing.slug}-${ticketing.id}`);
    await expect(link).not.toHaveAttribute('target', /.*/);
    const pages = site.context().pages().length;
    await link.click();
    await expect(site).toHaveURL(new RegExp(`/billetterie/${ticketing.slug}-${ticketing.id}$`));
    expect(site.context().pages().length).toBe(pages);
  },
);
