import { getOrganizer } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { rowIdOf } from '../../services/catalogue/ids.js';
import { findOrganizer } from '../../services/catalogue/organizers.js';

const getOrganizerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getOrganizer),
    handler: async (request) => {
      const id = rowIdOf(request.params.entityID);
      const organizer = id === null ? null : await findOrganizer(app.database.db, id, new Date());
      if (!organizer) throw notFound('Organisateur introuvable.');
      return organizer;
    },
  });
};

export default getOrganizerRoutes;
