import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The page is live once the editor has replaced its server-rendered textarea. */
async function openStyleguide(page: Page) {
  await page.goto('/styleguide');
  await expect(page.getByRole('toolbar', { name: 'Mise en forme' })).toBeVisible();
}

async function fillValidFeedback(page: Page) {
  await page.getByLabel('Votre nom').fill('Camille');
  await page.getByLabel('Adresse e-mail').fill('camille@guichet.test');
  await page.getByLabel('Sujet').selectOption({ label: 'Le site Guichet' });
  await page.getByLabel("J'accepte que mon avis soit publié").check();
}

test.describe('form kit, with JavaScript', () => {
  test('the empty form shows the messages without leaving the page, and focuses the first field', async ({ page }) => {
    await openStyleguide(page);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Veuillez renseigner ce champ.')).toHaveCount(4);
    await expect(page.getByText('Veuillez cocher cette case.')).toBeVisible();
    await expect(page.getByLabel('Votre nom')).toBeFocused();
    await expect(page.getByLabel('Votre nom')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: 'Votre message' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('the form, its messages and the editor pass axe', async ({ page }) => {
    await openStyleguide(page);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Veuillez cocher cette case.')).toBeVisible();
    await page.getByRole('button', { name: 'Lien', exact: true }).click();
    const results = await new AxeBuilder({ page }).include('main form').analyze();
    expect(results.passes.length).toBeGreaterThan(0);
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test('required labels carry an asterisk hidden from screen readers', async ({ page }) => {
    await openStyleguide(page);
    const email = page.getByLabel('Adresse e-mail');
    await expect(email).toHaveAttribute('aria-required', 'true');
    await expect(page.locator('label', { hasText: 'Adresse e-mail' }).locator('[aria-hidden="true"]')).toHaveText('*');
    await expect(page.getByLabel('Téléphone')).not.toHaveAttribute('aria-required', 'true');
  });

  test('an invalid e-mail is reported once typing pauses for 200 ms', async ({ page }) => {
    await page.clock.install();
    await openStyleguide(page);
    // From here on, time only moves when the test says so.
    await page.clock.pauseAt(Date.now() + 60_000);
    const email = page.getByLabel('Adresse e-mail');
    await email.pressSequentially('camille');
    await page.clock.runFor(150);
    await expect(page.getByText('Veuillez saisir une adresse e-mail valide.')).toHaveCount(0);
    await page.clock.runFor(60);
    await expect(page.getByText('Veuillez saisir une adresse e-mail valide.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await email.pressSequentially('@guichet.test');
    await page.clock.runFor(250);
    await expect(page.getByText('Veuillez saisir une adresse e-mail valide.')).toHaveCount(0);
  });

  test('a click on « Envoyer » is not lost when leaving a field makes its message disappear', async ({ page }) => {
    await openStyleguide(page);
    await fillValidFeedback(page);
    await page.getByRole('textbox', { name: 'Votre message' }).fill('Très bonne soirée.');
    const email = page.getByLabel('Adresse e-mail');
    await email.fill('camille');
    await email.blur();
    await expect(page.getByText('Veuillez saisir une adresse e-mail valide.')).toBeVisible();
    // Fixed, then the button clicked at once: the blur clears the message, which must not move the button
    // away from under the pointer before the click lands.
    await email.fill('camille@guichet.test');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByRole('region', { name: /Merci Camille/ })).toBeVisible();
  });

  test('the phone and postal code masks format what is typed', async ({ page }) => {
    await openStyleguide(page);
    const phone = page.getByLabel('Téléphone');
    await phone.pressSequentially('0612345678');
    await expect(phone).toHaveValue('06 12 34 56 78');
    await phone.blur();
    await expect(page.getByText(/numéro de téléphone/)).toHaveCount(0);

    const postalCode = page.getByLabel('Code postal');
    await postalCode.pressSequentially('75a0019');
    await expect(postalCode).toHaveValue('75001');
  });

  test('the editor makes text bold and links, and a javascript: link never reaches the published text', async ({
    page,
  }) => {
    await openStyleguide(page);
    await fillValidFeedback(page);

    const editor = page.getByRole('textbox', { name: 'Votre message' });
    await editor.click();
    await page.keyboard.type('Bravo ');
    await page.getByRole('button', { name: 'Gras' }).click();
    await expect(page.getByRole('button', { name: 'Gras' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Guichet');
    await page.getByRole('button', { name: 'Gras' }).click();
    await page.keyboard.type(' et à bientôt');

    // The link box refuses a javascript: address with the url message.
    await page.keyboard.press('Shift+Home');
    await page.getByRole('button', { name: 'Lien', exact: true }).click();
    const address = page.getByLabel('Adresse du lien');
    await address.fill('javascript:alert(document.cookie)');
    await address.press('Enter');
    await expect(page.getByText('Veuillez saisir un lien valide.')).toBeVisible();
    await address.fill('guichet.fr');
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await expect(editor.locator('a')).toHaveAttribute('href', 'https://guichet.fr');

    await page.getByRole('button', { name: 'Envoyer' }).click();

    const published = page.getByRole('region', { name: /Merci Camille/ });
    await expect(published).toBeVisible();
    const text = published.locator('.rich-text');
    await expect(text.locator('strong.bold')).toHaveText('Guichet');
    await expect(text.locator('a.link')).toHaveAttribute('href', 'https://guichet.fr');
    await expect(text.locator('a.link')).toHaveAttribute('target', '_blank');
    await expect(text.locator('a.link')).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
  });

  test('a forged submission with a javascript: link or markup is sanitised by the server', async ({
    page,
    baseURL,
  }) => {
    const message = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'piège', marks: [{ type: 'link', attrs: { href: ' JaVa\nScRiPt:alert(1)' } }] },
            { type: 'text', text: '<img src=x onerror=alert(1)>' },
          ],
        },
        { type: 'image', attrs: { src: 'x', onerror: 'alert(1)' } },
        { type: 'heading', attrs: { level: 6 }, content: [{ type: 'text', text: 'Titre' }] },
      ],
    };
    const response = await page.request.post('/styleguide', {
      // From the site itself: cross-site posts are refused before any action runs.
      headers: { origin: new URL(baseURL ?? '').origin },
      form: {
        name: 'Camille',
        email: 'camille@guichet.test',
        subject: 'site',
        consent: 'on',
        message: JSON.stringify(message),
      },
    });
    expect(response.status()).toBe(200);
    await page.setContent(await response.text());
    const text = page.getByRole('region', { name: /Merci Camille/ }).locator('.rich-text');
    await expect(text.locator('p.paragraph')).toHaveText('piège<img src=x onerror=alert(1)>');
    await expect(text.locator('h4.heading-4')).toHaveText('Titre');
    await expect(text.locator('a, img')).toHaveCount(0);
    expect(await response.text()).not.toMatch(/href="\s*javascript/i);
  });

  test('pasting a whole link over a selection makes it a link', async ({ page }) => {
    await openStyleguide(page);
    const editor = page.getByRole('textbox', { name: 'Votre message' });
    await editor.click();
    await page.keyboard.type('Le programme');
    await page.keyboard.press('Shift+Home');
    await editor.evaluate((element) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', 'https://www.guichet.fr/agenda');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    });
    await expect(editor.locator('a')).toHaveText('Le programme');
    await expect(editor.locator('a')).toHaveAttribute('href', 'https://www.guichet.fr/agenda');
  });
});

test.describe('form kit, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server answers the empty form with the same messages', async ({ page }) => {
    await page.goto('/styleguide');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page).toHaveURL(/\/styleguide$/);
    await expect(page.getByText('Veuillez renseigner ce champ.')).toHaveCount(4);
    await expect(page.getByText('Veuillez cocher cette case.')).toBeVisible();
    await expect(page.getByLabel('Votre nom')).toHaveAttribute('aria-invalid', 'true');
  });

  test('keeps what was typed, and publishes a valid message typed in the plain text area', async ({ page }) => {
    await page.goto('/styleguide');
    await page.getByLabel('Votre nom').fill('Camille');
    await page.getByLabel('Adresse e-mail').fill('camille');
    await page.getByLabel('Téléphone').fill('06.12.34.56.78');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Veuillez saisir une adresse e-mail valide.')).toBeVisible();
    await expect(page.getByLabel('Votre nom')).toHaveValue('Camille');
    await expect(page.getByLabel('Téléphone')).toHaveValue('06.12.34.56.78');

    await fillValidFeedback(page);
    await page.getByLabel('Votre message').fill('Très bon site.\n\n<script>alert(1)</script>');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    const published = page.getByRole('region', { name: /Merci Camille/ });
    await expect(published.locator('p.paragraph')).toHaveText(['Très bon site.', '<script>alert(1)</script>']);
  });
});

test('the style guide is a 404 when preview features are off', async ({ request }) => {
  const previewOff = process.env.E2E_PREVIEW_OFF_URL;
  if (!previewOff) throw new Error('E2E_PREVIEW_OFF_URL manquant : lancez les tests avec `npm run test:e2e`.');
  const response = await request.get(`${previewOff}/styleguide`);
  expect(response.status()).toBe(404);
});
