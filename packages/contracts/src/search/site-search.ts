/** One search for the whole site: events (ticketings), artists and deals, with the same French search. */
import { SEARCH_COUNT_LIMIT } from '@guichet/domain';
import { z } from 'zod';
import { PerformerCard } from '../catalogue/list-performers.js';
import { TicketingSummary } from '../catalogue/shared.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { OfferCard, SearchQueryText } from '../offers/shared.js';

/** Results per group of /recherche; each group links to its full list. */
export const SITE_SEARCH_GROUP_SIZE = 6;
/** Suggestions per group of the header's search box. */
export const SITE_SUGGESTIONS_PER_GROUP = 4;

export const SITE_SEARCH_GROUPS = ['ticketings', 'performers', 'offers'] as const;
export type SiteSearchGroup = (typeof SITE_SEARCH_GROUPS)[number];

/** A group's count: searches count up to SEARCH_COUNT_LIMIT. */
const CappedCount = {
  total: z.number().int().describe(`Résultats du groupe, comptés jusqu’à ${SEARCH_COUNT_LIMIT}.`),
  totalCapped: z.boolean().describe(`true : plus de ${SEARCH_COUNT_LIMIT} résultats dans ce groupe.`),
};

export const SiteSearchResults = z.object({
  correctedQuery: z
    .string()
    .nullable()
    .describe('Quand le texte tel quel ne trouvait rien : les mots cherchés à la place.'),
  ticketings: z.object({ items: z.array(TicketingSummary), ...CappedCount }),
  performers: z.object({ items: z.array(PerformerCard), ...CappedCount }),
  offers: z.object({ items: z.array(OfferCard), ...CappedCount }),
});
export type SiteSearchResults = z.infer<typeof SiteSearchResults>;

export const searchSite = defineEndpoint({
  method: 'GET',
  path: '/search',
  summary:
    'Recherche sur tout le site : billetteries à venir (titre, lieu, ville, résumé), artistes et bons plans en cours.',
  tags: ['search'],
  query: z.object({ q: SearchQueryText.optional() }),
  responses: { 200: SiteSearchResults, 400: ErrorAnswer },
});

export const SiteSuggestion = z.object({
  group: z.enum(SITE_SEARCH_GROUPS),
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  detail: z.string().describe('Une précision : ville et date, genre, ou partenaire et ville.'),
});
export type SiteSuggestion = z.infer<typeof SiteSuggestion>;

export const suggestSite = defineEndpoint({
  method: 'GET',
  path: '/search/suggest',
  summary: 'Suggestions groupées (billetteries, artistes, bons plans) pour le champ de recherche de l’en-tête.',
  tags: ['search'],
  query: z.object({ q: SearchQueryText.optional() }),
  responses: { 200: z.object({ suggestions: z.array(SiteSuggestion) }), 400: ErrorAnswer },
});
