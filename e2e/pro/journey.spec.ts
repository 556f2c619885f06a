/**
 * Issue 25's « Done when », end to end on the real servers: an organiser signs up and confirms the address from
 * the e-mail, lands on an empty dashboard that says what to do first, creates a ticketing (visual, description
 * typed with the editor, a FIXED and a PERCENTAGE product), previews and publishes it; the public site lists it;
 * a buyer coming from a newsletter link buys one of each product; the organiser's dashboard shows the sale, the
 * revenue with its VAT and the view with its source; the attendees' CSV names the buyer. A second organiser sees
 * none of it: the first one's pages answer the pro site's 404, with their organiser's id or with their own.
 */
import type { Page } from '@playwright/test';
import { expect, fillCheckout, gotoLive, logIn, newAccount, payWith, proTest as test } from '../fixtures';
import {
  addProduct,
  confirmEmail,
  createTicketing,
  DESCRIPTION,
  downloadCsv,
  expectFoundOnPublicSearch,
  FIRST_ORGANISATION,
  openPreview,
  publish,
  signUpOrganiser,
  unique,
  uploadVisual,
} from './steps';

// A step that cannot happen fails in its own time, not at the end of the whole journey's.
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

const PRODUCTS = [
  // 25 € less 5 €: 20 €.
  { label: 'Tarif réduit', price: '25,00', discountType: 'FIXED', discount: '5' },
  // 25 € less 40 %: 15 €.
  { label: 'Tarif jeune', price: '25,00', discountType: 'PERCENTAGE', discount: '40' },
] as const;

/**
 * One of each: 35 € paid. A concert in France is taxed at 5,5 %: 35 / 1,055 = 33,175… → 33,18 € excluding VAT,
 * and 1,82 € of VAT (worked out by hand here, not with the domain's function the dashboard uses).
 */
const REVENUE = { ttc: /^35\s€$/, ht: '33,18', vat: '1,82' };

/** The pro site's 404 page, on the page as it is now. */
async function expectNotFoundPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/404\s*Page non trouvée/);
}

