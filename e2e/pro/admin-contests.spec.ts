import { api, expect, expectNoAxeViolations, gotoLive, logIn, newAccount, proTest as test } from '../fixtures';
import { logInPro, uploadVisual } from './steps';

/**
 * The back office's contest games (issue 27): the platform administrator creates a game in the pro site (its
 * rules in the rich-text editor, a prize with its value, a question with its right answer, the tie-break) and
 * publishes it; a visitor takes part on the public site, whose ranking shows no score while the game is open
 * and whose answers never carry the right one; the administrator closes the game and draws it at random; the
 * trail says who, when, how and the seed; the winner gets the e-mail; the public ranking is published.
 */

test.describe.configure({ timeout: 180_000 });

const ADMIN = { email: 'admin@guichet.test', password: 'admin-guichet-2026' };

type Outbox = { messages: { id: string; to: string; subject: string }[] };

/** Today and in a week, as the date fields take them (Paris). */
function isoDay(offsetDays: number) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
  return parts;
}

test('an administrator runs a contest game from creation to the winner’s e-mail', async ({ page, browser }) => {
  const title = `Jeu du festival ${Date.now()}`;
  await logInPro(page, ADMIN.email, ADMIN.password);
  await gotoLive(page, '/admin/jeux-concours');
  await expect(page.getByRole('heading', { level: 1, name: 'Jeux-concours' })).toBeVisible();
  await page.getByRole('link', { name: 'Nouveau jeu-concours' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau jeu-concours' })).toBeVisible();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

  // A second question row, asked for by its button (it works without JavaScript too: a submit button).
  await page.getByRole('button', { name: 'Ajouter une question' }).click();
  await expect(page.getByRole('textbox', { name: 'Intitulé de la question 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Retirer la question 2' }).click();
  await expect(page.getByRole('textbox', { name: 'Intitulé de la question 2' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Résumé' }).fill('Une question, un pass à gagner.');
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Gagnez votre pass pour le festival.');
  await page.getByRole('textbox', { name: 'Règlement' }).click();
  await page.keyboard.type('Jeu gratuit sans obligation d’achat. Un gagnant.');
  await page.getByLabel('Début, date').fill(isoDay(-1));
  await page.getByLabel('Début, heure').fill('00:00');
  await page.getByLabel('Fin, date').fill(isoDay(7));
  await page.getByLabel('Fin, heure').fill('23:00');
  await page.getByRole('textbox', { name: 'Lot 1', exact: true }).fill('Un pass trois jours');
  await page.getByRole('textbox', { name: 'Valeur du lot 1 (€)' }).fill('89,50');
  await page.getByRole('textbox', { name: 'Intitulé de la question 1' }).fill('Dans quelle ville a lieu le festival ?');
  await page.getByRole('textbox', { name: 'Réponse 1 de la question 1' }).fill('Lyon');
  await page.getByRole('textbox', { name: 'Réponse 2 de la question 1' }).fill('Arles');
  await page.getByRole('radio', { name: 'Bonne réponse à la question 1' }).nth(1).check();
  await page
    .getByRole('textbox', { name: 'Question subsidiaire', exact: true })
    .fill('Combien de festivaliers en 2025 ?');
  await page.getByRole('textbox', { name: 'Sa bonne valeur' }).fill('987653');
  await page.getByRole('button', { name: 'Créer le jeu-concours' }).click();
  await expect(page.getByText('Jeu-concours créé, en brouillon.')).toBeVisible();
  const gameId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(gameId).toBeGreaterThan(0);
  // Its visual, checked by content by the API's upload, as a ticketing's.
  await uploadVisual(page, 'Le festival de nuit');
  await expectNoAxeViolations(page);

  // A draft is shown nowhere on the public site.
  const listed = await api<{ items: { id: number }[] }>('/contest-games');
  expect(listed.items.some((item) => item.id === gameId)).toBe(false);

  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('Jeu-concours publié')).toBeVisible();

  // The visitor, on the public site.
  const visitorContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const site = await visitorContext.newPage();
  const email = await newAccount({ label: 'jeu+back-office', firstname: 'Gaspard', lastname: 'Gagnant' });
  await site.goto(`/jeux-concours/${gameId}/participate`);
  await expect(site).toHaveURL(/\/auth\/login$/);
  await logIn(site, email);
  await expect(site).toHaveURL(new RegExp(`/jeux-concours/${gameId}/participate$`));
  await site.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await site
    .getByRole('group', { name: 'Dans quelle ville a lieu le festival ?' })
    .getByRole('radio', { name: 'Arles' })
    .check();
  await site.getByRole('spinbutton', { name: /Question subsidiaire/ }).fill('900000');
  await site.getByRole('button', { name: 'Valider ma participation' }).click();
  await expect(site).toHaveURL(new RegExp(`/jeux-concours/${gameId}/ranking`));
  // While open: the participant, no rank, no score, no distance.
  await expect(site.getByRole('row').filter({ hasText: 'Gaspard G.' })).toHaveCount(1);
  await expect(site.locator('th')).toHaveText(['Participant']);
  // Nothing public carries the right answer or the tie-break's value.
  for (const path of [`/contest-games/${gameId}`, `/contest-games/${gameId}/ranking`, '/contest-games']) {
    const body = JSON.stringify(await api<unknown>(path));
    expect(body, path).not.toContain('987653');
    expect(body, path).not.toMatch(/"answer"\s*:/);
  }

  // The administrator closes the game, then draws it at random.
  await page.reload();
  await expect(page.getByText('1 participant')).toBeVisible();
  await page.getByRole('button', { name: 'Clôturer maintenant' }).click();
  await expect(page.getByText('Jeu-concours clôturé')).toBeVisible();
  await page.getByRole('radio', { name: /Au hasard parmi tous les participants/ }).check();
  await page.getByRole('button', { name: 'Tirer les gagnants' }).click();
  await expect(page.getByText('Gagnants tirés au sort et prévenus par e-mail.')).toBeVisible();
  await expect(page.getByText(ADMIN.email)).toBeVisible();
  await expect(page.getByText(/Au hasard parmi tous les participants/)).toBeVisible();
  await expect(page.getByText(/^[0-9a-f]{32}$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Gagnants' })).toContainText(email);
  await expect(page.getByRole('button', { name: 'Tirer les gagnants' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The winner's e-mail, in the API's outbox.
  await expect
    .poll(
      async () => {
        const { messages } = await api<Outbox>('/dev/outbox');
        return messages.some((message) => message.to === email && message.subject === 'Vous avez gagné !');
      },
      { timeout: 15_000 },
    )
    .toBe(true);

  // After the close, the public ranking shows the scores.
  await site.goto(`/jeux-concours/${gameId}/ranking`);
  await expect(site.locator('th')).toHaveText(['Rang', 'Participant', 'Bonnes réponses', 'Écart subsidiaire']);
  await expect(site.getByRole('row').filter({ hasText: 'Gaspard G.' }).getByRole('cell').first()).toHaveText('1');
  await visitorContext.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('rows are added and removed by their buttons, and the server says what is missing', async ({ page }) => {
    await logInPro(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/jeux-concours/nouveau');
    await page.getByRole('textbox', { name: 'Intitulé de la question 1' }).fill('Première question');
    await page.getByRole('button', { name: 'Ajouter une question' }).click();
    await expect(page.getByRole('textbox', { name: 'Intitulé de la question 2' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Intitulé de la question 1' })).toHaveValue('Première question');
    await page.getByRole('button', { name: 'Ajouter un lot' }).click();
    await expect(page.getByRole('textbox', { name: 'Lot 2', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Retirer la question 1' }).click();
    await expect(page.getByRole('textbox', { name: 'Intitulé de la question 2' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Intitulé de la question 1' })).toHaveValue('');
    await page.getByRole('button', { name: 'Créer le jeu-concours' }).click();
    await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Indiquez au moins un lot.')).toBeVisible();
  });
});
