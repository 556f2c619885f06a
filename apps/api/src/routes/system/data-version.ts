import { getDataVersion } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { readDataVersion } from '../../services/data-version.js';

/** Read by the web servers every second: their rendered pages are kept only while it stays the same. */
const dataVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getDataVersion),
    handler: async () => ({ version: await readDataVersion(app.database.db) }),
  });
};

export default dataVersionRoutes;
