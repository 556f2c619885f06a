import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, expectNoSideScroll, gotoLive, logIn, PASSWORD, test } from './fixtures';

/**
 * Accounts: registration, login and logout, the guest-only and logged-in-only pages, the account pages,
 * and a forgotten password reset through the e-mail captured in the API's outbox. The demo account is
 * shared with other specs running at the same time: it is only read here; writes go to users of our own.
 */

const DEMO = { email: 'demo@guichet.test', password: 'demo-guichet-2026', firstname: 'Camille' };

function uniqueEmail(label: string) {
  return `camille+${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
}

/** A password input by its accessible name (the label's asterisk is hidden from it). */
const passwordField = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function logInFromLoginPage(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await logIn(page, email, password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toHaveCount(0);
}

async function register(page: Page, user: { firstname: string; lastname: string; email: string; password: string }) {
  await page.goto('/auth/register');
  await page.getByRole('textbox', { name: 'Prénom' }).fill(user.firstname);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(user.lastname);
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Téléphone' }).pressSequentially('0611223344');
  await passwordField(page, 'Mot de passe').fill(user.password);
  await passwordField(page, 'Confirmation du mot de passe').fill(user.password);
  await page.getByRole('checkbox', { name: "J'accepte les conditions générales de vente" }).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
}

async function logOut(page: Page) {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Vous êtes déconnecté.' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();
}

/** The reset link mailed to `email`, read from the API's outbox (mails are sent just after the answer). */
async function resetMailId(request: APIRequestContext, email: string): Promise<string> {
  const apiUrl = process.env.E2E_API_URL;
  if (!apiUrl) throw new Error('E2E_API_URL manquant');
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${apiUrl}/dev/outbox`);
        const { messages } = (await answer.json()) as { messages: { id: string; to: string; subject: string }[] };
        id = messages.find((message) => message.to === email && message.subject.includes('Réinitialisation'))?.id;
        return id;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  return id as string;
}

