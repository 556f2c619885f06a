import type { Page } from '@playwright/test';
import { expect, fillCheckout, gotoLive, logIn, newAccount, PASSWORD, payWith, test } from './fixtures';

/**
 * CSE mode (issue 22, point 10; docs/decisions/0044): a works-council buyer arrives with `type=CSE&cseID=…`
 * and buys — ticketing page, the notification's way to the cart, « Acheter », the login, the checkout, the
 * payment, the order and its PDF — without ever seeing the public navigation: every address of the journey
 * keeps the parameters, and no header on the way has a link (no navigation, no buttons, a logo leading nowhere).
 */

const CSE = 'type=CSE&cseID=42';
// Registrations, logins and a PDF on a shared 2-core machine: a journey needs more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** The page is in CSE mode: its address keeps the parameters, its header shows nothing to leave by. */
async function expectCseFrame(page: Page) {
  await expect(page).toHaveURL(/[?&]type=CSE&cseID=42(?:&|#|$)/);
  await expect(page.locator('header').first()).toBeVisible();
  await expect(page.locator('header').first().getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Connexion' })).toHaveCount(0);
}

test('a CSE buyer goes from a ticketing page to the PDF download without the public navigation', async ({ page }) => {
  const email = await newAccount({ label: 'cse+parcours', lastname: 'Comité' });
  // Every address the window shows, client-side navigations included.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });

  await gotoLive(page, `/billetterie/1?${CSE}`);
  await expectCseFrame(page);
  await page
    .getByRole('main')
    .getByRole('button', { name: /Ajouter au panier/ })
    .first()
    .click();
  // No cart button in CSE mode: the notification is the way to the cart.
  const notice = page.getByRole('status').filter({ hasText: /Ajouté au panier : Les Nuits Électriques — / });
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: 'Voir le panier' }).click();
  await expect(page).toHaveURL(/\/cart\?/);
  await expectCseFrame(page);

  await page.getByRole('button', { name: 'Acheter' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await expectCseFrame(page);
  await logIn(page, email);

  await expect(page).toHaveURL(/\/cart\?/);
  await expect(page.getByRole('heading', { level: 2, name: 'Commander' })).toBeVisible();
  await expectCseFrame(page);
  const form = await fillCheckout(page, { street: '3 avenue du Comité', postalCode: '69003', city: 'Lyon' });
  await form.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();

  await expect(page).toHaveURL(/\/payment\?order=/);
  await expectCseFrame(page);
  await payWith(page);

  await expect(page).toHaveURL(/\/account\/orders\/\d+\?paid=1&/);
  await expect(page.getByRole('status').filter({ hasText: 'Merci !' })).toBeVisible();
  await expectCseFrame(page);
  const pdfLink = page.getByRole('link', { name: 'Télécharger mes billets (PDF)' });
  const pdf = await page.request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // Not one address of the journey lost the parameters.
  expect(visited.length).toBeGreaterThan(5);
  expect(visited.filter((url) => !new URL(url).search.includes(CSE))).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a CSE buyer adds, registers, orders, pays and logs out: every form and redirect keeps CSE mode', async ({
    page,
  }) => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto(`/billetterie/1?${CSE}`);
    await expectCseFrame(page);
    await page
      .getByRole('main')
      .getByRole('button', { name: /Ajouter au panier/ })
      .first()
      .click();
    // Back on the page, the notice rendered with it, its link to the cart.
    await expectCseFrame(page);
    await page.getByRole('status').getByRole('link', { name: 'Voir le panier' }).click();
    await expect(page).toHaveURL(/\/cart\?/);
    await page.getByRole('button', { name: 'Acheter' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?/);
    await expectCseFrame(page);

    // A new account, from the login page.
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await expect(page).toHaveURL(/\/auth\/register\?/);
    await expectCseFrame(page);
    const email = `cse+inscription-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Inès');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Comité');
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Téléphone' }).fill('0611223344');
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirmation du mot de passe', exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: "J'accepte les conditions générales de vente" }).check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await expect(page).toHaveURL(/\/cart\?/);
    await expectCseFrame(page);
    const form = await fillCheckout(page, { street: '3 avenue du Comité', postalCode: '69003', city: 'Lyon' });
    await form.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();

    await expect(page).toHaveURL(/\/payment\?order=/);
    await expectCseFrame(page);
    await payWith(page);
    await expect(page).toHaveURL(/\/account\/orders\/\d+\?paid=1&/);
    await expectCseFrame(page);

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Vous êtes déconnecté.' })).toBeVisible();
    await expectCseFrame(page);
    expect(visited.filter((url) => !new URL(url).search.includes(CSE))).toEqual([]);
  });
});
