import { cancelAccountOrder, getOrder, listOrders, ORDER_NOT_FOUND_MESSAGE } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { requireAccountOwner } from '../../plugins/auth.js';
import { cancelled } from '../../services/checkout/cancel-order.js';
import { findOrder, listOrders as findOrders } from '../../services/orders.js';

const accountOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(listOrders),
    handler: async (request) => {
      const user = await requireAccountOwner(request, request.params.id);
      return findOrders(db, user.id, request.query);
    },
  });

  app.route({
    ...routeOf(getOrder),
    handler: async (request) => {
      const user = await requireAccountOwner(request, request.params.id);
      // Someone else's order is "not found", never "forbidden": ids cannot be probed.
      const order = await findOrder(
        db,
        { links: app.orderLinks, payments: app.payments },
        user.id,
        request.params.orderID,
      );
      if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
      return order;
    },
  });

  app.route({
    ...routeOf(cancelAccountOrder),
    handler: async (request) => {
      const user = await requireAccountOwner(request, request.params.id);
      return cancelled(db, request.params.orderID, user.id);
    },
  });
};

export default accountOrdersRoutes;
