import { getOrganizer } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { findOrganizer } from '../../services/catalogue/organizers.js';

const getOrganizerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getOrganizer),
    handler: async (request) => {
      const organizer = await findOrganizer(app.database.db, request.params.entityID, new Date());
      if (!organizer) throw notFound('Organisateur introuvable.');
      return organizer;
    },
  });
};

export default getOrganizerRoutes;
