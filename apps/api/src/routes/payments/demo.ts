/**
 * The demo provider's own endpoints, behind the hosted page `/payment?order=<session>`: they play the
 * bank (test cards only) and then notify the order through `confirmPayment`, exactly as a provider's
 * webhook would. The card data is read here to pick the test outcome and goes nowhere else: it is not
 * stored, not put in the order tables, not logged (Fastify does not log bodies; validation issues carry
 * field names and rules, never values).
 */
import { randomBytes } from 'node:crypto';
import {
  cancelPaymentSession,
  confirmChallenge,
  DEMO_TEST_CARDS,
  getPaymentSession,
  PAYMENT_MESSAGES,
  type PaymentOutcome,
  payWithCard,
} from '@guichet/contracts';
import { cardDigits, LEGAL_ENTITY } from '@guichet/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { orderItems, orders, payments } from '../../db/schema.js';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { cancelled } from '../../services/checkout/cancel-order.js';
import { confirmPayment, type PaymentDeps } from '../../services/payments/confirm.js';
import type { OrderLinks } from '../../services/payments/signatures.js';

const PROVIDER = 'demo';

const returnPathOf = (orderId: number) => `/account/orders/${orderId}?paid=1`;

const declined = (message: string) => new HttpError(402, 'PAYMENT_DECLINED', message);
const notPayable = (message: string) => new HttpError(409, 'ORDER_NOT_PAYABLE', message);

/** The order a session names, or 404 for a malformed or forged session (nobody learns which ids exist). */
async function sessionOrder(db: Database, links: OrderLinks, session: string) {
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

type SessionOrder = Awaited<ReturnType<typeof sessionOrder>>;

/**
 * The demo takes no payment once the places are no longer held: the page says they were released. (A real
 * provider may still take one from a page left open; `confirmPayment` then refunds it if they are gone.)
 */
function assertPayable(order: SessionOrder, now: Date): void {
  if (order.status === 'PAID') throw notPayable(PAYMENT_MESSAGES.alreadyPaid);
  if (order.status === 'EXPIRED' || (order.status === 'PENDING' && order.expiresAt !== null && order.expiresAt <= now))
    throw notPayable(PAYMENT_MESSAGES.expired);
  if (order.status === 'CANCELLED') throw notPayable(PAYMENT_MESSAGES.cancelled);
  if (order.status !== 'PENDING') throw notPayable(PAYMENT_MESSAGES.notPayable);
}

const newPaymentId = () => `demo_pay_${randomBytes(16).toString('base64url')}`;
const newEventId = () => `demo_evt_${randomBytes(16).toString('base64url')}`;

/** The bank's answer, told to the order through the one door; a success leads back to the confirmation. */
async function settle(
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

const demoPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const depsOf = (log: PaymentDeps['log']): PaymentDeps => ({
    db,
    mailer: app.mailer,
    payments: app.payments,
    links: app.orderLinks,
    siteUrl: app.config.SITE_URL,
    log,
  });

  app.route({
    ...routeOf(getPaymentSession),
    handler: async (request, reply) => {
      const order = await sessionOrder(db, app.orderLinks, request.params.session);
      const lines = await db
        .select({ title: orderItems.title, quantity: orderItems.quantity, lineTotal: orderItems.lineTotal })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.id));
      reply.header('cache-control', 'no-store');
      return {
        orderID: order.id,
        reference: order.reference,
        merchant: LEGAL_ENTITY.companyName,
        totalAmount: order.totalAmount,
        currency: 'EUR' as const,
        // A pending order past its hold is shown as it is about to be marked: expired.
        status:
          order.status === 'PENDING' && order.expiresAt !== null && order.expiresAt <= new Date()
            ? ('EXPIRED' as const)
            : order.status,
        expiresAt: order.expiresAt?.toISOString() ?? null,
        lines,
        returnPath: returnPathOf(order.id),
        cancelPath: '/cart',
      };
    },
  });

  app.route({
    ...routeOf(payWithCard),
    handler: async (request) => {
      const order = await sessionOrder(db, app.orderLinks, request.params.session);
      assertPayable(order, new Date());
      const card = cardDigits(request.body.cardNumber);
      const providerPaymentId = newPaymentId();
      const deps = depsOf(request.log);
      if (card === cardDigits(DEMO_TEST_CARDS.succeeds)) return settle(deps, order, providerPaymentId, 'SUCCEEDED');
      if (card === cardDigits(DEMO_TEST_CARDS.threeDSecure)) {
        // The attempt waits for the buyer's confirmation in « their bank's app »: the next step names it.
        await db.insert(payments).values({
          orderId: order.id,
          provider: PROVIDER,
          providerPaymentId,
          status: 'PENDING',
          amount: order.totalAmount,
        });
        return { outcome: 'REQUIRES_ACTION' as const, challenge: providerPaymentId };
      }
      const message =
        card === cardDigits(DEMO_TEST_CARDS.declined) ? PAYMENT_MESSAGES.declined : PAYMENT_MESSAGES.testCardsOnly;
      return settle(deps, order, providerPaymentId, 'FAILED', message);
    },
  });

  // « Annuler et revenir au panier »: whoever may pay the order may cancel it instead.
  app.route({
    ...routeOf(cancelPaymentSession),
    handler: async (request) => {
      const order = await sessionOrder(db, app.orderLinks, request.params.session);
      return cancelled(db, order.id);
    },
  });

  app.route({
    ...routeOf(confirmChallenge),
    handler: async (request) => {
      const order = await sessionOrder(db, app.orderLinks, request.params.session);
      const [attempt] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.provider, PROVIDER),
            eq(payments.providerPaymentId, request.body.challenge),
            eq(payments.orderId, order.id),
            eq(payments.status, 'PENDING'),
          ),
        );
      if (!attempt) throw notFound(PAYMENT_MESSAGES.unknownChallenge);
      assertPayable(order, new Date());
      const deps = depsOf(request.log);
      return request.body.approve
        ? settle(deps, order, request.body.challenge, 'SUCCEEDED')
        : settle(deps, order, request.body.challenge, 'FAILED', PAYMENT_MESSAGES.challengeRefused);
    },
  });
};

export default demoPaymentRoutes;
