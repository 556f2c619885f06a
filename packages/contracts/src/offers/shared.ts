/**
 * Schemas shared by the deals (« bons plans ») endpoints: the offer card of lists and searches, the typed
 * search text, and the facet counts.
 */
import { DISCOUNT_TYPES } from '@guichet/domain';
import { z } from 'zod';
import { Visual } from '../catalogue/shared.js';
import { text } from '../text.js';

/**
 * Text typed in a search box. Long and odd input (quotes, `&|!:*()`, emoji, SQL fragments) is searched as
 * words, never refused; only what no text may hold (control characters, lone surrogates) is a 400.
 */
export const SearchQueryText = text({ max: 2000, required: false });

/** A discount as a product carries it: FIXED in cents, PERCENTAGE in percent. */
export const Discount = z
  .object({
    discountType: z.enum(DISCOUNT_TYPES),
    discount: z.number().int().min(1).describe('Centimes (FIXED) ou pourcentage (PERCENTAGE).'),
  })
  .meta({ id: 'Discount', description: 'Une remise : en centimes (FIXED) ou en pourcentage (PERCENTAGE).' });
export type Discount = z.infer<typeof Discount>;

export const OfferCard = z
  .object({
    offerID: z.number().int(),
    slug: z.string(),
    title: z.string(),
    partnerName: z.string(),
    category: z.string(),
    city: z.string(),
    citySlug: z.string(),
    validUntil: z.iso.datetime(),
    thumbnail: Visual.nullable().describe('Le premier visuel du bon plan.'),
    lowestPrice: z
      .number()
      .int()
      .nullable()
      .describe('Plus petit prix remisé de ses produits, en centimes ; null sans produit.'),
    originalPrice: z
      .number()
      .int()
      .nullable()
      .describe('Le prix avant remise de ce produit le moins cher, en centimes.'),
    bestDiscount: Discount.nullable().describe('La plus forte remise de ses produits (en proportion du prix).'),
    soldOut: z.boolean().describe('Plus aucun produit à vendre.'),
  })
  .meta({ id: 'OfferCard', description: 'Bon plan résumé, pour une liste ou une recherche.' });
export type OfferCard = z.infer<typeof OfferCard>;

export const FacetCount = z.object({
  value: z.string().describe('La valeur du filtre (catégorie, ou identifiant de ville).'),
  label: z.string().describe('Ce que la page affiche.'),
  count: z.number().int(),
});
export type FacetCount = z.infer<typeof FacetCount>;

// Declared in the domain, which pages import without bringing the schemas (and zod) into the browser.
export { OFFER_SORTS, OFFERS_PAGE_SIZE, type OfferSort } from '@guichet/domain';

/** The most suggestions a search box shows. */
export const SUGGESTIONS_LIMIT = 8;
