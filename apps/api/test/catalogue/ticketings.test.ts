import {
  TICKETINGS_PAGE_SIZE,
  type TicketingDetail,
  type TicketingPage,
  type TicketingSummary,
} from '@guichet/contracts';
import { discountedPrice, quotaNow, ticketOnSale } from '@guichet/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products, ticketingPerformers, ticketings } from '../../src/db/schema.js';
import { createTestApp, validationIssues } from '../helpers.js';
import {
  chronological,
  freezeClock,
  idsOf,
  loadCatalogue,
  NOW,
  parisDay,
  published,
  type Row,
  upcoming,
} from './catalogue-data.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
let rows: Row[];
let draftId: number;
let theatreId: number;
/** Ticketing 3 without its id, to insert look-alikes. */
let copy: Omit<typeof ticketings.$inferInsert, 'id' | 'createdAt'>;

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  const { db } = context.database;
  const [model] = await db.select().from(ticketings).where(eq(ticketings.id, 3));
  if (!model) throw new Error('Billetterie 3 absente du catalogue de démonstration.');
  const { id: _, createdAt: __, ...fields } = model;
  copy = fields;
  // A draft (never shown) and a title with accents to search for without them.
  const [draft] = await db
    .insert(ticketings)
    .values({ ...copy, slug: 'brouillon', title: 'Brouillon secret', status: 'DRAFT' })
    .returning({ id: ticketings.id });
  const [theatre] = await db
    .insert(ticketings)
    .values({ ...copy, slug: 'nuit-du-theatre', title: 'La Nuit du Théâtre' })
    .returning({ id: ticketings.id });
  if (!draft || !theatre) throw new Error('Insertion impossible.');
  draftId = draft.id;
  theatreId = theatre.id;
  rows = (await loadCatalogue(db)).rows;
  freezeClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await context?.close();
});

async function get(url: string, query: Record<string, string | number> = {}) {
  return context.app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
}

