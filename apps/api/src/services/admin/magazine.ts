/**
 * The back office's Le Mag (issue 27): articles written, scheduled, published and removed by platform
 * administrators, each write with its audit row in its own transaction (docs/decisions/0070).
 *
 * Internal links: the editor works with absolute addresses (its link box takes https://…); on saving, a link
 * to the site's own origin (SITE_URL) becomes a site path, and on reading for the editor a path becomes the
 * absolute address again — the stored body never depends on where the site is installed.
 */
import {
  type AdminArticle,
  type AdminArticleSummary,
  ARTICLE_LINKED_NOT_FOUND_MESSAGE,
  ARTICLE_NOT_FOUND_MESSAGE,
  ARTICLE_SLUG_TAKEN_MESSAGE,
  type ArticleInput,
  type CatalogueChoice,
  type Visual,
} from '@guichet/contracts';
import {
  ARTICLE_LIMITS,
  ARTICLE_RICH_TEXT,
  articlePath,
  type EditorialStatus,
  isSitePath,
  parisDate,
  parisInstant,
  parisParts,
  type RichTextDocument,
  sanitizeRichText,
  sitePathOf,
  slugify,
} from '@guichet/domain';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { articleOffers, articles, articleTicketings, offers, redirects, ticketings } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { changesBetween, type Editor, recordAudit } from './audit.js';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
type ArticleFields = z.output<typeof ArticleInput>;

/** The body with every link's href passed through `map` (a link `map` answers null for is kept as it is). */
function mapLinks(body: RichTextDocument, map: (href: string) => string | null): RichTextDocument {
  return {
    ...body,
    content: body.content.map((block) => ({
      ...block,
      ...(block.content
        ? {
            content: block.content.map((inline) =>
              inline.type === 'text' && inline.marks
                ? {
                    ...inline,
                    marks: inline.marks.map((mark) =>
                      mark.type === 'link'
                        ? { ...mark, attrs: { ...mark.attrs, href: map(mark.attrs.href) ?? mark.attrs.href } }
                        : mark,
                    ),
                  }
                : inline,
            ),
          }
        : {}),
    })),
  } as RichTextDocument;
}

/** As stored: links to the site's own origin become site paths. */
export function storedBody(body: RichTextDocument, siteUrl: string): RichTextDocument {
  return sanitizeRichText(
    mapLinks(body, (href) => sitePathOf(href, siteUrl)),
    ARTICLE_RICH_TEXT,
  );
}

/** As the editor shows it: site paths become absolute addresses of the site. */
export function editorBody(body: unknown, siteUrl: string): RichTextDocument {
  return mapLinks(sanitizeRichText(body, ARTICLE_RICH_TEXT), (href) => (isSitePath(href) ? `${siteUrl}${href}` : null));
}

const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function summaryOf(row: typeof articles.$inferSelect, now: Date): AdminArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: row.category,
    author: row.author,
    status: row.status,
    publishedAt: row.publishedAt.toISOString(),
    scheduled: row.status === 'PUBLISHED' && row.publishedAt > now,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

export type ArticleFilter = {
  q?: string | undefined;
  status?: EditorialStatus | undefined;
  page: number;
  pageSize: number;
};

/** Every article, newest publication first, one page; drafts and scheduled ones included. */
export async function listAdminArticles(db: Database, filter: ArticleFilter, now: Date) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(articles.status, filter.status));
  if (filter.q) {
    const pattern = escapeLike(filter.q);
    const any = or(ilike(articles.title, pattern), ilike(articles.author, pattern), ilike(articles.slug, pattern));
    if (any) conditions.push(any);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  return { items: rows.map((row) => summaryOf(row, now)), total: total?.total ?? 0 };
}

