/** The deals (« bons plans »): one offer, the search, the search box's suggestions and the deals home. */
import { getOffer, offersHome, searchOffers, suggestOffers } from '@guichet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/endpoint.js';
import { notFound } from '../../lib/http-error.js';
import { findOffer } from '../../services/offers/detail.js';
import { offersHome as homeOf } from '../../services/offers/home.js';
import { searchOffers as search, suggestOffers as suggest } from '../../services/offers/search.js';

const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Fastify matches the static paths (/offers/search, /offers/suggest, /offers/home) before /offers/:offerID.
  app.route({
    ...routeOf(searchOffers),
    handler: (request) => search(app.database.db, request.query, new Date()),
  });
  app.route({
    ...routeOf(suggestOffers),
    handler: async (request) => ({ suggestions: await suggest(app.database.db, request.query.q, new Date()) }),
  });
  app.route({
    ...routeOf(offersHome),
    handler: () => homeOf(app.database.db, new Date()),
  });
  app.route({
    ...routeOf(getOffer),
    handler: async (request) => {
      const offer = await findOffer(app.database.db, request.params.offerID, new Date());
      if (!offer) throw notFound('Bon plan introuvable.');
      return offer;
    },
  });
};

export default offersRoutes;
