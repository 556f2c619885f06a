import { listPerformers } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { listPerformers as findPerformers } from '../../services/catalogue/performers.js';

const listPerformersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(listPerformers),
    handler: (request) => findPerformers(app.database.db, request.query, new Date()),
  });
};

export default listPerformersRoutes;
