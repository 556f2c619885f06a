/**
 * The satisfaction survey of the demo account's past concert, from the signed link the README says how to
 * get (the API's development route): answered once, thanked on every later visit; a forged link is refused.
 */
import { api, expect, expectNoAxeViolations, expectNoSideScroll, gotoLive, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

const THANKS = 'Merci, votre réponse est enregistrée';

async function demoLink(query = ''): Promise<string> {
  const { path } = await api<{ path: string }>(`/dev/surveys/link${query}`);
  return path;
}

test('a wrong signature is the 403 page', async ({ page }) => {
  const link = await demoLink();
  const forged = link.replace(/sig=[\w-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA');
  const response = await page.goto(forged);
  expect(response?.status()).toBe(403);
  await expect(page.getByText('Ce lien d’enquête n’est pas valide')).toBeVisible();
});

test('the demo account answers her survey once, at 360 px, then is thanked', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const link = await demoLink();
  await gotoLive(page, link);
  await expect(page.getByRole('heading', { level: 1, name: 'Votre avis sur la soirée' })).toBeVisible();
  await expect(page.getByText('Kenza et les Lucioles — Lueurs')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSideScroll(page);

  // Sent empty: every required question says so, nothing is stored.
  await page.getByRole('button', { name: 'Envoyer ma réponse' }).click();
  await expect(page.getByText('Veuillez renseigner ce champ.').first()).toBeVisible();

  const welcome = page.getByRole('group', { name: /l’accueil à l’entrée/ });
  await welcome.getByRole('radio', { name: '5 (excellent)' }).check();
  await page
    .getByRole('group', { name: /son et à la lumière/ })
    .getByRole('radio', { name: '4' })
    .check();
  const known = page.getByRole('group', { name: /Comment avez-vous connu/ });
  await known.getByRole('checkbox', { name: 'Affichage' }).check();
  await known.getByRole('checkbox', { name: 'Bouche-à-oreille' }).check();
  await page
    .getByRole('group', { name: /Reviendriez-vous/ })
    .getByRole('radio', { name: 'Oui, sans hésiter' })
    .check();
  await page.getByRole('textbox', { name: /Un commentaire/ }).fill('Une soirée lumineuse, merci !');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Envoyer ma réponse' }).click();
  await expect(page.getByRole('status').filter({ hasText: THANKS })).toBeVisible();

  // Later, from the same e-mail: the thanks, and no form to answer again.
  await gotoLive(page, link);
  await expect(page.getByText(THANKS)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Envoyer ma réponse' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the other survey is checked by the server and answered all the same', async ({ page }) => {
    // The same concert and attendee, the second seeded survey (« Votre achat sur Guichet »).
    const [, surveyID, ticketingID, userID] = /\/survey\/(\d+)\/(\d+)\/(\d+)/.exec(await demoLink()) ?? [];
    const link = await demoLink(`?surveyID=${Number(surveyID) + 1}&ticketingID=${ticketingID}&userID=${userID}`);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Votre achat sur Guichet' })).toBeVisible();
    await page.getByRole('button', { name: 'Envoyer ma réponse' }).click();
    await expect(page.getByText('Veuillez renseigner ce champ.')).toHaveCount(2);
    await page
      .getByRole('group', { name: /facile/ })
      .getByRole('radio', { name: '3' })
      .check();
    await page
      .getByRole('group', { name: /appareil/ })
      .getByRole('radio', { name: 'Téléphone' })
      .check();
    await page.getByRole('button', { name: 'Envoyer ma réponse' }).click();
    await expect(page.getByText(THANKS)).toBeVisible();
  });
});
