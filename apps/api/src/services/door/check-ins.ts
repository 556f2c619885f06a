/**
 * The check-ins a phone sends, in batches (docs/decisions/0065). Each carries the nonce the phone drew: a batch
 * sent again (answer lost, app restarted) counts once. The first VALID scan of a ticket, by the scanning phone's
 * clock, wins and is written on the ticket; every other VALID scan of it is a conflict, told to both gates.
 */
import {
  CHECK_IN_CLOCK_WINDOW_MS,
  type CheckInInput,
  type CheckInReceipt,
  type DoorConflict,
} from '@guichet/contracts';
import type { DoorScope } from '@guichet/domain/door';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { doorConflicts } from './pack.js';
import { pgArray, scopeColumn } from './scope.js';

export type CheckInContext = {
  scope: DoorScope & { organizerId: number };
  userId: number;
  deviceId: string;
  gate: string;
};

const CLOCK_WINDOW = sql.raw(`interval '${CHECK_IN_CLOCK_WINDOW_MS} milliseconds'`);

/**
 * Locks the tickets in id order (two gates sending at once take turns on a ticket, never deadlock), then settles
 * each one's winner and conflicts from all its VALID check-ins: the first by (scanned_at, id) is written on the
 * ticket, the others are flagged `conflict`, and a former winner beaten by a scan that arrived late loses its
 * place and becomes a conflict too.
 */
export async function settleTickets(tx: Database, ticketIds: readonly number[]): Promise<void> {
  if (ticketIds.length === 0) return;
  const ids = pgArray([...new Set(ticketIds)]);
  await tx.execute(sql`SELECT id FROM ticket WHERE id = ANY(${ids}::int[]) ORDER BY id FOR UPDATE`);
  await tx.execute(sql`WITH first AS (
      SELECT DISTINCT ON (c.ticket_id) c.ticket_id, c.scanned_at, c.gate
      FROM check_in c
      WHERE c.ticket_id = ANY(${ids}::int[]) AND c.local_verdict = 'VALID'
      ORDER BY c.ticket_id, c.scanned_at, c.id
    )
    UPDATE ticket t SET scanned_at = first.scanned_at, scanned_gate = first.gate
    FROM first
    WHERE t.id = first.ticket_id AND (t.scanned_at IS NULL OR first.scanned_at < t.scanned_at)`);
  await tx.execute(sql`WITH ranked AS (
      SELECT c.id, row_number() OVER (PARTITION BY c.ticket_id ORDER BY c.scanned_at, c.id) > 1 AS conflict
      FROM check_in c
      WHERE c.ticket_id = ANY(${ids}::int[]) AND c.local_verdict = 'VALID'
    )
    UPDATE check_in c SET conflict = ranked.conflict
    FROM ranked
    WHERE c.id = ranked.id AND c.conflict IS DISTINCT FROM ranked.conflict`);
}

/**
 * Records a batch: ONE statement inserts every new check-in of a ticket of the scope (a nonce already known is
 * skipped, a ticket of another scope too), its scan time clamped to the day before reception — a phone whose
 * clock is wrong cannot win a ticket from the future nor from last week. Then the winners and conflicts.
 */
export async function recordCheckIns(
  db: Database,
  context: CheckInContext,
  checkIns: readonly CheckInInput[],
): Promise<CheckInReceipt> {
  // The same nonce twice in one batch is one scan: the first is kept.
  const byNonce = new Map<string, CheckInInput>();
  for (const checkIn of checkIns) {
    const nonce = checkIn.nonce.toLowerCase();
    if (!byNonce.has(nonce)) byNonce.set(nonce, checkIn);
  }
  const inputs = [...byNonce.values()];
  const { scope } = context;

  return db.transaction(async (tx) => {
    const [counts] = await rowsOf<{ recorded: number; inScope: number }>(
      tx,
      sql`WITH input AS (
          SELECT * FROM unnest(
            ${pgArray(inputs.map((input) => input.nonce))}::uuid[],
            ${pgArray(inputs.map((input) => input.ticketId))}::int[],
            ${pgArray(inputs.map((input) => input.scannedAt))}::timestamptz[],
            ${pgArray(inputs.map((input) => input.localVerdict))}::text[]
          ) AS i(nonce, ticket_id, scanned_at, local_verdict)
        ), scoped AS (
          SELECT i.* FROM input i
            JOIN ticket t ON t.id = i.ticket_id
            JOIN order_item oi ON oi.id = t.order_item_id
            JOIN product p ON p.id = oi.product_id
          WHERE ${scopeColumn(scope)} = ${scope.id}
        ), inserted AS (
          INSERT INTO check_in (nonce, ticket_id, organizer_id, scope_kind, scope_id, user_id, device_id, gate,
            scanned_at, local_verdict)
          SELECT s.nonce, s.ticket_id, ${scope.organizerId}, ${scope.kind}, ${scope.id}, ${context.userId},
            ${context.deviceId}, ${context.gate},
            least(greatest(s.scanned_at, now() - ${CLOCK_WINDOW}), now()), s.local_verdict
          FROM scoped s
          ON CONFLICT (nonce) DO NOTHING
          RETURNING id
        )
        SELECT (SELECT count(*) FROM inserted)::int AS recorded, (SELECT count(*) FROM scoped)::int AS "inScope"`,
    );
    const recorded = counts?.recorded ?? 0;
    const ticketIds = [...new Set(inputs.map((input) => input.ticketId))];
    const scopedIds = (
      await rowsOf<{ id: number }>(
        tx,
        sql`SELECT t.id FROM ticket t
              JOIN order_item oi ON oi.id = t.order_item_id
              JOIN product p ON p.id = oi.product_id
            WHERE t.id = ANY(${pgArray(ticketIds)}::int[]) AND ${scopeColumn(scope)} = ${scope.id}`,
      )
    ).map((row) => row.id);
    await settleTickets(tx, scopedIds);

    const conflicts: DoorConflict[] =
      scopedIds.length === 0
        ? []
        : await doorConflicts(tx, scope, sql`o.ticket_id = ANY(${pgArray(scopedIds)}::int[])`);
    const validIds = [
      ...new Set(inputs.filter((input) => input.localVerdict === 'VALID').map((input) => input.ticketId)),
    ].filter((id) => scopedIds.includes(id));
    const revoked =
      validIds.length === 0
        ? []
        : (
            await rowsOf<{ id: number }>(
              tx,
              sql`SELECT id FROM ticket WHERE id = ANY(${pgArray(validIds)}::int[]) AND revoked_at IS NOT NULL ORDER BY id`,
            )
          ).map((row) => row.id);
    return { recorded, alreadyHad: (counts?.inScope ?? 0) - recorded, conflicts, revoked };
  });
}
