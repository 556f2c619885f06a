/**
 * The back office's surveys (issue 27), read without JavaScript (the pages are forms and links): the list with
 * the default survey first, its edit form with its questions, its results with their counts and the CSV
 * download, and the ticketing picker of a new survey. Nothing is saved here: the e2e database is shared with the
 * public survey spec, which relies on the default survey (the API suite covers the writes).
 */
import { readFile } from 'node:fs/promises';
import { expect, proTest as test } from '../fixtures';
import { logInPro } from './steps';

test.use({ javaScriptEnabled: false });

test('an administrator reads the surveys, their questions, their answers and the CSV, without JavaScript', async ({
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
  await expect(page.getByText('Billetterie : Le Malade imaginaire.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Créer le questionnaire' })).toBeVisible();
});
