/**
 * An organiser's ticketing, from the pro site to the public one (issue 25): the demo organiser creates a
 * ticketing, uploads its visual, writes its description with the editor (a heading, bold, a link), adds a
 * FIXED and a PERCENTAGE product, previews the draft as a buyer will see it, publishes it and finds it on the
 * public search once the page cache's data version has moved; two people saving the same ticketing: the
 * second is told. The pages pass axe and fit a 360 px screen.
 */
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { api, expect, expectNoAxeViolations, expectNoSideScroll, gotoLive, proTest } from '../fixtures';

const DEMO = { email: 'pro@guichet.test', password: 'pro-guichet-2026' };

/** The demo organiser's id, asked of the API as its pro session. */
async function demoOrganizerId(): Promise<number> {
  const tokens = await api<{ accessToken: string }>('/pro/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const me = await api<{ organizers: { id: number }[] }>('/pro/me', {
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  });
  const id = me.organizers[0]?.id;
  if (!id) throw new Error('Le compte pro de démonstration n’a pas d’organisateur.');
  return id;
}

async function logInPro(page: Page) {
  await page.goto('/connexion');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(DEMO.email);
  await page.getByLabel('Mot de passe').fill(DEMO.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/connexion/);
}

async function newProPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: process.env.E2E_PRO_URL, locale: 'fr-FR' });
  const page = await context.newPage();
  await logInPro(page);
  return page;
}

