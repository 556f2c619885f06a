/**
 * The demo provider's bank, behind its card endpoints (routes/payments/demo.ts): the order a payment session
 * names, whether it can still be paid, a 3-D Secure attempt waiting for the buyer, and the bank's answer told to
 * the order through `confirmPayment`, exactly as a provider's webhook would. The card data never comes here.
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_MESSAGES, type PaymentOutcome } from '@guichet/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderItems, orders, payments } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { confirmPayment, type PaymentDeps } from './confirm.js';
import type { OrderLinks } from './signatures.js';

const PROVIDER = 'demo';

export const returnPathOf = (orderId: number) => `/account/orders/${orderId}?paid=1`;

const declined = (message: string) => new HttpError(402, 'PAYMENT_DECLINED', message);
const notPayable = (message: string) => new HttpError(409, 'ORDER_NOT_PAYABLE', message);

/** The order a session names, or 404 for a malformed or forged session (nobody learns which ids exist). */
export async function sessionOrder(db: Database, links: OrderLinks, session: string) {
  const orderId = links.orderOfSession(session);
  if (orderId === null) throw notFound(PAYMENT_MESSAGES.unknownSession);
  const [order] = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      totalAmount: orders.totalAmount,
      expiresAt: orders.expiresAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound(PAYMENT_MESSAGES.unknownSession);
  return order;
}

export type SessionOrder = Awaited<ReturnType<typeof sessionOrder>>;

/** The order's lines as the payment page lists them, in the order they were bought. */
export function sessionOrderLines(db: Database, orderId: number) {
  return db
    .select({ title: orderItems.title, quantity: orderItems.quantity, lineTotal: orderItems.lineTotal })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/**
 * The demo takes no payment once the places are no longer held: the page says they were released. (A real
 * provider may still take one from a page left open; `confirmPayment` then refunds it if they are gone.)
 */
export function assertPayable(order: SessionOrder, now: Date): void {
  if (order.status === 'PAID') throw notPayable(PAYMENT_MESSAGES.alreadyPaid);
  if (order.status === 'EXPIRED' || (order.status === 'PENDING' && order.expiresAt !== null && order.expiresAt <= now))
    throw notPayable(PAYMENT_MESSAGES.expired);
  if (order.status === 'CANCELLED') throw notPayable(PAYMENT_MESSAGES.cancelled);
  if (order.status !== 'PENDING') throw notPayable(PAYMENT_MESSAGES.notPayable);
}

export const newPaymentId = () => `demo_pay_${randomBytes(16).toString('base64url')}`;
const newEventId = () => `demo_evt_${randomBytes(16).toString('base64url')}`;

/** A 3-D Secure attempt: recorded as pending until the buyer confirms it « in their bank's app ». */
export async function recordPendingAttempt(db: Database, order: SessionOrder, providerPaymentId: string) {
  await db.insert(payments).values({
    orderId: order.id,
    provider: PROVIDER,
    providerPaymentId,
    status: 'PENDING',
    amount: order.totalAmount,
  });
}

/** Whether `challenge` names a pending attempt of this order (else the confirmation is refused). */
export async function hasPendingAttempt(db: Database, orderId: number, challenge: string): Promise<boolean> {
  const [attempt] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.provider, PROVIDER),
        eq(payments.providerPaymentId, challenge),
        eq(payments.orderId, orderId),
        eq(payments.status, 'PENDING'),
      ),
    );
  return attempt !== undefined;
}

/** The bank's answer, told to the order through the one door; a success leads back to the confirmation. */
export async function settle(
  deps: PaymentDeps,
  order: SessionOrder,
  providerPaymentId: string,
  outcome: 'SUCCEEDED' | 'FAILED',
  failureMessage?: string,
): Promise<PaymentOutcome> {
  const result = await confirmPayment(deps, {
    provider: PROVIDER,
    eventId: newEventId(),
    providerPaymentId,
    orderId: order.id,
    amount: order.totalAmount,
    currency: 'EUR',
    outcome,
    ...(failureMessage ? { failureMessage } : {}),
  });
  if (result.outcome === 'FAILED') throw declined(failureMessage ?? PAYMENT_MESSAGES.declined);
  // Paid by a concurrent attempt, cancelled meanwhile, or too late: money given back, and the buyer told why.
  if (result.outcome === 'REFUNDED') {
    const [now] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    throw notPayable(now?.status === 'CANCELLED' ? PAYMENT_MESSAGES.cancelled : PAYMENT_MESSAGES.expired);
  }
  return { outcome: 'SUCCEEDED', returnPath: returnPathOf(order.id) };
}
