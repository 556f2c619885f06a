/**
 * The one door through which a provider's word reaches an order: `confirmPayment`. The demo's card
 * endpoints and Stripe's webhook both come here, with the provider's event id as the idempotency key, as
 * pretix does: the first transaction to record an event handles it; the same notification delivered again,
 * even at the same moment, waits for that transaction and then finds the event done. The order row is
 * locked while it is paid, so two different events for one order (Stripe sends several) queue, and the
 * second sees the order already paid.
 *
 * Money is never kept without tickets: a payment that cannot be honoured (too late and the places sold
 * meanwhile, an order cancelled, an order paid twice, an amount that is not the order's) is refunded.
 */
import { isPayable } from '@guichet/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../db/client.js';
import {
  cartItems,
  invoiceCounter,
  orderItems,
  orders,
  paymentEvents,
  payments,
  productHolds,
  products,
  tickets,
} from '../../db/schema.js';
import type { Transaction } from '../checkout/holds.js';
import { newTicketCode } from '../documents/codes.js';
import { type MailDeps, sendLateRefundNotice, sendOrderConfirmation } from '../documents/send-confirmation.js';
import type { PaymentNotification, PaymentProvider } from './provider.js';

/** What confirming a payment needs: what the order's mails need, the provider (to refund) and a log. */
export type PaymentDeps = MailDeps & {
  payments: PaymentProvider;
  /** Where a mail or a refund that failed after the payment was recorded is reported. */
  log?: Pick<FastifyBaseLogger, 'error'>;
};

/**
 * PAID: this notification paid the order. ALREADY_HANDLED: the same event (or another for an already paid
 * order) came before. REFUNDED: could not be honoured (late and sold out, order closed, paid twice, wrong
 * amount): refunded and, when late, the buyer told. FAILED: a declined payment, recorded. REJECTED: the
 * order does not exist; nothing done.
 */
export type ConfirmOutcome = 'PAID' | 'ALREADY_HANDLED' | 'REFUNDED' | 'FAILED' | 'REJECTED';

export type ConfirmResult = { outcome: ConfirmOutcome; orderId: number };

/** The places of an order are no longer there: its transaction's savepoint is rolled back. */
class PlacesGone extends Error {}

/** Why a successful payment is refunded rather than kept. */
type RefundReason = 'LATE' | 'CLOSED' | 'DUPLICATE' | 'AMOUNT';

type Decision =
  | { outcome: 'PAID' | 'ALREADY_HANDLED' | 'FAILED' | 'REJECTED' }
  | { outcome: 'REFUNDED'; reason: RefundReason };

/** How an event's handling is recorded (`payment_event.outcome`): a refund keeps its reason, for a retry. */
const recordedOutcome = (decision: Decision) =>
  decision.outcome === 'REFUNDED' ? `REFUNDED:${decision.reason}` : decision.outcome;

const LATE: Decision = { outcome: 'REFUNDED', reason: 'LATE' };

export async function confirmPayment(deps: PaymentDeps, notification: PaymentNotification): Promise<ConfirmResult> {
  const decision = await deps.db.transaction((tx) => decide(tx, notification));
  const { orderId } = notification;
  if (decision.outcome === 'PAID' || decision.outcome === 'ALREADY_HANDLED') {
    // Also on a notification delivered again: a confirmation mail that failed the first time goes now.
    await sendConfirmationOnce(deps, orderId);
  }
  // Also on a notification delivered again: a refund the provider failed to make the first time.
  await refundOwed(deps, notification);
  return { outcome: decision.outcome, orderId };
}

/**
 * Gives back a payment recorded as REFUNDED whose refund the provider has not confirmed yet, then tells a
 * late buyer why. Throws when the provider fails, so that the notification is answered with an error and
 * delivered again — the money is owed until `refunded_at` is set. Concurrent deliveries may both call the
 * provider: its idempotency key per payment makes them one refund.
 */
