/** One search for the whole site: results in three groups, and the header box's grouped suggestions. */
import { searchSite, suggestSite } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { searchSite as search, suggestSite as suggest } from '../../services/search/site-search.js';

const siteSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(searchSite),
    handler: (request) => search(app.database.db, request.query.q, new Date()),
  });
  app.route({
    ...routeOf(suggestSite),
    handler: async (request) => ({ suggestions: await suggest(app.database.db, request.query.q, new Date()) }),
  });
};

export default siteSearchRoutes;
