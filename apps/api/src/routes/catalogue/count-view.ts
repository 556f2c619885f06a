import { countView, PUBLIC_TOKEN_HEADER } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { countTicketingView, isPublicToken } from '../../services/catalogue/page-views.js';

const countViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(countView),
    handler: async (request, reply) => {
      if (!isPublicToken(request.headers[PUBLIC_TOKEN_HEADER], app.config.PUBLIC_API_TOKEN))
        throw new HttpError(401, 'PUBLIC_TOKEN_INVALID', 'Jeton public invalide.');
      const { product, ticketingID } = request.params;
      if (product !== 'ticketing') throw notFound('Produit inconnu.');
      const counted = await countTicketingView(app.database.db, ticketingID, request.body.source, new Date());
      if (!counted) throw notFound('Billetterie introuvable.');
      return reply.status(204).send();
    },
  });
};

export default countViewRoutes;
