/** The artists' index (/artistes) and one artist's page. */
import {
  type PerformerDetail,
  type PerformersPage,
  PROFILE_TICKETINGS_LIMIT,
  type TicketingSummary,
} from '@guichet/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { performers, ticketingPerformers, ticketings } from '../../db/schema.js';
import { containsText, featuresPerformer, outer, upcomingAndPast } from './summary.js';
import { instant } from './time.js';

export type PerformersQuery = { q?: string | undefined; initial?: string | undefined; page: number; pageSize: number };

/** Published ticketings of the outer query's performer that are not over at `now`. */
const upcomingCountOf = (now: Date) => sql<number>`(SELECT count(*)::int
  FROM ${ticketingPerformers} tp JOIN ${ticketings} t ON t.id = tp.ticketing_id
  WHERE tp.performer_id = ${outer(performers.id)} AND t.status = 'PUBLISHED' AND t.ends_at >= ${instant(now)})`;

/** The fields of an artist's card (`PerformerCard`), for the artists' index and the site-wide search. */
export const performerCardFields = (now: Date) => ({
  id: performers.id,
  slug: performers.slug,
  name: performers.name,
  genre: performers.genre,
  initial: performers.initial,
  visual: performers.visual,
  upcomingCount: upcomingCountOf(now),
});

/** Artists in alphabetical order (letter of the index, then the name without accents or capitals). */
export async function listPerformers(db: Database, query: PerformersQuery, now: Date): Promise<PerformersPage> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(containsText(performers.name, query.q));
  if (query.initial) conditions.push(eq(performers.initial, query.initial.toUpperCase()));
  const where = and(...conditions);
  const [items, [counted], initials] = await Promise.all([
    db
      .select(performerCardFields(now))
      .from(performers)
      .where(where)
      .orderBy(asc(performers.initial), sql`unaccent(lower(${performers.name}))`, asc(performers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(performers).where(where),
    db.selectDistinct({ initial: performers.initial }).from(performers).orderBy(asc(performers.initial)),
  ]);
  return {
    items: items.map((item) => ({ ...item, upcomingCount: Number(item.upcomingCount) })),
    total: Number(counted?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    initials: initials.map((row) => row.initial),
  };
}

export async function findPerformer(db: Database, id: number, now: Date): Promise<PerformerDetail | null> {
  const [performer] = await db
    .select({
      id: performers.id,
      slug: performers.slug,
      name: performers.name,
      genre: performers.genre,
      bio: performers.bio,
      visual: performers.visual,
    })
    .from(performers)
    .where(eq(performers.id, id))
    .limit(1);
  if (!performer) return null;
  const lists: { upcoming: TicketingSummary[]; past: TicketingSummary[] } = await upcomingAndPast(
    db,
    featuresPerformer(id),
    now,
    PROFILE_TICKETINGS_LIMIT,
  );
  return { ...performer, ...lists };
}
