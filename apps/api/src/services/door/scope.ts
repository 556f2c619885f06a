/**
 * What a door controls (docs/decisions/0065): a ticketing of the organiser (its tickets), or an offer whose
 * partner organiser it is (its vouchers). Every query of the door names the organiser of the membership just
 * checked, so another organiser's ticketing or offer is a 404, as if it did not exist.
 */
import type { DoorScopePath, DoorScopeSummary } from '@guichet/contracts';
import { DOOR_SCOPE_PATHS } from '@guichet/contracts';
import type { DoorScope } from '@guichet/domain/door';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';

/** A timestamptz as the contracts write instants (UTC, milliseconds, Z), whatever the driver returns. */
export const isoOf = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A PostgreSQL array literal of plain values (ids, uuids, instants, verdict words), passed as one parameter. */
export function pgArray(values: readonly (string | number)[]): string {
  return `{${values.map((value) => `"${String(value).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

export type ResolvedScope = DoorScope & {
  organizerId: number;
  title: string;
  startsAt: string | null;
  endsAt: string;
};

/** `p.ticketing_id` or `p.offer_id`: the product column that ties a ticket to this scope (product aliased `p`). */
export const scopeColumn = (scope: DoorScope) => sql.raw(scope.kind === 'TICKET' ? 'p.ticketing_id' : 'p.offer_id');

/**
 * The tickets of a scope, as a FROM clause aliased `t` (ticket), `oi`, `p` (product), `o` (order): paid
 * orders' lines, and refunded ones (their tickets are revoked: the door says why rather than « inconnu »).
 */
export const scopeTickets = (scope: DoorScope) => sql`ticket t
  JOIN order_item oi ON oi.id = t.order_item_id
  JOIN product p ON p.id = oi.product_id
  JOIN "order" o ON o.id = oi.order_id
  WHERE ${scopeColumn(scope)} = ${scope.id} AND o.status IN ('PAID', 'REFUNDED')`;

/** The scope a path names, if it is this organiser's; null otherwise (the route answers 404). */
export async function resolveScope(
  db: Database,
  organizerId: number,
  path: { scopeKind: DoorScopePath; scopeId: number },
): Promise<ResolvedScope | null> {
  const kind = DOOR_SCOPE_PATHS[path.scopeKind];
  const query =
    kind === 'TICKET'
      ? sql`SELECT id, title, ${isoOf(sql`starts_at`)} AS "startsAt", ${isoOf(sql`ends_at`)} AS "endsAt"
          FROM ticketing WHERE id = ${path.scopeId} AND organizer_id = ${organizerId} AND status <> 'DRAFT'`
      : sql`SELECT id, title, NULL AS "startsAt", ${isoOf(sql`valid_until`)} AS "endsAt"
          FROM offer WHERE id = ${path.scopeId} AND organizer_id = ${organizerId}`;
  const [row] = await rowsOf<{ id: number; title: string; startsAt: string | null; endsAt: string }>(db, query);
  return row ? { kind, organizerId, ...row } : null;
}

/** Admitted and valid tickets of a scope. */
export async function scopeCounts(db: Database, scope: DoorScope): Promise<{ admitted: number; total: number }> {
  const [row] = await rowsOf<{ admitted: number; total: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE t.revoked_at IS NULL AND t.scanned_at IS NOT NULL)::int AS admitted,
          count(*) FILTER (WHERE t.revoked_at IS NULL)::int AS total
        FROM ${scopeTickets(scope)}`,
  );
  return { admitted: row?.admitted ?? 0, total: row?.total ?? 0 };
}

export const summaryOf = (scope: ResolvedScope, counts: { admitted: number; total: number }): DoorScopeSummary => ({
  kind: scope.kind,
  id: scope.id,
  title: scope.title,
  startsAt: scope.startsAt,
  endsAt: scope.endsAt,
  ...counts,
});

/**
 * The organiser's doors: its ticketings but drafts, those running or nearest to now first (a scanner opens the
 * list on the evening of the show), then the offers it is the partner of. One query, counts included.
 */
export async function listDoorScopes(db: Database, organizerId: number): Promise<DoorScopeSummary[]> {
  const rows = await rowsOf<{
    kind: 'TICKET' | 'VOUCHER';
    id: number;
    title: string;
    startsAt: string | null;
    endsAt: string;
    admitted: number;
    total: number;
  }>(
    db,
    sql`WITH counts AS (
          SELECT p.ticketing_id, p.offer_id,
            count(*) FILTER (WHERE t.revoked_at IS NULL AND t.scanned_at IS NOT NULL)::int AS admitted,
            count(*) FILTER (WHERE t.revoked_at IS NULL)::int AS total
          FROM ticket t
            JOIN order_item oi ON oi.id = t.order_item_id
            JOIN product p ON p.id = oi.product_id
            JOIN "order" o ON o.id = oi.order_id
          WHERE o.status IN ('PAID', 'REFUNDED')
            AND (p.ticketing_id IN (SELECT id FROM ticketing WHERE organizer_id = ${organizerId})
              OR p.offer_id IN (SELECT id FROM offer WHERE organizer_id = ${organizerId}))
          GROUP BY p.ticketing_id, p.offer_id
        )
        SELECT * FROM (
          SELECT 'TICKET' AS kind, g.id, g.title, ${isoOf(sql`g.starts_at`)} AS "startsAt", ${isoOf(sql`g.ends_at`)} AS "endsAt",
            coalesce(c.admitted, 0) AS admitted, coalesce(c.total, 0) AS total, 0 AS rank,
            CASE WHEN now() BETWEEN g.starts_at AND g.ends_at THEN 0
              ELSE least(abs(extract(epoch FROM g.starts_at - now())), abs(extract(epoch FROM g.ends_at - now()))) END AS distance
          FROM ticketing g LEFT JOIN counts c ON c.ticketing_id = g.id
          WHERE g.organizer_id = ${organizerId} AND g.status <> 'DRAFT'
          UNION ALL
          SELECT 'VOUCHER', f.id, f.title, NULL, ${isoOf(sql`f.valid_until`)},
            coalesce(c.admitted, 0), coalesce(c.total, 0), 1, 0
          FROM offer f LEFT JOIN counts c ON c.offer_id = f.id
          WHERE f.organizer_id = ${organizerId}
        ) scopes
        ORDER BY rank, distance, id`,
  );
  return rows.map(({ kind, id, title, startsAt, endsAt, admitted, total }) => ({
    kind,
    id,
    title,
    startsAt,
    endsAt,
    admitted,
    total,
  }));
}
