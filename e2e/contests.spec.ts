import { api, expect, expectNoAxeViolations, expectNoSideScroll, logIn, newAccount, test } from './fixtures';

/**
 * Contest games (issue 12): a new member logs in from the participate page, answers an open game's
 * questions, lands on the ranking with their own row highlighted; a contestGameID that is not digits is a
 * 404 « Page Not Found » with the path. On a 360 px wide screen, axe-clean.
 */

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 360, height: 800 } });

type Game = { id: number; state: 'OPEN' | 'UPCOMING' | 'CLOSED'; title: string };
type Detail = Game & { questions: { label: string; choices: string[] }[]; tieBreak: { label: string } };

test('a member takes part in an open game and sees their own row in the ranking', async ({ page }) => {
  const { items } = await api<{ items: Game[] }>('/contest-games');
  const open = items.find((game) => game.state === 'OPEN');
  if (!open) throw new Error('Aucun jeu ouvert dans le catalogue de démonstration.');
  const game = await api<Detail>(`/contest-games/${open.id}`);
  // Both participation tests play the same open game at the same time: each its own first name, so that each
  // finds its own row in the ranking (shown as first name and initial, « Zoé C. »).
  const email = await newAccount({ label: 'jeu+participation', firstname: 'Zoé', lastname: 'Concours' });

  await page.goto('/jeux-concours');
  await expect(page.getByRole('heading', { level: 1, name: 'Jeux-concours' })).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);

  await page.goto(`/jeux-concours/${game.id}`);
  await expect(page.getByRole('heading', { name: 'Règlement' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Participer', exact: true }).last().click();

  // Logged out: the login page, then back to the form.
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(new RegExp(`/jeux-concours/${game.id}/participate$`));
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);

  for (const question of game.questions) {
    const group = page.getByRole('group', { name: question.label });
    await group.getByRole('radio', { name: question.choices[0] ?? '' }).check();
  }
  await page.getByRole('spinbutton', { name: /Question subsidiaire/ }).fill('1234');
  await page.getByRole('button', { name: 'Valider ma participation' }).click();

  await expect(page).toHaveURL(new RegExp(`/jeux-concours/${game.id}/ranking`));
  // While the game runs, nothing of anyone's answers: « enregistrée », no rank, score or distance.
  await expect(page.getByRole('status').filter({ hasText: 'Votre participation est enregistrée.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Zoé C.' }).filter({ hasText: 'Vous' })).toHaveCount(1);
  await expect(page.locator('th')).toHaveText(['Participant']);
  await expect(page.getByText(/Vous êtes \d+/)).toHaveCount(0);
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);

  // One participation: the form does not come back.
  await page.goto(`/jeux-concours/${game.id}/participate`);
  await expect(
    page.getByText(/Vous avez déjà participé à ce jeu-concours : participation enregistrée le/),
  ).toBeVisible();
  await expect(page.getByText(/bonnes? réponses?/)).toHaveCount(0);
});

test('once a game is closed, its ranking shows every score and « Écart subsidiaire »', async ({ page }) => {
  const { items } = await api<{ items: Game[] }>('/contest-games');
  const closed = items.find((game) => game.state === 'CLOSED');
  if (!closed) throw new Error('Aucun jeu terminé dans le catalogue de démonstration.');
  await page.goto(`/jeux-concours/${closed.id}/ranking`);
  await expect(page.locator('th')).toHaveText(['Rang', 'Participant', 'Bonnes réponses', 'Écart subsidiaire']);
  await expect(page.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1');
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form is checked by the server, then the participation lands on the ranking', async ({ page }) => {
    const { items } = await api<{ items: Game[] }>('/contest-games');
    const open = items.find((game) => game.state === 'OPEN');
    if (!open) throw new Error('Aucun jeu ouvert dans le catalogue de démonstration.');
    const game = await api<Detail>(`/contest-games/${open.id}`);
    // « Noé C. » in the ranking: not the « Zoé C. » of the test with JavaScript, playing the same game.
    const email = await newAccount({ label: 'jeu+sans-js', firstname: 'Noé', lastname: 'Concours' });
    await page.goto(`/jeux-concours/${game.id}/participate`);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await logIn(page, email);
    await expect(page).toHaveURL(new RegExp(`/jeux-concours/${game.id}/participate$`));

    for (const question of game.questions)
      await page
        .getByRole('group', { name: question.label })
        .getByRole('radio', { name: question.choices[1] ?? '' })
        .check();
    // The browser's own checks are off (noValidate): the server answers with the form kit's message.
    await page.getByRole('spinbutton', { name: /Question subsidiaire/ }).fill('2000000');
    await page.getByRole('button', { name: 'Valider ma participation' }).click();
    await expect(page.getByRole('spinbutton', { name: /Question subsidiaire/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await page.getByRole('spinbutton', { name: /Question subsidiaire/ }).fill('42');
    await page.getByRole('button', { name: 'Valider ma participation' }).click();
    await expect(page).toHaveURL(new RegExp(`/jeux-concours/${game.id}/ranking`));
    await expect(page.getByRole('row').filter({ hasText: 'Noé C.' }).filter({ hasText: 'Vous' })).toHaveCount(1);
  });
});

test('/jeux-concours/abc is a 404 « Page Not Found » with the path', async ({ page }) => {
  const response = await page.goto('/jeux-concours/abc');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found').first()).toBeVisible();
  await expect(page.getByText('/jeux-concours/abc').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a contestGameID of digits that names no game is a 404, not a 400', async ({ request }) => {
  for (const id of ['0', '2147483648', '99999999999999999999']) {
    const response = await request.get(`/jeux-concours/${id}`);
    expect(response.status(), id).toBe(404);
  }
});
