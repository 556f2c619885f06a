import { getAgenda } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { agenda } from '../../services/catalogue/agenda.js';

const agendaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getAgenda),
    handler: (request) => agenda(app.database.db, request.query, new Date()),
  });
};

export default agendaRoutes;
