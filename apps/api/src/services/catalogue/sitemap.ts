/**
 * The pages the site map lists, each with when its content last changed: `updated_at` (kept by the trigger of
 * migration 0014), else the row's creation; an article never before its publication (docs/decisions/0029).
 */
import { SITEMAP_MAX_URLS, type SitemapEntries } from '@guichet/contracts';
import { asc, desc, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { articles, offers, organizers, performers, ticketings } from '../../db/schema.js';
import { onSaleAt } from '../offers/cards.js';
import { isPublished } from './summary.js';
import { instant } from './time.js';

/** The last change of a row: its own date of change, else its creation (a Date, as the column maps it). */
const changedAt = (updatedAt: AnyPgColumn, since: AnyPgColumn) =>
  sql`coalesce(${updatedAt}, ${since})`.mapWith((value) => since.mapFromDriverValue(value) as Date);

const iso = <T extends { lastModified: Date }>(rows: T[]) =>
  rows.map((row) => ({ ...row, lastModified: row.lastModified.toISOString() }));

export async function listSitemapEntries(db: Database, now: Date): Promise<SitemapEntries> {
  const [ticketingRows, organizerRows, performerRows, offerRows, articleRows] = await Promise.all([
    db
      .select({
        id: ticketings.id,
        slug: ticketings.slug,
        lastModified: changedAt(ticketings.updatedAt, ticketings.createdAt),
      })
      .from(ticketings)
      .where(isPublished)
      .orderBy(desc(ticketings.startsAt), desc(ticketings.id))
      .limit(SITEMAP_MAX_URLS),
    db
      .select({ id: organizers.id, lastModified: changedAt(organizers.updatedAt, organizers.createdAt) })
      .from(organizers)
      .orderBy(asc(organizers.id))
      .limit(SITEMAP_MAX_URLS),
    db
      .select({ id: performers.id, lastModified: changedAt(performers.updatedAt, performers.createdAt) })
      .from(performers)
      .orderBy(asc(performers.id))
      .limit(SITEMAP_MAX_URLS),
    db
      .select({ offerID: offers.id, slug: offers.slug, lastModified: changedAt(offers.updatedAt, offers.createdAt) })
      .from(offers)
      .where(onSaleAt(now))
      .orderBy(asc(offers.validUntil), asc(offers.id))
      .limit(SITEMAP_MAX_URLS),
    db
      .select({
        slug: articles.slug,
        // Before its publication an article is not online: what changed then is part of what was published.
        lastModified: sql`greatest(${articles.publishedAt}, ${articles.updatedAt})`.mapWith(articles.publishedAt),
      })
      .from(articles)
      .where(sql`${articles.status} = 'PUBLISHED' AND ${articles.publishedAt} <= ${instant(now)}`)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(SITEMAP_MAX_URLS),
  ]);
  return {
    ticketings: iso(ticketingRows),
    organizers: iso(organizerRows),
    performers: iso(performerRows),
    offers: iso(offerRows),
    articles: iso(articleRows),
  };
}