const ticketingChoice = {
  id: ticketings.id,
  title: ticketings.title,
  detail: sql<string>`to_char(${ticketings.startsAt} AT TIME ZONE 'Europe/Paris', 'DD/MM/YYYY') || ' · ' || ${ticketings.city}`,
};
const offerChoice = {
  id: offers.id,
  title: offers.title,
  detail: sql<string>`${offers.partner} || ' · ' || ${offers.city}`,
};

/** Ticketings and deals whose title holds `q` (any when empty), 20 of each, to be picked as cards. */
export async function searchCatalogue(
  db: Database,
  q: string | undefined,
): Promise<{ ticketings: CatalogueChoice[]; offers: CatalogueChoice[] }> {
  const pattern = escapeLike(q ?? '');
  const [ticketingRows, offerRows] = await Promise.all([
    db
      .select(ticketingChoice)
      .from(ticketings)
      .where(and(ilike(ticketings.title, pattern), ne(ticketings.status, 'DRAFT')))
      .orderBy(desc(ticketings.startsAt))
      .limit(20),
    db.select(offerChoice).from(offers).where(ilike(offers.title, pattern)).orderBy(asc(offers.title)).limit(20),
  ]);
  return { ticketings: ticketingRows, offers: offerRows };
}

async function linkedOf(db: Executor, articleId: number) {
  const [ticketingRows, offerRows] = await Promise.all([
    db
      .select(ticketingChoice)
      .from(articleTicketings)
      .innerJoin(ticketings, eq(ticketings.id, articleTicketings.ticketingId))
      .where(eq(articleTicketings.articleId, articleId))
      .orderBy(asc(articleTicketings.position)),
    db
      .select(offerChoice)
      .from(articleOffers)
      .innerJoin(offers, eq(offers.id, articleOffers.offerId))
      .where(eq(articleOffers.articleId, articleId))
      .orderBy(asc(articleOffers.position)),
  ]);
  return { ticketings: ticketingRows, offers: offerRows };
}

/** One article as the editor reads it, or a 404. */
export async function getAdminArticle(
  db: Executor,
  articleId: number,
  siteUrl: string,
  now: Date,
): Promise<AdminArticle> {
  const [row] = await db.select().from(articles).where(eq(articles.id, articleId)).limit(1);
  if (!row) throw notFound(ARTICLE_NOT_FOUND_MESSAGE);
  const parts = parisParts(row.publishedAt);
  return {
    ...summaryOf(row, now),
    summary: row.summary,
    body: editorBody(row.body, siteUrl),
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    visual: row.visual ?? null,
    publishedAtParis: {
      date: parisDate(row.publishedAt),
      time: `${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}`,
    },
    ...(await linkedOf(db, articleId)),
  };
}

/** A slug nobody else has: the one asked for (refused if taken), else the title's with -2, -3… if need be. */
async function uniqueSlug(tx: Executor, fields: ArticleFields, articleId: number | null): Promise<string> {
  const others = (slug: string) =>
    tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.slug, slug), articleId === null ? undefined : ne(articles.id, articleId)))
      .limit(1);
  if (fields.slug) {
    if ((await others(fields.slug)).length > 0) throw new HttpError(409, 'EDIT_CONFLICT', ARTICLE_SLUG_TAKEN_MESSAGE);
    return fields.slug;
  }
  const base = (slugify(fields.title) || 'article').slice(0, ARTICLE_LIMITS.slug - 4).replace(/-+$/, '');
  for (let n = 1; n < 1000; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if ((await others(slug)).length === 0) return slug;
  }
  throw new HttpError(409, 'EDIT_CONFLICT', ARTICLE_SLUG_TAKEN_MESSAGE);
}

