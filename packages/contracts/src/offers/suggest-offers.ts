import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { SearchQueryText } from './shared.js';

export const OfferSuggestion = z.object({
  offerID: z.number().int(),
  slug: z.string(),
  title: z.string(),
});
export type OfferSuggestion = z.infer<typeof OfferSuggestion>;

export const suggestOffers = defineEndpoint({
  method: 'GET',
  path: '/offers/suggest',
  summary: 'Jusqu’à 8 titres de bons plans pour les suggestions d’un champ de recherche (le dernier mot en préfixe).',
  tags: ['offers'],
  query: z.object({ q: SearchQueryText.optional() }),
  responses: { 200: z.object({ suggestions: z.array(OfferSuggestion) }), 400: ErrorAnswer },
});
