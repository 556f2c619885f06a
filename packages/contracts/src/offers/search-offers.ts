import { SEARCH_COUNT_LIMIT } from '@guichet/domain';
import { z } from 'zod';
import { Category, CitySlug } from '../catalogue/shared.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { PageNumber, pageSizeOf } from '../text.js';
import { FacetCount, OFFER_SORTS, OFFERS_PAGE_SIZE, OfferCard, SearchQueryText } from './shared.js';

/** Cents in a price filter: up to 100,000 €. */
const PriceFilter = z.coerce.number().int().min(0).max(10_000_000);

export const SearchOffersQuery = z.object({
  q: SearchQueryText.optional().describe(
    'Texte cherché (recherche plein texte française : sans accents ni majuscules, pluriels compris ; fautes de frappe tolérées).',
  ),
  category: Category.optional().describe('Catégorie, telle qu’affichée (ex. Bien-être).'),
  city: CitySlug.optional().describe('Identifiant de la ville (citySlug).'),
  minPrice: PriceFilter.optional().describe('Prix remisé minimal, en centimes.'),
  maxPrice: PriceFilter.optional().describe('Prix remisé maximal, en centimes.'),
  discounted: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('true : seulement les bons plans avec une remise.'),
  sort: z
    .enum(OFFER_SORTS)
    .optional()
    .describe(
      'relevance (par défaut), ending (se termine bientôt), price (prix croissant), discount (plus forte remise).',
    ),
  page: PageNumber,
  pageSize: pageSizeOf(OFFERS_PAGE_SIZE, 'Bons plans'),
});
export type SearchOffersQuery = z.output<typeof SearchOffersQuery>;

/** A facet value of a search: counted, or, beyond SEARCH_COUNT_LIMIT matches, found among the first ones. */
export const SearchFacet = FacetCount.extend({
  count: z
    .number()
    .int()
    .nullable()
    .describe(
      `null quand la recherche dépasse ${SEARCH_COUNT_LIMIT} bons plans : la valeur est parmi les premiers trouvés.`,
    ),
});
export type SearchFacet = z.infer<typeof SearchFacet>;

export const OffersSearchPage = z.object({
  items: z.array(OfferCard),
  total: z
    .number()
    .int()
    .describe(
      `Nombre de bons plans répondant à la recherche et aux filtres, compté jusqu’à ${SEARCH_COUNT_LIMIT} : au-delà, ${SEARCH_COUNT_LIMIT} et totalCapped. Les pages au-delà du ${SEARCH_COUNT_LIMIT}e résultat sont vides.`,
    ),
  totalCapped: z
    .boolean()
    .describe(
      `true : plus de ${SEARCH_COUNT_LIMIT} bons plans répondent ; ni le total ni les facettes ne sont comptés.`,
    ),
  page: z.number().int(),
  pageSize: z.number().int(),
  sort: z.enum(OFFER_SORTS),
  correctedQuery: z
    .string()
    .nullable()
    .describe('Quand le texte tel quel ne trouvait rien : les mots cherchés à la place (fautes de frappe corrigées).'),
  suggestions: z.array(z.string()).describe('Sans résultat : des orthographes proches, pour « Vouliez-vous dire… ».'),
  facets: z.object({
    categories: z.array(SearchFacet).describe('Par catégorie, avec les autres filtres appliqués.'),
    cities: z.array(SearchFacet).describe('Par ville, avec les autres filtres appliqués.'),
  }),
});
export type OffersSearchPage = z.infer<typeof OffersSearchPage>;

export const searchOffers = defineEndpoint({
  method: 'GET',
  path: '/offers/search',
  summary: 'Recherche de bons plans : texte, filtres, tris et facettes.',
  tags: ['offers'],
  query: SearchOffersQuery,
  responses: { 200: OffersSearchPage, 400: ErrorAnswer },
});
