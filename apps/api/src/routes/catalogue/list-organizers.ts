import { listOrganizers } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { listOrganizers as findOrganizers } from '../../services/catalogue/organizers.js';

const listOrganizersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(listOrganizers),
    handler: () => findOrganizers(app.database.db, new Date()),
  });
};

export default listOrganizersRoutes;