async function refundOwed(deps: PaymentDeps, notification: PaymentNotification): Promise<void> {
  const { provider, providerPaymentId, orderId } = notification;
  const [owed] = await deps.db
    .select({ id: payments.id, amount: payments.amount, currency: payments.currency })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.providerPaymentId, providerPaymentId),
        eq(payments.status, 'REFUNDED'),
        isNull(payments.refundedAt),
      ),
    );
  if (!owed) return;
  // Keyed by the payment too, not by the order alone: one order may have two payments to give back (paid
  // twice), and a second refund under the first one's key would be refused as a reused key, the money kept.
  await deps.payments.refund({
    providerPaymentId,
    amount: owed.amount,
    idempotencyKey: `order-${orderId}-refund-${providerPaymentId}`,
  });
  const marked = await deps.db
    .update(payments)
    .set({ refundedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(payments.id, owed.id), isNull(payments.refundedAt)))
    .returning({ id: payments.id });
  if (marked.length === 0) return;
  const [late] = await deps.db
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, owed.id), eq(paymentEvents.outcome, recordedOutcome(LATE))));
  // Once, by whoever marked the refund; only a late buyer is written to (the other cases are our own).
  if (late) await report(deps, 'late-refund-mail', () => sendLateRefundNotice(deps, orderId));
}

async function decide(tx: Transaction, notification: PaymentNotification): Promise<Decision> {
  const { provider, eventId, providerPaymentId, orderId } = notification;
  // The claim: a concurrent copy of this event blocks here on the primary key until this transaction
  // ends, then inserts nothing.
  const claimed = await tx
    .insert(paymentEvents)
    .values({ provider, eventId, outcome: 'HANDLING' })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (claimed.length === 0) return { outcome: 'ALREADY_HANDLED' };
  const done = async (decision: Decision, paymentId: number | null = null) => {
    await tx
      .update(paymentEvents)
      .set({ outcome: recordedOutcome(decision), paymentId })
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
    return decision;
  };

  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      totalAmount: orders.totalAmount,
      currency: orders.currency,
      cartId: orders.cartId,
      paymentProvider: orders.paymentProvider,
      paymentReference: orders.paymentReference,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) return done({ outcome: 'REJECTED' });

  const record = async (status: 'SUCCEEDED' | 'FAILED' | 'REFUNDED', failureMessage: string | null = null) => {
    const [row] = await tx
      .insert(payments)
      .values({
        orderId,
        provider,
        providerPaymentId,
        status,
        amount: notification.amount,
        currency: notification.currency.toUpperCase(),
        failureMessage,
      })
      .onConflictDoUpdate({
        target: [payments.provider, payments.providerPaymentId],
        set: { status, failureMessage, updatedAt: sql`now()` },
      })
      .returning({ id: payments.id, orderId: payments.orderId });
    // A provider id already recorded for another order is not this order's payment.
    if (!row || row.orderId !== orderId) throw new Error(`payment ${provider}/${providerPaymentId} of another order`);
    return row.id;
  };

  if (notification.outcome === 'FAILED') {
    return done({ outcome: 'FAILED' }, await record('FAILED', notification.failureMessage ?? null));
  }
  if (order.status === 'PAID' && order.paymentProvider === provider && order.paymentReference === providerPaymentId) {
    // Another event about the payment that already paid it (Stripe sends several).
    return done({ outcome: 'ALREADY_HANDLED' }, await record('SUCCEEDED'));
  }
  const refund = async (reason: RefundReason) => done({ outcome: 'REFUNDED', reason }, await record('REFUNDED', null));
  if (notification.amount !== order.totalAmount || notification.currency.toUpperCase() !== order.currency)
    return refund('AMOUNT');
  if (order.status === 'PAID') return refund('DUPLICATE');
  if (!isPayable(order.status)) return refund('CLOSED');

  try {
    // A savepoint: places taken for some lines are given back if a later line's are gone.
    await tx.transaction((savepoint) => takePlaces(savepoint, orderId));
  } catch (error) {
    if (error instanceof PlacesGone) return refund('LATE');
    throw error;
  }
  const paymentId = await record('SUCCEEDED');
  await issueTickets(tx, orderId);
  if (order.cartId) await emptyCart(tx, order.cartId, orderId);
  // Last, so that the counter row stays locked as briefly as possible: a rolled-back payment gives its
  // number back, which a sequence would not (invoice numbers must have no gap).
  const [counter] = await tx
    .update(invoiceCounter)
    .set({ last: sql`${invoiceCounter.last} + 1` })
    .where(eq(invoiceCounter.id, 1))
    .returning({ last: invoiceCounter.last });
  if (!counter) throw new Error('invoice counter missing');
  await tx
    .update(orders)
    .set({
      status: 'PAID',
      paidAt: sql`now()`,
      paymentProvider: provider,
      paymentReference: providerPaymentId,
      invoiceNumber: counter.last,
    })
    .where(eq(orders.id, orderId));
  return done({ outcome: 'PAID' }, paymentId);
}