async function page(query: Record<string, string | number>): Promise<TicketingPage> {
  const response = await get('/ticketings', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of a listing, following nextCursor. */
async function allPages(query: Record<string, string | number>, limit = 50) {
  const items: TicketingSummary[] = [];
  const pages: TicketingPage[] = [];
  let cursor: string | null = null;
  do {
    const current: TicketingPage = await page({ ...query, limit, ...(cursor ? { cursor } : {}) });
    pages.push(current);
    items.push(...current.items);
    cursor = current.nextCursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return { items, pages };
}

const expectedIds = (selected: Row[]) => idsOf([...selected].sort(chronological));

describe('GET /ticketings', () => {
  it('lists upcoming published ticketings first, in start order, as cards', async () => {
    const { items } = await allPages({});
    const expected = upcoming(rows);
    expect(expected.length).toBeGreaterThan(40);
    expect(idsOf(items)).toEqual(expectedIds(expected));
    expect(items.every((item) => Date.parse(item.endsAt) >= NOW.getTime())).toBe(true);
    // Ongoing runs (an exhibition that started before today) are still listed.
    expect(items.some((item) => Date.parse(item.startsAt) < NOW.getTime())).toBe(true);
    expect(idsOf(items)).not.toContain(draftId);
    expect(rows.some((row) => row.status === 'CANCELLED')).toBe(true);
    expect(items.map((item) => rows.find((row) => row.id === item.id)?.status)).not.toContain('CANCELLED');
    const first = items[0];
    const row = rows.find((candidate) => candidate.id === first?.id);
    expect(first).toEqual({
      id: row?.id,
      slug: row?.slug,
      title: row?.title,
      summary: row?.summary,
      category: row?.category,
      startsAt: row?.startsAt.toISOString(),
      endsAt: row?.endsAt.toISOString(),
      venue: row?.venue,
      city: row?.city,
      citySlug: row?.citySlug,
      country: row?.country,
      lowestPrice: row?.lowestPrice,
      thumbnail: row?.visuals[0],
    });
  });

  it('gives each card the lowest discounted price of its tickets', async () => {
    const { items } = await allPages({});
    for (const item of items) {
      expect(item.lowestPrice, item.title).toBe(rows.find((row) => row.id === item.id)?.lowestPrice);
    }
    // Some ticketings are discounted, so the rule is really exercised.
    const discounted = await context.database.db.select().from(products).where(eq(products.productType, 'TICKET'));
    expect(discounted.some((product) => product.discountType === 'PERCENTAGE')).toBe(true);
    expect(discounted.some((product) => product.discountType === 'FIXED')).toBe(true);
  });

  it('lists a ticketing starting or ending at this very instant once, in its place', async () => {
    // At the instant itself: one that starts now belongs to « starting later », one that ends now is still
    // running, and one that starts and ends now is only starting. Each must appear exactly once.
    const { db } = context.database;
    const later = new Date(NOW.getTime() + 3_600_000);
    const earlier = new Date(NOW.getTime() - 3_600_000);
    const inserted = await db
      .insert(ticketings)
      .values([
        { ...copy, country: 'belgique', slug: 'commence-maintenant', startsAt: NOW, endsAt: later },
        { ...copy, country: 'belgique', slug: 'finit-maintenant', startsAt: earlier, endsAt: NOW },
        { ...copy, country: 'belgique', slug: 'instant-present', startsAt: NOW, endsAt: NOW },
      ])
      .returning({ id: ticketings.id });
    try {
      const current = (await loadCatalogue(db)).rows;
      const expected = expectedIds(upcoming(current).filter((row) => row.country === 'belgique'));
      for (const { id } of inserted) expect(expected).toContain(id);
      for (const limit of [50, 2]) {
        expect(idsOf((await allPages({ country: 'belgique' }, limit)).items)).toEqual(expected);
      }
    } finally {
      await db.delete(ticketings).where(
        inArray(
          ticketings.id,
          inserted.map(({ id }) => id),
        ),
      );
    }
  });

  it('pages with a keyset cursor: pages concatenate to the whole list, without duplicates', async () => {
    const whole = (await page({ limit: 50 })).items;
    const { items, pages } = await allPages({}, 7);
    expect(pages.length).toBe(Math.ceil(upcoming(rows).length / 7));
    expect(pages.slice(0, -1).every((current) => current.items.length === 7)).toBe(true);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    expect(new Set(idsOf(items)).size).toBe(items.length);
    expect(idsOf(items).slice(0, 50)).toEqual(idsOf(whole));
    expect(idsOf(items)).toEqual(expectedIds(upcoming(rows)));
  });

  it('gives no cursor when the results exactly fill the page, and one leading to the rest when one is left', async () => {
    // Both ways a listing is read: upcoming (running, then starting later) and a period of the calendar.
    const listings: [Record<string, string | number>, Row[]][] = [
      [{ country: 'suisse' }, upcoming(rows).filter((row) => row.country === 'suisse')],
      [
        { country: 'france', year: 2026, month: 12 },
        published(rows).filter((row) => row.country === 'france' && row.day.startsWith('2026-12-')),
      ],
    ];
    for (const [query, selected] of listings) {
      const expected = expectedIds(selected);
      const label = JSON.stringify(query);
      expect(expected.length, label).toBeGreaterThan(1);
      expect(expected.length, label).toBeLessThanOrEqual(TICKETINGS_PAGE_SIZE.max);

      const exactlyFull = await page({ ...query, limit: expected.length });
      expect(idsOf(exactlyFull.items), label).toEqual(expected);
      expect(exactlyFull.nextCursor, label).toBeNull();

      const oneLeft = await page({ ...query, limit: expected.length - 1 });
      expect(idsOf(oneLeft.items), label).toEqual(expected.slice(0, -1));
      expect(oneLeft.nextCursor, label).not.toBeNull();
      const rest = await page({ ...query, limit: expected.length - 1, cursor: oneLeft.nextCursor ?? '' });
      expect(idsOf(rest.items), label).toEqual(expected.slice(-1));
      expect(rest.nextCursor, label).toBeNull();
    }
  });

  it('filters by country', async () => {
    for (const country of ['france', 'belgique', 'suisse']) {
      const { items } = await allPages({ country });
      expect(items.length).toBeGreaterThan(0);
      expect(idsOf(items)).toEqual(expectedIds(upcoming(rows).filter((row) => row.country === country)));
    }
  });

  it('filters by year, month and day in Paris time, past ticketings included', async () => {
    const byMonth = (year: number, month: number) => (row: Row) =>
      row.day.startsWith(`${year}-${String(month).padStart(2, '0')}-`);
    const october = published(rows).filter((row) => row.country === 'france' && byMonth(2026, 10)(row));
    expect(october.some((row) => row.endsAt.getTime() < NOW.getTime())).toBe(true);
    expect(idsOf((await allPages({ country: 'france', year: 2026, month: 10 })).items)).toEqual(expectedIds(october));

    const december = published(rows).filter((row) => row.country === 'france' && byMonth(2026, 12)(row));
    expect(december.length).toBeGreaterThan(3);
    const listed = (await allPages({ country: 'france', year: 2026, month: 12 }, 3)).items;
    expect(idsOf(listed)).toEqual(expectedIds(december));

    const year = published(rows).filter((row) => row.country === 'suisse' && row.day.startsWith('2027-'));
    expect(idsOf((await allPages({ country: 'suisse', year: 2027 })).items)).toEqual(expectedIds(year));

    const day = december[0]?.day ?? '';
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const onDay = published(rows).filter((row) => row.day === day);
    expect(idsOf((await allPages({ year: y, month: m, day: d })).items)).toEqual(expectedIds(onDay));
  });

  it('reads the period boundaries in Paris time, not UTC', async () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    const { db } = context.database;
    const [late] = await db
      .insert(ticketings)
      .values({
        ...copy,
        slug: 'reveillon',
        title: 'Réveillon',
        country: 'belgique',
        startsAt: new Date('2026-12-31T23:30:00Z'),
        endsAt: new Date('2027-01-01T02:00:00Z'),
      })
      .returning({ id: ticketings.id });
    try {
      const january = (await page({ country: 'belgique', year: 2027, month: 1, day: 1 })).items;
      expect(idsOf(january)).toContain(late?.id);
      const december = (await allPages({ country: 'belgique', year: 2026, month: 12 })).items;
      expect(idsOf(december)).not.toContain(late?.id);
    } finally {
      await db.delete(ticketings).where(eq(ticketings.id, late?.id ?? 0));
    }
  });

  it('narrows with from, city, category, performer and organizer', async () => {
    const fromDay = '2026-12-15';
    const fromInstant = new Date('2026-12-14T23:00:00Z');
    expect(idsOf((await allPages({ from: fromDay })).items)).toEqual(
      expectedIds(published(rows).filter((row) => row.endsAt >= fromInstant)),
    );

    expect(idsOf((await allPages({ city: 'paris' })).items)).toEqual(
      expectedIds(upcoming(rows).filter((row) => row.citySlug === 'paris')),
    );

    const theatre = upcoming(rows).filter((row) => row.category === 'Théâtre');
    expect(theatre.length).toBeGreaterThan(1);
    expect(idsOf((await allPages({ category: 'Théâtre' })).items)).toEqual(expectedIds(theatre));

    const performerId = rows[0]?.performerIds[0] ?? 0;
    const withPerformer = upcoming(rows).filter((row) => row.performerIds.includes(performerId));
    expect(withPerformer.length).toBeGreaterThan(0);
    expect(idsOf((await allPages({ performer: performerId })).items)).toEqual(expectedIds(withPerformer));

    const organizerId = rows[0]?.organizerId ?? 0;
    const byOrganizer = upcoming(rows).filter((row) => row.organizerId === organizerId);
    expect(idsOf((await allPages({ organizer: organizerId, country: 'france' })).items)).toEqual(
      expectedIds(byOrganizer.filter((row) => row.country === 'france')),
    );
    expect((await page({ city: 'paris', category: 'Sport', year: 2000 })).items).toEqual([]);
  });

  it('searches titles without caring for accents or capitals', async () => {
    const theatre = await allPages({ q: 'theatre' });
    expect(idsOf(theatre.items)).toEqual([theatreId]);
    expect(idsOf((await allPages({ q: 'THÉÂTRE' })).items)).toEqual([theatreId]);

    const garnier = await allPages({ q: 'theo GARNIER' });
    const expected = upcoming(rows).filter((row) => row.title.startsWith('Théo Garnier'));
    expect(expected.length).toBe(2);
    expect(idsOf(garnier.items)).toEqual(expectedIds(expected));

    expect(idsOf((await allPages({ q: 'electriques', year: 2026 })).items)).toContain(1);
    // LIKE wildcards typed by a visitor are plain characters.
    expect((await page({ q: '%' })).items).toEqual([]);
    expect((await page({ q: '_' })).items).toEqual([]);
  });

  it('answers 400 in French for invalid filters', async () => {
    const cases: [Record<string, string | number>, string, RegExp?][] = [
      [{ year: 2026, month: 13 }, 'month'],
      [{ year: 2026, month: 11, day: 31 }, 'day', /^Le mois 11\/2026 n’a que 30 jours\.$/],
      [{ year: 2027, month: 2, day: 29 }, 'day', /n’a que 28 jours/],
      [{ month: 5 }, 'month', /Le mois demande aussi l’année/],
      [{ year: 2026, day: 5 }, 'day', /Le jour demande aussi le mois/],
      [{ limit: 0 }, 'limit'],
      [{ limit: 51 }, 'limit'],
      [{ limit: 'vingt' }, 'limit'],
      [{ country: 'allemagne' }, 'country'],
      [{ from: '2026-02-30' }, 'from'],
      [{ city: 'Saint Malo' }, 'city'],
      [{ performer: 0 }, 'performer'],
    ];
    for (const [query, field, message = /\S/] of cases) {
      const issues = validationIssues(await get('/ticketings', query), 'querystring');
      expect(issues, JSON.stringify(query)).toEqual([
        expect.objectContaining({ path: [field], message: expect.stringMatching(message) }),
      ]);
    }
    expect((await get('/ticketings', { year: 2024, month: 2, day: 29 })).statusCode).toBe(200);
  });

  it('answers 400 for a cursor it did not make', async () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'abc',
      '!!!',
      forged({ startsAt: 'hier', id: 3 }),
      forged({ startsAt: '2026-11-22T10:00:00.000000Z', id: -1 }),
      forged({ startsAt: '2026-11-22T10:00:00.000000Z', id: 1e12 }),
      forged([1, 2]),
      forged(null),
    ]) {
      const response = await get('/ticketings', { cursor });
      expect(validationIssues(response, 'querystring'), cursor).toEqual([
        { path: ['cursor'], code: 'custom', message: 'Curseur de pagination invalide.' },
      ]);
    }
  });
});

