/**
 * Cancelling a ticketing (docs/decisions/0066): in one transaction its status becomes CANCELLED (the version
 * the organiser read, as every write), a refund job is opened, every paid order holding its tickets gets one
 * refund PENDING of this ticketing's lines only (another organiser's tickets in the same basket stay), the
 * tickets are revoked (CANCELLATION) and their places taken off the sold count. The refund worker then asks
 * the payment provider order by order and mails each buyer; a worker killed half-way resumes where it was,
 * since what is left is what is still PENDING. `ON CONFLICT (job_id, order_id) DO NOTHING`: one refund per
 * order and job, however the statement is run again.
 */
import { type CancellationProgress, REFUND_MESSAGES } from '@guichet/contracts';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { AFTER_SALE_STATUSES, claimVersion, ticketingNotFound } from '../pro/ticketings.js';
import { putPlacesBack } from './request.js';

export type CancelInput = {
  organizerId: number;
  ticketingId: number;
  version: number;
  message?: string | undefined;
  userId: number;
};

export async function cancelTicketing(db: Database, input: CancelInput): Promise<{ jobId: number; refunds: number }> {
  const { organizerId, ticketingId } = input;
  return db.transaction(async (tx) => {
    const [current] = await rowsOf<{ status: string }>(
      tx,
      sql`SELECT status FROM ticketing WHERE id = ${ticketingId} AND organizer_id = ${organizerId}`,
    );
    if (!current) throw ticketingNotFound();
    if (current.status === 'CANCELLED')
      throw new HttpError(409, 'CANCELLATION_UNDER_WAY', REFUND_MESSAGES.alreadyCancelled);
    if (!AFTER_SALE_STATUSES.includes(current.status as never))
      throw new HttpError(409, 'STATUS_CHANGE_REFUSED', REFUND_MESSAGES.cannotCancel);
    await claimVersion(tx, organizerId, ticketingId, input.version, { status: 'CANCELLED' });

    const [job] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO refund_job (ticketing_id, message, created_by)
        VALUES (${ticketingId}, ${input.message ?? null}, ${input.userId}) RETURNING id`,
    );
    if (!job) throw new Error('refund_job insert returned no row');

    // The paid orders with tickets of it, locked in id order: a refund of one of them under way (request.ts
    // locks its order first) finishes before, and its tickets are then left out as revoked.
    await tx.execute(sql`SELECT o.id FROM "order" o
      WHERE o.status = 'PAID' AND EXISTS (
        SELECT 1 FROM order_item oi JOIN product p ON p.id = oi.product_id
        WHERE oi.order_id = o.id AND p.ticketing_id = ${ticketingId})
      ORDER BY o.id FOR UPDATE`);

    // What each order gives back: its unrevoked tickets of this ticketing, at the price they were charged.
    const live = sql`SELECT oi.order_id, oi.id AS order_item_id, oi.product_id, oi.vat_rate,
        count(k.id)::int AS quantity, (count(k.id) * oi.unit_price)::int AS amount
      FROM order_item oi
      JOIN "order" o ON o.id = oi.order_id AND o.status = 'PAID'
      JOIN product p ON p.id = oi.product_id AND p.ticketing_id = ${ticketingId}
      JOIN ticket k ON k.order_item_id = oi.id AND k.revoked_at IS NULL
      GROUP BY oi.order_id, oi.id, oi.product_id, oi.vat_rate, oi.unit_price`;
    const created = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO refund (order_id, organizer_id, reason, amount, currency, job_id, provider, created_by)
        SELECT l.order_id, ${organizerId}, 'CANCELLATION', sum(l.amount), o.currency, ${job.id}, o.payment_provider,
          ${input.userId}
        FROM (${live}) l JOIN "order" o ON o.id = l.order_id
        GROUP BY l.order_id, o.currency, o.payment_provider
        HAVING sum(l.amount) > 0
        ORDER BY l.order_id
        ON CONFLICT (job_id, order_id) DO NOTHING
        RETURNING id`,
    );
    await tx.execute(sql`INSERT INTO refund_line (refund_id, order_item_id, quantity, amount, vat_rate)
      SELECT r.id, l.order_item_id, l.quantity, l.amount, l.vat_rate
      FROM (${live}) l JOIN refund r ON r.job_id = ${job.id} AND r.order_id = l.order_id
      ORDER BY r.id, l.order_item_id`);
    const sold = await rowsOf<{ product_id: number; quantity: number }>(
      tx,
      sql`SELECT product_id, sum(quantity)::int AS quantity FROM (${live}) l GROUP BY product_id`,
    );
    await putPlacesBack(
      tx,
      sold.map((row) => ({ productId: row.product_id, quantity: row.quantity })),
    );
    // Free tickets are revoked too (refund_id null: nothing to give back).
    await tx.execute(sql`UPDATE ticket k SET revoked_at = now(), revoked_reason = 'CANCELLATION', refund_id = r.id
      FROM order_item oi
      JOIN "order" o ON o.id = oi.order_id AND o.status = 'PAID'
      JOIN product p ON p.id = oi.product_id AND p.ticketing_id = ${ticketingId}
      LEFT JOIN refund r ON r.job_id = ${job.id} AND r.order_id = oi.order_id
      WHERE k.order_item_id = oi.id AND k.revoked_at IS NULL`);
    await tx.execute(sql`UPDATE "order" o SET refunded_amount = o.refunded_amount + r.amount
      FROM refund r WHERE r.job_id = ${job.id} AND r.order_id = o.id`);
    // Nothing to refund (no paid order): the job is done as soon as it starts.
    if (created.length === 0) await tx.execute(sql`UPDATE refund_job SET finished_at = now() WHERE id = ${job.id}`);
    return { jobId: job.id, refunds: created.length };
  });
}

type ProgressRow = {
  created_at: Date | string;
  finished_at: Date | string | null;
  total: number;
  succeeded: number;
  failed: number;
  pending: number;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Where a ticketing's cancellation is: NONE before, RUNNING while refunds are PENDING, DONE after. */
export async function cancellationProgress(
  db: Database,
  organizerId: number,
  ticketingId: number,
): Promise<CancellationProgress | null> {
  const [ticketing] = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM ticketing WHERE id = ${ticketingId} AND organizer_id = ${organizerId}`,
  );
  if (!ticketing) return null;
  const [row] = await rowsOf<ProgressRow>(
    db,
    sql`SELECT j.created_at, j.finished_at, count(r.id)::int AS total,
        (count(r.id) FILTER (WHERE r.status = 'SUCCEEDED'))::int AS succeeded,
        (count(r.id) FILTER (WHERE r.status = 'FAILED'))::int AS failed,
        (count(r.id) FILTER (WHERE r.status = 'PENDING'))::int AS pending
      FROM refund_job j LEFT JOIN refund r ON r.job_id = j.id
      WHERE j.ticketing_id = ${ticketingId}
      GROUP BY j.id`,
  );
  if (!row) return { status: 'NONE', total: 0, succeeded: 0, failed: 0, pending: 0, startedAt: null, finishedAt: null };
  return {
    status: row.finished_at === null ? 'RUNNING' : 'DONE',
    total: row.total,
    succeeded: row.succeeded,
    failed: row.failed,
    pending: row.pending,
    startedAt: iso(row.created_at),
    finishedAt: iso(row.finished_at),
  };
}
