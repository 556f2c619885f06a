/**
 * What a scanner's phone keeps to check codes offline (docs/decisions/0065): the pack of a scope — the
 * organiser's public keys, the products, every ticket as a short array — and then its changes: revocations
 * and other gates' check-ins since the last sync, and the double entries its own device is part of.
 */
import { createHash } from 'node:crypto';
import {
  DOOR_CHANGES_OVERLAP_MS,
  type DoorChanges,
  type DoorConflict,
  type DoorPack,
  type DoorPackTicket,
} from '@guichet/contracts';
import type { RefundReason } from '@guichet/domain';
import type { DoorScope } from '@guichet/domain/door';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { doorKeys } from './keys.js';
import { isoOf, type ResolvedScope, scopeColumn, scopeCounts, scopeTickets, summaryOf } from './scope.js';

/**
 * The first 12 bytes of the SHA-256 of a printed code, base64url (16 characters): what a phone matches a typed
 * code or an old clear-code QR against, without holding the codes themselves.
 */
export const codeHash = (code: string): string => createHash('sha256').update(code).digest('base64url').slice(0, 16);

type TicketRow = {
  id: number;
  productId: number;
  holder: string;
  code: string;
  revokedReason: RefundReason | null;
  scannedAt: string | null;
  gate: string | null;
};

/** The scope's tickets, as pack rows; `where` narrows them (the changes). */
export async function packTickets(db: Database, scope: DoorScope, where: SQL = sql`TRUE`): Promise<DoorPackTicket[]> {
  const rows = await rowsOf<TicketRow>(
    db,
    sql`SELECT t.id, oi.product_id AS "productId", t.holder_name AS holder, t.code,
          t.revoked_reason AS "revokedReason", ${isoOf(sql`t.scanned_at`)} AS "scannedAt", t.scanned_gate AS gate
        FROM ${scopeTickets(scope)} AND (${where})
        ORDER BY t.id`,
  );
  return rows.map((row) => [
    row.id,
    row.productId,
    row.holder,
    codeHash(row.code),
    row.revokedReason,
    row.scannedAt,
    // A first scan always has its gate; the fallback only keeps the tuple's shape for rows written before 0022.
    row.scannedAt === null ? null : (row.gate ?? ''),
  ]);
}

export async function doorPack(db: Database, scope: ResolvedScope): Promise<DoorPack> {
  const [keys, products, tickets, counts, [now]] = await Promise.all([
    doorKeys(db, scope.organizerId),
    rowsOf<{ id: number; title: string }>(
      db,
      sql`SELECT p.id, p.title FROM product p WHERE ${scopeColumn(scope)} = ${scope.id} ORDER BY p.position, p.id`,
    ),
    packTickets(db, scope),
    scopeCounts(db, scope),
    rowsOf<{ at: string }>(db, sql`SELECT ${isoOf(sql`now()`)} AS at`),
  ]);
  return {
    scope: summaryOf(scope, counts),
    keys,
    products,
    tickets,
    // The database's clock, which stamps `received_at` and `revoked_at`: the next `since` is compared with them.
    serverTime: now?.at ?? new Date().toISOString(),
  };
}

/**
 * The query of doorConflicts (exported for its plan's test). A double entry's ticket is found by an EXISTS on
 * the ticket's own check-ins (check_in_ticket_idx), not by an IN over the scope's flagged ones: with
 * statistics not yet gathered after a burst of check-ins — a door opening — the planner took that IN for one
 * row and read the whole scope again for each check-in, 3,300 × 3,300 rows at a 3,000-ticket house, seconds
 * per sync of every gate.
 */
export const doorConflictsQuery = (scope: DoorScope, where: SQL): SQL =>
  sql`WITH valid AS (
      SELECT c.id, c.ticket_id, c.nonce, c.gate, c.device_id, c.scanned_at,
        row_number() OVER (PARTITION BY c.ticket_id ORDER BY c.scanned_at, c.id) AS rank
      FROM check_in c
      WHERE c.scope_kind = ${scope.kind} AND c.scope_id = ${scope.id} AND c.local_verdict = 'VALID'
        AND EXISTS (SELECT 1 FROM check_in x WHERE x.ticket_id = c.ticket_id AND x.conflict)
    )
    SELECT o.ticket_id AS "ticketId",
      w.gate AS "winnerGate", ${isoOf(sql`w.scanned_at`)} AS "winnerAt", w.device_id AS "winnerDevice",
      o.gate AS "otherGate", ${isoOf(sql`o.scanned_at`)} AS "otherAt", o.device_id AS "otherDevice", o.nonce
    FROM valid o JOIN valid w ON w.ticket_id = o.ticket_id AND w.rank = 1
    WHERE o.rank > 1 AND (${where})
    ORDER BY o.ticket_id, o.rank`;

/**
 * The double entries of a scope, each as (winner, other): the winner is a ticket's first VALID check-in by the
 * scanning phone's clock (then by id), every later VALID one is an `other`. `where` filters the pairs (aliases
 * `w` and `o`).
 */
export async function doorConflicts(db: Database, scope: DoorScope, where: SQL): Promise<DoorConflict[]> {
  const rows = await rowsOf<{
    ticketId: number;
    winnerGate: string;
    winnerAt: string;
    winnerDevice: string;
    otherGate: string;
    otherAt: string;
    otherDevice: string;
    nonce: string;
  }>(db, doorConflictsQuery(scope, where));
  return rows.map((row) => ({
    ticketId: row.ticketId,
    winner: { gate: row.winnerGate, scannedAt: row.winnerAt, deviceId: row.winnerDevice },
    other: { gate: row.otherGate, scannedAt: row.otherAt, deviceId: row.otherDevice, nonce: row.nonce },
  }));
}

/**
 * What changed since `since` (the previous answer's `serverTime`), looking back DOOR_CHANGES_OVERLAP_MS more: a
 * transaction that committed late is still seen, and a phone merges by ticket id and nonce, so twice is harmless.
 */
export async function doorChanges(
  db: Database,
  scope: DoorScope,
  { since, deviceId }: { since: Date; deviceId: string },
): Promise<DoorChanges> {
  const from = new Date(since.getTime() - DOOR_CHANGES_OVERLAP_MS).toISOString();
  const [[now], tickets, conflicts] = await Promise.all([
    rowsOf<{ at: string }>(db, sql`SELECT ${isoOf(sql`now()`)} AS at`),
    packTickets(
      db,
      scope,
      sql`t.revoked_at >= ${from}::timestamptz OR EXISTS (SELECT 1 FROM check_in c
        WHERE c.ticket_id = t.id AND c.scope_kind = ${scope.kind} AND c.scope_id = ${scope.id}
          AND c.received_at >= ${from}::timestamptz)`,
    ),
    doorConflicts(db, scope, sql`w.device_id = ${deviceId} OR o.device_id = ${deviceId}`),
  ]);
  return { tickets, conflicts, serverTime: now?.at ?? new Date().toISOString() };
}
