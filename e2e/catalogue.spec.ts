import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cspDirective, eventDays } from '@guichet/domain';
import { api, expect, expectNoAxeViolations, test } from './fixtures';

/**
 * The ticketing catalogue on the seeded demo data: ticketing 1 is « Les Nuits Électriques » in Lyon. Dates are
 * relative to the seeding day, so they are read from the API rather than written here.
 */
const TITLE = 'Les Nuits Électriques';
const SLUG_ID = 'les-nuits-electriques-1';

type Ticketing = { id: number; startsAt: string; organizer: { id: number; name: string } };

function ticketingOne(): Promise<Ticketing> {
  return api<Ticketing>('/ticketings/1');
}

/** Year, two-digit month and French month name of an instant in Paris. */
function parisMonth(instant: string) {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date(instant));
  const year = parts.find((part) => part.type === 'year')?.value ?? '';
  const month = parts.find((part) => part.type === 'month')?.value ?? '';
  const name = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', month: 'long' }).format(new Date(instant));
  return { year, month, name };
}

test.describe('ticketing listings', () => {
  test('from the home page to a country, a month, a ticketing opened over the listing, then its own page', async ({
    page,
  }) => {
    const { year, month, name } = parisMonth((await ticketingOne()).startsAt);

    await page.goto('/');
    await page
      .getByRole('link', { name: /Billetteries en France$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/billetteries\/france$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billetteries en France');
    await expect(page).toHaveTitle('Billetteries en France | Guichet Billetterie');

    // The month navigation carries counts.
    const monthLink = page.getByRole('link', { name: new RegExp(`^${name} ${year} : \\d+ billetteries?$`) });
    await monthLink.click();
    const listingUrl = `/billetteries/france/${year}/${month}`;
    await expect(page).toHaveURL(new RegExp(`${listingUrl}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Billetteries en France en ${name} ${year}`);

    // The ticketing opens over the listing, at a URL of its own.
    const card = page.getByRole('link', { name: TITLE, exact: true });
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${listingUrl}/${SLUG_ID}$`));
    const dialog = page.getByRole('dialog', { name: TITLE });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Billets' })).toBeVisible();
    await expect(page).toHaveTitle(`${TITLE} – Lyon | Guichet Billetterie`);

    // That URL can be shared: loaded afresh, it shows the listing (hidden from assistive technologies while the
    // dialog is open) with the ticketing open.
    await page.reload();
    await expect(dialog).toBeVisible();
    await expect(page.locator('h1')).toHaveText(`Billetteries en France en ${name} ${year}`);

    // Closing goes back to the listing's URL, and the focus to the card.
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(page).toHaveURL(new RegExp(`${listingUrl}$`));
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeFocused();

    // Escape closes it too; then the full page.
    await card.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`${listingUrl}$`));
    await card.click();
    await dialog.getByRole('link', { name: "Voir la page de l'événement" }).click();
    await expect(page).toHaveURL(new RegExp(`/billetterie/${SLUG_ID}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  });

  test('the ticketing opened over the listing works without JavaScript', async ({ browser, baseURL }) => {
    const { year, month } = parisMonth((await ticketingOne()).startsAt);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(`/billetteries/france/${year}/${month}/${SLUG_ID}`);
    const panel = page.getByRole('dialog', { name: TITLE });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Salle des Confluences').first()).toBeVisible();
    await panel.getByRole('link', { name: 'Fermer' }).click();
    await expect(page).toHaveURL(new RegExp(`/billetteries/france/${year}/${month}$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });

  test.describe('without JavaScript', () => {
    // With JavaScript « Voir plus » adds the next cards under the list instead (shop-details.spec.ts).
    test.use({ javaScriptEnabled: false });
    test('« Voir plus » carries the cursor, and the next page has its own canonical link', async ({ page }) => {
      await page.goto('/billetteries/france');
      const firstCard = page.getByRole('main').getByRole('article').first().getByRole('heading');
      const firstTitle = await firstCard.textContent();
      await page.getByRole('link', { name: 'Voir plus de billetteries' }).click();
      await expect(page).toHaveURL(/\/billetteries\/france\?cursor=[A-Za-z0-9_-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billetteries en France (suite)');
      const cursor = new URL(page.url()).searchParams.get('cursor');
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`/billetteries/france\\?cursor=${cursor}$`),
      );
      await expect(firstCard).not.toHaveText(firstTitle ?? '');
      await page.getByRole('link', { name: 'Revenir au début de la liste' }).click();
      await expect(page).toHaveURL(/\/billetteries\/france$/);
    });
  });

  test('titles name the city and the period; invalid places and dates are not found', async ({ page, request }) => {
    await page.goto('/billetteries/france?ville=lyon');
    await expect(page).toHaveTitle('Billetteries à Lyon | Guichet Billetterie');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /à Lyon/);
    for (const card of await page.getByRole('main').getByRole('article').all()) {
      await expect(card).toContainText('Lyon');
    }

    for (const path of [
      '/billetteries/allemagne',
      '/billetteries/france/1999',
      '/billetteries/france/2027/13',
      '/billetteries/france/2027/02/30',
      '/billetteries/france/2027/02/concert',
      '/billetteries/france?ville=Saint%20Malo',
      '/billetteries/france?ville=ville-inconnue',
      '/billetteries/france/inconnue-999999',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
    }
    // A forged cursor is a query the API refuses: the 400 page (decision 0020).
    expect((await request.get('/billetteries/france?cursor=forge')).status()).toBe(400);
  });

  test('the listing has no accessibility violations, nor the ticketing opened over it', async ({ page }) => {
    await page.goto('/billetteries/france');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: TITLE, exact: true }).click();
    await expect(page.getByRole('dialog', { name: TITLE })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
  });
});

test.describe('ticketing page', () => {
  test('shows the visuals, dates in French, place, tickets with their discounts, performers and organizer', async ({
    page,
  }) => {
    await page.goto(`/billetterie/${SLUG_ID}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await expect(main.getByRole('img').first()).toHaveAttribute('alt', /Les Nuits Électriques/);
    await expect(
      // A two-night festival: its days, never its first night's hour.
      main.getByText(
        /^du (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d.* au (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d+(er)? \S+ \d{4}$/,
      ),
    ).toBeVisible();
    await expect(main.getByText('Salle des Confluences').first()).toBeVisible();
    await expect(main.getByRole('link', { name: 'Rhône Live', exact: true })).toHaveAttribute(
      'href',
      /^\/organizer\/\d+$/,
    );
    await expect(main.getByRole('link', { name: 'Sacha Védrine' })).toHaveAttribute('href', /^\/artistes\/\d+$/);

    // The seed puts 20 % off the second ticket: the original price struck through, the discount shown.
    const struck = main.locator('del');
    await expect(struck).toHaveCount(1);
    await expect(struck).toContainText('Prix initial');
    await expect(main.getByText('−20 %')).toBeVisible();

    const quantity = main.getByRole('combobox', { name: /Quantité/ }).first();
    await expect(quantity).toBeVisible();
    expect(await quantity.locator('option').first().textContent()).toBe('1');
    await expect(main.getByRole('button', { name: /Ajouter au panier/ }).first()).toBeEnabled();
  });

  test('a sold-out ticket says « Complet », without a quantity', async ({ page }) => {
    // Ticketing 4's first ticket is sold out in the demo catalogue.
    await page.goto('/billetterie/4');
    await expect(page).toHaveURL(/\/billetterie\/[a-z0-9-]+-4$/);
    const tickets = page.getByRole('main').getByRole('list').filter({ hasText: 'Complet' });
    await expect(tickets.getByText('Complet', { exact: true })).toBeVisible();
  });

  test('a cancelled ticketing says so, sells nothing and is marked cancelled for search engines', async ({ page }) => {
    // The demo catalogue has one cancelled ticketing; listings leave it out, so find it through the API.
    const apiUrl = process.env.E2E_API_URL;
    let cancelled: number | undefined;
    for (let id = 1; id <= 100 && cancelled === undefined; id += 1) {
      const response = await fetch(`${apiUrl}/ticketings/${id}`);
      if (response.status === 200 && (await response.json()).status === 'CANCELLED') cancelled = id;
    }
    expect(cancelled).toBeDefined();
    await page.goto(`/billetterie/${cancelled}`);
    const main = page.getByRole('main');
    await expect(main.getByText('Événement annulé')).toBeVisible();
    await expect(main.getByRole('combobox')).toHaveCount(0);
    await expect(main.getByRole('button', { name: /Ajouter au panier/ })).toHaveCount(0);
    const event = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(event.eventStatus).toBe('https://schema.org/EventCancelled');
  });

  test('a ticketing whose sale has not opened says when, sells nothing yet and dates its offers', async ({ page }) => {
    // The demo opens the sale of « Azur Summer Festival » six days after the seeding day.
    const apiUrl = process.env.E2E_API_URL;
    let soon: { id: number; salesStartAt: string } | undefined;
    for (let id = 1; id <= 100 && soon === undefined; id += 1) {
      const response = await fetch(`${apiUrl}/ticketings/${id}`);
      if (response.status !== 200) continue;
      const ticketing = await response.json();
      if (Date.parse(ticketing.salesStartAt) > Date.now()) soon = ticketing;
    }
    if (!soon) throw new Error('the demo has a ticketing whose sale opens later');
    await page.goto(`/billetterie/${soon.id}`);
    const main = page.getByRole('main');
    await expect(main.getByText('Bientôt en vente')).toBeVisible();
    await expect(
      main.getByText(/Les billets seront en vente à partir du \S+ \d+(er)? \S+ \d{4} à \d{2} h \d{2}\./),
    ).toBeVisible();
    await expect(main.getByRole('combobox')).toHaveCount(0);
    await expect(main.getByRole('button', { name: /Ajouter au panier/ })).toHaveCount(0);
    const event = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(event.offers.length).toBeGreaterThan(0);
    for (const offer of event.offers) expect(offer.validFrom).toBe(soon.salesStartAt);
  });

  test('another spelling of the id redirects permanently to the canonical URL, with its query', async ({
    page,
    request,
  }) => {
    for (const path of ['/billetterie/mauvais-nom-1?source=NEWSLETTER', '/billetterie/1?source=NEWSLETTER']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers().location, path).toBe(`/billetterie/${SLUG_ID}?source=NEWSLETTER`);
    }
    // Over a listing too.
    const overListing = await request.get('/billetteries/france/nuits-1', { maxRedirects: 0 });
    expect(overListing.status()).toBe(301);
    expect(overListing.headers().location).toBe(`/billetteries/france/${SLUG_ID}`);

    expect((await request.get('/billetterie/inconnue-999999')).status()).toBe(404);
    expect((await request.get('/billetterie/pas-un-id')).status()).toBe(404);

    const response = await page.goto('/billetterie/ancien-nom-1');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/billetterie/${SLUG_ID}$`));
  });

  test('carries schema.org Event JSON-LD naming the event', async ({ page, baseURL }) => {
    await page.goto(`/billetterie/${SLUG_ID}`);
    const script = page.locator('script[type="application/ld+json"]');
    await expect(script).toHaveCount(1);
    const json = await script.textContent();
    const event = JSON.parse(json ?? '{}');
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: TITLE,
      url: `${baseURL}/billetterie/${SLUG_ID}`,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Salle des Confluences',
        address: { '@type': 'PostalAddress', addressLocality: 'Lyon', addressCountry: 'FR' },
      },
      organizer: { '@type': 'Organization', name: 'Rhône Live' },
    });
    expect(Date.parse(event.startDate)).toBeLessThan(Date.parse(event.endDate));
    expect(event.offers.length).toBeGreaterThan(1);
    for (const offer of event.offers) {
      expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: 'EUR' });
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut)$/);
    }
    expect(event.performer.map((performer: { name: string }) => performer.name)).toContain('Sacha Védrine');
    expect(event.image[0]).toMatch(new RegExp(`^${baseURL}/visuals/`));
  });

  test('counts one view once loaded in a browser, with the source of the visit', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/billetterie/1/vue') {
        posts.push(request.postData() ?? '');
      }
    });
    const counted = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/billetterie/1/vue' && response.request().method() === 'POST',
    );
    await page.goto(`/billetterie/${SLUG_ID}?source=NEWSLETTER`);
    const response = await counted;
    expect(response.status()).toBe(204);
    expect(response.request().postDataJSON()).toEqual({ source: 'NEWSLETTER' });
    await page.waitForLoadState('networkidle');
    expect(posts).toHaveLength(1);
  });

  test('crawlers are not counted', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto(`/billetterie/${SLUG_ID}`);
    await page.waitForLoadState('networkidle');
    expect(posts).toEqual([]);
    await context.close();
  });

  test('« Ajouter à mon agenda » downloads an .ics with the event', async ({ page }) => {
    await page.goto(`/billetterie/${SLUG_ID}`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Ajouter à mon agenda' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${SLUG_ID}.ics`);
    const ics = readFileSync(await file.path(), 'utf8');
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('BEGIN:VEVENT\r\n');
    expect(unfolded).toContain(`SUMMARY:${TITLE}\r\n`);
    // A festival over two days: whole days (DTEND is the day after the last), not its first night's hour.
    expect(unfolded).toMatch(/DTSTART;VALUE=DATE:\d{8}\r\nDTEND;VALUE=DATE:\d{8}\r\n/);
    expect(unfolded).toMatch(/LOCATION:Salle des Confluences\\, .+\\, 69002 Lyon\r\n/);
    expect(unfolded).toContain(`/billetterie/${SLUG_ID}\r\n`);
  });

  test('has no accessibility violations', async ({ page }) => {
    await page.goto(`/billetterie/${SLUG_ID}`);
    await expectNoAxeViolations(page);
  });
});

test.describe('embeds', () => {
  let server: Server | undefined;
  test.afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  test('the organizer snippet works on another site: its events show and embed.js sizes the frame', async ({
    page,
  }) => {
    const { organizer } = await ticketingOne();
    await page.goto(`/organizer/${organizer.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(organizer.name);
    const snippet = await page.getByRole('textbox', { name: "Code d'intégration" }).inputValue();
    expect(snippet).toContain(`/embed/organizer/${organizer.id}"`);
    expect(snippet).toContain('/embed.js" async></script>');

    // Another origin (another host name and port) serving a page with the snippet pasted in.
    server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Site de l’organisateur</title></head>` +
          `<body style="margin:0"><h1>Notre programmation</h1>${snippet}<p>Bas de page</p></body></html>`,
      );
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://localhost:${port}/`);

    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(organizer.name);
    const event = frame.getByRole('link', { name: new RegExp(TITLE) });
    await expect(event).toBeVisible();
    await expect(event).toHaveAttribute('target', '_blank');
    await expect(event).toHaveAttribute('rel', /noopener/);

    // embed.js set the frame's height to what the embedded page reported: no more 600 px, no scroll bar.
    const iframe = page.locator('iframe');
    await expect
      .poll(() => iframe.evaluate((element) => (element as HTMLIFrameElement).style.height))
      .toMatch(/^\d+px$/);
    const embedded = page.frame({ url: /\/embed\/organizer\/\d+$/ });
    if (!embedded) throw new Error('La page intégrée est introuvable.');
    await expect
      .poll(async () => {
        const content = await embedded.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
        const frameHeight = (await iframe.boundingBox())?.height ?? 0;
        return Math.abs(frameHeight - content) <= 1 && frameHeight !== 600;
      })
      .toBe(true);
  });

  test('embed pages may be framed by any site; other pages refuse framing', async ({ request }) => {
    const embed = await request.get('/embed/ticketing/1');
    expect(embed.status()).toBe(200);
    expect(cspDirective(embed.headers()['content-security-policy'], 'frame-ancestors')).toBe('*');
    expect(embed.headers()['x-frame-options']).toBeUndefined();

    for (const path of ['/', `/billetterie/${SLUG_ID}`, '/billetteries/france', '/organizer/1']) {
      const response = await request.get(path);
      expect(cspDirective(response.headers()['content-security-policy'], 'frame-ancestors'), path).toBe("'none'");
      expect(response.headers()['x-frame-options'], path).toBe('DENY');
    }
  });

  test('the embedded ticketing opens the site in a new tab to buy', async ({ page }) => {
    await page.goto('/embed/ticketing/1');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    const buy = page.getByRole('link', { name: /Réserver sur Guichet/ });
    await expect(buy).toHaveAttribute('href', `/billetterie/${SLUG_ID}`);
    await expect(buy).toHaveAttribute('target', '_blank');
  });
});

test.describe('crawling', () => {
  test('/sitemap.xml lists the pages to index and /robots.txt points to it', async ({ request, baseURL }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    for (const path of [
      '/',
      '/billetteries/france',
      '/billetteries/belgique',
      `/billetterie/${SLUG_ID}`,
      '/agenda',
      '/mentions-legales',
      '/conditions-generales-de-vente',
      '/politique-de-confidentialite',
    ]) {
      expect(xml, path).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    // A ticketing's page says when it last changed; a listing claims no date.
    expect(xml).toMatch(
      new RegExp(`<loc>${baseURL}/billetterie/${SLUG_ID}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[^<]+Z</lastmod>`),
    );
    expect(xml).toContain(`<url><loc>${baseURL}/billetteries/france</loc></url>`);
    expect(xml).toMatch(/<loc>[^<]+\/organizer\/\d+<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]+\/artistes\/\d+<\/loc>/);

    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    for (const path of ['/account', '/cart', '/payment', '/download', '/auth', '/embed']) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test.describe('agenda and artists', () => {
  test('the agenda filters by city in the URL, without JavaScript too', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/agenda');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agenda des événements');
    await page.getByLabel('Ville').selectOption({ label: 'Lyon' });
    await page.getByLabel('Période').selectOption({ index: 2 });
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/\/agenda\?ville=lyon&categorie=&periode=\d{4}-\d{2}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agenda des événements à Lyon');
    await context.close();
  });

  test('the agenda groups upcoming events by day, each linking to its ticketing', async ({ page }) => {
    await page.goto('/agenda?periode=30j');
    const days = page.getByRole('main').getByRole('heading', { level: 3 });
    await expect(days.first()).toHaveText(/^(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche) \d/);
    // A two-day festival: listed on each of its days.
    const link = page.getByRole('main').getByRole('link', { name: TITLE });
    await expect(link).toHaveCount(2);
    await expect(link.first()).toHaveAttribute('href', `/billetterie/${SLUG_ID}`);
    await expectNoAxeViolations(page);
  });

  test('artists: search by name, then the artist with upcoming dates', async ({ page }) => {
    await page.goto('/artistes');
    await page.getByRole('searchbox', { name: 'Rechercher un artiste' }).fill('vedrine');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/artistes\?q=vedrine$/);
    await page.getByRole('link', { name: 'Sacha Védrine' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sacha Védrine');
    await expect(page.getByRole('link', { name: TITLE })).toHaveAttribute('href', `/billetterie/${SLUG_ID}`);

    await page.goto('/artistes');
    await page
      .getByRole('navigation', { name: 'Index alphabétique des artistes' })
      .getByRole('link', { name: 'M' })
      .click();
    await expect(page).toHaveURL(/\/artistes\?initiale=M$/);
    await expect(page.getByRole('link', { name: 'Margaux Lenoir' })).toBeVisible();
  });
});

type Summary = { id: number; title: string; startsAt: string; endsAt: string; lowestPrice: number | null };

/** The first profile (artist or organizer) of the demo catalogue with past events, and those events. */
async function profileWithPast(kind: 'performers' | 'organizers', ids: number[]) {
  for (const id of ids) {
    const profile = await api<{ past: Summary[] }>(`/${kind}/${id}`);
    if (profile.past.some((ticketing) => ticketing.lowestPrice !== null)) return { id, past: profile.past };
  }
  throw new Error(`Aucun profil ${kind} avec des dates passées`);
}

test.describe('running and past events', () => {
  test('the home page dates an event already running by its end: « jusqu’au … »', async ({ page }) => {
    const { items } = await api<{ items: Summary[] }>('/ticketings?limit=6');
    const now = Date.now();
    const running = items.filter((item) => Date.parse(item.startsAt) <= now && now < Date.parse(item.endsAt));
    // The demo catalogue has exhibitions that opened weeks before the seeding day and run for months.
    expect(running.length).toBeGreaterThan(0);
    await page.goto('/');
    const upcoming = page.getByRole('region', { name: 'Prochainement' });
    for (const item of running) {
      const card = upcoming.getByRole('article').filter({ has: page.getByRole('heading', { name: item.title }) });
      const date = card.locator('time');
      await expect(date).toHaveText(/^(jusqu’au \S+ \d{1,2}(er)? \S+ \d{4}|aujourd’hui jusqu’à .+)$/);
      // « jusqu’au » a day (the last of the run), « aujourd’hui jusqu’à » an instant (its end).
      const until = (await date.textContent())?.startsWith('jusqu’au') ? eventDays(item).lastDay : item.endsAt;
      await expect(date).toHaveAttribute('datetime', until);
    }
  });

  test('past events on artist and organizer pages say « Événement terminé », not a price from', async ({ page }) => {
    const range = Array.from({ length: 30 }, (_, index) => index + 1);
    const performer = await profileWithPast('performers', range);
    await page.goto(`/artistes/${performer.id}`);
    const artistPast = page.getByRole('region', { name: 'Dates passées' }).getByRole('article');
    await expect(artistPast).toHaveCount(performer.past.length);
    for (const card of await artistPast.all()) {
      await expect(card).toContainText('Événement terminé');
      await expect(card).not.toContainText('Dès');
    }

    const organizer = await profileWithPast('organizers', range.slice(0, 10));
    await page.goto(`/organizer/${organizer.id}`);
    const organizerPast = page.getByRole('region', { name: 'Événements passés' }).getByRole('article');
    await expect(organizerPast).toHaveCount(organizer.past.length);
    for (const card of await organizerPast.all()) {
      await expect(card).toContainText('Événement terminé');
      await expect(card).not.toContainText('Dès');
    }
  });

  test('a past ticketing page says the event is over and offers no quantity', async ({ page }) => {
    const performer = await profileWithPast(
      'performers',
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
    const past = performer.past[0] as Summary;
    await page.goto(`/billetterie/${past.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(past.title);
    await expect(main.getByText('Événement terminé')).toBeVisible();
    await expect(main.getByRole('combobox')).toHaveCount(0);
    await expect(main.getByRole('button', { name: /Ajouter au panier/ })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Ajouter à mon agenda' })).toHaveCount(0);
  });
});

test.describe('artist avatars', () => {
  for (const width of [360, 1280]) {
    test(`the name drawn in a round avatar lies inside its disc, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/artistes');
      const avatars = page.getByRole('main').getByRole('listitem').locator('img');
      await expect(avatars.first()).toBeVisible();
      const shown = await avatars.evaluateAll((images) =>
        images.map((image) => {
          const box = image.getBoundingClientRect();
          const style = getComputedStyle(image);
          return {
            src: image.getAttribute('src') ?? '',
            width: box.width,
            height: box.height,
            radius: style.borderRadius,
          };
        }),
      );
      expect(shown.length).toBeGreaterThan(0);
      for (const avatar of shown) {
        // A square box cut to a disc: what the disc hides is what lies outside the circle inscribed in the picture.
        expect(Math.abs(avatar.width - avatar.height), avatar.src).toBeLessThan(1);
        expect(avatar.radius, avatar.src).not.toBe('0px');
      }
      for (const { src } of shown) {
        await page.goto(src);
        const outside = await page.evaluate(() => {
          const svg = document.documentElement as unknown as SVGSVGElement;
          const { width, height } = svg.viewBox.baseVal;
          const radius = Math.min(width, height) / 2;
          // Every readable line (the faint initial behind is decoration), by its glyphs' box.
          return Array.from(svg.querySelectorAll<SVGTSpanElement>('text:not([fill-opacity]) tspan'))
            .filter((line) => {
              const box = line.getBBox();
              const corners = [
                [box.x, box.y],
                [box.x + box.width, box.y],
                [box.x, box.y + box.height],
                [box.x + box.width, box.y + box.height],
              ];
              return corners.some(([x, y]) => Math.hypot((x ?? 0) - width / 2, (y ?? 0) - height / 2) > radius);
            })
            .map((line) => line.textContent);
        });
        expect(outside, src).toEqual([]);
      }
    });
  }
});
