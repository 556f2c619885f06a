/** The server cart: created and replaced by visitors and members alike, merged into an account at login. */
import { createCart, mergeAccountCart, updateCart } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { optionalUser, requireAccountOwner } from '../../plugins/auth.js';
import type { RequestedLine } from '../../services/carts/lines.js';
import { createCart as create, mergeIntoAccount, updateCart as update } from '../../services/carts/store.js';

/** What the API reads of a request's line: the product, its claimed type and the quantity, nothing else. */
const linesOf = (body: { cartItems: { product: Omit<RequestedLine, 'quantity'>; quantity: number }[] }) =>
  body.cartItems.map(
    ({ product, quantity }): RequestedLine => ({
      productID: product.productID,
      productType: product.productType,
      quantity,
    }),
  );

const cartsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(createCart),
    handler: async (request, reply) => {
      const user = await optionalUser(request);
      const cart = await create(db, linesOf(request.body), user?.id ?? null, new Date());
      return reply.code(201).send(cart);
    },
  });

  app.route({
    ...routeOf(updateCart),
    handler: async (request) => {
      const user = await optionalUser(request);
      return update(db, request.params.cartID, linesOf(request.body), user?.id ?? null, new Date());
    },
  });

  app.route({
    ...routeOf(mergeAccountCart),
    handler: async (request) => {
      const user = await requireAccountOwner(request, request.params.id);
      return mergeIntoAccount(db, user.id, linesOf(request.body), new Date());
    },
  });
};

export default cartsRoutes;