test('an organiser signs up, sells a ticketing to a buyer and follows it; another organiser sees none of it', async ({
  page,
  browser,
}) => {
  // Two sign-ups (argon2), a build of pages, an upload, a purchase and the cache's poll on a shared machine.
  test.setTimeout(300_000);
  const title = `Nuit des lanternes ${Date.now().toString(36)}`;
  const organiserEmail = unique('orga-parcours');

  const { organizerPath, organizerId } = await test.step('sign-up, confirmation, an empty dashboard', async () => {
    await signUpOrganiser(page, organiserEmail);
    const organizer = await confirmEmail(page, organiserEmail);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tableau de bord — ${FIRST_ORGANISATION.name}`);
    // Nothing sold yet: the dashboard says what to do first, and links to it.
    const firstSteps = page.getByRole('region', { name: 'Premiers pas' });
    await expect(firstSteps).toContainText('Vos ventes s’afficheront ici dès votre première billetterie en ligne.');
    await expect(firstSteps.getByRole('link', { name: 'Créez votre première billetterie' })).toHaveAttribute(
      'href',
      `${organizer.organizerPath}/billetteries/nouvelle`,
    );
    return organizer;
  });

  const path = await test.step('a ticketing: its description with the editor, a visual, two products', async () => {
    await page.getByRole('link', { name: 'Créez votre première billetterie' }).click();
    await expect(page).toHaveURL(/\/billetteries\/nouvelle$/);
    const created = await createTicketing(page, organizerId, title);
    await uploadVisual(page, 'La grande scène illuminée');
    await gotoLive(page, `${created}/tarifs`);
    for (const product of PRODUCTS) await addProduct(page, product);
    // Prices as the domain writes them (non-breaking spaces before €).
    await expect(page.getByText(/^20\s€ \(25\s€, remise −5\s€\)$/)).toBeVisible();
    await expect(page.getByText(/^15\s€ \(25\s€, remise −40\s%\)$/)).toBeVisible();
    return created;
  });
  const ticketingId = Number(path.split('/').pop());

  await test.step('the preview shows the description as typed; then published', async () => {
    await gotoLive(page, path);
    const preview = await openPreview(page);
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.getByRole('img', { name: 'La grande scène illuminée' }).first()).toBeVisible();
    await expect(preview.getByRole('heading', { level: 2, name: DESCRIPTION.heading })).toBeVisible();
    await expect(preview.locator('strong', { hasText: DESCRIPTION.bold })).toBeVisible();
    await expect(preview.getByRole('link', { name: DESCRIPTION.link.text })).toHaveAttribute(
      'href',
      DESCRIPTION.link.href,
    );
    await preview.close();
    await publish(page);
  });

  const buyerContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const buyer = await buyerContext.newPage();
  const buyerEmail = await newAccount({ label: 'acheteur-parcours', firstname: 'Inès', lastname: 'Bernard' });

  await test.step('the public site lists it once the page cache has moved', async () => {
    await expectFoundOnPublicSearch(buyer, title);
  });

  const reference = await test.step('a buyer from a newsletter link buys one of each product', async () => {
    // The link of a newsletter: the view is counted under its source.
    await gotoLive(buyer, `/billetterie/${ticketingId}?source=newsletter`);
    await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    for (const { label } of PRODUCTS) {
      await buyer.getByRole('button', { name: `Ajouter au panier : ${label}` }).click();
      await expect(buyer.getByText(`Ajouté au panier : ${title} — ${label}`)).toBeVisible();
    }
    await buyer.goto('/cart');
    await buyer.getByRole('button', { name: 'Acheter' }).click();
    await expect(buyer).toHaveURL(/\/auth\/login$/);
    await logIn(buyer, buyerEmail);
    await expect(buyer).toHaveURL(/\/cart$/);
    const form = await fillCheckout(buyer);
    await expect(form.getByTestId('recap-total')).toHaveText(REVENUE.ttc);
    await form.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
    await expect(buyer).toHaveURL(/\/payment\?order=/);
    await payWith(buyer);
    const thanks = buyer.getByRole('status').filter({ hasText: 'Merci !' });
    await expect(thanks).toHaveText(/Votre commande GU-\d{4}-\d{6} est confirmée/, { timeout: 20_000 });
    const found = /GU-\d{4}-\d{6}/.exec((await thanks.textContent()) ?? '')?.[0];
    if (!found) throw new Error('La confirmation ne donne pas la référence de la commande.');
    return found;
  });
  await buyerContext.close();

  await test.step('the dashboard: places sold, revenue with its VAT, the view and its source', async () => {
    // The view is posted by the buyer's page once loaded: each try reads the dashboard afresh.
    await expect(async () => {
      await gotoLive(page, organizerPath);
      const chart = page.getByRole('figure').filter({ has: page.getByRole('img', { name: 'Vues par source' }) });
      await chart.getByText('Voir les données').click();
      const views = chart.getByRole('table', { name: 'Vues par source' });
      await expect(views.getByRole('row', { name: /NEWSLETTER/ }).getByRole('cell')).toHaveText(['NEWSLETTER', '1'], {
        timeout: 1000,
      });
    }).toPass({ timeout: 30_000 });
    const figure = (label: string) =>
      page.getByRole('region', { name: 'Chiffres clés' }).locator('dl > div').filter({ hasText: label });
    await expect(figure('Chiffre d’affaires TTC')).toHaveText(
      new RegExp(`Chiffre d’affaires TTC\\s*35\\s€\\s*${REVENUE.ht}\\s€ HT, dont TVA ${REVENUE.vat}\\s€`),
    );
    await expect(figure('Billets vendus').getByRole('definition').first()).toHaveText('2');
    await expect(figure('Vues des pages').getByRole('definition').first()).toHaveText('1');
    const vat = page.getByRole('table', { name: /Chiffre d’affaires par taux de TVA/ });
    await expect(vat.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      /^5,5\s%$/,
      new RegExp(`^${REVENUE.ht}\\s€$`),
      new RegExp(`^${REVENUE.vat}\\s€$`),
      REVENUE.ttc,
    ]);
    const ticketings = page.getByRole('table', { name: 'Ventes de chaque billetterie' });
    await expect(ticketings.getByRole('row', { name: new RegExp(title) }).getByRole('cell')).toHaveText([
      new RegExp(title),
      '2',
      '398 / 400',
      REVENUE.ttc,
    ]);
  });

  await test.step('the ticketing’s sales: one of each product; the attendees’ CSV names the buyer', async () => {
    await gotoLive(page, `${path}/ventes`);
    const products = page.getByRole('table', { name: `Ventes de chaque tarif de ${title}` });
    for (const [index, { label }] of PRODUCTS.entries()) {
      await expect(
        products
          .getByRole('row')
          .nth(index + 1)
          .getByRole('cell'),
      ).toHaveText([new RegExp(label), '1', '0', '199 / 200', index === 0 ? /^20\s€$/ : /^15\s€$/]);
    }
    const rows = await downloadCsv(page, 'Exporter les participants (CSV)');
    expect(
      rows.map((row) => ({
        participant: row.Participant,
        product: row.Tarif,
        order: row.Commande,
        buyer: row.Acheteur,
        email: row['E-mail de l’acheteur'],
      })),
    ).toEqual(
      PRODUCTS.map(({ label }) => ({
        participant: 'Inès Bernard',
        // The tarif's own label: the file is the ticketing's already.
        product: label,
        order: reference,
        buyer: 'Inès Bernard',
        email: buyerEmail,
      })),
    );
    for (const row of rows) expect(row['Code du billet']).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){6}$/);
  });

  const orderPath = await test.step('the order, found by its reference', async () => {
    await gotoLive(page, `${organizerPath}/commandes`);
    await page.getByRole('searchbox', { name: 'Rechercher une commande' }).fill(reference);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByRole('link', { name: reference }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Commande ${reference}` })).toBeVisible();
    return new URL(page.url()).pathname;
  });
  const orderId = Number(orderPath.split('/').pop());

  await test.step('a second organiser sees none of it', async () => {
    const otherContext = await browser.newContext({ baseURL: process.env.E2E_PRO_URL });
    try {
      const other = await otherContext.newPage();
      const otherEmail = unique('orga-autre');
      await signUpOrganiser(other, otherEmail, {
        firstname: 'Hugo',
        lastname: 'Marchal',
        name: 'La Salle des Fêtes',
        legalName: 'Comité des fêtes de Cenon',
      });
      const { organizerPath: otherPath } = await confirmEmail(other, otherEmail);
      // Their own dashboard: empty, nothing of the first organiser's.
      await expect(other.getByRole('region', { name: 'Premiers pas' })).toBeVisible();
      await expect(other.getByRole('main')).not.toContainText(title);
      await gotoLive(other, `${otherPath}/billetteries`);
      await expect(other.getByText('Aucune billetterie pour l’instant.')).toBeVisible();
      await gotoLive(other, `${otherPath}/commandes`);
      await expect(other.getByRole('heading', { level: 1, name: 'Commandes' })).toBeVisible();
      await expect(other.getByRole('main')).not.toContainText(reference);

      // The first organiser's pages, with the first organiser's id in the address or with their own.
      for (const base of [organizerPath, otherPath]) {
        for (const pagePath of [
          base,
          `${base}/billetteries/${ticketingId}`,
          `${base}/billetteries/${ticketingId}/ventes`,
          `${base}/commandes/${orderId}`,
        ]) {
          if (pagePath === otherPath) continue;
          // A plain load: the error page replaces the app that marks a page live, and needs nothing of it.
          const response = await other.goto(pagePath);
          expect(response?.status(), pagePath).toBe(404);
          await expectNotFoundPage(other);
          await expect(other.getByRole('main')).not.toContainText(title);
        }
        // The export is a file, not a page: the refusal is the API's message, in plain text.
        const exported = await other.request.get(`${base}/billetteries/${ticketingId}/participants.csv`);
        expect(exported.status()).toBe(404);
        expect(await exported.text()).not.toContain(buyerEmail);
      }
    } finally {
      await otherContext.close();
    }
  });
});
