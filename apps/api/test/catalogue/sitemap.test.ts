/**
 * GET /sitemap: the pages of the site map with when each last changed, compared with the rows; and the trigger of
 * migration 0014 that keeps `updated_at` (what lastmod is made of) on every change, whoever writes it. Runs on
 * PGlite and on PostgreSQL (DATABASE_URL).
 */
import { type SitemapEntries, SitemapEntries as SitemapSchema } from '@guichet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../../src/db/schema.js';
import { createTestApp } from '../helpers.js';
import { freezeClock, NOW } from './catalogue-data.js';

let context: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  freezeClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await context?.close();
});

const db = () => context.database.db;

async function entries(): Promise<SitemapEntries> {
  const response = await context.app.inject({ method: 'GET', url: '/sitemap' });
  expect(response.statusCode, response.body).toBe(200);
  return SitemapSchema.parse(response.json());
}

const iso = (date: Date) => date.toISOString();

describe('GET /sitemap', () => {
  it('lists every published ticketing, the latest to start first, dated by its creation while unchanged', async () => {
    const rows = await db().select().from(schema.ticketings);
    const published = rows
      .filter((row) => row.status === 'PUBLISHED')
      .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b.id - a.id);
    expect(rows.some((row) => row.status === 'CANCELLED')).toBe(true);
    expect((await entries()).ticketings).toEqual(
      published.map((row) => ({ id: row.id, slug: row.slug, lastModified: iso(row.updatedAt ?? row.createdAt) })),
    );
  });

  it('lists organizers, artists, the deals on sale and the published articles, each with its date', async () => {
    await db()
      .insert(schema.articles)
      .values({
        slug: 'a-paraitre',
        title: 'À paraître',
        summary: 'Demain.',
        body: { type: 'doc', content: [] },
        author: 'La rédaction',
        category: 'Festivals',
        publishedAt: new Date(NOW.getTime() + 86_400_000),
      });
    const [organizers, performers, offers, articles] = await Promise.all([
      db().select().from(schema.organizers),
      db().select().from(schema.performers),
      db().select().from(schema.offers),
      db().select().from(schema.articles),
    ]);
    const answer = await entries();
    expect(answer.organizers).toEqual(
      organizers
        .sort((a, b) => a.id - b.id)
        .map((row) => ({ id: row.id, lastModified: iso(row.updatedAt ?? row.createdAt) })),
    );
    expect(answer.performers).toEqual(
      performers
        .sort((a, b) => a.id - b.id)
        .map((row) => ({ id: row.id, lastModified: iso(row.updatedAt ?? row.createdAt) })),
    );
    const onSale = offers.filter((row) => row.validUntil.getTime() >= NOW.getTime());
    expect(onSale.length).toBeLessThan(offers.length);
    expect(answer.offers).toEqual(
      onSale
        .sort((a, b) => a.validUntil.getTime() - b.validUntil.getTime() || a.id - b.id)
        .map((row) => ({ offerID: row.id, slug: row.slug, lastModified: iso(row.updatedAt ?? row.createdAt) })),
    );
    const published = articles.filter((row) => row.publishedAt.getTime() <= NOW.getTime());
    expect(published.length).toBeLessThan(articles.length);
    // An article is online from its publication: what changed before it is part of what was published.
    expect(answer.articles).toEqual(
      published
        .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id)
        .map((row) => ({
          slug: row.slug,
          lastModified: iso(row.updatedAt && row.updatedAt > row.publishedAt ? row.updatedAt : row.publishedAt),
        })),
    );
  });
});

