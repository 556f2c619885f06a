/** The ticketing listing (keyset pagination) and one ticketing's page. */
import {
  type CountrySlug,
  ListingCursor,
  type ListTicketingsQuery,
  type TicketingDetail,
  type TicketingPage,
  type TicketProduct,
} from '@guichet/contracts';
import type { TicketingStatus } from '@guichet/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { organizers, performers, products, ticketingPerformers, ticketings } from '../../db/schema.js';
import { invalidField } from '../../lib/http-error.js';
import { quotaSql, ticketOnSaleSql } from './selling.js';
import {
  availableSql,
  containsText,
  discountedPriceSql,
  featuresPerformer,
  isPublished,
  notEndedAt,
  outer,
  runningIdsQuery,
  type SummaryRow,
  selectTicketingSummaries,
  selectUpcomingSummaries,
  startingFrom,
  summaryQuery,
  toSummary,
} from './summary.js';
import { instant, parisMidnight, periodOf } from './time.js';

/** The opaque cursor of the page after `row`: base64url of `{ startsAt, id }`. */
export function encodeCursor(row: Pick<SummaryRow, 'sortKey' | 'id'>): string {
  return Buffer.from(JSON.stringify({ startsAt: row.sortKey, id: row.id })).toString('base64url');
}

export const invalidCursor = () => invalidField('querystring', ['cursor'], 'Curseur de pagination invalide.');

/**
 * Reads a cursor made by `encodeCursor`, its JSON held to the contract's bounds (an instant within the
 * site's years, a row id): anything else is a 400, never a query PostgreSQL would refuse.
 */
export function decodeCursor(cursor: string): ListingCursor {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const read = ListingCursor.safeParse(value);
  if (!read.success) throw invalidCursor();
  return read.data;
}

/**
 * The conditions of a listing. The period and the keyset are ranges on (starts_at, id), so with a
 * country (or a city) the whole query walks `ticketing_country_starts_idx` (or `ticketing_city_starts_idx`)
 * in order and stops after one page.
 */
export function listingConditions(query: ListTicketingsQuery, now: Date): SQL | undefined {
  return and(listingFilters(query), isUpcomingListing(query) ? notEndedAt(now) : undefined);
}

/** Without a period nor a date, the listing shows what can still be attended. */
const isUpcomingListing = (query: ListTicketingsQuery) => query.year === undefined && !query.from;

/** Every condition of a listing but « not over yet ». */
function listingFilters(query: ListTicketingsQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isPublished];
  if (query.country) conditions.push(eq(ticketings.country, query.country));
  if (query.city) conditions.push(eq(ticketings.citySlug, query.city));
  if (query.year !== undefined) {
    const { start, end } = periodOf(query.year, query.month, query.day);
    conditions.push(
      sql`${ticketings.startsAt} >= ${parisMidnight(start)}`,
      sql`${ticketings.startsAt} < ${parisMidnight(end)}`,
    );
  }
  if (query.from) conditions.push(sql`${ticketings.endsAt} >= ${parisMidnight(query.from)}`);
  if (query.category) conditions.push(eq(ticketings.category, query.category));
  if (query.organizer !== undefined) conditions.push(eq(ticketings.organizerId, query.organizer));
  if (query.performer !== undefined) conditions.push(featuresPerformer(query.performer));
  if (query.q) conditions.push(containsText(ticketings.title, query.q));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    conditions.push(sql`(${ticketings.startsAt}, ${ticketings.id}) > (${instant(cursor.startsAt)}, ${cursor.id}::int)`);
  }
  return and(...conditions);
}

/** One more row than the page, to know whether a next page exists. */
const listingSummaryQuery = (query: ListTicketingsQuery, now: Date) => ({
  where: listingConditions(query, now),
  limit: query.limit + 1,
});

/** The SQL of a listing page, not yet run (the benchmark explains it). */
export const listingQuery = (db: Database, query: ListTicketingsQuery, now: Date) =>
  summaryQuery(db, listingSummaryQuery(query, now));

/** The queries of an upcoming listing (ids running now, then cards starting later), not yet run: the benchmark explains them. */
export const upcomingListingQueries = (db: Database, query: ListTicketingsQuery, now: Date) => [
  runningIdsQuery(db, listingFilters(query), now),
  summaryQuery(db, { where: and(listingFilters(query), startingFrom(now)), limit: query.limit + 1 }),
];

