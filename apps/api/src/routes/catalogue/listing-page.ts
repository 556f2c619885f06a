import { getListingPage } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { countriesNavigation, countryPeriods } from '../../services/catalogue/navigation.js';
import { findTicketingDetail, listTicketings } from '../../services/catalogue/ticketings.js';

/** The listing page of the site in one call: the same services as /countries, /periods, /ticketings and the detail. */
const listingPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getListingPage),
    handler: async (request) => {
      const { ticketing: ticketingID, ...filters } = request.query;
      const now = new Date();
      const db = app.database.db;
      const [navigation, periods, page, ticketing] = await Promise.all([
        countriesNavigation(db, now),
        filters.country ? countryPeriods(db, filters.country, { year: filters.year, month: filters.month }) : null,
        listTicketings(db, filters, now),
        ticketingID === undefined ? null : findTicketingDetail(db, ticketingID, now),
      ]);
      if (ticketingID !== undefined && !ticketing) throw notFound('Billetterie introuvable.');
      return { countries: navigation.countries, periods, page, ticketing };
    },
  });
};

export default listingPageRoutes;
