import { getSitemapEntries } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { listSitemapEntries } from '../../services/catalogue/sitemap.js';

const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getSitemapEntries),
    handler: async () => listSitemapEntries(app.database.db, new Date()),
  });
};

export default sitemapRoutes;
