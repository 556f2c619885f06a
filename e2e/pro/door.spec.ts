/**
 * Issue 26's door, end to end with a camera: a buyer's two tickets, read from their PDF, are shown to the scan page
 * through Chromium's fake webcam (a YUV4MPEG2 video of each QR code, e2e/lib/fake-camera.ts) — the first reads
 * « Valide — Catégorie 1, Jules Achat », again « Déjà scanné à … (porte A) »; then, the phone's network cut
 * (`context.setOffline`, which Playwright applies to the service worker too), the page reloaded from its service
 * worker and its IndexedDB, the second ticket is let in offline and waits to be sent; back online, it is sent, once:
 * both tickets in, nothing waiting, no conflict — a check-in counted twice would be one (decision 0065).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DoorScopeSummary } from '@guichet/contracts';
import { parseTicketQr } from '@guichet/domain/door';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import config from '../../playwright.config';
import { api, expect, expectNoAxeViolations, gotoLive, proTest as test } from '../fixtures';
import { writeY4m } from '../lib/fake-camera';
import { buyTickets, printedTickets, publishedTicketing } from './after-sale-steps';
import { logInPro } from './steps';

/** The seed's door scanner (README), a SCANNER of every demo organiser. */
const SCANNER = { email: 'controle@guichet.test', password: 'controle-guichet-2026' };

/** A phone: a persistent profile (its service worker and IndexedDB outlive a restart), its camera showing `video`. */
async function phone(profile: string, video: string): Promise<BrowserContext> {
  const launch = config.use?.launchOptions ?? {};
  return chromium.launchPersistentContext(profile, {
    executablePath: launch.executablePath,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
    baseURL: process.env.E2E_PRO_URL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    permissions: ['camera'],
    viewport: { width: 412, height: 915 },
    isMobile: false,
  });
}

/** The verdict screen's words (a status, full screen). */
const verdict = (page: Page) => page.getByRole('dialog').getByRole('status');

test('a ticket read by the camera lets in once, offline too, and its offline check-in is sent once', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Concert à la porte ${Date.now().toString(36)}`;
  const { organizerId, ticketing, headers } = await publishedTicketing(title, [
    { title: 'Catégorie 1', price: '30,00', stock: 20 },
  ]);
  const {
    context: buyer,
    page: buyerPage,
    holder,
  } = await buyTickets(browser, {
    ticketingId: ticketing.id,
    title,
    product: 'Catégorie 1',
    quantity: 2,
    lastname: 'Achat',
  });
  const [first, second] = await printedTickets(buyerPage);
  await buyer.close();
  if (!first || !second) throw new Error('Deux billets attendus dans le PDF.');
  // The QR codes hold signed codes of this ticketing's tickets (the printed code stays under them).
  for (const ticket of [first, second])
    expect(parseTicketQr(ticket.qrText)).toMatchObject({ kind: 'TICKET', scopeId: ticketing.id });

  const folder = await mkdtemp(join(tmpdir(), 'guichet-porte-'));
  const profile = join(folder, 'profil');
  const [videoA, videoB] = [join(folder, 'a.y4m'), join(folder, 'b.y4m')];
  await writeY4m(videoA, first.image);
  await writeY4m(videoB, second.image);
  const scanPath = `/organisateurs/${organizerId}/controle/billetteries/${ticketing.id}`;
  try {
    await test.step('online: the camera reads the first ticket, valid, then « déjà scanné »', async () => {
      const context = await phone(profile, videoA);
      const page = context.pages()[0] ?? (await context.newPage());
      await logInPro(page, SCANNER.email, SCANNER.password);
      await gotoLive(page, scanPath);
      await expect(verdict(page)).toHaveText(`Valide — Catégorie 1, ${holder}`, { timeout: 30_000 });
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Suivant' }).click();
      await expect(verdict(page)).toHaveText(/^Déjà scanné à \d{1,2} h \d{2} \(porte A\)$/, { timeout: 30_000 });
      await context.close();
    });

    await test.step('offline: the page comes back from the phone, lets the second ticket in and keeps its check-in', async () => {
      const context = await phone(profile, videoB);
      const page = context.pages()[0] ?? (await context.newPage());
      // The network is gone before the page opens: the service worker the first visit installed serves it, and
      // the page reads the pack from IndexedDB; the camera shows the second ticket.
      await context.setOffline(true);
      await page.goto(scanPath);
      await expect(page.getByText('Hors ligne — les passages seront envoyés au retour du réseau')).toBeVisible({
        timeout: 30_000,
      });
      await expect(verdict(page)).toHaveText(`Valide — Catégorie 1, ${holder}`, { timeout: 30_000 });
      // Let in here, waiting to be sent (with each later reading of the code the camera still shows, « déjà scanné »).
      await expect(page.getByText(/^Entrés 2 \/ 2 · en attente d’envoi [1-9]\d* · conflits 0$/)).toBeVisible();

      await context.setOffline(false);
      await expect(page.getByText(/^Entrés 2 \/ 2 · en attente d’envoi 0 · conflits 0$/)).toBeVisible({
        timeout: 30_000,
      });
      await context.close();
    });

    await test.step('the API counts both tickets in, each once', async () => {
      const { scopes } = await api<{ scopes: DoorScopeSummary[] }>(`/pro/organizers/${organizerId}/door`, { headers });
      expect(scopes.find((scope) => scope.kind === 'TICKET' && scope.id === ticketing.id)).toMatchObject({
        admitted: 2,
        total: 2,
      });
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