/** The chosen cards, replaced in their order; an id of nothing is a 400. */
async function saveLinked(tx: Executor, articleId: number, fields: ArticleFields) {
  const ticketingIds = [...new Set(fields.ticketingIds)];
  const offerIds = [...new Set(fields.offerIds)];
  const [foundTicketings, foundOffers] = await Promise.all([
    ticketingIds.length === 0
      ? []
      : tx.select({ id: ticketings.id }).from(ticketings).where(inArray(ticketings.id, ticketingIds)),
    offerIds.length === 0 ? [] : tx.select({ id: offers.id }).from(offers).where(inArray(offers.id, offerIds)),
  ]);
  if (foundTicketings.length !== ticketingIds.length || foundOffers.length !== offerIds.length) {
    throw new HttpError(400, 'BAD_REQUEST', ARTICLE_LINKED_NOT_FOUND_MESSAGE);
  }
  await tx.delete(articleTicketings).where(eq(articleTicketings.articleId, articleId));
  await tx.delete(articleOffers).where(eq(articleOffers.articleId, articleId));
  if (ticketingIds.length > 0)
    await tx
      .insert(articleTicketings)
      .values(ticketingIds.map((ticketingId, position) => ({ articleId, ticketingId, position })));
  if (offerIds.length > 0)
    await tx.insert(articleOffers).values(offerIds.map((offerId, position) => ({ articleId, offerId, position })));
  return { ticketingIds, offerIds };
}

/** The columns a form writes: the publication date when given, else kept (or now for a new article). */
function columnsOf(fields: ArticleFields, slug: string, siteUrl: string, publishedAt: Date) {
  return {
    slug,
    title: fields.title,
    summary: fields.summary,
    author: fields.author,
    category: fields.category,
    body: storedBody(fields.body, siteUrl),
    seoTitle: fields.seoTitle,
    seoDescription: fields.seoDescription,
    status: fields.status,
    publishedAt,
  };
}

const publicationOf = (fields: ArticleFields, fallback: Date) =>
  fields.publishedAt ? parisInstant(fields.publishedAt.date, fields.publishedAt.time) : fallback;

export type SiteContext = { siteUrl: string; now: Date };

export async function createAdminArticle(
  db: Database,
  editor: Editor,
  fields: ArticleFields,
  { siteUrl, now }: SiteContext,
): Promise<AdminArticle> {
  return db.transaction(async (tx) => {
    const slug = await uniqueSlug(tx, fields, null);
    const columns = columnsOf(fields, slug, siteUrl, publicationOf(fields, now));
    const [row] = await tx.insert(articles).values(columns).returning({ id: articles.id });
    if (!row) throw new Error('article not inserted');
    const linked = await saveLinked(tx, row.id, fields);
    await recordAudit(tx, editor, {
      action: 'CREATE',
      entity: 'ARTICLE',
      entityId: row.id,
      label: fields.title,
      changes: changesBetween({}, { ...columns, publishedAt: columns.publishedAt.toISOString(), ...linked }),
    });
    return getAdminArticle(tx, row.id, siteUrl, now);
  });
}

/**
 * A published article's old address answers with a permanent redirect to its new one: links shared and
 * indexed keep working. Redirects to the old address are pointed at the new one (no chain), and a redirect
 * from the new address (an older rename back) is removed (no loop).
 */
async function redirectRenamed(tx: Executor, editor: Editor, from: string, to: string) {
  await tx.delete(redirects).where(eq(redirects.source, to));
  await tx.update(redirects).set({ target: to }).where(eq(redirects.target, from));
  const [row] = await tx
    .insert(redirects)
    .values({ source: from, target: to, kind: 'PERMANENT' })
    .onConflictDoUpdate({ target: redirects.source, set: { target: to } })
    .returning({ id: redirects.id });
  if (row)
    await recordAudit(tx, editor, {
      action: 'CREATE',
      entity: 'REDIRECT',
      entityId: row.id,
      label: from,
      changes: { target: { before: null, after: to } },
    });
}

