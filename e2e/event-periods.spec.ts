import { eventDays, formatCalendarDate, formatShortDay } from '@guichet/domain';
import { readPdf } from '../apps/api/test/documents/pdf-reader';
import { api, expect, expectNoAxeViolations, fillCheckout, logIn, newAccount, payWith, test } from './fixtures';

/**
 * An event that runs over a period (issue 22, points 8 and 9): « Cités imaginaires », the Liège exhibition
 * of the demo, opened weeks ago and runs for weeks more (entry at any hour). The agenda lists it on each
 * of its days; its ticket is dated by its period — on the ticketing page, in the cart, the recap, the order
 * and the PDF — never by its opening day's hour.
 */

type Card = { id: number; title: string; slug: string; startsAt: string; endsAt: string };
type Agenda = { days: { date: string; ticketings: Card[] }[] };

const EXHIBITION = 'Cités imaginaires';
const EXPO_PARIS = 'Lumières Vives, l’exposition immersive';
/** A date with its hour, as a performance is written: « … 2026 à 11 h 00 ». */
const WITH_HOUR = /\d{4} à \d{2} h \d{2}/;

test.describe.configure({ timeout: 120_000 });

/** The demo's running exhibition in Liège, as the API gives it. */
async function exhibition(): Promise<Card> {
  const agenda = await api<Agenda>('/agenda?city=liege');
  const card = agenda.days.flatMap((day) => day.ticketings).find((one) => one.title === EXHIBITION);
  if (!card) throw new Error(`${EXHIBITION} absente de l’agenda de Liège.`);
  return card;
}

/** « Valable jusqu’au dimanche 20 décembre 2026 »: an exhibition already open, seen now. */
const validUntil = (card: Card) => `Valable jusqu’au ${formatCalendarDate(eventDays(card).lastDay)}`;

test.describe('an event that runs over a period', () => {
  test('the agenda lists the running exhibitions of Liège and Paris on each day, by their period', async ({ page }) => {
    const card = await exhibition();
    await page.goto('/agenda?ville=liege');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Agenda des événements à Liège');
    await expect(main.getByRole('heading', { level: 2, name: /événement/ })).not.toContainText('Aucun événement');
    // Listed on each of its days in the 30 days, by « jusqu’au … » (as its card), never by an hour.
    const items = main.getByRole('listitem').filter({ hasText: EXHIBITION });
    expect(await items.count()).toBeGreaterThan(1);
    const first = items.first();
    await expect(first.getByRole('link', { name: EXHIBITION })).toHaveAttribute('href', /^\/billetterie\//);
    await expect(first).toContainText(`jusqu’au ${formatShortDay(new Date(`${eventDays(card).lastDay}T12:00:00Z`))}`);
    await expect(first).not.toContainText(/\d{2} h \d{2}/);
    await expectNoAxeViolations(page);

    // The heading counts events, not lines: an exhibition listed on seven days is one.
    await page.goto('/agenda?ville=liege&periode=7j');
    const hrefs = await page
      .getByRole('main')
      .getByRole('listitem')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(new Set(hrefs).size);
    const count = new Set(hrefs).size;
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: /événement/ })).toContainText(
      count > 1 ? `${count} événements` : '1 événement',
    );

    await page.goto('/agenda?ville=paris&periode=7j');
    await expect(page.getByRole('main').getByRole('link', { name: EXPO_PARIS })).toHaveCount(7);
  });

  test('an exhibition ticket is dated by its period: page, cart, recap, order and the PDF', async ({ page }) => {
    const card = await exhibition();
    const until = validUntil(card);
    const email = await newAccount({ label: 'achat+exposition', lastname: 'Expo' });

    await page.goto(`/billetterie/${card.slug}-${card.id}`);
    const main = page.getByRole('main');
    await expect(
      main.getByText(`jusqu’au ${formatCalendarDate(eventDays(card).lastDay)}`, { exact: true }),
    ).toBeVisible();
    await main
      .getByRole('button', { name: /Ajouter au panier/ })
      .first()
      .click();
    await expect(page.getByText(new RegExp(`Ajouté au panier : ${EXHIBITION} — `))).toBeVisible();

    await page.goto('/cart');
    await expect(page.getByRole('main').getByText(until).first()).toBeVisible();
    await page.getByRole('button', { name: 'Acheter' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await logIn(page, email);
    await expect(page).toHaveURL(/\/cart$/);
    const form = page.getByRole('form', { name: 'Commander' });
    const recap = form.getByRole('table', { name: 'Récapitulatif de la commande' });
    await expect(recap.getByTestId('recap-line')).toContainText(until);
    await expect(recap.getByTestId('recap-line')).not.toContainText(WITH_HOUR);
    await fillCheckout(page, { street: '3 quai de la Batte', postalCode: '4020', city: 'Liège' });
    await form.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
    await expect(page).toHaveURL(/\/payment\?order=/);
    await payWith(page);

    await expect(page).toHaveURL(/\/account\/orders\/\d+\?paid=1$/);
    await expect(page.getByRole('main').getByText(until).first()).toBeVisible();

    // The PDF ticket, read with pdfjs: its period, and no hour of its opening day.
    const pdfLink = page.getByRole('link', { name: 'Télécharger mes billets (PDF)' });
    const pdf = await page.request.get((await pdfLink.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const [ticket] = await readPdf(await pdf.body());
    const text = (ticket?.text ?? '').replace(/\s+/g, ' ');
    expect(text).toContain(EXHIBITION);
    expect(text).toContain(until);
    expect(text).not.toMatch(WITH_HOUR);
  });
});
