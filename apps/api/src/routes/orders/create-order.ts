/** POST /orders: the checkout's first step, the cart turned into a pending order with its places held. */
import { CREATE_ORDER_MESSAGES, createOrder } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { isTransientConflict } from '../../lib/transient.js';
import { authenticate } from '../../plugins/auth.js';
import { createOrder as create } from '../../services/checkout/create-order.js';

const createOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(createOrder),
    handler: async (request, reply) => {
      const user = await authenticate(request);
      try {
        const { email, ...order } = await create(db, user.id, request.body, new Date());
        const { url } = await app.payments.startPayment({
          id: order.orderID,
          reference: order.reference,
          totalAmount: order.totalAmount,
          currency: 'EUR',
          email,
          expiresAt: new Date(order.expiresAt),
          lines: order.items,
        });
        return reply.code(201).send({ ...order, paymentUrl: url });
      } catch (error) {
        if (isTransientConflict(error))
          throw new HttpError(503, 'SERVICE_UNAVAILABLE', CREATE_ORDER_MESSAGES.busy, {
            headers: { 'retry-after': '1' },
          });
        throw error;
      }
    },
  });
};

export default createOrderRoutes;
