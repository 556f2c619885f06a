import { listCountries } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { countriesNavigation } from '../../services/catalogue/navigation.js';

const listCountriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(listCountries),
    handler: () => countriesNavigation(app.database.db, new Date()),
  });
};

export default listCountriesRoutes;