describe('GET /ticketings/:ticketingID', () => {
  it('gives the whole page: place, organizer, performers and tickets in their order', async () => {
    const response = await get('/ticketings/1');
    expect(response.statusCode).toBe(200);
    const detail: TicketingDetail = response.json();
    const row = rows.find((candidate) => candidate.id === 1);
    if (!row) throw new Error('Billetterie 1 absente du catalogue de démonstration.');
    expect(detail).toMatchObject({
      id: 1,
      slug: row?.slug,
      title: 'Les Nuits Électriques',
      description: row?.description,
      address: row?.address,
      postalCode: row?.postalCode,
      startsAt: row?.startsAt.toISOString(),
      endsAt: row?.endsAt.toISOString(),
      status: 'PUBLISHED',
      visuals: row?.visuals,
    });
    expect(detail.organizer.id).toBe(row?.organizerId);
    expect(detail.organizer.name).toBe('Rhône Live');
    const links = await context.database.db
      .select()
      .from(ticketingPerformers)
      .where(eq(ticketingPerformers.ticketingId, 1));
    expect(idsOf(detail.performers)).toEqual(
      links.sort((a, b) => a.position - b.position).map((link) => link.performerId),
    );
    expect(detail.performers.map((performer) => performer.name)).toEqual([
      'Sacha Védrine',
      'DJ Nova Brise',
      'Kenza et les Lucioles',
    ]);
    const tickets = (await context.database.db.select().from(products).where(eq(products.ticketingId, 1))).sort(
      (a, b) => a.position - b.position,
    );
    expect(detail.products.map((product) => product.productID)).toEqual(tickets.map((product) => product.id));
    for (const [index, product] of detail.products.entries()) {
      const stored = tickets[index];
      if (!stored) throw new Error('produit manquant');
      expect(product).toEqual({
        productID: stored.id,
        productType: 'TICKET',
        title: stored.title,
        description: stored.description,
        price: stored.price,
        discountType: stored.discountType,
        discount: stored.discount,
        discountedPrice: discountedPrice(stored),
        quota: quotaNow({
          onSale: ticketOnSale(row, NOW),
          perOrder: stored.quota,
          available: stored.stock - stored.sold - stored.reserved,
        }),
        remaining: Math.max(0, stored.stock - stored.sold - stored.reserved),
        soldOut: stored.stock - stored.sold - stored.reserved <= 0,
      });
    }
    // The seed puts a 20 % discount on the second ticket of this festival.
    expect(detail.products[1]).toMatchObject({ discountType: 'PERCENTAGE', discount: 20 });
    expect(detail.products[1]?.discountedPrice).toBe(
      (detail.products[1]?.price ?? 0) - Math.round((detail.products[1]?.price ?? 0) * 0.2),
    );
  });

  it('says when the sale opens: the organizer’s date, else the moment the ticketing went online', async () => {
    const later = rows.find((row) => row.salesStartAt && row.salesStartAt.getTime() > NOW.getTime());
    const earlier = rows.find((row) => row.salesStartAt && row.salesStartAt.getTime() < NOW.getTime());
    const plain = rows.find((row) => row.id === 1);
    if (!later?.salesStartAt || !earlier?.salesStartAt || !plain)
      throw new Error('the seed has sales opening later, already open, and ticketing 1 without a date');
    expect(plain.salesStartAt).toBeNull();
    const salesStartAt = async (id: number) =>
      ((await get(`/ticketings/${id}`)).json() as TicketingDetail).salesStartAt;
    expect(await salesStartAt(later.id)).toBe(later.salesStartAt.toISOString());
    expect(await salesStartAt(earlier.id)).toBe(earlier.salesStartAt.toISOString());
    expect(await salesStartAt(1)).toBe(plain.createdAt.toISOString());
  });

  it('caps the selectable quantity by what is left, and says when a ticket is sold out', async () => {
    const { db } = context.database;
    // Ticketing 4's first ticket is sold out in the demo catalogue.
    const soldOut: TicketingDetail = (await get('/ticketings/4')).json();
    expect(soldOut.products[0]).toMatchObject({ soldOut: true, quota: 0, remaining: 0 });
    expect(soldOut.products.slice(1).every((product) => !product.soldOut && product.quota > 0)).toBe(true);

    const [ticket] = await db.select().from(products).where(eq(products.ticketingId, 2));
    if (!ticket) throw new Error('billet manquant');
    await db
      .update(products)
      .set({ sold: ticket.stock - 3, reserved: 1 })
      .where(eq(products.id, ticket.id));
    try {
      const detail: TicketingDetail = (await get('/ticketings/2')).json();
      const product = detail.products.find((candidate) => candidate.productID === ticket.id);
      expect(ticket.quota).toBeGreaterThan(2);
      expect(product).toMatchObject({ quota: 2, remaining: 2, soldOut: false });
    } finally {
      await db.update(products).set({ sold: ticket.sold, reserved: ticket.reserved }).where(eq(products.id, ticket.id));
    }
  });

  it('sells nothing before its sale opens, once it is over, or when it is cancelled: each ticket says how many are left', async () => {
    const opensLater = rows.find(
      (row) => row.status === 'PUBLISHED' && row.salesStartAt && row.salesStartAt > NOW && row.endsAt > NOW,
    );
    const over = rows.find((row) => row.status === 'PUBLISHED' && row.endsAt < NOW);
    const cancelled = rows.find((row) => row.status === 'CANCELLED');
    if (!opensLater || !over || !cancelled)
      throw new Error('the seed has a sale opening later, a past and a cancelled ticketing');
    for (const row of [opensLater, over, cancelled]) {
      const detail: TicketingDetail = (await get(`/ticketings/${row.id}`)).json();
      expect(detail.products.length).toBeGreaterThan(0);
      expect(detail.products.map((product) => product.quota)).toEqual(detail.products.map(() => 0));
      expect(detail.products.some((product) => product.remaining > 0 && !product.soldOut)).toBe(true);
    }
    // The same ticketing once its sale has opened sells again.
    const opening = opensLater.salesStartAt;
    await context.database.db
      .update(ticketings)
      .set({ salesStartAt: new Date(NOW.getTime() - 60_000) })
      .where(eq(ticketings.id, opensLater.id));
    try {
      const detail: TicketingDetail = (await get(`/ticketings/${opensLater.id}`)).json();
      expect(detail.products.some((product) => product.quota > 0)).toBe(true);
    } finally {
      await context.database.db
        .update(ticketings)
        .set({ salesStartAt: opening })
        .where(eq(ticketings.id, opensLater.id));
    }
  });

  it('shows a cancelled ticketing with its status', async () => {
    const cancelled = rows.find((row) => row.status === 'CANCELLED');
    const response = await get(`/ticketings/${cancelled?.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: cancelled?.id, status: 'CANCELLED' });
  });

  it('answers 404 for an unknown or draft ticketing, 400 for an id that is not digits', async () => {
    for (const id of ['999999', String(draftId), '0', '99999999999']) {
      const response = await get(`/ticketings/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Billetterie introuvable.' });
    }
    for (const id of ['les-nuits-electriques-1', '1.5', '-1']) {
      expect(validationIssues(await get(`/ticketings/${id}`), 'params'), id).toEqual([
        expect.objectContaining({ path: ['ticketingID'] }),
      ]);
    }
  });

  it('dates each card in Paris for the web (sanity check of the test data)', () => {
    expect(parisDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
