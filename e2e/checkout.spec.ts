import { cspDirective } from '@guichet/domain';
import { parseTicketQr } from '@guichet/domain/door';
import type { Browser, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { readPdf } from '../apps/api/test/documents/pdf-reader';
import {
  api,
  expect,
  expectNoAxeViolations,
  expectNoSideScroll,
  fillCheckout,
  gotoLive,
  logIn,
  newAccount,
  type Offer,
  PASSWORD,
  payWith,
  spaOffer,
  test,
} from './fixtures';

/**
 * Buying (issue 11): a ticket and a deal in the cart, « Acheter », the login, the checkout below the cart,
 * the demo payment page — accepted, declined then paid, 3-D Secure, a hold that ran out — the confirmation,
 * and the tickets' PDF whose text and QR code carry the code the order page shows. The same without
 * JavaScript. Every test has its own new account, so that carts never meet.
 */

const TICKETING = '/billetterie/1';
const CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDSecure: '4000 0027 6000 3184' };
const CONFIRMED =
  /^Merci ! Votre commande GU-\d{4}-\d{6} est confirmée\. Vos billets vous ont été envoyés par e-mail\.$/;
const TICKET_CODE = /[2-9A-HJKMNP-Z]{4}(?:-[2-9A-HJKMNP-Z]{4}){6}/;

// Registrations, logins and PDFs on a shared 2-core machine: a journey needs more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** The first product of « Les Nuits Électriques », the festival of the demo (plenty of places). */
async function addFirstTicket(page: Page) {
  await page.goto(TICKETING);
  await page
    .getByRole('main')
    .getByRole('button', { name: /Ajouter au panier/ })
    .first()
    .click();
  await expect(page.getByText(/Ajouté au panier : Les Nuits Électriques — /)).toBeVisible();
}

async function addSpa(page: Page, offer: Offer) {
  await page.goto(`/bons-plans/offer/${offer.slug}-${offer.offerID}`);
  const product = offer.products[0];
  if (!product) throw new Error('Le spa n’a pas de produit.');
  await page.getByRole('button', { name: `Ajouter au panier : ${product.title}` }).click();
  await expect(page.getByText(`Ajouté au panier : ${offer.title} — ${product.title}.`)).toBeVisible();
}

/** From the cart, logged out: « Acheter », the login, and back to the cart with its checkout. */
async function buyAndLogIn(page: Page, email: string) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Acheter' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Commander' })).toBeVisible();
}

/** The whole checkout of a new account with one ticket, up to the payment page; the order's id. */
async function checkoutOneTicket(page: Page, label: string): Promise<{ orderID: number; email: string }> {
  const email = await newAccount({ label: `achat+${label}`, lastname: 'Achat' });
  await addFirstTicket(page);
  await buyAndLogIn(page, email);
  await fillCheckout(page);
  await page.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
  await expect(page).toHaveURL(/\/payment\?order=/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Paiement de la commande GU-/);
  return { orderID: orderIdOf(page), email };
}

