/**
 * The back office's surveys (issue 27), read without JavaScript (the pages are forms and links): the list with
 * the default survey first, its edit form with its questions, its results with their counts and the CSV
 * download; then a ticketing's own survey created (a ticketing still to come: the public survey spec relies on
 * the default survey of the demo account's past concert, left as it is).
 */
import { readFile } from 'node:fs/promises';
import { expect, proTest as test } from '../fixtures';
import { logInPro } from './steps';

test.use({ javaScriptEnabled: false });

test('an administrator reads the surveys, their answers and the CSV, and creates a ticketing’s own, without JavaScript', async ({
  page,
}) => {
  await logInPro(page, 'admin@guichet.test', 'admin-guichet-2026');
  await page.goto('/admin/questionnaires');
  await expect(page.getByRole('heading', { level: 1, name: 'Questionnaires de satisfaction' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('Par défaut : toutes les autres');

  await page.getByRole('link', { name: 'Votre avis sur la soirée' }).click();
  await expect(page.getByRole('textbox', { name: 'Titre' })).toHaveValue('Votre avis sur la soirée');
  await expect(page.getByRole('textbox', { name: 'Question' }).first()).toHaveValue(
    'Comment avez-vous trouvé l’accueil à l’entrée ?',
  );
  await expect(page.getByRole('group', { name: 'Nouvelle question' })).toHaveCount(3);

  await page.getByRole('link', { name: /Voir les \d+ réponse/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Réponses : Votre avis sur la soirée' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Comment avez-vous connu cet événement ?' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger les réponses (CSV)' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('Date de réponse;Billetterie;Comment avez-vous trouvé');

  await page.goto('/admin/questionnaires/nouveau');
  await page.getByRole('searchbox', { name: 'Titre de la billetterie' }).fill('malade');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page
    .getByRole('link', { name: /Le Malade imaginaire/ })
    .first()
    .click();
  await expect(page.getByText(/^Billetterie : Le Malade imaginaire/)).toBeVisible();

  // Created without JavaScript: the server's messages come back on their question, what was typed kept.
  await page.getByRole('textbox', { name: 'Titre' }).fill('Votre soirée au théâtre');
  await page.getByRole('textbox', { name: 'Introduction' }).fill('Deux questions, une minute.');
  const first = page.getByRole('group', { name: 'Nouvelle question' }).first();
  await first.getByRole('textbox', { name: 'Question' }).fill('Votre placement ?');
  await first.getByRole('combobox', { name: 'Type' }).selectOption('SINGLE_CHOICE');
  await first.getByRole('textbox', { name: 'Choix' }).fill('Très bien');
  await page.getByRole('button', { name: 'Créer le questionnaire' }).click();
  await expect(page.getByText('Une question à choix propose au moins 2 choix, un par ligne.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Titre' })).toHaveValue('Votre soirée au théâtre');
  await page
    .getByRole('group', { name: 'Nouvelle question' })
    .first()
    .getByRole('textbox', { name: 'Choix' })
    .fill('Très bien\nMal placé');
  await page.getByRole('button', { name: 'Créer le questionnaire' }).click();
  await expect(page.getByText('Questionnaire créé')).toBeVisible();
  await expect(page.getByRole('row', { name: /Votre soirée au théâtre/ })).toContainText('Le Malade imaginaire');
});