describe('updated_at (migration 0014)', () => {
  // The database's own clock dates a change: PGlite, in this process, reads the real one only without the fake.
  beforeAll(() => vi.useRealTimers());
  afterAll(() => freezeClock());

  const lastModifiedOf = async (id: number) =>
    (await entries()).ticketings.find((entry) => entry.id === id)?.lastModified;

  it('moves when a ticketing changes, whoever writes it, and only then', async () => {
    const [row] = await db().select().from(schema.ticketings).where(eq(schema.ticketings.id, 2));
    if (!row) throw new Error('ticketing 2 is missing');
    expect(row.updatedAt).toBeNull();
    expect(await lastModifiedOf(2)).toBe(iso(row.createdAt));

    // The same values written again: nothing changed, nothing moves.
    await db().update(schema.ticketings).set({ title: row.title }).where(eq(schema.ticketings.id, 2));
    const [same] = await db().select().from(schema.ticketings).where(eq(schema.ticketings.id, 2));
    expect(same?.updatedAt).toBeNull();

    await db()
      .update(schema.ticketings)
      .set({ title: `${row.title} (nouvelle date)` })
      .where(eq(schema.ticketings.id, 2));
    const [changed] = await db().select().from(schema.ticketings).where(eq(schema.ticketings.id, 2));
    expect(changed?.updatedAt).toBeInstanceOf(Date);
    expect(changed?.updatedAt?.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    expect(await lastModifiedOf(2)).toBe(iso(changed?.updatedAt as Date));

    // A statement that says when the change happened (an import) keeps its own date.
    const imported = new Date('2026-11-01T08:00:00Z');
    await db()
      .update(schema.ticketings)
      .set({ title: row.title, updatedAt: imported })
      .where(eq(schema.ticketings.id, 2));
    expect(await lastModifiedOf(2)).toBe(iso(imported));
  });

  it('moves for organizers, artists, articles and deals too, a deal when one of its prices changes', async () => {
    const [organizer] = await db().select().from(schema.organizers).limit(1);
    const [performer] = await db().select().from(schema.performers).limit(1);
    const [article] = await db().select().from(schema.articles).limit(1);
    if (!organizer || !performer || !article) throw new Error('the seed has organizers, artists and articles');
    await db()
      .update(schema.organizers)
      .set({ city: `${organizer.city} ` })
      .where(eq(schema.organizers.id, organizer.id));
    await db()
      .update(schema.performers)
      .set({ genre: `${performer.genre} ` })
      .where(eq(schema.performers.id, performer.id));
    await db()
      .update(schema.articles)
      .set({ summary: `${article.summary} ` })
      .where(eq(schema.articles.id, article.id));
    const [organizerAfter] = await db().select().from(schema.organizers).where(eq(schema.organizers.id, organizer.id));
    const [performerAfter] = await db().select().from(schema.performers).where(eq(schema.performers.id, performer.id));
    const [articleAfter] = await db().select().from(schema.articles).where(eq(schema.articles.id, article.id));
    expect(organizerAfter?.updatedAt).toBeInstanceOf(Date);
    expect(performerAfter?.updatedAt).toBeInstanceOf(Date);
    expect(articleAfter?.updatedAt).toBeInstanceOf(Date);

    // A deal's page shows its prices: a product's new price reaches the offer (trigger of migration 0007),
    // whose updated_at moves; a sale (sold, reserved) changes no price and leaves it.
    const [product] = await db()
      .select()
      .from(schema.products)
      .where(eq(schema.products.productType, 'OFFER'))
      .limit(1);
    const offerId = product?.offerId;
    if (!product || !offerId) throw new Error('the seed has deals');
    const offerUpdatedAt = async () =>
      (await db().select().from(schema.offers).where(eq(schema.offers.id, offerId)))[0]?.updatedAt ?? null;
    const before = await offerUpdatedAt();
    await db()
      .update(schema.products)
      .set({ sold: product.sold + 1 })
      .where(eq(schema.products.id, product.id));
    expect(await offerUpdatedAt()).toEqual(before);
    await db()
      .update(schema.products)
      .set({ price: product.price + 100 })
      .where(eq(schema.products.id, product.id));
    expect((await offerUpdatedAt())?.getTime() ?? 0).toBeGreaterThan(before?.getTime() ?? 0);
  });
});
