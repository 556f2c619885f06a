/**
 * The one query behind every ticketing card (`TicketingSummary`): listings, the agenda, artist and
 * organizer pages all select through `selectTicketingSummaries`, each with its own conditions and order.
 */
import type { CountrySlug, TicketingSummary, Visual } from '@guichet/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { productHolds, products, ticketingPerformers, ticketings } from '../../db/schema.js';
import { instant } from './time.js';

/**
 * The discounted price of a product row in SQL: `discounted_price` of migration 0007, the same rule as
 * `discountedPrice` of @guichet/domain (tests/catalogue/prices.test.ts holds them to each other).
 */
export function discountedPriceSql(product: string): SQL<number> {
  const p = sql.raw(product);
  return sql<number>`discounted_price(${p}.price, ${p}.discount_type, ${p}.discount)`;
}

/**
 * What is left to sell of a product row: its stock less what is sold and held. The one definition of
 * availability for every answer (ticketing page, offers, cards). `reserved` still counts holds that have
 * expired but that no order nor job has released yet: they are given back here, so that pages never wait
 * for a cleanup (the sum reads only unreleased holds, through the partial index `product_hold_product_idx`).
 * Expiry is judged by the database's clock, as the checkout and the job judge it.
 */
export function availableSql(product: string): SQL<number> {
  const p = sql.raw(product);
  return sql<number>`(${p}.stock - ${p}.sold - ${p}.reserved + coalesce((SELECT sum(h.quantity)::int
    FROM ${productHolds} h WHERE h.product_id = ${p}.id AND h.released_at IS NULL AND h.expires_at <= now()), 0))`;
}

/**
 * A column of the outer query inside a correlated subquery. Drizzle writes the columns of a single-table
 * selection without their table name, which inside a subquery would bind to the subquery's own table;
 * wrapped in a nested SQL chunk the column keeps it.
 */
export const outer = (column: AnyPgColumn): SQL => sql`${column}`;

/** Cheapest ticket of the outer query's ticketing, through `product_ticketing_idx`. */
const lowestPrice = sql<number | null>`(SELECT min(${discountedPriceSql('lp')})
  FROM ${products} lp WHERE lp.ticketing_id = ${outer(ticketings.id)} AND lp.product_type = 'TICKET')`;

/**
 * starts_at to the microsecond, for the keyset cursor: a JavaScript Date keeps only milliseconds, and a
 * cursor rounded down would serve a row twice.
 */
