import { DISCOUNT_TYPES, TICKETING_STATUSES } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId } from '../ids.js';
import { CountrySlug, RichTextDocument, Visual } from './shared.js';

export const TicketProduct = z.object({
  productID: z.number().int(),
  productType: z.literal('TICKET'),
  title: z.string(),
  description: z.string().nullable(),
  price: z.number().int().describe('Prix en centimes, avant remise.'),
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discount: z.number().int().describe('Centimes (FIXED) ou pourcentage (PERCENTAGE).'),
  discountedPrice: z.number().int().describe('Prix remisé en centimes, jamais négatif.'),
  quota: z
    .number()
    .int()
    .min(0)
    .describe(
      'Quantité maximale sélectionnable maintenant : le quota par commande, borné par ce qui reste en stock ; 0 tant que la vente n’est pas ouverte, une fois l’événement terminé ou la billetterie annulée.',
    ),
  remaining: z.number().int().min(0).describe('Ce qui reste à vendre (réservations en cours déduites).'),
  soldOut: z.boolean(),
});
export type TicketProduct = z.infer<typeof TicketProduct>;

export const TicketingDetail = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  description: RichTextDocument,
  category: z.string(),
  venue: z.string(),
  address: z.string(),
  postalCode: z.string(),
  city: z.string(),
  citySlug: z.string(),
  country: CountrySlug,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  previousStartsAt: z.iso
    .datetime()
    .nullable()
    .describe(
      'Un événement reporté : sa première date (« initialement le … », JSON-LD `previousStartDate`) ; null s’il n’a jamais été déplacé.',
    ),
  scheduleRevision: z
    .number()
    .int()
    .describe(
      'Combien de fois il a été reporté : le SEQUENCE de son fichier iCalendar, pour que l’agenda prenne la nouvelle date.',
    ),
  salesStartAt: z.iso
    .datetime()
    .describe(
      'Ouverture de la vente des billets (« en vente à partir de ») : la date fixée par l’organisateur, sinon la mise en ligne de la billetterie. Avant elle, rien ne peut être acheté.',
    ),
  // A draft is never answered.
  status: z.enum(TICKETING_STATUSES).exclude(['DRAFT']),
  visuals: z.array(Visual),
  organizer: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    city: z.string(),
    logo: Visual.nullable(),
  }),
  performers: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      genre: z.string(),
      visual: Visual.nullable(),
    }),
  ),
  products: z.array(TicketProduct),
});
export type TicketingDetail = z.infer<typeof TicketingDetail>;

export const getTicketing = defineEndpoint({
  method: 'GET',
  path: '/ticketings/:ticketingID',
  summary: 'Une billetterie : lieu, dates, organisateur, artistes et tarifs.',
  tags: ['catalogue'],
  params: z.object({ ticketingID: pathId('L’identifiant de la billetterie') }),
  responses: { 200: TicketingDetail, 400: ErrorAnswer, 404: ErrorAnswer },
});
