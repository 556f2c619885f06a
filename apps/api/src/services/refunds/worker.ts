/**
 * The refund worker (docs/decisions/0066), the second half of every refund: it claims PENDING refunds by
 * lease (`claimed_until`, `FOR UPDATE SKIP LOCKED`, so two API processes never take the same one), asks the
 * payment provider under the idempotency key `guichet-refund-<id>` (a retry after a crash refunds once), then
 * in one transaction marks the refund SUCCEEDED with its credit note number (gap-free, like invoices) and,
 * once everything paid is given back, the order REFUNDED. The buyer's mail is then claimed by lease and
 * marked sent after it went: at least once (a kill between the send and the mark sends it twice, never zero).
 * After MAX_ATTEMPTS failures a refund is FAILED, its last error kept for the organiser.
 *
 * Postponement notices are mailed the same way. It runs every WORKER_INTERVAL_MS and whenever a request
 * kicks it (a refund asked, a ticketing cancelled or postponed); `runRefundsUntilIdle` is what tests call.
 */

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { type Database, rowsOf } from '../../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import type { PaymentProvider } from '../payments/provider.js';
import type { OrderLinks } from '../payments/signatures.js';
import { sendPostponementNotice, sendRefundMail } from './mails.js';

export type RefundWorkerDeps = {
  db: Database;
  payments: Pick<PaymentProvider, 'refund'>;
  mailer: Mailer;
  links: OrderLinks;
  siteUrl: string;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
};

/** The worker's parts, from the API's decorations: the same for the process's worker and a request's kick. */
export function refundWorkerDeps(app: {
  database: { db: Database };
  payments: Pick<PaymentProvider, 'refund'>;
  mailer: Mailer;
  orderLinks: OrderLinks;
  config: { SITE_URL: string };
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}): RefundWorkerDeps {
  return {
    db: app.database.db,
    payments: app.payments,
    mailer: app.mailer,
    links: app.orderLinks,
    siteUrl: app.config.SITE_URL,
    log: app.log,
  };
}

/** How many refunds one claim takes, how many are asked of the provider at once. */
export const CLAIM_BATCH = 20;
export const IN_FLIGHT = 4;
/** A claim's lease: a worker that died holding it lets another take the refund after this long. */
export const LEASE = '2 minutes';
/** A refund the provider refused this many times is given up (FAILED), for the organiser to see. */
export const MAX_ATTEMPTS = 10;
export const WORKER_INTERVAL_MS = 30_000;

type Claimed = { id: number; order_id: number; amount: number; attempts: number; payment_reference: string | null };

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

async function claimRefunds(db: Database): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    db,
    sql`WITH claimed AS (
        SELECT id FROM refund
        WHERE status = 'PENDING' AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY id LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED
      )
      UPDATE refund r SET claimed_until = now() + ${LEASE}::interval, attempts = r.attempts + 1
      FROM claimed c, "order" o
      WHERE r.id = c.id AND o.id = r.order_id
      RETURNING r.id, r.order_id, r.amount, r.attempts, o.payment_reference`,
  );
}

/** The provider's part done: SUCCEEDED, numbered, the order REFUNDED when nothing paid is left. */
async function markSucceeded(db: Database, refundId: number, providerRefundId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [refund] = await rowsOf<{ order_id: number }>(
      tx,
      sql`SELECT order_id FROM refund WHERE id = ${refundId} AND status = 'PENDING' FOR UPDATE`,
    );
    // Already marked by another worker whose lease ran out while the provider answered: nothing to do.
    if (!refund) return;
    // Last but one, so that the counter row stays locked briefly; rolled back, the number is given back.
    const [counter] = await rowsOf<{ last: number }>(
      tx,
      sql`UPDATE credit_note_counter SET last = last + 1 WHERE id = 1 RETURNING last`,
    );
    if (!counter) throw new Error('credit note counter missing');
    await tx.execute(sql`UPDATE refund SET status = 'SUCCEEDED', provider_refund_id = ${providerRefundId},
        refunded_at = now(), credit_note_number = ${counter.last}, claimed_until = NULL, last_error = NULL
      WHERE id = ${refundId}`);
    await tx.execute(sql`UPDATE "order" o SET status = 'REFUNDED'
      WHERE o.id = ${refund.order_id} AND o.status = 'PAID' AND o.refunded_amount = o.total_amount
        AND NOT EXISTS (SELECT 1 FROM refund r WHERE r.order_id = o.id AND r.status <> 'SUCCEEDED')`);
  });
}

async function markFailed(db: Database, refund: Claimed, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  // Tried again once its lease is over, sooner after a first failure (a blip) than after several.
  await db.execute(sql`UPDATE refund SET last_error = ${message.slice(0, 500)},
      status = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'FAILED' ELSE status END,
      claimed_until = now() + least(attempts * 5, 120) * interval '1 second'
    WHERE id = ${refund.id} AND status = 'PENDING'`);
}

async function refundOne(deps: RefundWorkerDeps, refund: Claimed): Promise<void> {
  try {
    const { providerRefundId } = await deps.payments.refund({
      // Seeded demo orders have no payment reference: the demo bank keys them by order.
      providerPaymentId: refund.payment_reference ?? `order-${refund.order_id}`,
      amount: refund.amount,
      idempotencyKey: `guichet-refund-${refund.id}`,
      refundId: refund.id,
      attempts: refund.attempts - 1,
    });
    await markSucceeded(deps.db, refund.id, providerRefundId);
  } catch (error) {
    deps.log?.warn({ err: error, refundId: refund.id }, 'remboursement refusé ou injoignable');
    await markFailed(deps.db, refund, error);
  }
}

