/** Le Mag: the published articles (newest first, by category) and one article with its cards. */
import {
  ARTICLE_LINKED_LIMIT,
  type ArticleCard,
  type ArticleDetail,
  type ArticlesPage,
  type OfferCard,
  type TicketingSummary,
} from '@guichet/contracts';
import { linkedTargets, readingMinutes } from '@guichet/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { articleOffers, articles, articleTicketings, offers, ticketings } from '../../db/schema.js';
import { isPublished, notEndedAt, selectTicketingSummaries, toSummary } from '../catalogue/summary.js';
import { instant } from '../catalogue/time.js';
import { onSaleAt, selectOfferCards, toOfferCard } from '../offers/cards.js';

export type ArticlesQuery = { category?: string | undefined; page: number; pageSize: number };

/**
 * Online at `now`: PUBLISHED and dated no later — a draft never shows, and an article dated later is
 * scheduled, out of every answer until then (the sitemap reads the same condition).
 */
export const onlineAt = (now: Date): SQL =>
  sql`${articles.status} = 'PUBLISHED' AND ${articles.publishedAt} <= ${instant(now)}`;
const publishedAt = onlineAt;

// The body is read with the card only to count its words: reading time is a function of the text, computed
// where the row is read rather than stored (no column to keep in step with every edit of the body).
const cardFields = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  summary: articles.summary,
  category: articles.category,
  author: articles.author,
  publishedAt: articles.publishedAt,
  visual: articles.visual,
  body: articles.body,
  seoTitle: articles.seoTitle,
  seoDescription: articles.seoDescription,
};

const selectArticleCards = (db: Database) => db.select(cardFields).from(articles);

type CardRow = Awaited<ReturnType<typeof selectArticleCards>>[number];

function toCard({ body, publishedAt: date, id: _id, seoTitle: _t, seoDescription: _d, ...card }: CardRow): ArticleCard {
  return { ...card, publishedAt: date.toISOString(), readingMinutes: readingMinutes(body) };
}

export async function listArticles(db: Database, query: ArticlesQuery, now: Date): Promise<ArticlesPage> {
  const where = and(publishedAt(now), query.category === undefined ? undefined : eq(articles.category, query.category));
  const [rows, [counted], categories] = await Promise.all([
    selectArticleCards(db)
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(articles).where(where),
    db
      .select({ name: articles.category, count: sql<number>`count(*)::int` })
      .from(articles)
      .where(publishedAt(now))
      .groupBy(articles.category)
      .orderBy(asc(articles.category)),
  ]);
  return {
    items: rows.map(toCard),
    total: Number(counted?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    categories: categories.map((row) => ({ name: row.name, count: Number(row.count) })),
  };
}

/** Rows in the order of `ids` (the order the reader meets the links), missing ones left out. */
function inOrderOf<T>(ids: readonly number[], rows: readonly T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The cards under an article: first the ticketings and deals its editor chose (article_ticketing,
 * article_offer, in their order), then those its body links to and not chosen already — as the listings'
 * cards, only what a listing would show (published and not over; on sale), so an article never sends a
 * reader to a page with nothing left to buy (docs/decisions/0070).
 */
async function linkedCards(
  db: Database,
  article: { id: number; body: unknown },
  now: Date,
): Promise<{ ticketings: TicketingSummary[]; offers: OfferCard[] }> {
  const targets = linkedTargets(article.body);
  const [chosenTicketings, chosenOffers] = await Promise.all([
    db
      .select({ id: articleTicketings.ticketingId })
      .from(articleTicketings)
      .where(eq(articleTicketings.articleId, article.id))
      .orderBy(asc(articleTicketings.position)),
    db
      .select({ id: articleOffers.offerId })
      .from(articleOffers)
      .where(eq(articleOffers.articleId, article.id))
      .orderBy(asc(articleOffers.position)),
  ]);
  // The links' ids are row ids already (parseRowId): one beyond PostgreSQL's integer reads as no link.
  const rowIds = (chosen: { id: number }[], linked: number[]) =>
    [...new Set([...chosen.map((row) => row.id), ...linked])].slice(0, ARTICLE_LINKED_LIMIT);
  const ticketingIds = rowIds(chosenTicketings, targets.ticketingIds);
  const offerIds = rowIds(chosenOffers, targets.offerIds);
  const [ticketingRows, offerRows] = await Promise.all([
    ticketingIds.length === 0
      ? []
      : selectTicketingSummaries(db, {
          where: and(isPublished, notEndedAt(now), inArray(ticketings.id, ticketingIds)),
          limit: ticketingIds.length,
        }),
    offerIds.length === 0 ? [] : selectOfferCards(db).where(and(onSaleAt(now), inArray(offers.id, offerIds))),
  ]);
  return {
    ticketings: inOrderOf(ticketingIds, ticketingRows, (row) => row.id).map(toSummary),
    offers: inOrderOf(offerIds, offerRows.map(toOfferCard), (card) => card.offerID),
  };
}

/** One published article by its slug, or null (unknown, or not yet published). */
export async function findArticle(db: Database, slug: string, now: Date): Promise<ArticleDetail | null> {
  const [row] = await selectArticleCards(db)
    .where(and(eq(articles.slug, slug), publishedAt(now)))
    .limit(1);
  if (!row) return null;
  return {
    ...toCard(row),
    body: row.body,
    seo: { title: row.seoTitle, description: row.seoDescription },
    linked: await linkedCards(db, row, now),
  };
}
