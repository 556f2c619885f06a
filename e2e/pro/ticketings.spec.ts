/**
 * An organiser's ticketing, from the pro site to the public one (issue 25): the demo organiser creates a
 * ticketing, uploads its visual, writes its description with the editor (a heading, bold, a link), adds a
 * FIXED and a PERCENTAGE product, previews the draft as a buyer will see it, publishes it and finds it on the
 * public search once the page cache's data version has moved; two people saving the same ticketing: the
 * second is told. The pages pass axe and fit a 360 px screen.
 */
import type { Browser, Page } from '@playwright/test';
import { api, expect, expectNoAxeViolations, expectNoSideScroll, gotoLive, proTest } from '../fixtures';
import {
  addProduct,
  createTicketing,
  DEMO_ORGANISER,
  DESCRIPTION,
  demoProHeaders,
  expectFoundOnPublicSearch,
  logInPro,
  openPreview,
  publish,
  uploadVisual,
} from './steps';

/** The demo organiser's id, asked of the API as its pro session. */
async function demoOrganizerId(): Promise<number> {
  const me = await api<{ organizers: { id: number }[] }>('/pro/me', { headers: await demoProHeaders() });
  const id = me.organizers[0]?.id;
  if (!id) throw new Error('Le compte pro de démonstration n’a pas d’organisateur.');
  return id;
}

const logInDemo = (page: Page) => logInPro(page, DEMO_ORGANISER.email, DEMO_ORGANISER.password);

async function newProPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: process.env.E2E_PRO_URL, locale: 'fr-FR' });
  const page = await context.newPage();
  await logInDemo(page);
  return page;
}

proTest.describe('a ticketing, from the pro site to the public one', () => {
  proTest(
    'created with its visual and two products, previewed, published, found on the public site',
    async ({ page }) => {
      proTest.setTimeout(180_000);
      const organizerId = await demoOrganizerId();
      const title = `Nuit des lanternes ${Date.now().toString(36)}`;
      await logInDemo(page);
      const path = await createTicketing(page, organizerId, title);

      // The visual: a real PNG, streamed on to the API, listed with its alt text.
      await uploadVisual(page, 'La grande scène illuminée');

      // Two products: a fixed discount and a percentage.
      await gotoLive(page, `${path}/tarifs`);
      await addProduct(page, { label: 'Tarif réduit', price: '25,00', discountType: 'FIXED', discount: '5' });
      await addProduct(page, { label: 'Tarif jeune', price: '25,00', discountType: 'PERCENTAGE', discount: '40' });
      // Prices as the domain writes them (non-breaking spaces before €).
      await expect(page.getByText(/^20\s€ \(25\s€, remise −5\s€\)$/)).toBeVisible();
      await expect(page.getByText(/^15\s€ \(25\s€, remise −40\s%\)$/)).toBeVisible();
      await page.setViewportSize({ width: 360, height: 780 });
      await expectNoSideScroll(page);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 800 });

      // The preview: the public page of the draft, in a new tab.
      await gotoLive(page, path);
      const preview = await openPreview(page);
      await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(preview.getByRole('img', { name: 'La grande scène illuminée' }).first()).toBeVisible();
      await expect(preview.getByRole('heading', { name: DESCRIPTION.heading })).toBeVisible();
      await expect(preview.getByRole('link', { name: DESCRIPTION.link.text })).toHaveAttribute(
        'href',
        DESCRIPTION.link.href,
      );
      await preview.close();

      await page.setViewportSize({ width: 360, height: 780 });
      await expectNoSideScroll(page);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 800 });

      // Published, after its confirmation: found on the public search once the data version has moved.
      await publish(page);
      await expectFoundOnPublicSearch(await page.context().newPage(), title);

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
