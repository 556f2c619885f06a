import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { FacetCount, OfferCard } from './shared.js';

/** Cards per strip of the deals home page. */
export const OFFERS_HOME_STRIP = 8;

export const OffersHome = z.object({
  featured: z.array(OfferCard).describe('Les bons plans mis en avant (8 au plus).'),
  endingSoon: z.array(OfferCard).describe('Ceux qui se terminent le plus tôt (8 au plus).'),
  categories: z.array(FacetCount).describe('Les catégories, avec le nombre de bons plans en cours.'),
  total: z.number().int().describe('Nombre de bons plans en cours.'),
});
export type OffersHome = z.infer<typeof OffersHome>;

export const offersHome = defineEndpoint({
  method: 'GET',
  path: '/offers/home',
  summary: 'La page d’accueil des bons plans : mis en avant, bientôt terminés, catégories.',
  tags: ['offers'],
  responses: { 200: OffersHome },
});
