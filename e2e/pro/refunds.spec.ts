/**
 * Issue 26's after-sale, end to end on the real servers: the organiser refunds one ticket of a two-ticket order from
 * its page on the pro site — the door then refuses that ticket and lets the other in, its place is back on sale,
 * the buyer gets the refund's e-mail with its credit note, whose PDF says what it corrects; and the organiser
 * cancels a ticketing — every buyer refunded and told, the public page « Événement annulé » (JSON-LD
 * `EventCancelled`).
 */
import type { OutboxMessage, OutboxSummary, ProTicketing } from '@guichet/contracts';
import type { Page } from '@playwright/test';
import { readPdf } from '../../apps/api/test/documents/pdf-reader';
import { api, expect, expectNoAxeViolations, gotoLive, proTest as test } from '../fixtures';
import { buyTickets, printedTickets, publishedTicketing } from './after-sale-steps';
import { DEMO_ORGANISER, logInPro } from './steps';

const SCANNER = { email: 'controle@guichet.test', password: 'controle-guichet-2026' };

// A sale, a worker's refunds and mails on a shared machine: each step in its own time.
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

/** The mail to `to` whose subject is `subject`, from the API's outbox, once it is there. */
async function mailTo(to: string, subject: string): Promise<OutboxMessage> {
  let found: OutboxSummary | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = await api<{ messages: OutboxSummary[] }>('/dev/outbox');
        found = messages.find((message) => message.to === to && message.subject === subject);
        return found?.id;
      },
      { timeout: 30_000 },
    )
    .toBeDefined();
  return api<OutboxMessage>(`/dev/outbox/${found?.id}`);
}

/** What the scan page says of a typed code. */
async function typedVerdict(page: Page, code: string) {
  await page.getByLabel('Saisir un code').fill(code);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  const words = page.getByRole('dialog').getByRole('status');
  const text = (await words.textContent()) ?? '';
  await page.getByRole('dialog').getByRole('button', { name: 'Suivant' }).click();
  return text;
}

test('refunding one ticket of two: refused at the door, back on sale, a credit note and an e-mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Concert remboursé ${Date.now().toString(36)}`;
  const { organizerId, ticketing, headers } = await publishedTicketing(title, [
    { title: 'Catégorie 1', price: '30,00', stock: 10 },
  ]);
  const sale = await buyTickets(browser, {
    ticketingId: ticketing.id,
    title,
    product: 'Catégorie 1',
    quantity: 2,
    lastname: 'Remboursement',
  });
  const [refunded, kept] = await printedTickets(sale.page);
  await sale.context.close();
  if (!refunded || !kept) throw new Error('Deux billets attendus dans le PDF.');

  const orderPath = `/organisateurs/${organizerId}/commandes/${sale.orderId}`;
  await test.step('the organiser refunds the first ticket from the order’s page', async () => {
    await logInPro(page, DEMO_ORGANISER.email, DEMO_ORGANISER.password);
    await gotoLive(page, orderPath);
    await page.getByRole('checkbox', { name: new RegExp(refunded.code) }).check();
    await page.getByRole('button', { name: 'Rembourser la sélection' }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText('Rembourser 1 billet pour 30 € ?');
    await expectNoAxeViolations(page);
    await question.getByRole('button', { name: 'Confirmer le remboursement' }).click();
    // The provider's refund is the worker's: the page shows it done, with its credit note, once it is.
    await expect(async () => {
      await gotoLive(page, orderPath);
      await expect(page.getByRole('link', { name: /Télécharger l’avoir \(PDF\)/ })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    // Only the second ticket can still be refunded.
    await expect(page.getByRole('checkbox', { name: new RegExp(kept.code) })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: new RegExp(refunded.code) })).toHaveCount(0);
  });

  await test.step('the credit note: its own number, the invoice it corrects, the amount taken back', async () => {
    const link = page.getByRole('link', { name: /Télécharger l’avoir \(PDF\)/ });
    const pdf = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const [note] = await readPdf(await pdf.body());
    expect(note?.text).toMatch(/Avoir AV-\d{6}/);
    expect(note?.text).toMatch(/Se rapporte à la facture FAC-\d{6}/);
    expect(note?.text).toContain(`Commande ${sale.reference}`);
    expect(note?.text).toMatch(/Total TTC -30 €/);
  });

  await test.step('the buyer’s e-mail, with the credit note', async () => {
    const mail = await mailTo(sale.email, `Remboursement de votre commande ${sale.reference}`);
    expect(mail.attachments?.some((name) => /^avoir-AV-\d{6}\.pdf$/.test(name))).toBe(true);
  });

  await test.step('its place is back on sale', async () => {
    const current = await api<ProTicketing>(`/pro/organizers/${organizerId}/ticketings/${ticketing.id}`, { headers });
    expect(current.products[0]).toMatchObject({ stock: 10, sold: 1 });
  });

  await test.step('at the door: the refunded ticket refused, the other let in', async () => {
    const context = await browser.newContext({ baseURL: process.env.E2E_PRO_URL });
    const door = await context.newPage();
    await logInPro(door, SCANNER.email, SCANNER.password);
    await gotoLive(door, `/organisateurs/${organizerId}/controle/billetteries/${ticketing.id}`);
    await expect(door.getByText(/^Entrés 0 \/ 1 · en attente d’envoi 0/)).toBeVisible();
    expect(await typedVerdict(door, refunded.code)).toBe('Billet remboursé');
    expect(await typedVerdict(door, kept.code)).toBe(`Valide — Catégorie 1, ${sale.holder}`);
    await context.close();
  });
});

test('cancelling a ticketing refunds and tells every buyer; its public page says so', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const title = `Concert annulé ${Date.now().toString(36)}`;
  const { organizerId, ticketing } = await publishedTicketing(title, [
    { title: 'Placement libre', price: '20,00', stock: 50 },
  ]);
  const buyers: { email: string }[] = [];
  for (const lastname of ['Premier', 'Second']) {
    const sale = await buyTickets(browser, {
      ticketingId: ticketing.id,
      title,
      product: 'Placement libre',
      quantity: 1,
      lastname,
    });
    await sale.context.close();
    buyers.push(sale);
  }

  await test.step('the organiser cancels it, and follows the refunds to the end', async () => {
    await logInPro(page, DEMO_ORGANISER.email, DEMO_ORGANISER.password);
    await gotoLive(page, `/organisateurs/${organizerId}/billetteries/${ticketing.id}/annulation`);
    await expect(page.getByRole('heading', { level: 1, name: 'Annuler la billetterie' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Je comprends que cette action est définitive').check();
    await page.getByRole('button', { name: 'Annuler la billetterie' }).click();
    await expect(page.getByText('2 commandes remboursées sur 2. Annulation terminée.')).toBeVisible({
      timeout: 60_000,
    });
  });

  await test.step('each buyer is told, and refunded', async () => {
    for (const sale of buyers) await mailTo(sale.email, `Annulé : ${title} — vous êtes remboursé`);
  });

  await test.step('the public page says « Événement annulé », its JSON-LD EventCancelled', async () => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const site = await context.newPage();
    await expect(async () => {
      await gotoLive(site, `/billetterie/${ticketing.id}`);
      await expect(site.getByText('Événement annulé').first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const jsonLd = await site.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join('\n')).toContain('https://schema.org/EventCancelled');
    await context.close();
  });
});