export async function updateAdminArticle(
  db: Database,
  editor: Editor,
  articleId: number,
  fields: ArticleFields,
  { siteUrl, now }: SiteContext,
): Promise<AdminArticle> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(articles).where(eq(articles.id, articleId)).for('update').limit(1);
    if (!before) throw notFound(ARTICLE_NOT_FOUND_MESSAGE);
    const slug = await uniqueSlug(tx, { ...fields, slug: fields.slug || before.slug }, articleId);
    const columns = columnsOf(fields, slug, siteUrl, publicationOf(fields, before.publishedAt));
    const linkedBefore = await linkedOf(tx, articleId);
    await tx.update(articles).set(columns).where(eq(articles.id, articleId));
    const linked = await saveLinked(tx, articleId, fields);
    const wasOnline = before.status === 'PUBLISHED' && before.publishedAt <= now;
    if (slug !== before.slug && wasOnline)
      await redirectRenamed(tx, editor, articlePath(before), articlePath({ slug }));
    await recordAudit(tx, editor, {
      action: 'UPDATE',
      entity: 'ARTICLE',
      entityId: articleId,
      label: fields.title,
      changes: changesBetween(
        {
          ...before,
          publishedAt: before.publishedAt.toISOString(),
          ticketingIds: linkedBefore.ticketings.map((t) => t.id),
          offerIds: linkedBefore.offers.map((o) => o.id),
        },
        { ...columns, publishedAt: columns.publishedAt.toISOString(), ...linked },
      ),
    });
    return getAdminArticle(tx, articleId, siteUrl, now);
  });
}

/** Publish (at its date when future, else now) or take back to a draft. */
export async function setAdminArticleStatus(
  db: Database,
  editor: Editor,
  articleId: number,
  status: EditorialStatus,
  { siteUrl, now }: SiteContext,
): Promise<AdminArticle> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(articles).where(eq(articles.id, articleId)).for('update').limit(1);
    if (!before) throw notFound(ARTICLE_NOT_FOUND_MESSAGE);
    if (before.status !== status) {
      // Published with a date already past (a draft's creation, say): it appears now, dated now; a future date
      // is kept — the article is scheduled.
      const publishedAt = status === 'PUBLISHED' && before.publishedAt <= now ? now : before.publishedAt;
      await tx.update(articles).set({ status, publishedAt }).where(eq(articles.id, articleId));
      await recordAudit(tx, editor, {
        action: status === 'PUBLISHED' ? 'PUBLISH' : 'UNPUBLISH',
        entity: 'ARTICLE',
        entityId: articleId,
        label: before.title,
        changes: changesBetween(
          { status: before.status, publishedAt: before.publishedAt.toISOString() },
          { status, publishedAt: publishedAt.toISOString() },
        ),
      });
    }
    return getAdminArticle(tx, articleId, siteUrl, now);
  });
}

/** The cover: a visual the uploads service checked and stored (null: none). */
export async function setAdminArticleCover(
  db: Database,
  editor: Editor,
  articleId: number,
  visual: Visual | null,
  { siteUrl, now }: SiteContext,
): Promise<AdminArticle> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(articles).where(eq(articles.id, articleId)).for('update').limit(1);
    if (!before) throw notFound(ARTICLE_NOT_FOUND_MESSAGE);
    await tx.update(articles).set({ visual }).where(eq(articles.id, articleId));
    await recordAudit(tx, editor, {
      action: 'UPDATE',
      entity: 'ARTICLE',
      entityId: articleId,
      label: before.title,
      changes: changesBetween({ visual: before.visual }, { visual }),
    });
    return getAdminArticle(tx, articleId, siteUrl, now);
  });
}

export async function deleteAdminArticle(db: Database, editor: Editor, articleId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(articles).where(eq(articles.id, articleId)).returning();
    if (!row) throw notFound(ARTICLE_NOT_FOUND_MESSAGE);
    await recordAudit(tx, editor, {
      action: 'DELETE',
      entity: 'ARTICLE',
      entityId: articleId,
      label: row.title,
      changes: { slug: { before: row.slug, after: null } },
    });
  });
}