test.describe('accounts', () => {
  // Registrations and logins hash passwords (argon2) on the API: a busy machine needs more than 30 s for a journey.
  test.describe.configure({ timeout: 60_000 });

  test('register, log out, log in, update the account, reset a forgotten password', async ({ page, request }) => {
    test.setTimeout(90_000);
    const user = { firstname: 'Alix', lastname: 'Durand', email: uniqueEmail('parcours'), password: PASSWORD };

    // Registration logs in at once: the header shows the firstname, leading to the orders.
    await register(page, user);
    await expect(page).toHaveURL(/\/$/);
    const account = page.getByRole('banner').getByRole('link', { name: 'Alix' });
    await expect(account).toHaveAttribute('href', '/account/orders');

    await logOut(page);

    // The demo account logs in.
    await page.goto('/auth/login');
    await logIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: DEMO.firstname })).toBeVisible();
    await logOut(page);

    // Our own user updates its billing address (the demo account is shared: it is not written to).
    await page.goto('/auth/login');
    await logIn(page, user.email, user.password);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Alix' })).toBeVisible();
    await page.goto('/account/informations');
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('3 quai des Chartrons');
    await page.getByRole('textbox', { name: 'Code postal' }).pressSequentially('33000');
    await page.getByRole('textbox', { name: 'Ville' }).fill('Bordeaux');
    await expect(page.getByRole('combobox', { name: 'Pays' })).toHaveValue('France');
    await page.getByRole('button', { name: 'Enregistrer mon adresse' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Vos informations ont été enregistrées.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Ville' })).toHaveValue('Bordeaux');
    await expect(page.getByRole('textbox', { name: 'Téléphone' })).toHaveValue('06 11 22 33 44');
    await logOut(page);

    // Forgotten password: the link arrives by e-mail (the outbox page of the preview site shows it).
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(user.email);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(
      page.getByText('Si un compte existe pour cette adresse, un e-mail vient de vous être envoyé.'),
    ).toBeVisible();

    const mailId = await resetMailId(request, user.email);
    await page.goto('/outbox');
    await page
      .getByRole('row')
      .filter({ hasText: user.email })
      .getByRole('link', { name: 'Réinitialisation de votre mot de passe Guichet' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/outbox/${mailId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réinitialisation de votre mot de passe Guichet');
    await page.getByRole('link', { name: 'Choisir un nouveau mot de passe' }).click();
    await expect(page).toHaveURL(/\/forgot-password\?token=/);

    const newPassword = 'Encore-un-mot-de-passe-solide-2027';
    await passwordField(page, 'Nouveau mot de passe').fill(newPassword);
    await passwordField(page, 'Confirmation du mot de passe').fill('pas la même chose');
    await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();
    await expect(page.getByText('Les valeurs ne correspondent pas.')).toBeVisible();
    await passwordField(page, 'Confirmation du mot de passe').fill(newPassword);
    // The message goes as soon as typing pauses (before the click: the button would move under the pointer).
    await expect(page.getByText('Les valeurs ne correspondent pas.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();

    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.' }),
    ).toBeVisible();
    await logIn(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Alix' })).toBeVisible();
  });

  test('a used reset link is refused, with a way to ask for a new one', async ({ page, request }) => {
    const user = { firstname: 'Alix', lastname: 'Martin', email: uniqueEmail('lien'), password: PASSWORD };
    await register(page, user);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Alix' })).toBeVisible();
    await logOut(page);

    await page.goto('/forgot-password');
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(user.email);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'un e-mail vient de vous être envoyé' })).toBeVisible();
    const apiUrl = process.env.E2E_API_URL;
    const mail = (await (
      await request.get(`${apiUrl}/dev/outbox/${await resetMailId(request, user.email)}`)
    ).json()) as {
      text: string;
    };
    const link = /https?:\/\/\S+\/forgot-password\?token=\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error('no reset link in the mail');
    const path = new URL(link).pathname + new URL(link).search;

    // First use: the password is changed.
    await page.goto(path);
    await passwordField(page, 'Nouveau mot de passe').fill('Troisieme-essai-solide-1');
    await passwordField(page, 'Confirmation du mot de passe').fill('Troisieme-essai-solide-1');
    await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    // Second use of the same link: refused.
    await page.goto(path);
    await passwordField(page, 'Nouveau mot de passe').fill('Troisieme-essai-solide-2');
    await passwordField(page, 'Confirmation du mot de passe').fill('Troisieme-essai-solide-2');
    await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Ce lien de réinitialisation est invalide ou a expiré.' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('/account while logged out leads to the login page, and back to /account after login', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await logIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bonjour ${DEMO.firstname}`);
    // Once used, the remembered page is forgotten: the next login goes home.
    await logOut(page);
    await page.goto('/auth/login');
    await logIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/$/);
  });

  test('the remembered page keeps its query', async ({ page }) => {
    await page.goto('/account/orders?page=1');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await logIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/account\/orders\?page=1$/);
  });

  test('guest pages send a logged-in visitor home', async ({ page }) => {
    await logInFromLoginPage(page, DEMO.email, DEMO.password);
    for (const path of ['/auth/login', '/auth/register', '/forgot-password']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/$/);
    }
  });

  test('the orders page lists the demo orders newest first, and an order shows its tickets', async ({ page }) => {
    await logInFromLoginPage(page, DEMO.email, DEMO.password);
    await page.getByRole('banner').getByRole('link', { name: DEMO.firstname }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes commandes');

    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveText(/RéférenceDateStatutTotal/);
    await expect(rows.nth(1)).toContainText(/GU-\d{4}-000002/);
    await expect(rows.nth(1)).toContainText('Payée');
    await expect(rows.nth(1)).toContainText('€');
    await expect(rows.nth(2)).toContainText(/GU-\d{4}-000001/);

    await rows.nth(1).getByRole('link').click();
    await expect(page).toHaveURL(/\/account\/orders\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Commande GU-\d{4}-000002/);
    await expect(page.getByText('Payée', { exact: true })).toBeVisible();
    await expect(page.getByText('Les Nuits Électriques', { exact: true }).first()).toBeVisible();
    const tickets = page.getByRole('region', { name: 'Mes billets' }).getByRole('listitem');
    await expect(tickets).toHaveCount(3);
    await expect(tickets.first()).toContainText(/Code : [2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){6}/);
    await expect(tickets.first()).toContainText('Au nom de Camille Martin');
    const orderId = /\/account\/orders\/(\d+)$/.exec(page.url())?.[1];
    await expect(page.getByRole('link', { name: 'Télécharger mes billets' })).toHaveAttribute(
      'href',
      `/download/billets.pdf?order=${orderId}`,
    );
    await expect(page.getByRole('region', { name: 'Adresse de facturation' })).toContainText('69003 Lyon');
  });

  test('another user’s order and an unknown one are not found', async ({ page }) => {
    await register(page, { firstname: 'Alix', lastname: 'Petit', email: uniqueEmail('commandes'), password: PASSWORD });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Alix' })).toBeVisible();
    for (const path of ['/account/orders/1', '/account/orders/999999', '/account/orders/abc']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText('Page non trouvée')).toBeVisible();
    }
    await page.goto('/account/orders');
    await expect(page.getByText('Vous n’avez pas encore passé de commande.')).toBeVisible();
  });

  test('a wrong password says so, keeps the e-mail and empties the password', async ({ page }) => {
    await gotoLive(page, '/auth/login');
    await logIn(page, DEMO.email, 'pas-le-bon-mot-de-passe');
    const alert = page.getByRole('alert').filter({ hasText: 'Adresse e-mail ou mot de passe incorrect.' });
    await expect(alert).toBeVisible();
    // The focus lands on the message, not back at the top of the page, and again after another failure.
    await expect(alert).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveValue(DEMO.email);
    await expect(passwordField(page, 'Mot de passe')).toHaveValue('');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Connexion' })).toBeVisible();

    await passwordField(page, 'Mot de passe').fill('encore-un-mauvais-mot-de-passe');
    await passwordField(page, 'Mot de passe').press('Enter');
    await expect(passwordField(page, 'Mot de passe')).toHaveValue('');
    await expect(alert).toBeFocused();
  });

  test('without JavaScript, a refused login comes back with the focus on its message', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await page.goto('/auth/login');
      await logIn(page, DEMO.email, 'pas-le-bon-mot-de-passe');
      const alert = page.getByRole('alert').filter({ hasText: 'Adresse e-mail ou mot de passe incorrect.' });
      await expect(alert).toBeVisible();
      await expect(alert).toBeFocused();
    } finally {
      await context.close();
    }
  });

  for (const width of [360, 1280]) {
    test(`the overview's latest orders keep their reference on one line at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await logInFromLoginPage(page, DEMO.email, DEMO.password);
      await page.goto('/account');
      const orders = page.getByRole('region', { name: 'Mes dernières commandes' }).getByRole('link', {
        name: /^Commande GU-/,
      });
      await expect(orders).toHaveCount(2);
      const references = orders.getByText(/^Commande GU-\d{4}-\d{6}$/);
      await expect(references).toHaveCount(2);
      for (const reference of await references.all()) {
        const lines = await reference.evaluate((element) => {
          const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
          return Math.round(element.getBoundingClientRect().height / lineHeight);
        });
        expect(lines).toBe(1);
      }
      // Nothing sticks out sideways either.
      await expectNoSideScroll(page);
    });
  }

  test('registration with a taken address says so on the e-mail field', async ({ page }) => {
    await register(page, { firstname: 'Alix', lastname: 'Double', email: DEMO.email, password: PASSWORD });
    const email = page.getByRole('textbox', { name: 'Adresse e-mail' });
    await expect(page.getByText('Un compte existe déjà avec cette adresse e-mail.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test('the password change keeps the session', async ({ page }) => {
    const user = { firstname: 'Alix', lastname: 'Leroy', email: uniqueEmail('change'), password: PASSWORD };
    await register(page, user);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Alix' })).toBeVisible();
    await page.goto('/account/informations');
    await passwordField(page, 'Mot de passe actuel').fill('pas-le-bon-mot-de-passe');
    await passwordField(page, 'Nouveau mot de passe').fill('Un-nouveau-mot-de-passe-2027');
    await passwordField(page, 'Confirmation du nouveau mot de passe').fill('Un-nouveau-mot-de-passe-2027');
    await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();
    await expect(page.getByText('Le mot de passe actuel est incorrect.')).toBeVisible();

    await passwordField(page, 'Mot de passe actuel').fill(user.password);
    await passwordField(page, 'Nouveau mot de passe').fill('Un-nouveau-mot-de-passe-2027');
    await passwordField(page, 'Confirmation du nouveau mot de passe').fill('Un-nouveau-mot-de-passe-2027');
    await page.getByRole('button', { name: 'Changer mon mot de passe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Votre mot de passe a été modifié.' })).toBeVisible();
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bonjour Alix');
  });

  test('the login form works without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByText('Veuillez renseigner ce champ.')).toHaveCount(2);
      await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveAttribute('aria-invalid', 'true');

      await logIn(page, DEMO.email, DEMO.password);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('link', { name: DEMO.firstname })).toHaveAttribute(
        'href',
        '/account/orders',
      );
    } finally {
      await context.close();
    }
  });

  test('logging out takes a POST: a GET of /logout ends no session', async ({ page }) => {
    await logInFromLoginPage(page, DEMO.email, DEMO.password);
    const response = await page.goto('/logout');
    expect(response?.status()).toBe(405);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account$/);
  });

  test('the login and registration pages, with their messages, have no accessibility violations', async ({ page }) => {
    await page.goto('/auth/login');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Veuillez renseigner ce champ.').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/auth/register');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Veuillez cocher cette case.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('account pages are never stored by the browser or a cache', async ({ page }) => {
    await logInFromLoginPage(page, DEMO.email, DEMO.password);
    await page.goto('/account/orders');
    const orderPath = await page.getByRole('table').getByRole('row').nth(1).getByRole('link').getAttribute('href');
    for (const path of ['/account', '/account/informations', '/account/orders', orderPath ?? '']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['cache-control'], path).toBe('no-store');
    }
  });

  test('the outbox is a preview page: 404 when PREVIEW_FEATURES=false', async ({ request }) => {
    const previewOff = process.env.E2E_PREVIEW_OFF_URL;
    if (!previewOff) throw new Error('E2E_PREVIEW_OFF_URL manquant');
    expect((await request.get(`${previewOff}/outbox`)).status()).toBe(404);
    expect((await request.get('/outbox')).status()).toBe(200);
  });

  test('the account information page has no accessibility violations', async ({ page }) => {
    await logInFromLoginPage(page, DEMO.email, DEMO.password);
    await page.goto('/account/informations');
    await expect(page.getByRole('textbox', { name: 'Prénom' })).toHaveValue(DEMO.firstname);
    await expectNoAxeViolations(page);
  });
});
