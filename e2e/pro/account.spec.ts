/**
 * The pro site's account journey (issue 25): « Ouvrir une billetterie » typed with the keyboard only, the
 * confirmation link read from the API's outbox, the new organiser's dashboard; logout and login; a member
 * invited by e-mail who accepts in another browser and sees the organiser; the public site's session never
 * opens the pro site. Each page: no axe violation, 360 px wide without sideways scrolling.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  expectNoSideScroll,
  logIn,
  newAccount,
  PASSWORD,
  proTest as test,
} from '../fixtures';
import { confirmEmail, mailedLink, signUpFields, unique } from './steps';

/** A page checked at 360 px: nothing wider than the screen, no axe violation. */
async function checkPage(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);
  if (size) await page.setViewportSize(size);
}

test.describe('the pro account', () => {
  // Sign-ups and logins hash passwords (argon2) on the API: a busy machine needs time.
  test.describe.configure({ timeout: 120_000 });

  test('sign up with the keyboard only, confirm from the e-mail, log out and in, invite a member', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = unique('orga');
    await page.goto('/inscription');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await checkPage(page);
    // Keyboard only: Tab from the top of the page to the first field, then field after field.
    const first = page.getByRole('textbox', { name: 'Prénom' });
    for (let tabs = 0; tabs < 12 && !(await first.evaluate((input) => input === document.activeElement)); tabs += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(first).toBeFocused();
    const fields = signUpFields(email);
    for (const [index, { name, value }] of fields.entries()) {
      await expect(page.locator(':focus')).toHaveAttribute('name', name);
      await page.keyboard.type(value);
      if (index < fields.length - 1) await page.keyboard.press('Tab');
    }
    await expect(page.getByRole('textbox', { name: 'Numéro SIRET' })).toHaveValue('356 000 000 00048');
    await expect(page.getByRole('textbox', { name: 'IBAN' })).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: /conditions générales/ })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Ouvrir ma billetterie' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'Vérifiez votre boîte e-mail' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText(email)).toBeVisible();
    await checkPage(page);

    // The confirmation link opens the session and lands on the new organiser's dashboard.
    const { organizerPath } = await confirmEmail(page, email);
    await expect(page.getByRole('banner')).toContainText('Margaux Lefèvre');

    // The organisation's profile: the IBAN shown masked only.
    await page.goto(`${organizerPath}/organisation`);
    await expect(page.getByRole('heading', { level: 1, name: 'Organisation' })).toBeVisible();
    await expect(page.getByText(/FR76 •••• /)).toBeVisible();
    await checkPage(page);

    // Logout, then login coming back to the team page.
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
    await page.goto(`${organizerPath}/equipe`);
    await expect(page).toHaveURL(/\/connexion\?retour=/);
    await logIn(page, email);
    await expect(page).toHaveURL(new RegExp(`${organizerPath}/equipe$`));

    // Invite a manager; they accept in another browser, creating their account, and see the organiser.
    const invited = unique('equipe');
    const inviting = page.getByRole('region', { name: 'Inviter une personne' });
    await inviting.getByRole('textbox', { name: 'Adresse e-mail' }).fill(invited);
    await inviting.getByRole('combobox', { name: 'Rôle' }).selectOption('MANAGER');
    await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect(page.getByText(`Invitation envoyée à ${invited}`)).toBeVisible();
    await expect(page.getByRole('region', { name: /Invitations en attente/ })).toContainText(invited);
    await checkPage(page);

    const other = await browser.newContext({ baseURL });
    try {
      const guest = await other.newPage();
      await guest.goto(await mailedLink(invited, '/invitation'));
      await expect(guest.getByRole('heading', { level: 1, name: 'Rejoindre une équipe' })).toBeVisible();
      await checkPage(guest);
      await guest.getByRole('textbox', { name: 'Prénom' }).fill('Inès');
      await guest.getByRole('textbox', { name: 'Nom', exact: true }).fill('Morel');
      await guest.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
      await guest.getByRole('textbox', { name: 'Confirmation du mot de passe' }).fill(PASSWORD);
      await guest.getByRole('checkbox', { name: /conditions générales/ }).check();
      await guest.getByRole('button', { name: /rejoindre l’équipe/ }).click();
      await expect(guest).toHaveURL(new RegExp(`${organizerPath}$`));
      await expect(guest.getByText('Le Rocher de Palmer').first()).toBeVisible();
      await expect(guest.getByRole('banner')).toContainText('Inès Morel');
    } finally {
      await other.close();
    }
    await page.reload();
    await expect(page.getByRole('region', { name: /Membres/ })).toContainText('Inès Morel');
  });

  test('the public site’s session does not open the pro site', async ({ page }) => {
    const email = await newAccount({ label: 'public', lastname: 'Durand' });
    const siteUrl = process.env.E2E_BASE_URL;
    await page.goto(`${siteUrl}/auth/login`);
    await logIn(page, email);
    await expect(page).not.toHaveURL(/\/auth\/login/);
    await page.goto('/organisateurs/1');
    await expect(page).toHaveURL(/\/connexion\?retour=%2Forganisateurs%2F1$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
  });

  test('an expired or used confirmation link says so, with the form for a new one', async ({ page }) => {
    await page.goto('/confirmer?jeton=pas-un-jeton');
    await expect(page.getByRole('alert')).toContainText(/invalide/);
    await checkPage(page);
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('personne@exemple.fr');
    await page.getByRole('button', { name: 'Renvoyer le lien' }).click();
    await expect(page.getByText(/un nouveau lien vient/)).toBeVisible();
    await checkPage(page);
  });
});
