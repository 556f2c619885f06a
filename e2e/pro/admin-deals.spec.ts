/**
 * The back office's deals (issue 27), in Chromium on the real built servers: the platform administrator logs in
 * to the pro site, creates a partner, a deal with a PERCENTAGE product and publishes it; the public search,
 * typed without accents, finds it; a buyer buys it with the demo payment.
 */
import type { Page } from '@playwright/test';
import { expect, fillCheckout, gotoLive, logIn, newAccount, payWith, proTest as test } from '../fixtures';
import { logInPro } from './steps';

const ADMIN = { email: 'admin@guichet.test', password: 'admin-guichet-2026' };

// Logins, forms, a purchase, on a shared 2-core machine: more than the default 30 s.
test.describe.configure({ timeout: 180_000 });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Types `text` into the rich-text editor labelled `label`. */
async function typeRichText(page: Page, label: string, text: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.keyboard.type(text);
}

test('an administrator creates a partner and a deal with a PERCENTAGE product, publishes it; the search finds it without accents and a buyer buys it', async ({
  page,
  browser,
}) => {
  // A number of its own: reruns on the same database never meet an earlier run's deal.
  const run = String(Date.now()).slice(-6);
  const partner = `Comptoir Zéphyrin ${run}`;
  const title = `Dîner découverte chez Zéphyrin ${run}`;
  const product = 'Menu pour deux';

  await test.step('the administrator logs in and creates the partner', async () => {
    await logInPro(page, ADMIN.email, ADMIN.password);
    await gotoLive(page, '/admin/partenaires/nouveau');
    // The spec's messages: a required name, a malformed e-mail.
    await page.getByRole('textbox', { name: 'E-mail du contact' }).fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Créer le partenaire' }).click();
    await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(partner);
    await page.getByRole('textbox', { name: 'Adresse' }).fill('4 rue des Tanneurs, 67000 Strasbourg');
    await page.getByRole('textbox', { name: 'Ville' }).fill('Strasbourg');
    await page.getByRole('textbox', { name: 'E-mail du contact' }).fill('contact@zephyrin.example.fr');
    await page.getByRole('button', { name: 'Créer le partenaire' }).click();
    await expect(page.getByText('Partenaire créé.')).toBeVisible();
    await expect(page.getByRole('link', { name: partner })).toBeVisible();
  });

  await test.step('creates the deal, its description and terms in the editor', async () => {
    await gotoLive(page, '/admin/bons-plans/nouveau');
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
    await page.getByLabel('Partenaire').selectOption({ label: `${partner} (Strasbourg)` });
    await page.getByLabel('Catégorie').selectOption('Restaurants');
    await page.getByRole('textbox', { name: 'Ville' }).fill('Strasbourg');
    await page.getByLabel('Valable du').fill(day(-1));
    await page.getByLabel('Valable jusqu’au').fill(day(60));
    await page.getByRole('textbox', { name: 'Résumé' }).fill('Un menu en cinq plats autour des produits d’Alsace.');
    await typeRichText(page, 'Description', 'Cinq plats, un verre de vin, le chef en salle.');
    await typeRichText(page, 'Conditions d’utilisation', 'Sur réservation, du mardi au samedi.');
    await page.getByRole('button', { name: 'Créer le bon plan' }).click();
    await expect(page.getByText('Bon plan créé, en brouillon.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  await test.step('adds a PERCENTAGE product; a discount beyond 100 % is refused first', async () => {
    await page.getByRole('link', { name: 'Produits (0)' }).click();
    const form = page.getByRole('region', { name: 'Ajouter un produit' });
    await form.getByLabel('Libellé').fill(product);
    await form.getByLabel('Prix TTC avant remise (€)').fill('89,00');
    await form.getByRole('combobox', { name: 'Remise', exact: true }).selectOption('PERCENTAGE');
    await form.getByLabel('Valeur de la remise').fill('130');
    await form.getByLabel('Bons à vendre').fill('50');
    await form.getByRole('button', { name: 'Ajouter le produit' }).click();
    await expect(page.getByText('Un pourcentage de remise ne dépasse pas 100.')).toBeVisible();
    await page.getByRole('region', { name: 'Ajouter un produit' }).getByLabel('Valeur de la remise').fill('30');
    await page
      .getByRole('region', { name: 'Ajouter un produit' })
      .getByRole('button', { name: 'Ajouter le produit' })
      .click();
    await expect(page.getByText('Produit ajouté.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: product })).toBeVisible();
  });

  await test.step('publishes it, after its confirmation', async () => {
    await page.getByRole('link', { name: 'Informations' }).click();
    await page.getByRole('link', { name: 'Publier' }).click();
    await page.getByRole('button', { name: 'Confirmer : publier' }).click();
    await expect(page.getByText('Bon plan publié')).toBeVisible();
  });

  const buyerContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const buyer = await buyerContext.newPage();
  const buyerEmail = await newAccount({ label: 'acheteur-bon-plan', lastname: 'Bernard' });

  await test.step('the public search, typed without accents, finds it once the page cache has moved', async () => {
    await expect(async () => {
      await buyer.goto(`/bons-plans/search?q=${encodeURIComponent(`diner decouverte zephyrin ${run}`)}`);
      await expect(buyer.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000 });
  });

  await test.step('a buyer buys it with the demo payment', async () => {
    await buyer
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await buyer.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await buyer.getByRole('button', { name: `Ajouter au panier : ${product}` }).click();
    await expect(buyer.getByText(`Ajouté au panier : ${title} — ${product}`)).toBeVisible();
    await buyer.goto('/cart');
    await buyer.getByRole('button', { name: 'Acheter' }).click();
    await expect(buyer).toHaveURL(/\/auth\/login$/);
    await logIn(buyer, buyerEmail);
    await expect(buyer).toHaveURL(/\/cart$/);
    const form = await fillCheckout(buyer);
    // 89,00 € less 30 %.
    await expect(form.getByTestId('recap-total')).toContainText('62,30');
    await form.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
    await expect(buyer).toHaveURL(/\/payment\?order=/);
    await payWith(buyer);
    await expect(buyer.getByRole('status').filter({ hasText: 'Merci !' })).toHaveText(
      /Votre commande GU-\d{4}-\d{6} est confirmée/,
      { timeout: 20_000 },
    );
  });
  await buyerContext.close();

  await test.step('the product page of the back office counts the sale', async () => {
    await page.getByRole('link', { name: 'Produits (1)' }).click();
    await expect(page.getByText(/1 vendu\(s\), 0 réservé\(s\) sur 50/)).toBeVisible();
  });
});
