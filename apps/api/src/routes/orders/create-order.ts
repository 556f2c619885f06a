/** POST /orders: the checkout's first step, the cart turned into a pending order with its places held. */
import { CREATE_ORDER_MESSAGES, createOrder } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError } from '../../lib/http-error.js';
import { authenticate } from '../../plugins/auth.js';
import { createOrder as create } from '../../services/checkout/create-order.js';

/**
 * PostgreSQL gave up on the transaction rather than on the request: a deadlock (40P01) or a serialization
 * failure (40001). Neither is expected (checkouts lock products in one order, in READ COMMITTED), but if
 * one happens the caller may simply try again: a 503, not a 500.
 */
function isTransientConflict(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

const createOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(createOrder),
    handler: async (request, reply) => {
      const user = await authenticate(request);
      try {
        const order = await create(db, user.id, request.body.cartID, new Date());
        return reply.code(201).send(order);
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
