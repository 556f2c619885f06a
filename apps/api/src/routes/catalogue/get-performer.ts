import { getPerformer } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { findPerformer } from '../../services/catalogue/performers.js';

const getPerformerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getPerformer),
    handler: async (request) => {
      const performer = await findPerformer(app.database.db, request.params.performerID, new Date());
      if (!performer) throw notFound('Artiste introuvable.');
      return performer;
    },
  });
};

export default getPerformerRoutes;