/** The buyers' mails of refunds done and not yet mailed, each claimed by lease; how many went. */
async function mailRefunds(deps: RefundWorkerDeps): Promise<number> {
  const claimed = await rowsOf<{ id: number }>(
    deps.db,
    sql`WITH due AS (
        SELECT id FROM refund
        WHERE status = 'SUCCEEDED' AND mail_sent_at IS NULL
          AND (mail_claimed_until IS NULL OR mail_claimed_until < now())
        ORDER BY id LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED
      )
      UPDATE refund r SET mail_claimed_until = now() + ${LEASE}::interval FROM due WHERE r.id = due.id
      RETURNING r.id`,
  );
  let sent = 0;
  await inParallel(claimed, IN_FLIGHT, async ({ id }) => {
    try {
      await sendRefundMail(deps, id);
      await deps.db.execute(sql`UPDATE refund SET mail_sent_at = now() WHERE id = ${id}`);
      sent += 1;
    } catch (error) {
      // Its lease runs out and the next run tries again.
      deps.log?.error({ err: error, refundId: id }, 'e-mail de remboursement non envoyé');
    }
  });
  return sent;
}

async function mailPostponements(deps: RefundWorkerDeps): Promise<number> {
  const claimed = await rowsOf<{ ticketing_id: number; order_id: number; revision: number }>(
    deps.db,
    sql`WITH due AS (
        SELECT ticketing_id, order_id, revision FROM postponement_notice
        WHERE sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY ticketing_id, order_id, revision LIMIT ${CLAIM_BATCH} FOR UPDATE SKIP LOCKED
      )
      UPDATE postponement_notice n SET claimed_until = now() + ${LEASE}::interval FROM due
      WHERE n.ticketing_id = due.ticketing_id AND n.order_id = due.order_id AND n.revision = due.revision
      RETURNING n.ticketing_id, n.order_id, n.revision`,
  );
  let sent = 0;
  await inParallel(claimed, IN_FLIGHT, async (notice) => {
    try {
      // A notice of an earlier revision, not sent before the next postponement: the newer one says it all.
      const [current] = await rowsOf<{ revision: number }>(
        deps.db,
        sql`SELECT schedule_revision AS revision FROM ticketing WHERE id = ${notice.ticketing_id}`,
      );
      if (current?.revision === notice.revision)
        await sendPostponementNotice(deps, { ticketingId: notice.ticketing_id, orderId: notice.order_id });
      await deps.db.execute(sql`UPDATE postponement_notice SET sent_at = now()
        WHERE ticketing_id = ${notice.ticketing_id} AND order_id = ${notice.order_id} AND revision = ${notice.revision}`);
      sent += 1;
    } catch (error) {
      deps.log?.error({ err: error, ...notice }, 'e-mail de report non envoyé');
    }
  });
  return sent;
}

/** A cancellation is finished when none of its refunds is still PENDING. */
async function finishJobs(db: Database): Promise<void> {
  await db.execute(sql`UPDATE refund_job j SET finished_at = now()
    WHERE j.finished_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM refund r WHERE r.job_id = j.id AND r.status = 'PENDING')`);
}

/** One round: a batch of refunds, then the mails due; how much was done (0: nothing was waiting). */
export async function runRefundsOnce(deps: RefundWorkerDeps): Promise<number> {
  const claimed = await claimRefunds(deps.db);
  await inParallel(claimed, IN_FLIGHT, (refund) => refundOne(deps, refund));
  if (claimed.length > 0) await finishJobs(deps.db);
  const mailed = (await mailRefunds(deps)) + (await mailPostponements(deps));
  return claimed.length + mailed;
}

/** Rounds until nothing is left that may be taken now (refunds waiting for a lease to end are left). */
export async function runRefundsUntilIdle(deps: RefundWorkerDeps): Promise<void> {
  while ((await runRefundsOnce(deps)) > 0) {}
  await finishJobs(deps.db);
}

export type RefundWorker = { kick(): void; stop(): Promise<void> };

/**
 * The worker of one API process: a round every `intervalMs` (what a restart left behind, retries after a
 * lease), and at once when kicked. Never two rounds at a time in one process; a kick during a round makes
 * one more round after it.
 */
export function startRefundWorker(deps: RefundWorkerDeps, intervalMs = WORKER_INTERVAL_MS): RefundWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runRefundsUntilIdle(deps)
      .catch((error: unknown) => deps.log?.error({ err: error }, 'remboursements : tour interrompu'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  // What a previous run of the process left (killed mid-way) starts at once.
  tick();
  return {
    kick: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}

/** The worker started by server.ts for a database, which requests kick; none in tests (they run rounds themselves). */
const workers = new WeakMap<Database, RefundWorker>();

export function registerRefundWorker(db: Database, worker: RefundWorker): void {
  workers.set(db, worker);
}

/**
 * After a request wrote refunds or notices: the process's worker is kicked, or — without one (tests, an API
 * process that runs no jobs) — a round is run in the background once the answer has left.
 */
export function kickRefunds(
  deps: RefundWorkerDeps,
  background: { afterAnswer(reply: FastifyReply, name: string, work: () => Promise<void>): void },
  reply: FastifyReply,
): void {
  const worker = workers.get(deps.db);
  if (worker) worker.kick();
  else background.afterAnswer(reply, 'refunds', () => runRefundsUntilIdle(deps));
}
