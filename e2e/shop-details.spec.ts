import type { Page } from '@playwright/test';
import { expect, gotoLive, logIn, newAccount, type Offer, spaOffer, test } from './fixtures';

/**
 * What a first buyer saw (issue 22, point 15): the « Ajouté au panier » notification over the header's
 * buttons, the modal's total hidden on a phone, the focus lost after an addition, cropped thumbnails, an
 * embed throwing when storage is blocked, « Voir plus » replacing the list, English 404s.
 */

const TICKETING = '/billetterie/1';
const PHONE = { width: 360, height: 640 };

const notification = (page: Page) =>
  page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: 'Ajouté au panier' });

function addButton(page: Page) {
  return page
    .getByRole('main')
    .getByRole('button', { name: /Ajouter au panier/ })
    .first();
}

async function addSpa(page: Page, offer: Offer) {
  await gotoLive(page, `/bons-plans/offer/${offer.slug}-${offer.offerID}`);
  const product = offer.products[0];
  if (!product) throw new Error('Le spa n’a pas de produit.');
  await page.getByRole('button', { name: `Ajouter au panier : ${product.title}` }).click();
  await expect(notification(page)).toBeVisible();
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
  test(`at ${viewport.width} px the notification never covers the header's cart and Connexion buttons`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await gotoLive(page, TICKETING);
    await addButton(page).click();
    await expect(notification(page)).toBeVisible();
    // On a phone the button is far down the page: back up to the header while the notification shows.
    await page.evaluate(() => window.scrollTo(0, 0));
    const shown = await notification(page).boundingBox();
    const header = page.locator('header').first();
    const buttons = [header.getByRole('link', { name: /^Panier/ }), header.getByRole('link', { name: 'Connexion' })];
    for (const button of buttons) {
      const box = await button.boundingBox();
      if (!shown || !box) throw new Error('Notification ou bouton absent.');
      expect(overlaps(shown, box), `${await button.textContent()} couvert`).toBe(false);
    }
    // It leads to the cart.
    await expect(notification(page).getByRole('link', { name: 'Voir le panier' })).toHaveAttribute('href', '/cart');
  });
}

test('on a 360 px phone the cart modal with two lines shows its total above its footer', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const offer = await spaOffer();
  await gotoLive(page, TICKETING);
  await addButton(page).click();
  await expect(notification(page)).toBeVisible();
  await addSpa(page, offer);
  await page.getByRole('link', { name: /^Panier, \d+ articles?$/ }).click();
  const modal = page.getByRole('dialog', { name: 'Mon panier' });
  await expect(modal.getByTestId('cart-line')).toHaveCount(2);
  const total = modal.getByTestId('cart-total');
  await expect(total).toBeInViewport({ ratio: 1 });
  // Not under the footer: the element at the total's centre is the total itself.
  const hit = await total.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const found = document.elementFromPoint(x + width / 2, y + height / 2);
    return found !== null && element.contains(found);
  });
  expect(hit).toBe(true);
  await expect(modal.getByRole('button', { name: 'Acheter' })).toBeInViewport({ ratio: 1 });
});

test('after « Ajouter au panier » from the keyboard, the focus stays on the button', async ({ page }) => {
  await gotoLive(page, TICKETING);
  const button = addButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(notification(page)).toBeVisible();
  await expect(button).toBeFocused();
  await expect(page.locator('body')).not.toBeFocused();
});

test('cart thumbnails show the whole visual, its text uncropped', async ({ page }) => {
  const offer = await spaOffer();
  await gotoLive(page, TICKETING);
  await addButton(page).click();
  await expect(notification(page)).toBeVisible();
  await addSpa(page, offer);
  await gotoLive(page, '/cart');
  const pictures = page.getByRole('main').locator('img');
  await expect(pictures).toHaveCount(2);
  for (const picture of await pictures.all()) {
    const fit = await picture.evaluate((image: HTMLImageElement) => ({
      shown: image.clientWidth / image.clientHeight,
      own: image.naturalWidth / image.naturalHeight,
      objectFit: getComputedStyle(image).objectFit,
    }));
    // Either drawn at its own proportions, or fitted whole inside its box.
    expect(fit.objectFit === 'contain' || Math.abs(fit.shown - fit.own) < 0.02, JSON.stringify(fit)).toBe(true);
    expect(fit.objectFit).not.toBe('cover');
  }
});

test('an embed works when the browser refuses it storage (third-party storage blocked): nothing thrown', async ({
  page,
}) => {
  // What Chromium does in a third-party frame with storage blocked: reading sessionStorage throws.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException("Failed to read the 'sessionStorage' property from 'Window'", 'SecurityError');
      },
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  await gotoLive(page, '/embed/ticketing/1');
  await expect(page.getByRole('button', { name: /Ajouter au panier/ }).first()).toBeVisible();
  // Leaving the page saves the scroll positions (React Router, on pagehide).
  await page.goto('about:blank');
  expect(errors).toEqual([]);
});

test('« Voir plus » adds the next cards under the listing instead of replacing it', async ({ page }) => {
  await gotoLive(page, '/billetteries');
  const cards = page.getByRole('region', { name: /billetteries?$/ }).getByRole('article');
  const first = await cards.count();
  expect(first).toBeGreaterThan(0);
  const firstTitle = await cards.first().getByRole('heading').textContent();
  await page.getByRole('link', { name: /Voir plus/ }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(first);
  await expect(cards.first().getByRole('heading')).toHaveText(firstTitle ?? '');
  // The keyboard goes on from the first card added.
  await expect(cards.nth(first).getByRole('link').first()).toBeFocused();
  await expect(page).toHaveURL(/\/billetteries$/);
});

test('a 404 stays French; « Page Not Found » is only for a contestGameID that is not digits', async ({ page }) => {
  const response = await page.goto('/billetteries/france/atlantide/nulle-part/ici');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Page non trouvée');
  await expect(page.getByText('Page Not Found')).toHaveCount(0);
  const contest = await page.goto('/jeux-concours/abc');
  expect(contest?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /jeux-concours/abc')).toBeVisible();
});

test('after a login that added lines from the account, the cart page and modal say so and list them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const offer = await spaOffer();
  const email = await newAccount({ label: 'panier+visite', lastname: 'Visite' });
  // A previous visit: a ticket left in the account's cart, then logged out (the device forgets the cart).
  await gotoLive(page, TICKETING);
  await addButton(page).click();
  await expect(notification(page)).toBeVisible();
  await gotoLive(page, '/auth/login');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await gotoLive(page, '/account');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('link', { name: 'Connexion' })).toBeVisible();

  // Today, as a guest: the spa, « Acheter », the login, which brings the ticket back.
  await addSpa(page, offer);
  await gotoLive(page, '/cart');
  await expect(page.getByText(/visite précédente/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Acheter' }).click();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/cart$/);
  const notice = page
    .getByRole('status')
    .filter({ hasText: "Votre panier contient aussi des articles ajoutés lors d'une visite précédente" });
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId('cart-from-account')).toHaveCount(1);
  await expect(notice.getByTestId('cart-from-account')).toContainText('Les Nuits Électriques');
  await expect(notice).not.toContainText(offer.title);

  // The modal says the same.
  await gotoLive(page, TICKETING);
  await page.getByRole('link', { name: /^Panier, \d+ articles?$/ }).click();
  const modal = page.getByRole('dialog', { name: 'Mon panier' });
  await expect(modal.getByTestId('cart-from-account')).toContainText('Les Nuits Électriques');
});
