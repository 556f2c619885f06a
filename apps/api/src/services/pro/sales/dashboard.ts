/**
 * The pro dashboards: an organiser's or one ticketing's sales. Everything is read from aggregates PostgreSQL
 * keeps as sales happen (sales_total, sales_day: migration 0021) and from the products' own counters, never by
 * reading the orders, so that the answer costs the same at 1,000 or 100,000 orders (bench/pro-sales.bench.ts).
 */
import { type OrganizerDashboard, SALES_PERIOD_DAYS, type TicketingDashboard } from '@guichet/contracts';
import { type VatRate, vatBreakdown, vatTotals } from '@guichet/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../db/client.js';
import { availableSql } from '../../catalogue/summary.js';

export type Scope = { organizerId: number; ticketingId?: number };

/** `t.organizer_id = … [AND t.id = …]` on a table aliased with ticketing columns. */
const scoped = (alias: string, { organizerId, ticketingId }: Scope, ticketingColumn = 'ticketing_id'): SQL => {
  const a = sql.raw(alias);
  const column = sql.raw(ticketingColumn);
  return ticketingId === undefined
    ? sql`${a}.organizer_id = ${organizerId}`
    : sql`${a}.organizer_id = ${organizerId} AND ${a}.${column} = ${ticketingId}`;
};

type ProductRow = {
  id: number;
  ticketing_id: number;
  ticketing_title: string;
  starts_at: Date | string;
  ticketing_status: string;
  title: string;
  price: number;
  stock: number;
  sold: number;
  remaining: number;
};

type RevenueRow = { ticketing_id: number; product_id: number; vat_rate: number; revenue: string | number };

const iso = (value: Date | string) => new Date(value).toISOString();

/** The products of the scope with their places: remaining is what a buyer could still take (availableSql). */
const productsQuery = (scope: Scope) =>
  sql`SELECT p.id, t.id AS ticketing_id, t.title AS ticketing_title, t.starts_at, t.status AS ticketing_status,
        p.title, p.price, p.stock, p.sold, ${availableSql('p')} AS remaining
      FROM ticketing t JOIN product p ON p.ticketing_id = t.id
      WHERE ${scoped('t', scope, 'id')}
      ORDER BY t.starts_at DESC, t.id, p.position, p.id`;

const revenueQuery = (scope: Scope) =>
  sql`SELECT s.ticketing_id, s.product_id, s.vat_rate, s.revenue_incl_vat AS revenue
      FROM sales_total s WHERE ${scoped('s', scope)}`;

type DayRow = { day: string; orders: number; tickets: number; revenue: string | number };

const periodStart = sql`(now() AT TIME ZONE 'Europe/Paris')::date - ${SALES_PERIOD_DAYS - 1}::int`;

/**
 * The last SALES_PERIOD_DAYS Paris days, each with its sales (0 on a day without): an organiser's from
 * organizer_sales_day (an order counted once), a ticketing's from sales_day.
 */
const daysQuery = (scope: Scope) => {
  const sold =
    scope.ticketingId === undefined
      ? sql`SELECT s.day, s.orders, s.quantity AS tickets, s.revenue_incl_vat AS revenue FROM organizer_sales_day s
          WHERE s.organizer_id = ${scope.organizerId} AND s.day >= ${periodStart}`
      : sql`SELECT s.day, s.orders, s.quantity AS tickets, s.revenue_incl_vat AS revenue FROM sales_day s
          WHERE ${scoped('s', scope)} AND s.day >= ${periodStart}`;
  return sql`WITH days AS (
        SELECT generate_series(${periodStart}, (now() AT TIME ZONE 'Europe/Paris')::date, interval '1 day')::date AS day
      )
      SELECT days.day::text AS day, coalesce(sold.orders, 0) AS orders, coalesce(sold.tickets, 0) AS tickets,
        coalesce(sold.revenue, 0) AS revenue
      FROM days LEFT JOIN (${sold}) sold ON sold.day = days.day ORDER BY days.day`;
};

/**
 * Views over the period by source (days are Paris days as text): an organiser's from organizer_view_day, a
 * ticketing's from page_view.
 */
const viewsQuery = (scope: Scope) => {
  const from = sql`to_char(${periodStart}, 'YYYY-MM-DD')`;
  return scope.ticketingId === undefined
    ? sql`SELECT v.source, sum(v.views)::int AS views FROM organizer_view_day v
        WHERE v.organizer_id = ${scope.organizerId} AND v.day >= ${from}
        GROUP BY v.source ORDER BY views DESC, v.source`
    : sql`SELECT v.source, sum(v.views)::int AS views
        FROM ticketing t JOIN page_view v ON v.ticketing_id = t.id
        WHERE ${scoped('t', scope, 'id')} AND v.day >= ${from}
        GROUP BY v.source ORDER BY views DESC, v.source`;
};

