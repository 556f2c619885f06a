import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Visual } from '@guichet/contracts';
import { admissionVatRate, discountedPrice, SURVEY_QUESTION_KINDS } from '@guichet/domain';
import { verify } from '@node-rs/argon2';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import * as schema from '../src/db/schema.js';
import { DEMO_ACCOUNT, PRO_DEMO_ACCOUNT, SCANNER_DEMO_ACCOUNT, seedDemoCatalogue } from '../src/seed/index.js';
import { buildVisualManifest } from '../src/seed/manifest.js';
import { PARTNER_OFFER_SLUGS, PARTNER_ORGANIZER } from '../src/seed/organizers.js';
import { LAST_SEATS } from '../src/seed/sales.js';
import { TICKET_TEMPLATES } from '../src/seed/ticketings.js';
import { slugify } from '../src/seed/util.js';
import { TICKET_CODE_PATTERN } from '../src/services/documents/codes.js';

const TODAY = new Date('2026-11-22T10:00:00Z');
const DAY = 86_400_000;
const PUBLIC_DIR = fileURLToPath(new URL('../../web/public', import.meta.url));
const MANIFEST = fileURLToPath(new URL('../src/seed/visuals.json', import.meta.url));

async function seededDatabase(): Promise<{ handle: DatabaseHandle; seedMs: number }> {
  const handle = await openDatabase({});
  await migrateDatabase(handle);
  const started = performance.now();
  await seedDemoCatalogue(handle.db, TODAY);
  return { handle, seedMs: performance.now() - started };
}

/** Node types and mark types used anywhere in a ProseMirror document. */
function richTextFeatures(node: unknown, found = new Set<string>()): Set<string> {
  if (node && typeof node === 'object') {
    const value = node as { type?: string; attrs?: { level?: number }; marks?: unknown[]; content?: unknown[] };
    if (value.type === 'heading') found.add(`heading-${value.attrs?.level}`);
    else if (value.type) found.add(value.type);
    for (const mark of value.marks ?? []) {
      const { type, attrs } = mark as { type: string; attrs?: { href?: string; target?: string; rel?: string } };
      found.add(`mark:${type}`);
      // Le Mag's links to the site's own pages are paths (docs/decisions/0070), others absolute.
      const href = attrs?.href ?? '';
      if (type === 'link' && /^(https:\/\/|\/[^/])/.test(href) && attrs?.target === '_blank' && attrs.rel) {
        found.add('link-attrs');
      }
    }
    for (const child of value.content ?? []) richTextFeatures(child, found);
  }
  return found;
}

