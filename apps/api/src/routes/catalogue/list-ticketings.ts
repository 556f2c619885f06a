import { listTicketings } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { listTicketings as findTicketings } from '../../services/catalogue/ticketings.js';

const listTicketingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(listTicketings),
    handler: (request) => findTicketings(app.database.db, request.query, new Date()),
  });
};

export default listTicketingsRoutes;
