import { getCountryPeriods } from '@guichet/contracts';
import { isCountrySlug } from '@guichet/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { countryPeriods } from '../../services/catalogue/navigation.js';

const countryPeriodsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getCountryPeriods),
    handler: async (request) => {
      const { country } = request.params;
      if (!isCountrySlug(country)) throw notFound('Pays inconnu.');
      return countryPeriods(app.database.db, country, request.query);
    },
  });
};

export default countryPeriodsRoutes;
