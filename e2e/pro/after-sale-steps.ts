/**
 * Steps the door and after-sale specs share: a ticketing of the demo organiser made and published through the pro
 * API (what the organiser's pages do is the journey spec's subject, not these), a buyer who buys its tickets on the
 * public site as anyone does, and that order's tickets read back from its PDF — each page's clear code and the
 * image of its QR code, the picture a phone's camera sees at the door.
 */
import type { ProMe, ProTicketing } from '@guichet/contracts';
import type { Browser } from '@playwright/test';
import jsQR from 'jsqr';
import { type RgbaImage, readPdf } from '../../apps/api/test/documents/pdf-reader';
import { api, expect, fillCheckout, gotoLive, logIn, newAccount, payWith } from '../fixtures';
import { demoProHeaders } from './steps';

export type SaleProduct = { title: string; price: string; stock: number };

/** The demo organiser's last organiser, a new published ticketing of theirs 30 days ahead, and its products' ids. */
export async function publishedTicketing(title: string, products: SaleProduct[]) {
  const headers = { ...(await demoProHeaders()), 'content-type': 'application/json' };
  const me = await api<ProMe>('/pro/me', { headers });
  // The last of them: the other pro specs read the first one's newest ticketing and order, which must not be
  // these specs' (cancelled, refunded) ones.
  const organizerId = me.organizers.at(-1)?.id;
  if (!organizerId) throw new Error('Le compte pro de démonstration n’a pas d’organisateur.');
  const base = `/pro/organizers/${organizerId}/ticketings`;
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  let ticketing = await api<ProTicketing>(base, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title,
      category: 'Concert',
      when: { schedule: 'DATED', date: day, time: '20:30' },
      venue: {
        name: 'La Cigale',
        address: '120 boulevard de Rochechouart',
        postalCode: '75018',
        city: 'Paris',
        country: 'france',
      },
      summary: 'Un concert pour les tests de la porte et de l’après-vente.',
      description: { type: 'doc', content: [] },
    }),
  });
  for (const product of products) {
    ticketing = await api<ProTicketing>(`${base}/${ticketing.id}/products`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        version: ticketing.version,
        title: product.title,
        price: product.price,
        stock: product.stock,
        quota: 10,
      }),
    });
  }
  ticketing = await api<ProTicketing>(`${base}/${ticketing.id}/status`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ version: ticketing.version, status: 'PUBLISHED' }),
  });
  return { organizerId, ticketing, headers };
}

/**
 * A new buyer buys `quantity` of one product on the public site (cart, checkout, the demo card) and lands on the
 * thanks page; their page stays logged in, for the account's pages.
 */
export async function buyTickets(
  browser: Browser,
  {
    ticketingId,
    title,
    product,
    quantity,
    lastname,
  }: { ticketingId: number; title: string; product: string; quantity: number; lastname: string },
) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  const email = await newAccount({ label: 'acheteur-porte', firstname: 'Jules', lastname });
  await gotoLive(page, `/billetterie/${ticketingId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('combobox', { name: `Quantité : ${product}` }).selectOption(String(quantity));
  await page.getByRole('button', { name: `Ajouter au panier : ${product}` }).click();
  await expect(page.getByText(`Ajouté au panier : ${title} — ${product}`)).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Acheter' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/cart$/);
  const form = await fillCheckout(page);
  await form.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
  await expect(page).toHaveURL(/\/payment\?order=/);
  // `?order=<id>.<signature>`: the id before the dot.
  const orderId = Number.parseInt(new URL(page.url()).searchParams.get('order') ?? '', 10);
  await payWith(page);
  const thanks = page.getByRole('status').filter({ hasText: 'Merci !' });
  await expect(thanks).toHaveText(/Votre commande GU-\d{4}-\d{6} est confirmée/, { timeout: 20_000 });
  const reference = /GU-\d{4}-\d{6}/.exec((await thanks.textContent()) ?? '')?.[0] ?? '';
  return { context, page, email, reference, orderId, holder: `Jules ${lastname}` };
}

export type PrintedTicket = { code: string; qrText: string; image: RgbaImage };

/** The tickets of the order the thanks page shows, from its PDF: each page's clear code and its QR code (image and text). */
export async function printedTickets(page: import('@playwright/test').Page): Promise<PrintedTicket[]> {
  const link = page.getByRole('link', { name: 'Télécharger mes billets (PDF)' });
  const pdf = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  const pages = await readPdf(await pdf.body());
  return pages.map((one) => {
    const code = /[2-9A-HJKMNP-Z]{4}(?:-[2-9A-HJKMNP-Z]{4}){6}/.exec(one.text)?.[0];
    const image = one.images.find((candidate) => jsQR(candidate.data, candidate.width, candidate.height));
    if (!code || !image) throw new Error('Une page du PDF n’a pas de code ou de QR code lisible.');
    return { code, qrText: jsQR(image.data, image.width, image.height)?.data ?? '', image };
  });
}