/** The signed download link of a paid order, as the API gives it to its owner (and the e-mail carries it). */
async function signedDownloadPath(email: string, orderID: number): Promise<string> {
  const { accessToken } = await api<{ accessToken: string }>('/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { id: number };
  const order = await api<{ downloadPath: string | null }>(`/account/${claims.id}/orders/${orderID}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!order.downloadPath) throw new Error('La commande payée n’a pas de lien de téléchargement.');
  return order.downloadPath;
}

/** The payment session is the order's id and its signature. */
function orderIdOf(page: Page): number {
  const session = new URL(page.url()).searchParams.get('order') ?? '';
  const id = Number(session.split('.')[0]);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`Session de paiement inattendue : ${session}`);
  return id;
}

async function expectConfirmed(page: Page) {
  await expect(page).toHaveURL(/\/account\/orders\/\d+\?paid=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'Merci !' })).toHaveText(CONFIRMED);
  await expect(page.getByText('Payée', { exact: true })).toBeVisible();
}

test.describe('checkout and payment, with JavaScript', () => {
  test('a ticket and a deal: checkout, 4242 on /payment, the confirmation, the PDF ticket whose QR code is the code shown, the order in the list', async ({
    page,
  }) => {
    const offer = await spaOffer();
    const email = await newAccount({ label: 'achat+parcours', lastname: 'Achat' });
    await addFirstTicket(page);
    await addSpa(page, offer);
    await buyAndLogIn(page, email);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

    // The checkout: the recap of both lines and the total, the holder defaulting to the buyer, both notices.
    const form = page.getByRole('form', { name: 'Commander' });
    const recap = form.getByRole('table', { name: 'Récapitulatif de la commande' });
    await expect(recap.getByTestId('recap-line')).toHaveCount(2);
    await expect(recap.getByRole('row', { name: /Total TTC/ })).toContainText('€');
    const holder = form.getByRole('textbox', { name: /^Titulaire du billet/ });
    await expect(holder).toHaveCount(1);
    await expect(holder).toHaveValue('Inès Achat');
    await expect(form).toContainText('L221-28, 12°');
    await expect(form).toContainText('14 jours');
    await expect(form.getByRole('link', { name: /conditions générales de vente/ })).toHaveAttribute(
      'href',
      '/conditions-generales-de-vente',
    );

    // Without the terms ticked, the order is not sent: the message, the focus on the box.
    await form.getByRole('textbox', { name: 'Adresse' }).fill('12 rue des Lilas');
    await form.getByRole('textbox', { name: 'Code postal' }).fill('75011');
    await form.getByRole('textbox', { name: 'Ville' }).fill('Paris');
    await holder.fill('Jules Achat');
    await form.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
    const terms = form.getByRole('checkbox', { name: /J’ai lu et j’accepte les conditions générales de vente/ });
    await expect(terms).toBeFocused();
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await terms.check();
    await form.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();

    // The demo provider's page: merchant, reference, amount, the countdown, the test cards; never framed.
    await expect(page).toHaveURL(/\/payment\?order=/);
    await expect(page.getByText('Marchand')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^Vos places sont réservées encore 1[45]:\d{2}$/);
    await expect(page.getByRole('complementary', { name: 'Mode démonstration' })).toContainText(CARDS.succeeds);
    const amount = await page.getByTestId('payment-amount').textContent();
    await expect(page.getByRole('button', { name: `Payer ${amount}` })).toBeVisible();
    const headers = (await page.request.get(page.url())).headers();
    expect(cspDirective(headers['content-security-policy'], 'frame-ancestors')).toBe("'none'");
    // The address carries the signed session: other sites are told nothing of it.
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['cache-control']).toContain('no-store');
    await expectNoAxeViolations(page);

    await payWith(page, CARDS.succeeds);
    await expectConfirmed(page);
    const reference = /GU-\d{4}-\d{6}/.exec((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[0];
    expect(reference).toBeTruthy();
    const orderID = /\/account\/orders\/(\d+)/.exec(page.url())?.[1];

    // The ticket (holder as typed) and the voucher, each with its code.
    const tickets = page.getByRole('region', { name: 'Mes billets' }).getByRole('listitem');
    await expect(tickets).toHaveCount(2);
    const ticket = tickets.filter({ hasText: 'Les Nuits Électriques' });
    await expect(ticket).toContainText('Au nom de Jules Achat');
    const code = TICKET_CODE.exec((await ticket.textContent()) ?? '')?.[0];
    if (!code) throw new Error('Aucun code de billet sur la page de la commande.');
    await expect(tickets.filter({ hasText: offer.title })).toContainText(TICKET_CODE);
    await expectNoAxeViolations(page);

    // The tickets' PDF: the printed code in its text (typed at the door), and its QR code holds the signed code
    // of that ticket, for that ticketing (docs/decisions/0064).
    const pdfLink = page.getByRole('link', { name: 'Télécharger mes billets (PDF)' });
    const pdf = await page.request.get((await pdfLink.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toContain('.pdf');
    const pages = await readPdf(await pdf.body());
    const ticketPage = pages.find((one) => one.text.includes(code));
    if (!ticketPage) throw new Error(`Le code ${code} n’est dans aucune page du PDF.`);
    const decoded = ticketPage.images.map((image) => jsQR(image.data, image.width, image.height)?.data ?? '');
    expect(decoded).toHaveLength(1);
    expect(decoded[0]).toMatch(/^GU1:[0-9A-Z $%*+\-./:]{116}$/);
    const signed = parseTicketQr(decoded[0] ?? '');
    const ticketingId = Number(
      /-(\d+)$/.exec(
        (await page.getByRole('link', { name: 'Les Nuits Électriques' }).first().getAttribute('href')) ?? '',
      )?.[1] ?? Number.NaN,
    );
    expect(signed).toMatchObject({ kind: 'TICKET', scopeId: ticketingId });
    // The spa's voucher: its deal has no partner organiser on the pro site, so its QR keeps the printed code.
    const voucherPage = pages.find((one) => one !== ticketPage);
    const voucherQr = voucherPage?.images.map((image) => jsQR(image.data, image.width, image.height)?.data ?? '')[0];
    const voucherCode = TICKET_CODE.exec((await tickets.filter({ hasText: offer.title }).textContent()) ?? '')?.[0];
    expect(voucherPage?.text).toContain(voucherCode);
    expect(voucherQr).toBe(voucherCode);
    const invoice = await page.request.get(
      (await page.getByRole('link', { name: 'Télécharger la facture (PDF)' }).getAttribute('href')) ?? '',
    );
    expect(invoice.headers()['content-type']).toBe('application/pdf');

    // The cart was bought: it is empty, here as on the server (nothing comes back to it).
    await expect(page.getByRole('link', { name: 'Panier vide' })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 2, name: 'Panier vide' })).toBeVisible();

    // The owner's /download page, without the e-mail's signature: the same two documents.
    await page.goto(`/download?order=${orderID}`);
    await expect(page.getByRole('link', { name: 'Télécharger mes billets (PDF)' })).toHaveAttribute(
      'href',
      `/download/billets.pdf?order=${orderID}`,
    );
    await expect(page.getByText(`Commande ${reference}`)).toBeVisible();

    // The order in the list, paid.
    await page.goto('/account/orders');
    await expect(page.getByRole('row', { name: new RegExp(reference ?? 'GU-') })).toContainText('Payée');
  });

  test('a declined card says so and leaves the order payable; paying again with 4242 works', async ({ page }) => {
    const { orderID } = await checkoutOneTicket(page, 'refus');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await payWith(page, CARDS.declined);
    const alert = page.getByRole('alert').filter({ hasText: 'Paiement refusé par votre banque.' });
    await expect(alert).toBeVisible();
    await expect(alert).toBeFocused();
    await expect(page).toHaveURL(/\/payment\?order=/);

    // The order waits, payable from its page.
    const paymentUrl = page.url();
    await page.goto(`/account/orders/${orderID}`);
    await expect(page.getByText('En attente', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Payer la commande' }).click();
    await expect(page).toHaveURL(paymentUrl);
    await payWith(page, CARDS.succeeds);
    await expectConfirmed(page);
  });

  test('the 3-D Secure card asks for a confirmation, and « Confirmer » pays; the signed link downloads, a forged one is refused', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { orderID, email } = await checkoutOneTicket(page, '3ds');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await payWith(page, CARDS.threeDSecure);
    await expect(page.getByRole('heading', { name: 'Vérification 3-D Secure' })).toBeFocused();
    await expect(page.getByText('Confirmez ce paiement dans l’application de votre banque.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expectConfirmed(page);

    // The e-mail's signed link, opened by someone not logged in: the two documents.
    const signed = await signedDownloadPath(email, orderID);
    expect(signed).toMatch(new RegExp(`^/download\\?order=${orderID}&sig=`));
    const stranger = await browser.newContext({ baseURL });
    try {
      const other = await stranger.newPage();
      await gotoLive(other, signed);
      await expect(other.getByRole('heading', { level: 1 })).toHaveText('Téléchargement de vos billets');
      // The order by its public reference, never its internal id.
      await expect(other.getByText(/^Commande GU-\d{4}-\d{6}$/)).toBeVisible();
      await expect(other.getByText(`n° ${orderID}`)).toHaveCount(0);
      const tickets = await other.request.get(
        (await other.getByRole('link', { name: 'Télécharger mes billets (PDF)' }).getAttribute('href')) ?? '',
      );
      expect(tickets.status()).toBe(200);
      expect(tickets.headers()['content-type']).toBe('application/pdf');
      await expectNoAxeViolations(other);

      // A forged signature: the 403 page, which says why.
      const forged = signed.replace(/sig=.*/, 'sig=pas-la-bonne-signature');
      const refused = await other.goto(forged);
      expect(refused?.status()).toBe(403);
      await expect(other.getByText('Ce lien de téléchargement n’est pas valide')).toBeVisible();
      const pdf = await other.request.get(forged.replace('/download?', '/download/billets.pdf?'), { maxRedirects: 0 });
      expect(pdf.headers()['content-type']).not.toBe('application/pdf');
    } finally {
      await stranger.close();
    }
  });

  test('a hold that ran out: the payment page says the places were released', async ({ page }) => {
    const { orderID } = await checkoutOneTicket(page, 'expiree');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await api(`/dev/orders/${orderID}/expire`, { method: 'POST' });
    const released = 'Le délai de paiement est dépassé : vos places ont été remises en vente.';

    // The page left open: paying is refused, and says why.
    await payWith(page, CARDS.succeeds);
    await expect(page.getByRole('alert').filter({ hasText: released })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Revenir au panier' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Numéro de carte' })).toHaveCount(0);

    // Opened again: the same, with no card form.
    await gotoLive(page, page.url());
    await expect(page.getByRole('alert').filter({ hasText: released })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Payer/ })).toHaveCount(0);
  });
});

/**
 * Cancelling (issue 22): « Annuler et revenir au panier » cancels the order and gives its places back at once,
 * ordering again makes one pending order, and « Annuler la commande » on the account's order page does the
 * same. On « Margaux Lenoir — Rivages », whose first ticket has a few places left (the demo's LAST_SEATS):
 * its page counts them (« Plus que N places »), and no other journey buys it.
 */
test.describe('cancelling an order', () => {
  // Both count the same ticket's places: one after the other.
  test.describe.configure({ mode: 'serial' });

  /** The Paris date of « Rivages »: its ticketing page. */
  async function lastSeatsPage(): Promise<string> {
    const found = await api<{ ticketings: { items: { id: number; slug: string }[] } }>('/search?q=Rivages');
    const ticketing = found.ticketings.items.find((item) => item.slug === 'margaux-lenoir-rivages');
    if (!ticketing) throw new Error('« Margaux Lenoir — Rivages » absent de la recherche.');
    return `/billetterie/${ticketing.slug}-${ticketing.id}`;
  }

  /** The places its first ticket has left, as its page says them. */
  /**
   * The ticketing page, a public page, is served from the page cache to everyone, the buyer included: it shows
   * a change of places once the web has read the API's new data version (every second; docs/decisions/0050).
   */
  const PAGE_FOLLOWS_DATA = { timeout: 5_000 };

  async function placesLeft(page: Page, path: string): Promise<number> {
    await page.goto(path);
    const text = await page
      .getByRole('main')
      .getByText(/^Plus que \d+ places?$/)
      .first()
      .textContent();
    return Number(/\d+/.exec(text ?? '')?.[0]);
  }

  async function orderFromCart(page: Page) {
    await page.goto('/cart');
    await fillCheckout(page);
    await page.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
    await expect(page).toHaveURL(/\/payment\?order=/);
    return orderIdOf(page);
  }

  async function statusesInList(page: Page): Promise<string[]> {
    await page.goto('/account/orders');
    const rows = page.getByRole('row').filter({ hasText: /GU-\d{4}-\d{6}/ });
    return (await rows.allTextContents()).map((row) => /En attente|Annulée|Payée|Expirée/.exec(row)?.[0] ?? row);
  }

  for (const javaScript of [true, false]) {
    test(`cancel from the payment page, then order again: one pending order, the places back at once${javaScript ? '' : ', without JavaScript'}`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: javaScript, baseURL });
      try {
        const page = await context.newPage();
        const path = await lastSeatsPage();
        const before = await placesLeft(page, path);
        const email = await newAccount({ label: `annulation+${javaScript ? 'js' : 'sans-js'}`, lastname: 'Achat' });
        await page
          .getByRole('main')
          .getByRole('button', { name: /Ajouter au panier/ })
          .first()
          .click();
        await expect(page.getByText(/Ajouté au panier : Margaux Lenoir — Rivages — /)).toBeVisible();
        await buyAndLogIn(page, email);
        await fillCheckout(page);
        await page.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
        await expect(page).toHaveURL(/\/payment\?order=/);
        const first = orderIdOf(page);
        const paymentUrl = page.url();
        await expect.poll(() => placesLeft(page, path), PAGE_FOLLOWS_DATA).toBe(before - 1);

        // « Annuler et revenir au panier »: the cart, its line still there; the place back on sale.
        await page.goto(paymentUrl);
        if (javaScript) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
        await page.getByRole('button', { name: 'Annuler et revenir au panier' }).click();
        await expect(page).toHaveURL(/\/cart$/);
        await expect(page.getByRole('heading', { level: 2, name: 'Commander' })).toBeVisible();
        await expect.poll(() => placesLeft(page, path), PAGE_FOLLOWS_DATA).toBe(before);
        expect(await statusesInList(page)).toEqual(['Annulée']);

        // The cancelled order's page takes no payment.
        await page.goto(paymentUrl);
        await expect(page.getByRole('alert').filter({ hasText: 'Cette commande a été annulée' })).toBeVisible();
        await expect(page.getByRole('button', { name: /^Payer/ })).toHaveCount(0);

        // Ordered again: one order waits, the other stays cancelled.
        const second = await orderFromCart(page);
        expect(second).not.toBe(first);
        await expect.poll(() => placesLeft(page, path), PAGE_FOLLOWS_DATA).toBe(before - 1);
        expect((await statusesInList(page)).sort()).toEqual(['Annulée', 'En attente']);

        // And from the account's order page: « Annuler la commande ».
        await page.goto(`/account/orders/${second}`);
        if (javaScript) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
        await page.getByRole('button', { name: 'Annuler la commande' }).click();
        await expect(page).toHaveURL(new RegExp(`/account/orders/${second}\\?annulee=1$`));
        await expect(page.getByRole('status').filter({ hasText: 'Commande annulée' })).toHaveText(
          'Commande annulée : vos places ont été remises en vente.',
        );
        await expect(page.getByText('Annulée', { exact: true })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Payer la commande' })).toHaveCount(0);
        if (javaScript) await expectNoAxeViolations(page);
        await expect.poll(() => placesLeft(page, path), PAGE_FOLLOWS_DATA).toBe(before);
      } finally {
        await context.close();
      }
    });
  }
});

test.describe('checkout and payment, without JavaScript', () => {
  async function noScriptPage(browser: Browser, baseURL: string | undefined) {
    // A small phone's width: every step must fit it.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 360, height: 780 },
    });
    return { context, page: await context.newPage() };
  }

  test('the checkout is a real form: its refusal comes back with the message, then the order, the payment page and the payment', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await noScriptPage(browser, baseURL);
    try {
      const email = await newAccount({ label: 'achat+sans-js', lastname: 'Achat' });
      await addFirstTicket(page);
      await buyAndLogIn(page, email);

      // The terms left unticked: the server says so, and keeps what was typed.
      const form = page.getByRole('form', { name: 'Commander' });
      await form.getByRole('textbox', { name: 'Adresse' }).fill('3 place du Marché');
      await form.getByRole('textbox', { name: 'Code postal' }).fill('69003');
      await form.getByRole('textbox', { name: 'Ville' }).fill('Lyon');
      await form.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      const terms = form.getByRole('checkbox', { name: /J’ai lu et j’accepte les conditions générales de vente/ });
      await expect(terms).toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByRole('textbox', { name: 'Ville' })).toHaveValue('Lyon');
      await expectNoSideScroll(page);

      await terms.check();
      await form.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
      await expect(page).toHaveURL(/\/payment\?order=/);
      // Without JavaScript the hold's end is said as a time.
      await expect(page.getByText(/^Vos places sont réservées jusqu’à \d{2} h \d{2}\.$/)).toBeVisible();
      await expectNoSideScroll(page);

      await payWith(page, CARDS.declined);
      await expect(page.getByRole('alert').filter({ hasText: 'Paiement refusé par votre banque.' })).toBeVisible();
      // The card number never comes back in the page.
      await expect(page.getByRole('textbox', { name: 'Numéro de carte' })).toHaveValue('');
      await payWith(page, CARDS.succeeds);
      await expectConfirmed(page);
      await expectNoSideScroll(page);
    } finally {
      await context.close();
    }
  });
});
