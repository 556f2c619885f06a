/**
 * POST /dev/orders/:orderID/expire — development and end-to-end tests only: registered outside production,
 * and answered only to the machine itself (as the outbox), a 404 for anyone else.
 */
import { expireOrder } from '@guichet/contracts';
import { isLoopbackAddress } from '@guichet/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orders, productHolds } from '../../db/schema.js';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { releaseExpiredHolds } from '../../services/checkout/holds.js';

const devOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.ip)) return reply.callNotFound();
  });

  app.route({
    ...routeOf(expireOrder),
    handler: async (request) => {
      const { orderID } = request.params;
      const past = sql`now() - interval '1 second'`;
      const [order] = await db
        .update(orders)
        .set({ expiresAt: past })
        .where(and(eq(orders.id, orderID), eq(orders.status, 'PENDING')))
        .returning({ id: orders.id });
      if (!order) throw notFound('Aucune commande en attente avec cet identifiant.');
      await db
        .update(productHolds)
        .set({ expiresAt: past })
        .where(and(eq(productHolds.orderId, orderID), isNull(productHolds.releasedAt)));
      const report = await releaseExpiredHolds(db);
      return { releasedPlaces: report.releasedPlaces, expiredOrders: report.expiredOrders };
    },
  });
};

export default devOrderRoutes;
