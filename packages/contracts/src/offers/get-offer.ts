import { DISCOUNT_TYPES } from '@guichet/domain';
import { z } from 'zod';
import { RichTextDocument, Visual } from '../catalogue/shared.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId } from '../ids.js';

export const OfferProduct = z.object({
  productID: z.number().int(),
  productType: z.literal('OFFER'),
  title: z.string(),
  price: z.number().int().describe('Prix en centimes, avant remise.'),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discount: z.number().int().describe('Centimes (FIXED) ou pourcentage (PERCENTAGE).'),
  discountedPrice: z.number().int().describe('Prix remisé en centimes, jamais négatif.'),
  quota: z
    .number()
    .int()
    .min(0)
    .describe(
      'Quantité maximale qu’une commande peut prendre maintenant : le quota par commande, jamais plus que ce qui reste ; 0 si l’offre est terminée.',
    ),
  remaining: z.number().int().min(0).describe('Ce qui reste à vendre.'),
});
export type OfferProduct = z.infer<typeof OfferProduct>;

export const OfferDetail = z.object({
  offerID: z.number().int(),
  slug: z.string(),
  title: z.string(),
  partner: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    url: z.string().optional(),
  }),
  category: z.string(),
  city: z.string(),
  citySlug: z.string(),
  summary: z.string(),
  description: RichTextDocument,
  visuals: z.array(Visual).describe('Le premier est la vignette.'),
  validFrom: z.iso.datetime(),
  validUntil: z.iso.datetime(),
  ended: z.boolean().describe('L’offre est terminée (validUntil passé) : elle ne vend plus rien.'),
  terms: RichTextDocument.describe('Conditions d’utilisation du bon.'),
  products: z.array(OfferProduct),
});
export type OfferDetail = z.infer<typeof OfferDetail>;

export const getOffer = defineEndpoint({
  method: 'GET',
  path: '/offers/:offerID',
  summary: 'Un bon plan : partenaire, validité, conditions et produits.',
  tags: ['offers'],
  params: z.object({ offerID: pathId('L’identifiant du bon plan') }),
  responses: { 200: OfferDetail, 400: ErrorAnswer, 404: ErrorAnswer },
});
