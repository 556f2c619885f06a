import { getTicketing } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { findTicketingDetail } from '../../services/catalogue/ticketings.js';

const getTicketingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getTicketing),
    handler: async (request) => {
      const ticketing = await findTicketingDetail(app.database.db, request.params.ticketingID, new Date());
      if (!ticketing) throw notFound('Billetterie introuvable.');
      return ticketing;
    },
  });
};

export default getTicketingRoutes;
