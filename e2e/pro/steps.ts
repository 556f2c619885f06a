/**
 * Steps the pro site's specs share, each done as an organiser does it in the browser: signing up, confirming
 * the address from the API's outbox, logging in, creating a ticketing (its description typed with the editor's
 * toolbar), its visual, its products, the preview and the publication.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { api, expect, gotoLive, PASSWORD } from '../fixtures';

/** The seed's demo organiser (README: pro@guichet.test). */
export const DEMO_ORGANISER = { email: 'pro@guichet.test', password: 'pro-guichet-2026' };

/** The demo organiser's pro session, as the header the API's pro routes read. */
export async function demoProHeaders() {
  const { accessToken } = await api<{ accessToken: string }>('/pro/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ORGANISER),
  });
  return { authorization: `Bearer ${accessToken}` };
}

/** An e-mail address no other test uses, starting with `label`. */
export const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;

type Outbox = { messages: { id: string; to: string; subject: string }[] };

/** The link to `path` (/confirmer, /invitation) in the latest mail to `to`, from the API's outbox. */
export async function mailedLink(to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = await api<Outbox>('/dev/outbox');
        const found = messages.find((message) => message.to === to);
        if (!found) return undefined;
        const mail = await api<{ text: string }>(`/dev/outbox/${found.id}`);
        link = new RegExp(`https?://[^\\s]+${path}\\?jeton=[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  // The mail names the pro site's public address; the tests' server may listen elsewhere.
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

/** A sign-up field: its name, its label and what the organiser types in it. */
export type SignUpField = { name: string; label: string; value: string };

/** The organisation part of a sign-up that a spec may change (two organisers of one journey differ by it). */
export type Organisation = { firstname: string; lastname: string; name: string; legalName: string };

export const FIRST_ORGANISATION: Organisation = {
  firstname: 'Margaux',
  lastname: 'Lefèvre',
  name: 'Le Rocher de Palmer',
  legalName: 'Association Musiques de Nuit',
};

/**
 * The sign-up form's fields in the order Tab reaches them, and what is typed in each: a SIRET whose Luhn key
 * holds, an IBAN whose mod-97 key holds. An empty value leaves the field as the form shows it.
 */
export function signUpFields(email: string, organisation = FIRST_ORGANISATION): SignUpField[] {
  return [
    { name: 'firstname', label: 'Prénom', value: organisation.firstname },
    { name: 'lastname', label: 'Nom', value: organisation.lastname },
    { name: 'email', label: 'Adresse e-mail', value: email },
    { name: 'password', label: 'Mot de passe', value: PASSWORD },
    { name: 'passwordConfirmation', label: 'Confirmation du mot de passe', value: PASSWORD },
    { name: 'name', label: 'Nom affiché aux acheteurs', value: organisation.name },
    { name: 'city', label: 'Ville', value: 'Cenon' },
    { name: 'website', label: 'Site web', value: '' },
    { name: 'legalName', label: 'Raison sociale', value: organisation.legalName },
    { name: 'siret', label: 'Numéro SIRET', value: '35600000000048' },
    { name: 'street', label: 'Adresse', value: '1 rue Aristide Briand' },
    { name: 'postalCode', label: 'Code postal', value: '33150' },
    { name: 'country', label: 'Pays', value: '' },
    { name: 'contactEmail', label: 'E-mail de contact', value: 'contact@exemple.fr' },
    { name: 'contactPhone', label: 'Téléphone de contact', value: '0556748000' },
    { name: 'iban', label: 'IBAN', value: 'FR7630006000011234567890189' },
  ];
}

/** « Ouvrir une billetterie » filled in and sent; the page then says where the confirmation link went. */
export async function signUpOrganiser(page: Page, email: string, organisation = FIRST_ORGANISATION) {
  await gotoLive(page, '/inscription');
  const form = page.getByRole('form', { name: 'Ouvrir une billetterie' });
  for (const { label, value } of signUpFields(email, organisation)) {
    if (value) await form.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await form.getByRole('checkbox', { name: /conditions générales/ }).check();
  await form.getByRole('button', { name: 'Ouvrir ma billetterie' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vérifiez votre boîte e-mail' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(email)).toBeVisible();
}

/** Opens the confirmation link mailed to `email`: signed in, on the new organiser's dashboard; its path and id. */
export async function confirmEmail(page: Page, email: string) {
  await page.goto(await mailedLink(email, '/confirmer'));
  await expect(page).toHaveURL(/\/organisateurs\/\d+$/);
  await expect(page.getByText('Votre adresse e-mail est confirmée')).toBeVisible();
  const organizerPath = new URL(page.url()).pathname;
  return { organizerPath, organizerId: Number(organizerPath.split('/').pop()) };
}

/** The pro site's login form, filled in and sent: the person leaves the login page. */
export async function logInPro(page: Page, email: string, password: string) {
  await page.goto('/connexion');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/connexion/);
}

/** What createTicketing writes in the description with the editor, for the pages that show it. */
export const DESCRIPTION = {
  heading: 'Programme',
  bold: 'Trois scènes',
  link: { text: 'le site', href: 'https://lerocherdepalmer.fr' },
} as const;

/** Creates a draft through the form, its description written with the editor; its page's path. */
export async function createTicketing(page: Page, organizerId: number, title: string) {
  await gotoLive(page, `/organisateurs/${organizerId}/billetteries/nouvelle`);
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByLabel('Catégorie').selectOption('Concert');
  await page.getByLabel('Date', { exact: true }).fill('2027-06-21');
  await page.getByLabel('Heure de début').fill('20:30');
  await page.getByLabel('Nom du lieu').fill('Le Rocher de Palmer');
  await page.getByLabel('Adresse', { exact: true }).fill('1 rue Aristide Briand');
  await page.getByLabel('Code postal').fill('33150');
  await page.getByLabel('Ville').fill('Cenon');
  await page.getByLabel('Résumé').fill('Une nuit de jazz et de musiques du monde, en plein air.');

  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await page.keyboard.type(DESCRIPTION.heading);
  // The toolbar turns the line the caret is on into a heading.
  await page.getByRole('button', { name: 'Titre 2' }).click();
  await expect(page.getByRole('button', { name: 'Titre 2' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Gras' }).click();
  await page.keyboard.type(DESCRIPTION.bold);
  await page.getByRole('button', { name: 'Gras' }).click();
  await page.keyboard.type(' et ');
  await page.keyboard.type(DESCRIPTION.link.text);
  for (const _ of DESCRIPTION.link.text) await page.keyboard.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Lien', exact: true }).click();
  await page.getByLabel('Adresse du lien').fill(DESCRIPTION.link.href);
  await page.getByRole('button', { name: 'Appliquer' }).click();

  await page.getByRole('button', { name: 'Créer la billetterie' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Billetterie créée' })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** On a ticketing's page: a real PNG sent as its visual, listed with its alt text. */
export async function uploadVisual(page: Page, alt: string) {
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#4338ca' } })
    .png()
    .toBuffer();
  await page.getByLabel('Image').setInputFiles({ name: 'affiche.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel('Texte alternatif', { exact: true }).fill(alt);
  await page.getByRole('button', { name: 'Envoyer l’image' }).click();
  await expect(page.getByText('Visuel ajouté')).toBeVisible();
  await expect(page.getByLabel('Texte alternatif du visuel 1')).toHaveValue(alt);
  // The picture itself shows on the pro page (the public site serves it): loaded, not a broken image.
  const picture = page
    .getByRole('listitem')
    .filter({ has: page.getByLabel('Texte alternatif du visuel 1') })
    .locator('img');
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
}

export type NewProduct = { label: string; price: string; discountType: 'FIXED' | 'PERCENTAGE'; discount: string };

/** On a ticketing's products page (…/tarifs): « Ajouter un tarif » filled in and sent; the product is listed. */
export async function addProduct(page: Page, { label, price, discountType, discount }: NewProduct) {
  const form = page.getByRole('region', { name: 'Ajouter un tarif' });
  await form.getByLabel('Libellé').fill(label);
  await form.getByLabel('Prix TTC (€)').fill(price);
  await form.getByLabel('Remise', { exact: true }).selectOption(discountType);
  await form.getByLabel('Valeur de la remise').fill(discount);
  await form.getByLabel('Places à vendre').fill('200');
  await form.getByRole('button', { name: 'Ajouter le tarif' }).click();
  await expect(page.getByRole('heading', { level: 3, name: label })).toBeVisible();
}

/** On a ticketing's page: « Aperçu », then its link, which opens the public page of the draft in a new tab. */
export async function openPreview(page: Page): Promise<Page> {
  await page.getByRole('button', { name: 'Aperçu' }).click();
  const link = page.getByRole('link', { name: 'Ouvrir l’aperçu (nouvel onglet)' });
  await expect(link).toHaveAttribute('target', '_blank');
  const [preview] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  return preview;
}

/** On a ticketing's page: « Publier », then its confirmation. */
export async function publish(page: Page) {
  await page.getByRole('link', { name: 'Publier' }).click();
  await page.getByRole('button', { name: 'Confirmer : publier' }).click();
  await expect(page.getByText('Billetterie publiée')).toBeVisible();
}

/**
 * The public site's search finds `title`, in `site` (a page of any context): each try is a fresh load, until
 * the page cache's data version has moved past the publication.
 */
export async function expectFoundOnPublicSearch(site: Page, title: string) {
  await expect(async () => {
    await site.goto(`${process.env.E2E_BASE_URL}/recherche?q=${encodeURIComponent(title)}`);
    await expect(site.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * Clicks the CSV link named `linkName` and reads the downloaded file as a French spreadsheet does (UTF-8 with a
 * BOM, `;` between columns); its rows by header.
 */
export async function downloadCsv(page: Page, linkName: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: linkName }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile((await download.path()) ?? '');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
}
