/**
 * POST /dev/orders/:orderID/expire — development and end-to-end tests only: registered outside production,
 * and answered only to the machine itself (as the outbox), a 404 for anyone else.
 */
import { expireOrder } from '@guichet/contracts';
import { isLoopbackAddress } from '@guichet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { expirePendingOrderNow } from '../../services/checkout/holds.js';

const devOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.ip)) return reply.callNotFound();
  });

  app.route({
    ...routeOf(expireOrder),
    handler: async (request) => {
      const report = await expirePendingOrderNow(db, request.params.orderID);
      if (!report) throw notFound('Aucune commande en attente avec cet identifiant.');
      return { releasedPlaces: report.releasedPlaces, expiredOrders: report.expiredOrders };
    },
  });
};

export default devOrderRoutes;