/** The four queries of a dashboard, for the plans the tests and the bench look at. */
export const dashboardQueries = (scope: Scope) => [
  productsQuery(scope),
  revenueQuery(scope),
  daysQuery(scope),
  viewsQuery(scope),
];

const places = (rows: readonly { stock: number; sold: number; remaining: number }[]) => {
  const stock = rows.reduce((sum, row) => sum + row.stock, 0);
  const sold = rows.reduce((sum, row) => sum + row.sold, 0);
  const remaining = rows.reduce((sum, row) => sum + Math.max(0, row.remaining), 0);
  return { stock, sold, held: Math.max(0, stock - sold - remaining), remaining };
};

async function common(db: Database, scope: Scope) {
  const [products, revenues, days, views] = await Promise.all([
    rowsOf<ProductRow>(db, productsQuery(scope)),
    rowsOf<RevenueRow>(db, revenueQuery(scope)),
    rowsOf<DayRow>(db, daysQuery(scope)),
    rowsOf<{ source: string; views: number }>(db, viewsQuery(scope)),
  ]);
  // Amounts without VAT are derived once per rate from its total, as an invoice does (domain `vatBreakdown`).
  const vatRates = vatBreakdown(
    revenues.map((row) => ({ totalInclVat: Number(row.revenue), vatRate: row.vat_rate as VatRate })),
  );
  const totals = vatTotals(vatRates);
  const salesPerDay = days.map((row) => ({
    day: row.day,
    orders: Number(row.orders),
    tickets: Number(row.tickets),
    revenueInclVat: Number(row.revenue),
  }));
  const viewCount = views.reduce((sum, row) => sum + Number(row.views), 0);
  const orderCount = salesPerDay.reduce((sum, row) => sum + row.orders, 0);
  const revenueOf = (match: (row: RevenueRow) => boolean) =>
    revenues.filter(match).reduce((sum, row) => sum + Number(row.revenue), 0);
  return {
    products,
    revenueOf,
    dashboard: {
      period: { from: salesPerDay[0]?.day ?? '', to: salesPerDay.at(-1)?.day ?? '' },
      totals: {
        ...places(products),
        revenueInclVat: totals.totalInclVat,
        revenueExclVat: totals.totalExclVat,
        vat: totals.vat,
      },
      vatRates,
      salesPerDay,
      viewsBySource: views.map((row) => ({ source: row.source, views: Number(row.views) })),
      conversion: { views: viewCount, orders: orderCount, rate: viewCount === 0 ? 0 : orderCount / viewCount },
    },
  };
}

type TicketingRow = ProductRow;

function ticketingSummary(rows: readonly TicketingRow[], revenueInclVat: number) {
  const [first] = rows;
  if (!first) throw new Error('ticketing without rows');
  return {
    id: first.ticketing_id,
    title: first.ticketing_title,
    startsAt: iso(first.starts_at),
    status: first.ticketing_status,
    ...places(rows),
    revenueInclVat,
  };
}

/** Groups product rows by ticketing, keeping the query's order. */
function byTicketing(rows: readonly ProductRow[]): ProductRow[][] {
  const groups = new Map<number, ProductRow[]>();
  for (const row of rows) groups.set(row.ticketing_id, [...(groups.get(row.ticketing_id) ?? []), row]);
  return [...groups.values()];
}

export async function organizerDashboard(db: Database, organizerId: number): Promise<OrganizerDashboard> {
  const { products, revenueOf, dashboard } = await common(db, { organizerId });
  const ticketings = byTicketing(products).map((rows) =>
    ticketingSummary(
      rows,
      revenueOf((row) => row.ticketing_id === rows[0]?.ticketing_id),
    ),
  );
  return { ...dashboard, ticketings };
}

/** A ticketing's dashboard, or null when the organiser has no such ticketing (the route's 404). */
export async function ticketingDashboard(
  db: Database,
  organizerId: number,
  ticketingId: number,
): Promise<TicketingDashboard | null> {
  const [ticketing] = await rowsOf<TicketingRow>(
    db,
    sql`SELECT t.id AS ticketing_id, t.title AS ticketing_title, t.starts_at, t.status AS ticketing_status,
        0 AS stock, 0 AS sold, 0 AS remaining
      FROM ticketing t WHERE t.id = ${ticketingId} AND t.organizer_id = ${organizerId}`,
  );
  if (!ticketing) return null;
  const { products, revenueOf, dashboard } = await common(db, { organizerId, ticketingId });
  return {
    ...dashboard,
    ticketing: ticketingSummary(products.length > 0 ? products : [ticketing], dashboard.totals.revenueInclVat),
    products: products.map((row) => ({
      id: row.id,
      title: row.title,
      price: row.price,
      ...places([row]),
      revenueInclVat: revenueOf((revenue) => revenue.product_id === row.id),
    })),
  };
}