describe('seedDemoCatalogue', () => {
  let handle: DatabaseHandle;
  let seedMs = 0;

  beforeAll(async () => {
    ({ handle, seedMs } = await seededDatabase());
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('runs quickly on an in-memory PGlite', () => {
    expect(seedMs).toBeLessThan(5_000);
  });

  it('publishes at least 60 ticketings across 12+ cities and three countries', async () => {
    const rows = await handle.db.select().from(schema.ticketings).orderBy(asc(schema.ticketings.id));
    const published = rows.filter((row) => row.status === 'PUBLISHED');
    expect(published.length).toBeGreaterThanOrEqual(60);
    expect(rows.some((row) => row.status === 'CANCELLED')).toBe(true);
    expect(new Set(rows.map((row) => row.citySlug)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((row) => row.country))).toEqual(new Set(['france', 'belgique', 'suisse']));
    expect(rows.filter((row) => row.country === 'belgique').map((row) => row.citySlug)).toContain('liege');
    expect(rows.filter((row) => row.country === 'suisse').map((row) => row.citySlug)).toContain('geneve');
    for (const row of rows) {
      expect(row.slug).toBe(slugify(row.title));
      expect(row.citySlug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(row.summary.length).toBeGreaterThan(20);
      expect(row.address).not.toBe('');
      expect(row.postalCode).toMatch(/^\d{4,5}$/);
      expect(row.visuals.length).toBeGreaterThanOrEqual(1);
      expect(row.visuals.length).toBeLessThanOrEqual(2);
      expect(row.endsAt.getTime()).toBeGreaterThanOrEqual(row.startsAt.getTime());
      const blocks = row.description.content ?? [];
      expect(blocks.length).toBeGreaterThanOrEqual(2);
      expect(blocks.length).toBeLessThanOrEqual(4);
    }
    expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
    expect(rows[0]?.title).toBe('Les Nuits Électriques');
  });

  it('spreads ticketings over the past 3 months and the next 12 months', async () => {
    const rows = await handle.db.select().from(schema.ticketings);
    const past = rows.filter((row) => row.startsAt < TODAY);
    const upcoming = rows.filter((row) => row.startsAt >= TODAY);
    expect(past.length).toBeGreaterThanOrEqual(10);
    expect(past.length).toBeLessThanOrEqual(15);
    expect(upcoming.length).toBeGreaterThan(past.length);
    for (const row of rows) {
      expect(row.startsAt.getTime()).toBeGreaterThanOrEqual(TODAY.getTime() - 95 * DAY);
      expect(row.startsAt.getTime()).toBeLessThanOrEqual(TODAY.getTime() + 366 * DAY);
      expect(row.endsAt.getTime()).toBeLessThanOrEqual(TODAY.getTime() + 370 * DAY);
    }
  });

  it('gives every ticketing 2 to 4 ticket products and 1 to 3 performers', async () => {
    const rows = await handle.db.select().from(schema.ticketings);
    const productRows = await handle.db.select().from(schema.products);
    const links = await handle.db.select().from(schema.ticketingPerformers);
    for (const row of rows) {
      const own = productRows.filter((product) => product.ticketingId === row.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(4);
      for (const product of own) expect(product.productType).toBe('TICKET');
      const performers = links.filter((link) => link.ticketingId === row.id);
      expect(performers.length).toBeGreaterThanOrEqual(1);
      expect(performers.length).toBeLessThanOrEqual(3);
    }
    for (const product of productRows) {
      expect(product.sold).toBeLessThanOrEqual(product.stock);
      expect(product.quota).toBeGreaterThanOrEqual(1);
      expect(product.quota).toBeLessThanOrEqual(10);
      expect(Number.isInteger(product.price)).toBe(true);
      if (product.discountType === null) expect(product.discount).toBe(0);
      if (product.discountType === 'PERCENTAGE') expect(product.discount).toBeLessThanOrEqual(100);
      if (product.discountType === 'FIXED') expect(product.discount).toBeLessThan(product.price);
    }
    const tickets = productRows.filter((product) => product.productType === 'TICKET');
    expect(tickets.filter((product) => product.stock >= 50 && product.stock <= 2000).length).toBe(tickets.length);
    expect(tickets.filter((product) => product.sold === product.stock).length).toBeGreaterThanOrEqual(2);
    expect(tickets.some((product) => product.discountType === 'FIXED')).toBe(true);
    // « Dernières places »: one price of a coming concert with between 5 and 20 left.
    expect(tickets.some((product) => product.stock - product.sold >= 5 && product.stock - product.sold <= 20)).toBe(
      true,
    );
    expect(LAST_SEATS.left).toBeGreaterThanOrEqual(5);
    // A ticket at its event's rate (country and category): 5,5 % or 10 % in France, 6 % in Belgium, none in
    // Switzerland; deals at 10 % (meals) or 20 %.
    for (const product of tickets) {
      const event = rows.find((row) => row.id === product.ticketingId);
      expect(product.vatRate).toBe(admissionVatRate(event?.country ?? '', event?.category ?? ''));
    }
    expect(new Set(tickets.map((product) => product.vatRate))).toEqual(new Set([0, 550, 600, 1000]));
    expect(
      new Set(productRows.filter((product) => product.productType === 'OFFER').map((product) => product.vatRate)),
    ).toEqual(new Set([1000, 2000]));
    expect(tickets.some((product) => product.discountType === 'PERCENTAGE')).toBe(true);
    expect(tickets.filter((product) => product.discountType === null).length).toBeGreaterThan(tickets.length / 2);
  });

  it('promises no numbered seat: seats are not allocated (docs/decisions/0047)', () => {
    const promises = Object.values(TICKET_TEMPLATES)
      .flat()
      .map((template) => `${template.title} : ${template.description}`)
      .filter((words) => /numérot|\bplacé|siège/i.test(words));
    expect(promises).toEqual([]);
  });

  it('has 30 performers and 10 organizers', async () => {
    const performers = await handle.db.select().from(schema.performers);
    expect(performers).toHaveLength(30);
    for (const performer of performers) {
      expect(performer.initial).toMatch(/^[A-Z]$/);
      expect(performer.initial).toBe(slugify(performer.name).charAt(0).toUpperCase());
      expect(performer.bio?.type).toBe('doc');
    }
    expect(performers.find((performer) => performer.name === 'Élodie Fontaine')?.initial).toBe('E');
    const links = await handle.db.select().from(schema.ticketingPerformers);
    expect(new Set(links.map((link) => link.performerId)).size).toBe(30);

    const all = await handle.db.select().from(schema.organizers);
    // The catalogue's ten, and the deals' partner of door control (issue 26), which has no logo.
    expect(all).toHaveLength(11);
    const organizers = all.filter((organizer) => organizer.slug !== PARTNER_ORGANIZER.slug);
    expect(organizers).toHaveLength(10);
    for (const organizer of organizers) {
      expect(organizer.website).toMatch(/^https:\/\/[a-z0-9.-]+\.example$/);
      expect(organizer.logo?.url).toMatch(/^\/visuals\/organizers\//);
    }
  });

  it('gives door control its demo: a partner organiser of three deals, and a scanner account', async () => {
    const [partner] = await handle.db
      .select()
      .from(schema.organizers)
      .where(eq(schema.organizers.slug, PARTNER_ORGANIZER.slug));
    if (!partner) throw new Error('Partenaire absent');
    const partnered = await handle.db.select().from(schema.offers).where(eq(schema.offers.organizerId, partner.id));
    expect(partnered.map((offer) => offer.slug).sort()).toEqual([...PARTNER_OFFER_SLUGS].sort());
    const [scanner] = await handle.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, SCANNER_DEMO_ACCOUNT.email));
    if (!scanner) throw new Error('Compte de contrôle absent');
    expect(await verify(scanner.passwordHash, SCANNER_DEMO_ACCOUNT.password)).toBe(true);
    const roles = await handle.db
      .select({ organizerId: schema.memberships.organizerId, role: schema.memberships.role })
      .from(schema.memberships)
      .where(eq(schema.memberships.userId, scanner.id));
    // Scanner of every organiser pro@guichet.test owns, and of the partner (which it does not own).
    const [pro] = await handle.db.select().from(schema.users).where(eq(schema.users.email, PRO_DEMO_ACCOUNT.email));
    const owned = await handle.db
      .select({ organizerId: schema.memberships.organizerId })
      .from(schema.memberships)
      .where(eq(schema.memberships.userId, pro?.id ?? 0));
    expect(owned.map((row) => row.organizerId)).not.toContain(partner.id);
    expect(roles.map((row) => row.organizerId).sort((x, y) => x - y)).toEqual(
      [...owned.map((row) => row.organizerId), partner.id].sort((x, y) => x - y),
    );
    expect(new Set(roles.map((row) => row.role))).toEqual(new Set(['SCANNER']));
  });

  it('has 30 offers whose products use both discount types', async () => {
    const offers = await handle.db.select().from(schema.offers);
    expect(offers).toHaveLength(30);
    expect(new Set(offers.map((offer) => offer.category)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(offers.map((offer) => offer.citySlug)).size).toBeGreaterThanOrEqual(8);
    expect(offers.filter((offer) => offer.validUntil < TODAY).length).toBeGreaterThanOrEqual(2);
    const productRows = await handle.db.select().from(schema.products).where(eq(schema.products.productType, 'OFFER'));
    for (const offer of offers) {
      const own = productRows.filter((product) => product.offerId === offer.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(2);
    }
    expect(productRows.every((product) => product.ticketingId === null)).toBe(true);
    expect(new Set(productRows.map((product) => product.discountType))).toEqual(new Set(['FIXED', 'PERCENTAGE']));
  });

  it('has contest games open, upcoming and closed, with 3 questions each', async () => {
    const games = await handle.db.select().from(schema.contestGames).orderBy(asc(schema.contestGames.id));
    expect(games).toHaveLength(4);
    const open = games.filter((game) => game.startsAt < TODAY && TODAY < game.endsAt);
    const upcoming = games.filter((game) => game.startsAt > TODAY);
    const closed = games.filter((game) => game.endsAt < TODAY);
    expect(open).toHaveLength(2);
    expect(upcoming).toHaveLength(1);
    expect(closed).toHaveLength(1);
    expect(games.some((game) => game.ticketingId !== null)).toBe(true);

    const questions = await handle.db.select().from(schema.contestQuestions);
    for (const game of games) {
      const own = questions.filter((question) => question.contestGameId === game.id);
      expect(own).toHaveLength(3);
      for (const question of own) {
        expect(question.choices.length).toBeGreaterThanOrEqual(3);
        expect(question.choices.length).toBeLessThanOrEqual(4);
        expect(question.answer).toBeGreaterThanOrEqual(0);
        expect(question.answer).toBeLessThan(question.choices.length);
      }
    }

    const participations = await handle.db.select().from(schema.contestParticipations);
    const closedGame = closed[0];
    expect(participations.filter((participation) => participation.contestGameId === closedGame?.id).length).toBe(5);
    expect(participations.some((participation) => open.some((game) => game.id === participation.contestGameId))).toBe(
      true,
    );
    for (const participation of participations) {
      const own = questions
        .filter((question) => question.contestGameId === participation.contestGameId)
        .sort((a, b) => a.position - b.position);
      const score = own.filter((question, index) => participation.answers[index] === question.answer).length;
      expect(participation.score).toBe(score);
      expect(participation.createdAt < TODAY).toBe(true);
    }
  });

  it('has 2 surveys of 3 to 5 questions', async () => {
    const surveys = await handle.db.select().from(schema.surveys);
    expect(surveys).toHaveLength(2);
    const questions = await handle.db.select().from(schema.surveyQuestions);
    for (const survey of surveys) {
      const own = questions.filter((question) => question.surveyId === survey.id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(5);
      for (const question of own) {
        expect(SURVEY_QUESTION_KINDS).toContain(question.kind);
        if (question.kind.endsWith('_CHOICE')) expect(question.choices?.length).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('has 6 published articles using headings, bold, italic, underline and links', async () => {
    const articles = await handle.db.select().from(schema.articles);
    expect(articles).toHaveLength(6);
    for (const article of articles) {
      expect(article.publishedAt < TODAY).toBe(true);
      const features = richTextFeatures(article.body);
      for (const feature of [
        'paragraph',
        'heading-2',
        'heading-3',
        'mark:bold',
        'mark:italic',
        'mark:underline',
        'mark:link',
        'link-attrs',
      ]) {
        expect(features, `${article.slug} : ${feature}`).toContain(feature);
      }
    }
  });

  it('creates the demo account with two paid orders and their tickets', async () => {
    const [demo] = await handle.db.select().from(schema.users).where(eq(schema.users.email, DEMO_ACCOUNT.email));
    expect(demo).toBeDefined();
    if (!demo) return;
    expect(demo.firstname).toBe('Camille');
    expect(demo.lastname).toBe('Martin');
    expect(demo.phone).toBe('0612345678');
    expect(demo.termsAcceptedAt).not.toBeNull();
    expect(demo.facturationAddress).toMatchObject({ country: 'France' });
    expect(demo.facturationAddress?.street).toBeTruthy();
    expect(demo.facturationAddress?.postalCode).toBeTruthy();
    expect(demo.facturationAddress?.city).toBeTruthy();
    expect(await verify(demo.passwordHash, DEMO_ACCOUNT.password)).toBe(true);
    expect(demo.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await handle.db.select().from(schema.users)).length).toBeGreaterThanOrEqual(4);

    const orders = await handle.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.userId, demo.id))
      .orderBy(asc(schema.orders.id));
    expect(orders).toHaveLength(2);
    const productRows = await handle.db.select().from(schema.products);
    const items = await handle.db.select().from(schema.orderItems);
    const tickets = await handle.db.select().from(schema.tickets);
    for (const order of orders) {
      expect(order.status).toBe('PAID');
      expect(order.reference).toMatch(/^GU-\d{4}-\d{6}$/);
      expect(order.paidAt).not.toBeNull();
      expect(order.paidAt && order.paidAt < TODAY).toBe(true);
      expect(order.paymentProvider).toBe('demo');
      expect(order.facturationAddress).toEqual(demo.facturationAddress);
      expect(order.invoiceNumber).toBe(orders.indexOf(order) + 1);
      const lines = items.filter((item) => item.orderId === order.id);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(order.totalAmount).toBe(lines.reduce((sum, line) => sum + line.lineTotal, 0));
      for (const line of lines) {
        const product = productRows.find((candidate) => candidate.id === line.productId);
        expect(product).toBeDefined();
        if (!product) continue;
        expect(line.unitPrice).toBe(discountedPrice(product));
        expect(line.lineTotal).toBe(line.unitPrice * line.quantity);
        const own = tickets.filter((ticket) => ticket.orderItemId === line.id);
        // Tickets and deal vouchers alike: one code per unit, in the alphabet without look-alikes.
        expect(own).toHaveLength(line.quantity);
        for (const ticket of own) {
          expect(ticket.holderName).toBe('Camille Martin');
          expect(ticket.code).toMatch(TICKET_CODE_PATTERN);
        }
        expect(line.vatRate).toBe(product.vatRate);
        expect(line.holderNames).toEqual(Array.from({ length: line.quantity }, () => 'Camille Martin'));
      }
    }
    // At least one line is charged below its list price.
    expect(
      items.some((item) => item.unitPrice < (productRows.find((product) => product.id === item.productId)?.price ?? 0)),
    ).toBe(true);
    expect(tickets.length).toBeGreaterThanOrEqual(3);
  });

  it('seeds redirects and records the seed run', async () => {
    const redirects = await handle.db.select().from(schema.redirects).orderBy(asc(schema.redirects.id));
    const [first] = await handle.db.select().from(schema.ticketings).where(eq(schema.ticketings.id, 1));
    expect(redirects.map((redirect) => [redirect.source, redirect.target, redirect.kind])).toEqual([
      ['/evenement/nuits-electriques-lyon', `/billetterie/${first?.slug}-1`, 'PERMANENT'],
      ['/billetterie-ancienne', '/billetteries/france', 'TEMPORARY'],
      ['/aide', 'https://support.guichet.example/', 'PERMANENT'],
    ]);
    const runs = await handle.db.select().from(schema.seedRuns);
    expect(runs.map((run) => run.name)).toEqual(['demo']);
  });

  it('does nothing when the database was already seeded', async () => {
    const count = async () => ({
      ticketings: (await handle.db.select().from(schema.ticketings)).length,
      products: (await handle.db.select().from(schema.products)).length,
      users: (await handle.db.select().from(schema.users)).length,
      runs: (await handle.db.select().from(schema.seedRuns)).length,
    });
    const before = await count();
    expect(await seedDemoCatalogue(handle.db, new Date('2027-01-01T10:00:00Z'))).toBe(false);
    expect(await count()).toEqual(before);
  });

  it('points every stored visual at a generated file listed in the manifest', async () => {
    const visuals: Visual[] = [
      ...(await handle.db.select().from(schema.ticketings)).flatMap((row) => row.visuals),
      ...(await handle.db.select().from(schema.offers)).flatMap((row) => row.visuals),
      ...(await handle.db.select().from(schema.performers)).flatMap((row) => (row.visual ? [row.visual] : [])),
      ...(await handle.db.select().from(schema.organizers)).flatMap((row) => (row.logo ? [row.logo] : [])),
      ...(await handle.db.select().from(schema.contestGames)).flatMap((row) => (row.visual ? [row.visual] : [])),
      ...(await handle.db.select().from(schema.articles)).flatMap((row) => (row.visual ? [row.visual] : [])),
    ];
    expect(visuals.length).toBeGreaterThan(130);
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { url: string }[];
    // visuals.json must be regenerated (write-visuals-manifest.ts) whenever the seed data changes.
    expect(manifest).toEqual(buildVisualManifest());
    const listed = new Set(manifest.map((entry) => entry.url));
    for (const visual of visuals) {
      expect(visual.url).toMatch(/^\/visuals\/[a-z]+\/[a-z0-9-]+\.svg$/);
      expect(listed.has(visual.url), visual.url).toBe(true);
      expect(existsSync(`${PUBLIC_DIR}${visual.url}`), visual.url).toBe(true);
      expect(visual.alt.length).toBeGreaterThan(5);
      expect([600, 800]).toContain(visual.height);
    }
    expect(existsSync(`${PUBLIC_DIR}/visuals/guichet-share.svg`)).toBe(true);
  });

  it('is deterministic: a second fresh database gets identical rows', async () => {
    const second = await seededDatabase();
    try {
      const pick = async (db: DatabaseHandle['db']) => ({
        ticketings: (await db.select().from(schema.ticketings).orderBy(asc(schema.ticketings.id))).map(
          ({ createdAt: _createdAt, ...row }) => row,
        ),
        products: (await db.select().from(schema.products).orderBy(asc(schema.products.id))).map(
          ({ createdAt: _createdAt, ...row }) => row,
        ),
        performers: (await db.select().from(schema.performers).orderBy(asc(schema.performers.id))).map(
          ({ createdAt: _createdAt, ...row }) => row,
        ),
        orders: (await db.select().from(schema.orders).orderBy(asc(schema.orders.id))).map((row) => row),
        // Ticket codes are random on every run, like those of any paid order; their number is not.
        tickets: (await db.select().from(schema.tickets).orderBy(asc(schema.tickets.id))).map((row) => row.orderItemId),
      });
      expect(await pick(second.handle.db)).toEqual(await pick(handle.db));
    } finally {
      await second.handle.close();
    }
  });
});
