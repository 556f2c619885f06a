import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { OFFERS_HOME_STRIP } from '../offers/offers-home.js';
import { OfferCard } from '../offers/shared.js';
import { TicketingSummary } from './shared.js';

/** The « Prochainement » strip of the home page. */
export const HOME_UPCOMING = 6;

export const HomePageQuery = z.object({
  offers: z.coerce
    .number()
    .int()
    .min(0)
    .max(OFFERS_HOME_STRIP)
    .default(0)
    .describe('Nombre de bons plans mis en avant à joindre (0 : aucun).'),
});

export const HomePageAnswer = z.object({
  upcoming: z.array(TicketingSummary).describe('Les prochaines billetteries (GET /ticketings, 6 premières).'),
  offers: z
    .array(OfferCard)
    .describe('Les premiers bons plans mis en avant (GET /offers/home) ; vide si leur lecture a échoué.'),
});
export type HomePageAnswer = z.infer<typeof HomePageAnswer>;

/** Everything the home page of the site shows, in one call (issue 13: one API call per page). */
export const getHomePage = defineEndpoint({
  method: 'GET',
  path: '/home-page',
  summary: 'Tout ce qu’affiche l’accueil en un appel : les prochaines billetteries et, sur demande, des bons plans.',
  tags: ['catalogue'],
  query: HomePageQuery,
  responses: { 200: HomePageAnswer, 400: ErrorAnswer },
});
