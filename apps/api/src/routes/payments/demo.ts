/**
 * The demo provider's own endpoints, behind the hosted page `/payment?order=<session>`: they play the
 * bank (test cards only) and then notify the order through `confirmPayment`, exactly as a provider's
 * webhook would. The card data is read here to pick the test outcome and goes nowhere else: it is not
 * stored, not put in the order tables, not logged (Fastify does not log bodies; validation issues carry
 * field names and rules, never values).
 */
import {
  cancelPaymentSession,
  confirmChallenge,
  DEMO_TEST_CARDS,
  getPaymentSession,
  PAYMENT_MESSAGES,
  payWithCard,
} from '@guichet/contracts';
import { cardDigits, LEGAL_ENTITY } from '@guichet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { cancelled } from '../../services/checkout/cancel-order.js';
import type { PaymentDeps } from '../../services/payments/confirm.js';
import {
  assertPayable,
  hasPendingAttempt,
  newPaymentId,
  recordPendingAttempt,
  returnPathOf,
  sessionOrder,
  sessionOrderLines,
  settle,
} from '../../services/payments/demo-bank.js';

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
      const lines = await sessionOrderLines(db, order.id);
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
        await recordPendingAttempt(db, order, providerPaymentId);
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
      if (!(await hasPendingAttempt(db, order.id, request.body.challenge)))
        throw notFound(PAYMENT_MESSAGES.unknownChallenge);
      assertPayable(order, new Date());
      const deps = depsOf(request.log);
      return request.body.approve
        ? settle(deps, order, request.body.challenge, 'SUCCEEDED')
        : settle(deps, order, request.body.challenge, 'FAILED', PAYMENT_MESSAGES.challengeRefused);
    },
  });
};

export default demoPaymentRoutes;
