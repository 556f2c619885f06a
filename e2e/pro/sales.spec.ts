/**
 * Following the sales on the pro site, as the demo organiser (README: pro@guichet.test): the dashboard's
 * figures and its two charts (SVG images with their tables, readable without JavaScript), the orders search
 * and one order, the orders' CSV as a French spreadsheet reads it, the embed code and its live preview; no axe
 * violation and no sideways scroll at 360 px on each page. The seed's paid orders are the demo organisers'.
 */
import AxeBuilder from '@axe-core/playwright';
import type { ProMe, ProOrderDetail, ProOrderSummary } from '@guichet/contracts';
import { api, expect, expectNoAxeViolations, expectNoSideScroll, gotoLive, proTest } from '../fixtures';
import { DEMO_ORGANISER, demoProHeaders, downloadCsv, logInPro } from './steps';

/** The demo organiser's token, and an organiser of theirs with a paid order (read through the API). */
async function demoOrganizerWithOrders() {
  const headers = await demoProHeaders();
  const me = await api<ProMe>('/pro/me', { headers });
  for (const organizer of me.organizers) {
    const page = await api<{ items: ProOrderSummary[] }>(`/pro/organizers/${organizer.id}/orders?limit=1`, { headers });
    const [order] = page.items;
    if (!order) continue;
    const detail = await api<ProOrderDetail>(`/pro/organizers/${organizer.id}/orders/${order.id}`, { headers });
    return { organizer, order: detail };
  }
  throw new Error('Aucun organisateur de démonstration n’a de commande payée : le seed a-t-il tourné ?');
}

proTest('the demo organiser follows its sales: dashboard, orders, CSV export and embed code', async ({ page }) => {
  proTest.setTimeout(120_000);
  const { organizer, order } = await demoOrganizerWithOrders();
  const base = `/organisateurs/${organizer.id}`;

  await logInPro(page, DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  // Signed in, the pro site opens the first organiser's dashboard.
  await page.waitForURL((url) => url.pathname.startsWith('/organisateurs/'));

  // The dashboard: key figures, and the charts as images named by their title, each with its data table.
  await page.setViewportSize({ width: 360, height: 780 });
  await gotoLive(page, base);
  await expect(page.getByRole('heading', { level: 2, name: 'Chiffres clés' })).toBeVisible();
  await expect(page.getByText('Chiffre d’affaires TTC', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Ventes par jour' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Vues par source' })).toBeVisible();
  const salesFigure = page.getByRole('figure').filter({ has: page.getByRole('img', { name: 'Ventes par jour' }) });
  await salesFigure.getByText('Voir les données').click();
  await expect(salesFigure.getByRole('table', { name: 'Ventes par jour' })).toBeVisible();
  await expect(salesFigure.getByRole('row')).toHaveCount(31);
  await expect(page.getByRole('table', { name: 'Ventes de chaque billetterie' })).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);

  // The orders: a search by the order's reference finds it; its page shows the tickets with their codes.
  await gotoLive(page, `${base}/commandes`);
  await page.getByRole('searchbox', { name: 'Rechercher une commande' }).fill(order.reference);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('link', { name: order.reference })).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: order.reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Commande ${order.reference}` })).toBeVisible();
  const firstCode = order.lines.flatMap((line) => line.tickets)[0]?.code;
  // In the line's tickets (and again in the refund form's boxes while it can be refunded).
  if (firstCode) await expect(page.getByText(firstCode, { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The orders' CSV: downloaded through the pro site, UTF-8 with a BOM, `;`, the order in it.
  await gotoLive(page, `${base}/commandes`);
  const rows = await downloadCsv(page, 'Exporter les commandes (CSV)');
  expect(JSON.stringify(rows)).toContain(order.reference);

  // The embed page of the order's ticketing: both codes to copy, and the preview of the public embed page.
  const ticketing = order.lines[0]?.ticketing;
  if (!ticketing) throw new Error('commande sans ligne');
  // In a tab of its own: the one that just downloaded the CSV once never hydrated the next page it was sent to
  // (CI, 2 runs in 7) — a Chromium download and a navigation meeting in one tab, not what an organiser does.
  const embed = await page.context().newPage();
  await gotoLive(embed, `${base}/billetteries/${ticketing.id}/integration`);
  const codes = embed.getByRole('textbox', { name: 'Code d’intégration' });
  await expect(codes).toHaveCount(2);
  await expect(codes.first()).toHaveValue(new RegExp(`/embed/ticketing/${ticketing.id}"`));
  await expect(codes.last()).toHaveValue(new RegExp(`/embed/organizer/${organizer.id}"`));
  await expect(codes.first()).toHaveValue(/<script src="[^"]+\/embed\.js" async><\/script>/);
  const preview = embed.frameLocator(`iframe[title="Aperçu de l’intégration de ${ticketing.title}"]`);
  await expect(preview.getByText(ticketing.title).first()).toBeVisible();
  await expectNoSideScroll(embed);
  // The page without its preview: the framed document is the public site's embed page (its own specs check it),
  // and axe counts its <main> beside this page's as two unnamed main landmarks of one page.
  const results = await new AxeBuilder({ page: embed }).exclude('iframe').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
