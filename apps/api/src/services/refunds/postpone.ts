/**
 * Postponing a ticketing (docs/decisions/0066): a new date, its tickets still valid. The first date is kept
 * (`previous_starts_at`, the JSON-LD's previousStartDate), the schedule's revision raised (the calendar file's
 * SEQUENCE) and each paid order gets a notice row for this revision, which the refund worker mails by lease;
 * until `refund_requests_until` a buyer may ask for a refund instead (routes/orders/after-sale.ts).
 */
import { REFUND_MESSAGES } from '@guichet/contracts';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { HttpError, invalidField } from '../../lib/http-error.js';
import { AFTER_SALE_STATUSES, claimVersion, ticketingNotFound } from '../pro/ticketings.js';

export type PostponeInput = {
  organizerId: number;
  ticketingId: number;
  version: number;
  startsAt: string;
  endsAt: string;
  refundRequestsUntil: string;
  now?: Date;
};

export async function postponeTicketing(db: Database, input: PostponeInput): Promise<{ version: number }> {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  const refundUntil = new Date(input.refundRequestsUntil);
  const now = input.now ?? new Date();
  if (startsAt <= now) throw invalidField('body', ['startsAt'], REFUND_MESSAGES.postponeStartsInPast);
  if (endsAt <= startsAt) throw invalidField('body', ['endsAt'], REFUND_MESSAGES.postponeEndsBeforeStart);
  if (refundUntil >= startsAt)
    throw invalidField('body', ['refundRequestsUntil'], REFUND_MESSAGES.refundUntilAfterStart);
  return db.transaction(async (tx) => {
    const [current] = await rowsOf<{ status: string }>(
      tx,
      sql`SELECT status FROM ticketing WHERE id = ${input.ticketingId} AND organizer_id = ${input.organizerId}`,
    );
    if (!current) throw ticketingNotFound();
    if (current.status === 'CANCELLED')
      throw new HttpError(409, 'CANCELLATION_UNDER_WAY', REFUND_MESSAGES.alreadyCancelled);
    if (!AFTER_SALE_STATUSES.includes(current.status as never))
      throw new HttpError(409, 'STATUS_CHANGE_REFUSED', REFUND_MESSAGES.cannotPostpone);
    const saved = await claimVersion(tx, input.organizerId, input.ticketingId, input.version, {
      startsAt,
      endsAt,
      // The date first announced, kept through later postponements (SET reads the row as it was).
      previousStartsAt: sql`coalesce(previous_starts_at, starts_at)`,
      refundRequestsUntil: refundUntil,
      scheduleRevision: sql`schedule_revision + 1`,
    });
    await tx.execute(sql`INSERT INTO postponement_notice (ticketing_id, order_id, revision)
      SELECT DISTINCT ${input.ticketingId}::int, oi.order_id, t.schedule_revision
      FROM order_item oi
      JOIN "order" o ON o.id = oi.order_id AND o.status = 'PAID'
      JOIN product p ON p.id = oi.product_id AND p.ticketing_id = ${input.ticketingId}
      JOIN ticketing t ON t.id = p.ticketing_id
      WHERE EXISTS (SELECT 1 FROM ticket k WHERE k.order_item_id = oi.id AND k.revoked_at IS NULL)
      ON CONFLICT DO NOTHING`);
    return { version: saved.version };
  });
}
