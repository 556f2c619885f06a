import { getHomePage, HOME_UPCOMING } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { listTicketings } from '../../services/catalogue/ticketings.js';
import { offersHome } from '../../services/offers/home.js';

/** The home page of the site in one call: the same services as /ticketings and /offers/home. */
const homePageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(getHomePage),
    handler: async (request) => {
      const now = new Date();
      const db = app.database.db;
      const wanted = request.query.offers;
      const [upcoming, offers] = await Promise.all([
        listTicketings(db, { limit: HOME_UPCOMING }, now),
        wanted === 0
          ? []
          : offersHome(db, now).then(
              (home) => home.featured.slice(0, wanted),
              // The offers strip is a bonus: the home page shows without it rather than not at all.
              (error: unknown) => {
                request.log.error({ err: error }, 'home page offers failed');
                return [];
              },
            ),
      ]);
      return { upcoming: upcoming.items, offers };
    },
  });
};

export default homePageRoutes;
