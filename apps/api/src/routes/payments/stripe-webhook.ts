/**
 * POST /payments/stripe/webhook: Stripe's word on a payment, verified on the raw body and handed to
 * `confirmPayment`, the one door to the order.
 *
 * The route is registered whatever the provider, so /openapi.json describes the same API in every
 * configuration; with another provider it answers exactly as an unknown route would (404 ROUTE_NOT_FOUND),
 * so nothing can be notified to a site that never sent anyone to Stripe.
 */
import { receiveStripeWebhook, STRIPE_WEBHOOK_MESSAGES } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { isTransientDatabaseError } from '../../lib/transient.js';
import { confirmPayment } from '../../services/payments/confirm.js';
import { InvalidNotificationError, type PaymentNotification } from '../../services/payments/provider.js';

const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the bytes Stripe sent: the body is kept as a Buffer. This parser lives in this
  // plugin's context only (Fastify encapsulation), so every other route keeps parsing its JSON.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    ...routeOf(receiveStripeWebhook),
    handler: async (request) => {
      const provider = app.payments;
      if (provider.name !== 'stripe' || !provider.parseWebhook)
        throw new HttpError(404, 'ROUTE_NOT_FOUND', `Aucune route ne répond à POST ${receiveStripeWebhook.path}.`);

      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let notification: PaymentNotification | null;
      try {
        notification = provider.parseWebhook(rawBody, typeof header === 'string' ? header : undefined);
      } catch (error) {
        if (!(error instanceof InvalidNotificationError)) throw error;
        request.log.warn({ reason: error.message }, 'Stripe notification refused');
        throw new HttpError(400, 'INVALID_SIGNATURE', STRIPE_WEBHOOK_MESSAGES.invalidSignature);
      }
      // An event we do not act on is acknowledged all the same, or Stripe would send it again for days.
      if (!notification) return { received: true as const };

      try {
        const { outcome, orderId } = await confirmPayment(
          {
            db: app.database.db,
            mailer: app.mailer,
            payments: provider,
            links: app.orderLinks,
            siteUrl: app.config.SITE_URL,
            log: request.log,
          },
          notification,
        );
        // REJECTED (an order we do not have) is answered 200 too: sending it again would not change it, and
        // someone has to look at it in the logs.
        const level = outcome === 'REJECTED' ? 'warn' : 'info';
        request.log[level]({ eventId: notification.eventId, orderId, outcome }, 'Stripe notification handled');
      } catch (error) {
        // Nothing was committed: a 503 makes Stripe deliver the event again, and the event id keeps the
        // handling single however many times it comes.
        if (isTransientDatabaseError(error)) {
          request.log.warn({ err: error, eventId: notification.eventId }, 'Stripe notification postponed');
          throw new HttpError(503, 'SERVICE_UNAVAILABLE', STRIPE_WEBHOOK_MESSAGES.busy, {
            headers: { 'retry-after': '5' },
          });
        }
        throw error;
      }
      return { received: true as const };
    },
  });
};

export default stripeWebhookRoutes;