const sortKey = sql<string>`to_char(${ticketings.startsAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const summaryFields = {
  id: ticketings.id,
  slug: ticketings.slug,
  title: ticketings.title,
  summary: ticketings.summary,
  category: ticketings.category,
  startsAt: ticketings.startsAt,
  endsAt: ticketings.endsAt,
  venue: ticketings.venue,
  city: ticketings.city,
  citySlug: ticketings.citySlug,
  country: ticketings.country,
  lowestPrice,
  thumbnail: sql<Visual | null>`(${ticketings.visuals} -> 0)`,
  sortKey,
};

export type SummaryRow = TicketingSummary & { sortKey: string };

export type SummaryQuery = {
  where: SQL | undefined;
  /** Chronological (upcoming lists) or the most recent first (past lists). */
  order?: 'asc' | 'desc';
  limit: number;
};

/** The query of the ticketing cards matching `where`, ordered by (starts_at, id), not yet run. */
export function summaryQuery(db: Database, { where, order = 'asc', limit }: SummaryQuery) {
  const direction = order === 'asc' ? asc : desc;
  return db
    .select(summaryFields)
    .from(ticketings)
    .where(where)
    .orderBy(direction(ticketings.startsAt), direction(ticketings.id))
    .limit(limit);
}

/** Ticketing cards matching `where`, ordered by (starts_at, id). */
export async function selectTicketingSummaries(db: Database, query: SummaryQuery): Promise<SummaryRow[]> {
  const rows = await summaryQuery(db, query);
  return rows.map((row) => ({
    ...row,
    country: row.country as CountrySlug,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    lowestPrice: row.lowestPrice === null ? null : Number(row.lowestPrice),
  }));
}

/** A card without the cursor bookkeeping. */
export function toSummary({ sortKey: _, ...summary }: SummaryRow): TicketingSummary {
  return summary;
}

/** Only published ticketings are listed; drafts are never shown and cancelled ones only on their own page. */
export const isPublished = eq(ticketings.status, 'PUBLISHED');

/** Not over yet at `now`: ongoing runs (exhibitions, festivals) count as upcoming. */
export const notEndedAt = (now: Date) => sql`${ticketings.endsAt} >= ${instant(now)}`;
export const endedAt = (now: Date) => sql`${ticketings.endsAt} < ${instant(now)}`;

/** Its sale has opened at `now`: no date of its own (on sale once online), or that date has come. */
export const salesOpenAt = (now: Date) =>
  sql`(${ticketings.salesStartAt} IS NULL OR ${ticketings.salesStartAt} <= ${instant(now)})`;

/**
 * Started before `now` and not over: the range (starts_at, ends_at] holds `now`. Written exactly as the
 * SP-GiST index `ticketing_running_idx` is built, so that PostgreSQL answers it from the index alone.
 */
export const runningAt = (now: Date) =>
  sql`tstzrange(${ticketings.startsAt}, ${ticketings.endsAt}, '(]') @> ${instant(now)}`;
export const startingFrom = (now: Date) => sql`${ticketings.startsAt} >= ${instant(now)}`;

/**
 * Cards that can still be attended, in (starts_at, id) order. Written as « running now » then « starting
 * later » rather than `ends_at >= now`, which would make PostgreSQL walk every past ticketing of the
 * (starts_at, id) index before the first upcoming one: on a site with years of past events that is
 * seconds instead of milliseconds (bench/REPORT.md). Every running card starts before every later one,
 * so the two parts simply follow each other.
 *
 * The running part is read in two steps on purpose: first the ids, with no order nor limit (so PostgreSQL
 * takes the SP-GiST index `ticketing_running_idx` rather than walking the ordered index from the oldest row,
 * which an ORDER BY … LIMIT tempts it to do; the index covers a listing's filters, so no table row is read),
 * then the cards of the first ones, by primary key.
 */
export async function selectUpcomingSummaries(
  db: Database,
  where: SQL | undefined,
  now: Date,
  limit: number,
): Promise<SummaryRow[]> {
  // Few ticketings run at any moment: keep the first `limit` of them in (starts_at, id) order.
  const runningIds = (await runningIdsQuery(db, where, now))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)
    .slice(0, limit)
    .map((row) => row.id);
  const running =
    runningIds.length === 0
      ? []
      : await selectTicketingSummaries(db, { where: inArray(ticketings.id, runningIds), limit });
  if (running.length >= limit) return running;
  const later = await selectTicketingSummaries(db, {
    where: and(where, startingFrom(now)),
    limit: limit - running.length,
  });
  return [...running, ...later];
}

/** Ids and starts of the ticketings matching `where` that are running at `now` (the benchmark explains it). */
export const runningIdsQuery = (db: Database, where: SQL | undefined, now: Date) =>
  db
    .select({ id: ticketings.id, startsAt: ticketings.startsAt })
    .from(ticketings)
    .where(and(where, runningAt(now)));

/** The ticketing features this performer (through `ticketing_performer`'s primary key). */
export const featuresPerformer = (performerId: number) =>
  sql`EXISTS (SELECT 1 FROM ${ticketingPerformers} tp WHERE tp.ticketing_id = ${outer(ticketings.id)} AND tp.performer_id = ${performerId})`;

/** Upcoming and past cards of a profile page (artist, organizer). */
export async function upcomingAndPast(
  db: Database,
  condition: SQL,
  now: Date,
  limits: { upcoming: number; past: number },
): Promise<{ upcoming: TicketingSummary[]; past: TicketingSummary[] }> {
  const [upcoming, past] = await Promise.all([
    selectUpcomingSummaries(db, and(isPublished, condition), now, limits.upcoming),
    selectTicketingSummaries(db, {
      where: and(isPublished, condition, endedAt(now)),
      order: 'desc',
      limit: limits.past,
    }),
  ]);
  return { upcoming: upcoming.map(toSummary), past: past.map(toSummary) };
}

/** Accent- and case-insensitive « contains » on a text column: LIKE with the visitor's text escaped. */
export function containsText(column: AnyPgColumn, text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  // immutable_unaccent (migration 0003) is what the trigram indexes are built on, so they serve this LIKE.
  return sql`immutable_unaccent(lower(${column})) LIKE '%' || immutable_unaccent(lower(${escaped})) || '%'`;
}