/** Creates a draft through the form, its description written with the editor; its page's path. */
async function createTicketing(page: Page, organizerId: number, title: string) {
  await gotoLive(page, `/organisateurs/${organizerId}/billetteries/nouvelle`);
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByLabel('Catégorie').selectOption('Concert');
  await page.getByLabel('Date', { exact: true }).fill('2027-06-21');
  await page.getByLabel('Heure de début').fill('20:30');
  await page.getByLabel('Nom du lieu').fill('Le Rocher de Palmer');
  await page.getByLabel('Adresse', { exact: true }).fill('1 rue Aristide Briand');
  await page.getByLabel('Code postal').fill('33150');
  await page.getByLabel('Ville').fill('Cenon');
  await page.getByLabel('Résumé').fill('Une nuit de jazz et de musiques du monde, en plein air.');

  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await page.keyboard.type('Programme');
  // The toolbar turns the line the caret is on into a heading.
  await page.getByRole('button', { name: 'Titre 2' }).click();
  await expect(page.getByRole('button', { name: 'Titre 2' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Gras' }).click();
  await page.keyboard.type('Trois scènes');
  await page.getByRole('button', { name: 'Gras' }).click();
  await page.keyboard.type(' et ');
  await page.keyboard.type('le site');
  for (const _ of 'le site') await page.keyboard.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Lien', exact: true }).click();
  await page.getByLabel('Adresse du lien').fill('https://lerocherdepalmer.fr');
  await page.getByRole('button', { name: 'Appliquer' }).click();

  await page.getByRole('button', { name: 'Créer la billetterie' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Billetterie créée' })).toBeVisible();
  return new URL(page.url()).pathname;
}

proTest.describe('a ticketing, from the pro site to the public one', () => {
  proTest(
    'created with its visual and two products, previewed, published, found on the public site',
    async ({ page }) => {
      proTest.setTimeout(180_000);
      const organizerId = await demoOrganizerId();
      const title = `Nuit des lanternes ${Date.now().toString(36)}`;
      await logInPro(page);
      const path = await createTicketing(page, organizerId, title);

      // The visual: a real PNG, streamed on to the API, listed with its alt text.
      const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#4338ca' } })
        .png()
        .toBuffer();
      await page.getByLabel('Image').setInputFiles({ name: 'affiche.png', mimeType: 'image/png', buffer: png });
      await page.getByLabel('Texte alternatif', { exact: true }).fill('La grande scène illuminée');
      await page.getByRole('button', { name: 'Envoyer l’image' }).click();
      await expect(page.getByText('Visuel ajouté')).toBeVisible();
      await expect(page.getByLabel('Texte alternatif du visuel 1')).toHaveValue('La grande scène illuminée');

      // Two products: a fixed discount and a percentage.
      await gotoLive(page, `${path}/tarifs`);
      const addProduct = async (label: string, discountType: string, discount: string) => {
        const form = page.getByRole('region', { name: 'Ajouter un tarif' });
        await form.getByLabel('Libellé').fill(label);
        await form.getByLabel('Prix TTC (€)').fill('25,00');
        await form.getByLabel('Remise', { exact: true }).selectOption(discountType);
        await form.getByLabel('Valeur de la remise').fill(discount);
        await form.getByLabel('Places à vendre').fill('200');
        await form.getByRole('button', { name: 'Ajouter le tarif' }).click();
        await expect(page.getByRole('heading', { level: 3, name: label })).toBeVisible();
      };
      await addProduct('Tarif réduit', 'FIXED', '5');
      await addProduct('Tarif jeune', 'PERCENTAGE', '40');
      // Prices as the domain writes them (non-breaking spaces before €).
      await expect(page.getByText(/^20\s€ \(25\s€, remise −5\s€\)$/)).toBeVisible();
      await expect(page.getByText(/^15\s€ \(25\s€, remise −40\s%\)$/)).toBeVisible();
      await page.setViewportSize({ width: 360, height: 780 });
      await expectNoSideScroll(page);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 800 });

      // The preview: the public page of the draft, in a new tab.
      await gotoLive(page, path);
      await page.getByRole('button', { name: 'Aperçu' }).click();
      const link = page.getByRole('link', { name: 'Ouvrir l’aperçu (nouvel onglet)' });
      await expect(link).toHaveAttribute('target', '_blank');
      const [preview] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(preview.getByRole('img', { name: 'La grande scène illuminée' }).first()).toBeVisible();
      await expect(preview.getByRole('heading', { name: 'Programme' })).toBeVisible();
      await expect(preview.getByRole('link', { name: 'le site' })).toHaveAttribute(
        'href',
        'https://lerocherdepalmer.fr',
      );
      await preview.close();

      await page.setViewportSize({ width: 360, height: 780 });
      await expectNoSideScroll(page);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 800 });

      // Published, after its confirmation: found on the public search once the data version has moved.
      await page.getByRole('link', { name: 'Publier' }).click();
      await page.getByRole('button', { name: 'Confirmer : publier' }).click();
      await expect(page.getByText('Billetterie publiée')).toBeVisible();
      const site = await page.context().newPage();
      await expect(async () => {
        await site.goto(`${process.env.E2E_BASE_URL}/recherche?q=${encodeURIComponent(title)}`);
        await expect(site.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 60_000 });

      // The list: its badge, at 360 px, axe-clean.
      await gotoLive(page, `/organisateurs/${organizerId}/billetteries?q=${encodeURIComponent(title)}`);
      await expect(page.getByRole('listitem').getByText('Publiée', { exact: true })).toBeVisible();
      await page.setViewportSize({ width: 360, height: 780 });
      await expectNoSideScroll(page);
      await expectNoAxeViolations(page);
    },
  );

  proTest('two people save the same ticketing: the second is told what changed', async ({ browser }) => {
    proTest.setTimeout(120_000);
    const organizerId = await demoOrganizerId();
    const first = await newProPage(browser);
    const path = await createTicketing(first, organizerId, `Concert partagé ${Date.now().toString(36)}`);
    const second = await newProPage(browser);
    await gotoLive(second, path);
    await gotoLive(first, path);

    await first.getByRole('textbox', { name: 'Titre', exact: true }).fill('Titre de la première personne');
    await first.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(first.getByText('Billetterie enregistrée.')).toBeVisible();

    await second.getByRole('textbox', { name: 'Titre', exact: true }).fill('Titre de la seconde personne');
    await second.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    const alert = second.getByRole('alert').filter({ hasText: 'Cette billetterie a été modifiée entre-temps' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Titre de la première personne');
    await expect(second.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(
      'Titre de la seconde personne',
    );
    await expectNoAxeViolations(second);

    await second.getByRole('link', { name: 'reprenez la version enregistrée' }).click();
    await expect(second.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(
      'Titre de la première personne',
    );
    await first.context().close();
    await second.context().close();
  });
});