/** One page of published ticketings, upcoming first, and the cursor of the next page. */
export async function listTicketings(db: Database, query: ListTicketingsQuery, now: Date): Promise<TicketingPage> {
  const rows = isUpcomingListing(query)
    ? await selectUpcomingSummaries(db, listingFilters(query), now, query.limit + 1)
    : await selectTicketingSummaries(db, listingSummaryQuery(query, now));
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

type PerformerRow = Pick<typeof performers.$inferSelect, 'id' | 'slug' | 'name' | 'genre' | 'visual'>;
type ProductRow = Pick<
  typeof products.$inferSelect,
  'title' | 'description' | 'price' | 'discountType' | 'discount' | 'quota'
> & { productID: number; discountedPrice: number; available: number };

/** A ticket as the page offers it: its discounted price and quota as the SQL rules gave them, what is left. */
export function toTicketProduct({ available, ...product }: ProductRow): TicketProduct {
  return {
    ...product,
    productType: 'TICKET',
    remaining: Math.max(0, available),
    soldOut: available <= 0,
  };
}

/**
 * A public ticketing (published, paused or cancelled) with its organizer, performers and tickets, in one round
 * trip: performers and products come as JSON arrays from correlated subqueries on their own indexes. Each
 * ticket's `quota` is how many one order can take at `now` (the selling rule). `drafts`: a draft too (the pro
 * site's preview, reached by a signed link only).
 */
export function ticketingDetailQuery(db: Database, id: number, now: Date, { drafts = false } = {}) {
  return db
    .select({
      id: ticketings.id,
      slug: ticketings.slug,
      title: ticketings.title,
      summary: ticketings.summary,
      description: ticketings.description,
      category: ticketings.category,
      venue: ticketings.venue,
      address: ticketings.address,
      postalCode: ticketings.postalCode,
      city: ticketings.city,
      citySlug: ticketings.citySlug,
      country: ticketings.country,
      startsAt: ticketings.startsAt,
      endsAt: ticketings.endsAt,
      previousStartsAt: ticketings.previousStartsAt,
      scheduleRevision: ticketings.scheduleRevision,
      // Without a date of its own, its tickets are on sale since it went online (docs/decisions/0029).
      salesStartAt: sql<Date>`coalesce(${ticketings.salesStartAt}, ${ticketings.createdAt})`.mapWith(
        ticketings.createdAt,
      ),
      status: ticketings.status,
      visuals: ticketings.visuals,
      organizer: {
        id: organizers.id,
        slug: organizers.slug,
        name: organizers.name,
        city: organizers.city,
        logo: organizers.logo,
      },
      performers: sql<PerformerRow[]>`coalesce((
        SELECT json_agg(json_build_object('id', pf.id, 'slug', pf.slug, 'name', pf.name, 'genre', pf.genre,
          'visual', pf.visual) ORDER BY tp.position, pf.id)
        FROM ${ticketingPerformers} tp JOIN ${performers} pf ON pf.id = tp.performer_id
        WHERE tp.ticketing_id = ${outer(ticketings.id)}), '[]'::json)`,
      products: sql<ProductRow[]>`coalesce((
        SELECT json_agg(json_build_object('productID', p.id, 'title', p.title, 'description', p.description,
          'price', p.price, 'discountType', p.discount_type, 'discount', p.discount,
          'discountedPrice', ${discountedPriceSql('p')}, 'quota', ${quotaSql('p', ticketOnSaleSql(now))},
          'available', ${availableSql('p')}) ORDER BY p.position, p.id)
        FROM ${products} p WHERE p.ticketing_id = ${outer(ticketings.id)} AND p.product_type = 'TICKET'), '[]'::json)`,
    })
    .from(ticketings)
    .innerJoin(organizers, eq(organizers.id, ticketings.organizerId))
    .where(and(eq(ticketings.id, id), drafts ? undefined : ne(ticketings.status, 'DRAFT')))
    .limit(1);
}

export async function findTicketingDetail(db: Database, id: number, now: Date): Promise<TicketingDetail | null> {
  const detail = await findAnyTicketingDetail(db, id, now, { drafts: false });
  return detail && detail.status !== 'DRAFT' ? { ...detail, status: detail.status } : null;
}

/** A ticketing's page in whatever state, drafts included when asked: the pro site's preview. */
export async function findAnyTicketingDetail(
  db: Database,
  id: number,
  now: Date,
  options: { drafts: boolean },
): Promise<(Omit<TicketingDetail, 'status'> & { status: TicketingStatus }) | null> {
  const [row] = await ticketingDetailQuery(db, id, now, options);
  if (!row) return null;
  return {
    ...row,
    country: row.country as CountrySlug,
    // Paused keeps its page (nothing on sale: the selling rule gives every ticket a quota of 0), as cancelled does.
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    previousStartsAt: row.previousStartsAt?.toISOString() ?? null,
    scheduleRevision: row.scheduleRevision,
    salesStartAt: row.salesStartAt.toISOString(),
    products: row.products.map(toTicketProduct),
  };
}
