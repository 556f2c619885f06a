/**
 * An organiser's orders: the list (organizer_order, kept by migration 0021's triggers, newest payment first
 * with a keyset cursor, searched through its trigram index) and one order with this organiser's lines only.
 */
import { type ProOrderDetail, type ProOrderSummary, ProOrdersCursor, SALES_MESSAGES } from '@guichet/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../../db/client.js';
import { invalidField } from '../../../lib/http-error.js';
import { proRefundsOf } from '../../refunds/credit-notes.js';

type SummaryRow = {
  id: number;
  reference: string;
  paid_at: Date | string;
  status: ProOrderSummary['status'];
  firstname: string;
  lastname: string;
  email: string;
  tickets: number;
  amount: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();

const summaryOf = (row: SummaryRow): ProOrderSummary => ({
  id: row.id,
  reference: row.reference,
  paidAt: iso(row.paid_at),
  status: row.status,
  buyer: { firstname: row.firstname, lastname: row.lastname, email: row.email },
  tickets: row.tickets,
  amount: row.amount,
});

export function encodeOrdersCursor(order: Pick<ProOrderSummary, 'paidAt' | 'id'>): string {
  return Buffer.from(JSON.stringify({ paidAt: order.paidAt, id: order.id })).toString('base64url');
}

const invalidCursor = () => invalidField('querystring', ['cursor'], SALES_MESSAGES.invalidCursor);

/** A cursor made by `encodeOrdersCursor`, held to the contract's shape; anything else is a 400. */
export function decodeOrdersCursor(cursor: string) {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = ProOrdersCursor.safeParse(value);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

/** The LIKE pattern of a search: its wildcards taken literally, matched anywhere, without accents or case. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export type OrdersPageQuery = { q?: string | undefined; cursor?: string | undefined; limit: number };

type RowsOptions = { q?: string | undefined; after?: { paidAt: string; id: number } | undefined; limit: number };

/** The list's query: rows after `after`, newest payment first, through organizer_order_paid_idx. */
export function orderRowsQuery(organizerId: number, { q, after, limit }: RowsOptions): SQL {
  const conditions: SQL[] = [sql`oo.organizer_id = ${organizerId}`];
  if (after) conditions.push(sql`(oo.paid_at, oo.order_id) < (${after.paidAt}::timestamptz, ${after.id})`);
  if (q) conditions.push(sql`oo.search LIKE immutable_unaccent(lower(${containsPattern(q)}))`);
  return sql`SELECT oo.order_id AS id, o.reference, oo.paid_at, oo.status, u.firstname, u.lastname, u.email,
      oo.tickets, oo.amount
    FROM organizer_order oo
    JOIN "order" o ON o.id = oo.order_id
    JOIN "user" u ON u.id = oo.user_id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY oo.paid_at DESC, oo.order_id DESC
    LIMIT ${limit}`;
}

/** Rows of the list: the page and the CSV export read it the same way. */
export async function organizerOrderRows(
  db: Database,
  organizerId: number,
  options: RowsOptions,
): Promise<ProOrderSummary[]> {
  return (await rowsOf<SummaryRow>(db, orderRowsQuery(organizerId, options))).map(summaryOf);
}

export async function organizerOrdersPage(db: Database, organizerId: number, { q, cursor, limit }: OrdersPageQuery) {
  const after = cursor === undefined ? undefined : decodeOrdersCursor(cursor);
  const rows = await organizerOrderRows(db, organizerId, { q, after, limit: limit + 1 });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeOrdersCursor(last) : null };
}

type LineRow = {
  id: number;
  ticketing_id: number;
  ticketing_title: string;
  title: string;
  unit_price: number;
  quantity: number;
  line_total: number;
  vat_rate: number;
  /** json_agg's array (PGlite and node-postgres both parse json). */
  tickets: LineTicket[];
};

type LineTicket = {
  id: number;
  code: string;
  holderName: string;
  scannedAt: string | null;
  revokedReason: ProOrderDetail['lines'][number]['tickets'][number]['revokedReason'];
};

/**
 * One order as organiser `organizerId` sees it, or null when it has none of its tickets (the route's 404): its
 * lines, their tickets (which ones are revoked, and why) and the refunds of its lines.
 */
export async function organizerOrder(
  db: Database,
  organizerId: number,
  orderId: number,
): Promise<ProOrderDetail | null> {
  const [summary] = await rowsOf<SummaryRow>(
    db,
    sql`SELECT oo.order_id AS id, o.reference, oo.paid_at, oo.status, u.firstname, u.lastname, u.email,
        oo.tickets, oo.amount
      FROM organizer_order oo
      JOIN "order" o ON o.id = oo.order_id
      JOIN "user" u ON u.id = oo.user_id
      WHERE oo.organizer_id = ${organizerId} AND oo.order_id = ${orderId}`,
  );
  if (!summary) return null;
  const lines = await rowsOf<LineRow>(
    db,
    sql`SELECT oi.id, t.id AS ticketing_id, t.title AS ticketing_title, oi.title, oi.unit_price, oi.quantity,
        oi.line_total, oi.vat_rate,
        coalesce((SELECT json_agg(json_build_object('id', k.id, 'code', k.code, 'holderName', k.holder_name,
            'scannedAt', k.scanned_at, 'revokedReason', k.revoked_reason) ORDER BY k.id)
          FROM ticket k WHERE k.order_item_id = oi.id), '[]'::json) AS tickets
      FROM order_item oi
      JOIN product p ON p.id = oi.product_id
      JOIN ticketing t ON t.id = p.ticketing_id
      WHERE oi.order_id = ${orderId} AND t.organizer_id = ${organizerId}
      ORDER BY oi.id`,
  );
  return {
    ...summaryOf(summary),
    lines: lines.map((line) => {
      return {
        id: line.id,
        ticketing: { id: line.ticketing_id, title: line.ticketing_title },
        title: line.title,
        unitPrice: line.unit_price,
        quantity: line.quantity,
        lineTotal: line.line_total,
        vatRate: line.vat_rate,
        tickets: line.tickets.map((ticket) => ({
          id: ticket.id,
          code: ticket.code,
          revokedReason: ticket.revokedReason,
          holderName: ticket.holderName,
          scannedAt: ticket.scannedAt === null ? null : iso(ticket.scannedAt),
        })),
      };
    }),
    refunds: await proRefundsOf(db, orderId, organizerId),
  };
}