/**
 * Reserved becomes sold, product by product in ascending id order (the order checkouts and the release
 * job lock them in). A hold not yet released still counts in `reserved`, even past its expiry: its places
 * were never given to anyone, so they move to `sold` as they are. A released hold's places went back on
 * sale: they are taken again only if still there, in the same guarded statement as a checkout's.
 */
async function takePlaces(tx: Transaction, orderId: number): Promise<void> {
  const holds = await tx
    .select({
      id: productHolds.id,
      productId: productHolds.productId,
      quantity: productHolds.quantity,
      releasedAt: productHolds.releasedAt,
    })
    .from(productHolds)
    .where(eq(productHolds.orderId, orderId))
    .orderBy(asc(productHolds.productId), asc(productHolds.id))
    .for('update');
  for (const hold of holds) {
    if (hold.releasedAt === null) {
      await tx
        .update(products)
        .set({ reserved: sql`${products.reserved} - ${hold.quantity}`, sold: sql`${products.sold} + ${hold.quantity}` })
        .where(eq(products.id, hold.productId));
      await tx.update(productHolds).set({ releasedAt: sql`now()` }).where(eq(productHolds.id, hold.id));
      continue;
    }
    const taken = await rowsOf<{ id: number }>(
      tx,
      sql`UPDATE ${products} SET sold = sold + ${hold.quantity}
        WHERE id = ${hold.productId} AND sold + reserved + ${hold.quantity} <= stock RETURNING id`,
    );
    if (taken.length === 0) throw new PlacesGone();
  }
}

/** One ticket per unit of every line — a deal's voucher as well — named as the buyer asked. */
async function issueTickets(tx: Transaction, orderId: number): Promise<void> {
  const lines = await tx
    .select({ id: orderItems.id, quantity: orderItems.quantity, holderNames: orderItems.holderNames })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const rows = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, unit) => ({
      orderItemId: line.id,
      code: newTicketCode(),
      holderName: line.holderNames[unit] ?? line.holderNames[0] ?? '',
    })),
  );
  if (rows.length > 0) await tx.insert(tickets).values(rows);
}

/** The ordered products leave the cart the order was made from; anything added since stays. */
async function emptyCart(tx: Transaction, cartId: string, orderId: number): Promise<void> {
  const ordered = tx
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.productId, ordered)));
}

/**
 * The confirmation mail, sent by whoever claims it first (`confirmation_sent_at`), so one e-mail per order
 * however many notifications arrive; a send that fails gives the claim back for the next notification.
 */
async function sendConfirmationOnce(deps: PaymentDeps, orderId: number): Promise<void> {
  const claimed = await deps.db
    .update(orders)
    .set({ confirmationSentAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'PAID'), isNull(orders.confirmationSentAt)))
    .returning({ id: orders.id });
  if (claimed.length === 0) return;
  await report(deps, 'confirmation-mail', async () => {
    try {
      await sendOrderConfirmation(deps, orderId);
    } catch (error) {
      await deps.db.update(orders).set({ confirmationSentAt: null }).where(eq(orders.id, orderId));
      throw error;
    }
  });
}

/** After the payment is recorded, a failure to tell the buyer must not undo it: it is logged. */
async function report(deps: PaymentDeps, task: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    deps.log?.error({ err: error, task }, 'payment follow-up failed');
  }
}
