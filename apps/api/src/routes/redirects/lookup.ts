import { listRedirects, lookupRedirect } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { findRedirect, listAllRedirects } from '../../services/redirects.js';

const redirectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(listRedirects),
    handler: async () => ({ redirects: await listAllRedirects(app.database.db) }),
  });

  app.route({
    ...routeOf(lookupRedirect),
    handler: async (request) => {
      const redirect = await findRedirect(app.database.db, request.query.path);
      if (!redirect) throw notFound('Aucune redirection pour ce chemin.');
      return redirect;
    },
  });
};

export default redirectRoutes;
