/**
 * Le Mag on the demo catalogue: the published articles newest first, by category and by page, their reading
 * time, and one article with the ticketings and deals its body links to, as the listings' cards.
 */
import type { ArticleDetail, ArticlesPage, OfferCard, TicketingSummary } from '@guichet/contracts';
import { readingMinutes } from '@guichet/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../../src/db/schema.js';
import { ARTICLES } from '../../src/seed/articles.js';
import { freezeClock, NOW } from '../catalogue/catalogue-data.js';
import { createTestApp, validationIssues } from '../helpers.js';

let context: Awaited<ReturnType<typeof createTestApp>>;
/** The articles a reader may see at NOW, newest first (ties: the later row first). */
let published: (typeof schema.articles.$inferSelect)[];

const DAY = 86_400_000;
const paragraphOf = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const words = (count: number) => Array.from({ length: count }, (_, index) => `mot${index}`).join(' ');
const link = (text: string, href: string) => ({
  type: 'paragraph',
  content: [
    {
      type: 'text',
      text,
      marks: [{ type: 'link', attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow', class: 'link' } }],
    },
  ],
});

/** Articles beside the seeded ones: a scheduled one, a tie on the date, a long read, dead links. */
async function insertArticles() {
  const { db } = context.database;
  const [pastTicketing] = await db
    .select()
    .from(schema.ticketings)
    .where(sql`${schema.ticketings.endsAt} < ${NOW.toISOString()}::timestamptz`)
    .limit(1);
  const [endedOffer] = await db
    .select()
    .from(schema.offers)
    .where(sql`${schema.offers.validUntil} < ${NOW.toISOString()}::timestamptz`)
    .limit(1);
  if (!pastTicketing || !endedOffer) throw new Error('Le jeu de démonstration doit avoir un passé.');
  const base = { summary: 'Résumé.', author: 'La rédaction', visual: null };
  const tie = new Date(NOW.getTime() - 2 * DAY);
  await db.insert(schema.articles).values([
    {
      ...base,
      slug: 'a-paraitre',
      title: 'À paraître demain',
      category: 'Festivals',
      body: { type: 'doc', content: [paragraphOf('Pas encore.')] },
      publishedAt: new Date(NOW.getTime() + DAY),
    },
    {
      ...base,
      slug: 'egalite-premier',
      title: 'Égalité, inséré d’abord',
      category: 'Brèves',
      body: { type: 'doc', content: [paragraphOf(words(1000))] },
      publishedAt: tie,
    },
    {
      ...base,
      slug: 'egalite-second',
      title: 'Égalité, inséré ensuite',
      category: 'Brèves',
      body: {
        type: 'doc',
        content: [
          link('passé', `https://guichet.example/billetterie/${pastTicketing.slug}-${pastTicketing.id}`),
          link('terminé', `https://guichet.example/bons-plans/offer/${endedOffer.slug}-${endedOffer.id}`),
          link('inconnu', 'https://guichet.example/billetterie/inconnu-999999'),
          link('trop grand', 'https://guichet.example/bons-plans/offer/99999999999999'),
        ],
      },
      publishedAt: tie,
    },
  ]);
}

beforeAll(async () => {
  context = await createTestApp({ seed: true });
  await insertArticles();
  published = (await context.database.db.select().from(schema.articles))
    .filter((row) => row.publishedAt.getTime() <= NOW.getTime())
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id);
  freezeClock();
});
afterAll(async () => {
  vi.useRealTimers();
  await context?.close();
});

const get = (url: string) => context.app.inject({ method: 'GET', url });

async function list(query = ''): Promise<ArticlesPage> {
  const response = await get(`/articles${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function article(slug: string): Promise<ArticleDetail> {
  const response = await get(`/articles/${encodeURIComponent(slug)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /articles', () => {
  it('lists the published articles newest first, the later row first on the same date', async () => {
    const page = await list();
    expect(page.total).toBe(published.length);
    expect(page.total).toBe(ARTICLES.length + 2);
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(12);
    expect(page.items.map((item) => item.slug)).toEqual(published.map((row) => row.slug));
    expect(page.items.map((item) => item.slug)).not.toContain('a-paraitre');
    const tie = page.items.map((item) => item.slug).filter((slug) => slug.startsWith('egalite-'));
    expect(tie).toEqual(['egalite-second', 'egalite-premier']);
    const first = page.items[0];
    const row = published[0];
    expect(first).toEqual({
      slug: row?.slug,
      title: row?.title,
      summary: row?.summary,
      category: row?.category,
      author: row?.author,
      publishedAt: row?.publishedAt.toISOString(),
      visual: row?.visual,
      readingMinutes: readingMinutes(row?.body),
    });
  });

  it('counts the published articles of every category, whatever the filter', async () => {
    const expected = [...new Set(published.map((row) => row.category))]
      .sort()
      .map((name) => ({ name, count: published.filter((row) => row.category === name).length }));
    expect((await list()).categories).toEqual(expected);
    // The scheduled article does not count in its category.
    expect(expected.find((category) => category.name === 'Festivals')?.count).toBe(1);
    expect((await list('?category=Festivals')).categories).toEqual(expected);
  });

  it('filters by category, and an unknown category is an empty list', async () => {
    const breves = await list(`?category=${encodeURIComponent('Brèves')}`);
    expect(breves.total).toBe(2);
    expect(breves.items.map((item) => item.slug)).toEqual(['egalite-second', 'egalite-premier']);
    expect(breves.items.every((item) => item.category === 'Brèves')).toBe(true);
    const none = await list('?category=Jardinage');
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('pages through the list as the other listings do: 400 out of bounds, empty past the end', async () => {
    const pages = [await list('?pageSize=3'), await list('?pageSize=3&page=2'), await list('?pageSize=3&page=3')];
    expect(pages.flatMap((page) => page.items).map((item) => item.slug)).toEqual(published.map((row) => row.slug));
    expect(pages.every((page) => page.total === published.length)).toBe(true);
    expect((await list('?pageSize=3&page=4')).items).toEqual([]);
    expect((await list('?page=10000')).items).toEqual([]);
    for (const query of ['page=0', 'page=-1', 'page=10001', 'page=1.5', 'pageSize=0', 'pageSize=61', 'page=abc']) {
      expect(validationIssues(await get(`/articles?${query}`), 'querystring').length, query).toBeGreaterThan(0);
    }
    const issues = validationIssues(await get('/articles?category=F%00stivals'), 'querystring');
    expect(issues[0]?.path).toEqual(['category']);
  });

  it('gives each article its reading time: its words at 220 a minute, at least 1', async () => {
    const items = (await list('?pageSize=60')).items;
    const minutesOf = (slug: string) => items.find((item) => item.slug === slug)?.readingMinutes;
    // 1000 words: 4.5 minutes, said 5.
    expect(minutesOf('egalite-premier')).toBe(5);
    expect(minutesOf('egalite-second')).toBe(1);
    for (const row of published) expect(minutesOf(row.slug), row.slug).toBe(readingMinutes(row.body));
    expect(items.every((item) => item.readingMinutes >= 1)).toBe(true);
  });
});

describe('GET /articles/:slug', () => {
  /** The listings' own card of a ticketing (the catalogue search) and of a deal (the deals search). */
  async function ticketingCard(title: string): Promise<TicketingSummary | undefined> {
    const answer = (await get(`/ticketings?q=${encodeURIComponent(title)}&limit=50`)).json();
    return (answer.items as TicketingSummary[]).find((item) => item.title === title);
  }
  async function offerCard(title: string): Promise<OfferCard | undefined> {
    const answer = (await get(`/offers/search?q=${encodeURIComponent(title)}&pageSize=60`)).json();
    return (answer.items as OfferCard[]).find((item) => item.title === title);
  }

  it('gives the article with its body, reading time and card fields', async () => {
    const seeded = ARTICLES[0];
    if (!seeded) throw new Error('Aucun article semé.');
    const row = published.find((candidate) => candidate.slug === seeded.slug);
    const detail = await article(seeded.slug);
    expect(detail).toMatchObject({
      slug: seeded.slug,
      title: seeded.title,
      category: seeded.category,
      author: seeded.author,
      publishedAt: row?.publishedAt.toISOString(),
      visual: seeded.visual,
      readingMinutes: readingMinutes(row?.body),
    });
    expect(detail.body).toEqual(row?.body);
  });

  it('shows the ticketings and deals its body links to, in reading order, as the listings’ cards', async () => {
    const festivals = await article('dix-festivals-a-ne-pas-manquer-cette-saison');
    expect(festivals.linked.ticketings.map((card) => card.title)).toEqual([
      'Les Nuits Électriques',
      'Festival Garonne en Fête',
      'Jazz au Léman',
    ]);
    expect(festivals.linked.offers.map((card) => card.title)).toEqual(['Soirée bouchon lyonnais']);
    expect(festivals.linked.ticketings[0]).toEqual(await ticketingCard('Les Nuits Électriques'));
    // Linked from a listing path (/billetteries/suisse/jazz-au-leman-{id}) as well as from its own page.
    expect(festivals.linked.ticketings[2]).toEqual(await ticketingCard('Jazz au Léman'));
    expect(festivals.linked.offers[0]).toEqual(await offerCard('Soirée bouchon lyonnais'));

    const expositions = await article('expositions-immersives-la-nouvelle-vague');
    // A running exhibition is still to be seen.
    expect(expositions.linked.ticketings.map((card) => card.title)).toEqual(['Lumières Vives, l’exposition immersive']);
    expect(expositions.linked.offers.map((card) => card.title)).toEqual(['Carte cinq entrées aux musées']);
  });

  it('leaves out what a listing would not show: past events, ended deals, unknown ids', async () => {
    const detail = await article('egalite-second');
    expect(detail.linked).toEqual({ ticketings: [], offers: [] });
  });

  it('answers 404 « Article introuvable. » for an unknown or scheduled slug', async () => {
    for (const slug of ['nexiste-pas', 'a-paraitre']) {
      const response = await get(`/articles/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Article introuvable.' });
    }
  });

  it('refuses a slug no text may hold: a NUL byte, a control character, an endless one', async () => {
    expect(validationIssues(await get('/articles/dix%00festivals'), 'params')[0]?.path).toEqual(['slug']);
    expect(validationIssues(await get('/articles/dix%1Bfestivals'), 'params')[0]?.path).toEqual(['slug']);
    // Past 100 characters the router itself refuses the path, before the schema.
    expect((await get(`/articles/${'a'.repeat(101)}`)).statusCode).toBe(414);
  });
});
