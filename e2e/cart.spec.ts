import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoLive, logIn, newAccount, type Offer, spaOffer, test } from './fixtures';

/**
 * The cart across events and deals (spec sections 2, 4, 7, 8): added from a ticketing and a deal, changed in
 * the modal, kept through the login the buying process asks for, the same without JavaScript, from an embed,
 * and following its owner to another device.
 */

const TICKETING = '/billetterie/1';

const cartCount = (page: Page) => page.getByTestId('cart-count');
const notification = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text);

async function addFirstTicket(page: Page) {
  await gotoLive(page, TICKETING);
  await page
    .getByRole('main')
    .getByRole('button', { name: /Ajouter au panier/ })
    .first()
    .click();
  await expect(notification(page, /^Ajouté au panier : Les Nuits Électriques — /)).toBeVisible();
}

async function addSpa(page: Page, offer: Offer, quantity: number) {
  await gotoLive(page, `/bons-plans/offer/${offer.slug}-${offer.offerID}`);
  const product = offer.products[0];
  if (!product) throw new Error('Le spa n’a pas de produit.');
  await page.getByRole('combobox', { name: `Quantité : ${product.title}` }).selectOption(String(quantity));
  await page.getByRole('button', { name: `Ajouter au panier : ${product.title}` }).click();
  await expect(notification(page, `Ajouté au panier : ${offer.title} — ${product.title}.`)).toBeVisible();
}

test.describe('the cart, with JavaScript', () => {
  test('a ticket and a deal in one cart: the modal, + and −, remove, then « Acheter » through the login back to /cart', async ({
    page,
  }) => {
    // A login, and axe over /cart with its checkout form: more than 30 s on a busy machine.
    test.setTimeout(60_000);
    const offer = await spaOffer();
    const email = await newAccount({ label: 'panier+modal', lastname: 'Panier' });
    await addFirstTicket(page);
    await expect(cartCount(page)).toHaveText('1');
    await addSpa(page, offer, 2);
    await expect(cartCount(page)).toHaveText('3');

    await page.getByRole('link', { name: 'Panier, 3 articles' }).click();
    const modal = page.getByRole('dialog', { name: 'Mon panier' });
    await expect(modal).toBeVisible();
    const lines = modal.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    const ticket = lines.filter({ hasText: 'Les Nuits Électriques' });
    const spa = lines.filter({ hasText: offer.title });
    // A two-night festival: its period, never its first night's hour.
    await expect(ticket).toContainText(/Valable (du|jusqu’au) .+ \d{4}/);
    await expect(spa).toContainText('Valable jusqu’au');
    await expect(ticket.locator('img')).toHaveCount(1);

    const total = modal.getByTestId('cart-total');
    const before = await total.textContent();
    await ticket.getByRole('button', { name: /^Ajouter un : / }).click();
    await expect(ticket).toContainText('Quantité : 2');
    await expect(total).not.toHaveText(before ?? '');
    await expect(cartCount(page)).toHaveText('4');
    await spa.getByRole('button', { name: /^Retirer un : / }).click();
    await expect(spa).toContainText('Quantité : 1');
    await expect(cartCount(page)).toHaveText('3');
    await ticket.getByRole('button', { name: /^Supprimer : / }).click();
    await expect(lines).toHaveCount(1);
    await expect(cartCount(page)).toHaveText('1');
    await expectNoAxeViolations(page, '[role="dialog"]');

    // Logged out, « Acheter » goes to the login page, and the login back to /cart with the same line.
    await modal.getByRole('button', { name: 'Acheter' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await logIn(page, email);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon panier');
    await expect(page.getByRole('heading', { level: 2, name: offer.title })).toBeVisible();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    // No cart button on the route named cart.
    await expect(page.getByRole('link', { name: /^Panier/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the empty modal says « Panier vide », and « Commencer mes achats » leads to the deals', async ({ page }) => {
    await gotoLive(page, '/');
    await page.getByRole('link', { name: 'Panier vide' }).click();
    const modal = page.getByRole('dialog', { name: 'Panier vide' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Votre panier ne contient encore ni billet ni bon plan.');
    // Escape closes it and gives the focus back to the cart button.
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page.getByRole('link', { name: 'Panier vide' })).toBeFocused();
    await page.getByRole('link', { name: 'Panier vide' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Commencer mes achats' }).click();
    await expect(page).toHaveURL(/\/bons-plans$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the cart follows its owner to another device', async ({ browser }) => {
    // Two browsers, two logins and four pages: CI once ran out of the default 30 s here while the rest of the
    // suite shared the machine's two cores.
    test.setTimeout(90_000);
    const offer = await spaOffer();
    const email = await newAccount({ label: 'panier+appareils', lastname: 'Panier' });
    const phone = await browser.newContext();
    const laptop = await browser.newContext();
    const onPhone = await phone.newPage();
    await gotoLive(onPhone, '/auth/login');
    await logIn(onPhone, email);
    await expect(onPhone.getByRole('banner').getByRole('link', { name: 'Inès' })).toBeVisible();
    await addSpa(onPhone, offer, 1);

    const onLaptop = await laptop.newPage();
    await addFirstTicket(onLaptop);
    await gotoLive(onLaptop, '/auth/login');
    await logIn(onLaptop, email);
    await expect(onLaptop.getByRole('banner').getByRole('link', { name: 'Inès' })).toBeVisible();
    await gotoLive(onLaptop, '/cart');
    await expect(onLaptop.getByTestId('cart-line')).toHaveCount(2);
    await expect(onLaptop.getByRole('heading', { level: 2, name: offer.title })).toBeVisible();
    await expect(onLaptop.getByRole('heading', { level: 2, name: 'Les Nuits Électriques' })).toBeVisible();
    await phone.close();
    await laptop.close();
  });

  test('from an embedded ticketing, « Ajouter au panier » opens the site in a new tab, on /cart', async ({
    page,
    context,
  }) => {
    await gotoLive(page, '/embed/ticketing/1');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('button', { name: /Ajouter au panier/ })
        .first()
        .click(),
    ]);
    await tab.waitForLoadState();
    await expect(tab).toHaveURL(/\/cart$/);
    await expect(tab.getByRole('heading', { level: 2, name: 'Les Nuits Électriques' })).toBeVisible();
    await expect(tab.getByTestId('cart-line')).toHaveCount(1);
  });
});

test.describe('the cart, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('add, change the quantity on /cart, remove: every step a real form', async ({ page }) => {
    const offer = await spaOffer();
    const product = offer.products[0];
    if (!product) throw new Error('Le spa n’a pas de produit.');
    const path = `/bons-plans/offer/${offer.slug}-${offer.offerID}`;
    await page.goto(path);
    await page.getByRole('combobox', { name: `Quantité : ${product.title}` }).selectOption('2');
    await page.getByRole('button', { name: `Ajouter au panier : ${product.title}` }).click();
    // Back on the same page, told so, the header counting 2.
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(notification(page, `Ajouté au panier : ${offer.title} — ${product.title}.`)).toBeVisible();
    await expect(cartCount(page)).toHaveText('2');

    await page.getByRole('link', { name: 'Panier, 2 articles' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await line.getByRole('combobox', { name: `Quantité : ${product.title}` }).selectOption('1');
    await line.getByRole('button', { name: /^Mettre à jour/ }).click();
    await expect(page.getByRole('combobox', { name: `Quantité : ${product.title}` })).toHaveValue('1');
    await page.getByRole('button', { name: /^Supprimer/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Panier vide' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Commencer mes achats' })).toHaveAttribute('href', '/bons-plans');
  });
});
