/**
 * The back office's deals (issue 27): partners, offers (« bons plans ») with their visuals, validity, terms and
 * status, and the products of each offer. Every path is under /pro/admin/deals, administrators only (the guard
 * of routes/admin answers 404 to anyone else, docs/decisions/0067). Every write records an audit row.
 *
 * Optimistic concurrency: an offer's writes (its form, its status, its products) name the `updatedAt` the form
 * read; a write naming another answers 409 EDIT_CONFLICT and overwrites nothing.
 */
import {
  DEAL_MESSAGES,
  DISCOUNT_TYPES,
  FORM_MESSAGES,
  formatMessage,
  OFFER_CATEGORIES,
  OFFER_STATUS_ACTIONS,
  OFFER_STATUSES,
  rule,
  VAT_RATES,
} from '@guichet/domain';
import { z } from 'zod';
import { Visual } from '../catalogue/shared.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { EurosText, RichTextInput } from '../pro/ticketings.js';
import { IsoDate, PageNumber, pageSizeOf, text } from '../text.js';

export const DEALS_PAGE_SIZE = { default: 20, max: 100 } as const;

const base = '/pro/admin/deals';

export const PartnerParams = z.object({ partnerId: pathId('Partenaire') });
export const OfferParams = z.object({ offerId: pathId('Bon plan') });
export const OfferProductParams = OfferParams.extend({ productId: pathId('Produit') });

/** The `updatedAt` (or `createdAt` when never updated) the form read, to the microsecond: every offer write names it. */
export const OfferStamp = text({ max: 40, asTyped: true }).describe(
  'La date de dernière modification du bon plan lue par le formulaire (optimistic concurrency).',
);

const Whole = (label: string, min: number, max: number) =>
  z
    .number({ error: FORM_MESSAGES.integer })
    .int(FORM_MESSAGES.integer)
    .min(min, formatMessage(FORM_MESSAGES.minValue, min))
    .max(max, formatMessage(FORM_MESSAGES.maxValue, max))
    .describe(label);

// ————— Partners —————

export const PartnerBody = z.object({
  name: text({ max: 120 }),
  address: text({ max: 200, required: false }).default(''),
  city: text({ max: 80, required: false }).default(''),
  contactName: text({ max: 120, required: false }).default(''),
  contactEmail: text({ max: 254, required: false, rules: [rule.email()] }).default(''),
  contactPhone: text({ max: 20, required: false, rules: [rule.phone(10)] }).default(''),
  organizerId: RowId.nullish().describe(
    'L’organisateur du site pro qu’est ce partenaire (ses scanners) ; null : aucun.',
  ),
});
export type PartnerInput = z.output<typeof PartnerBody>;

export const AdminPartner = z
  .object({
    id: RowId,
    name: z.string(),
    address: z.string(),
    city: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    organizerId: RowId.nullable(),
    offerCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminPartner', description: 'Un partenaire des bons plans, vu par le back-office.' });
export type AdminPartner = z.infer<typeof AdminPartner>;

const ListQuery = z.object({
  q: text({ max: 100, required: false }).optional(),
  page: PageNumber,
  pageSize: pageSizeOf(DEALS_PAGE_SIZE, 'Lignes'),
});

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const listAdminPartners = defineEndpoint({
  method: 'GET',
  path: `${base}/partners`,
  summary: 'Les partenaires des bons plans (recherche par nom ou ville, par pages).',
  tags: ['admin'],
  query: ListQuery,
  responses: { 200: pageOf(AdminPartner), 400: ErrorAnswer, 404: ErrorAnswer },
});

export const getAdminPartner = defineEndpoint({
  method: 'GET',
  path: `${base}/partners/:partnerId`,
  summary: 'Un partenaire.',
  tags: ['admin'],
  params: PartnerParams,
  responses: { 200: AdminPartner, 400: ErrorAnswer, 404: ErrorAnswer },
});

export const createAdminPartner = defineEndpoint({
  method: 'POST',
  path: `${base}/partners`,
  summary: 'Crée un partenaire.',
  tags: ['admin'],
  body: PartnerBody,
  responses: { 201: AdminPartner, 400: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer },
});

export const updateAdminPartner = defineEndpoint({
  method: 'PUT',
  path: `${base}/partners/:partnerId`,
  summary: 'Enregistre un partenaire (son nom et son adresse sont recopiés sur ses bons plans).',
  tags: ['admin'],
  params: PartnerParams,
  body: PartnerBody,
  responses: { 200: AdminPartner, 400: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer },
});

// ————— Offers —————

const OfferFields = z.object({
  title: text({ max: 120 }),
  summary: text({ max: 300 }),
  description: RichTextInput,
  terms: RichTextInput,
  category: z.enum(OFFER_CATEGORIES, { error: DEAL_MESSAGES.category }),
  city: text({ max: 80 }),
  partnerId: RowId,
  validFrom: IsoDate.describe('Premier jour de validité (heure de Paris, dès 00:00).'),
  validUntil: IsoDate.describe('Dernier jour de validité (heure de Paris, jusqu’à 23:59).'),
  featured: z.boolean().default(false),
});

function validityInOrder(input: { validFrom: string; validUntil: string }, context: z.RefinementCtx) {
  if (input.validUntil < input.validFrom) {
    context.addIssue({ code: 'custom', path: ['validUntil'], message: DEAL_MESSAGES.validUntilBeforeFrom });
  }
}

export const CreateOfferBody = OfferFields.superRefine(validityInOrder);
export type OfferInput = z.output<typeof CreateOfferBody>;
export const UpdateOfferBody = OfferFields.extend({
  updatedAt: OfferStamp,
  /** The visuals kept, by url, in their new order (the ones the offer shows already); absent: unchanged. */
  visuals: z
    .array(z.object({ url: text({ max: 500 }), alt: text({ max: 200, required: false }).default('') }))
    .max(10, formatMessage(FORM_MESSAGES.maxValue, 10))
    .optional(),
}).superRefine(validityInOrder);
export type OfferUpdateInput = z.output<typeof UpdateOfferBody>;

export const OfferStatusBody = z.object({
  updatedAt: OfferStamp,
  status: z.enum(OFFER_STATUS_ACTIONS).describe('PUBLISHED (publier), PAUSED (mettre en pause), ENDED (terminer).'),
});

export const AdminOfferProduct = z
  .object({
    id: RowId,
    title: z.string(),
    price: z.number().int().describe('Centimes, TTC.'),
    discountType: z.enum(DISCOUNT_TYPES).nullable(),
    discount: z.number().int().describe('Centimes (FIXED) ou pourcentage (PERCENTAGE).'),
    stock: z.number().int(),
    sold: z.number().int(),
    reserved: z.number().int(),
    quota: z.number().int(),
    vatRate: z.number().int(),
    position: z.number().int(),
  })
  .meta({ id: 'AdminOfferProduct', description: 'Un produit d’un bon plan, vu par le back-office.' });
export type AdminOfferProduct = z.infer<typeof AdminOfferProduct>;

export const AdminOffer = z
  .object({
    id: RowId,
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    description: z.looseObject({ type: z.literal('doc'), content: z.array(z.unknown()).optional() }),
    terms: z.looseObject({ type: z.literal('doc'), content: z.array(z.unknown()).optional() }),
    category: z.string(),
    city: z.string(),
    citySlug: z.string(),
    partnerId: RowId.nullable(),
    partner: z.string(),
    status: z.enum(OFFER_STATUSES),
    validFrom: z.string().describe('AAAA-MM-JJ, heure de Paris.'),
    validUntil: z.string().describe('AAAA-MM-JJ, heure de Paris.'),
    validUntilAt: z.string().describe('L’instant de fin de validité.'),
    featured: z.boolean(),
    visuals: z.array(Visual),
    updatedAt: z.string().describe('À renvoyer avec chaque écriture (optimistic concurrency).'),
    publicPath: z.string(),
    products: z.array(AdminOfferProduct),
  })
  .meta({ id: 'AdminOffer', description: 'Un bon plan et ses produits, vus par le back-office.' });
export type AdminOffer = z.infer<typeof AdminOffer>;

export const AdminOfferSummary = z.object({
  id: RowId,
  title: z.string(),
  partner: z.string(),
  category: z.string(),
  city: z.string(),
  status: z.enum(OFFER_STATUSES),
  validUntil: z.string(),
  productCount: z.number().int(),
});
export type AdminOfferSummary = z.infer<typeof AdminOfferSummary>;

export const listAdminOffers = defineEndpoint({
  method: 'GET',
  path: `${base}/offers`,
  summary: 'Les bons plans (recherche par titre, partenaire ou ville, filtre par état, par pages).',
  tags: ['admin'],
  query: ListQuery.extend({ status: z.enum(OFFER_STATUSES).optional() }),
  responses: { 200: pageOf(AdminOfferSummary), 400: ErrorAnswer, 404: ErrorAnswer },
});

export const getAdminOffer = defineEndpoint({
  method: 'GET',
  path: `${base}/offers/:offerId`,
  summary: 'Un bon plan et ses produits.',
  tags: ['admin'],
  params: OfferParams,
  responses: { 200: AdminOffer, 400: ErrorAnswer, 404: ErrorAnswer },
});

const writeRefusals = { 400: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer } as const;

export const createAdminOffer = defineEndpoint({
  method: 'POST',
  path: `${base}/offers`,
  summary: 'Crée un bon plan, en brouillon.',
  tags: ['admin'],
  body: CreateOfferBody,
  responses: { 201: AdminOffer, ...writeRefusals },
});

export const updateAdminOffer = defineEndpoint({
  method: 'PUT',
  path: `${base}/offers/:offerId`,
  summary: 'Enregistre un bon plan (409 EDIT_CONFLICT s’il a changé depuis la lecture).',
  tags: ['admin'],
  params: OfferParams,
  body: UpdateOfferBody,
  responses: { 200: AdminOffer, ...writeRefusals },
});

export const setAdminOfferStatus = defineEndpoint({
  method: 'POST',
  path: `${base}/offers/:offerId/status`,
  summary: 'Publie, met en pause ou termine un bon plan (ENDED ramène sa fin de validité à maintenant).',
  tags: ['admin'],
  params: OfferParams,
  body: OfferStatusBody,
  responses: { 200: AdminOffer, ...writeRefusals },
});

export const uploadAdminOfferVisual = defineEndpoint({
  method: 'POST',
  path: `${base}/offers/:offerId/visuals`,
  summary:
    'Ajoute un visuel au bon plan (multipart/form-data : file, alt) : JPEG, PNG ou WebP, vérifié par son contenu.',
  tags: ['admin'],
  params: OfferParams,
  responses: {
    201: AdminOffer,
    400: ErrorAnswer,
    404: ErrorAnswer,
    413: ErrorAnswer,
    415: ErrorAnswer,
    503: ErrorAnswer,
  },
});

// ————— Products —————

export const OfferProductBody = z
  .object({
    updatedAt: OfferStamp,
    title: text({ max: 80 }),
    price: EurosText,
    discountType: z.enum(DISCOUNT_TYPES, { error: 'Choisissez un type de remise.' }),
    /** FIXED: euros as typed; PERCENTAGE: a whole percent. */
    discount: text({ max: 12 }),
    stock: Whole('Bons à vendre en tout.', 0, 1_000_000),
    quota: Whole('Nombre maximum par commande.', 1, 100),
    vatRate: z
      .number({ error: FORM_MESSAGES.integer })
      .int(FORM_MESSAGES.integer)
      .refine((rate) => (VAT_RATES as readonly number[]).includes(rate), 'Choisissez un taux de TVA de la liste.')
      .describe(`TVA en points de base : ${VAT_RATES.join(', ')}.`),
  })
  .transform((input, context) => {
    const raw = input.discount.trim();
    let discount = 0;
    if (input.discountType === 'FIXED') {
      const cents = EurosText.safeParse(raw);
      if (!cents.success) {
        context.addIssue({ code: 'custom', path: ['discount'], message: FORM_MESSAGES.decimal });
      } else if (cents.data > input.price) {
        context.addIssue({ code: 'custom', path: ['discount'], message: DEAL_MESSAGES.discountAbovePrice });
      } else discount = cents.data;
    } else if (!/^\d{1,3}$/.test(raw)) {
      context.addIssue({ code: 'custom', path: ['discount'], message: FORM_MESSAGES.integer });
    } else if (Number(raw) > 100) {
      context.addIssue({ code: 'custom', path: ['discount'], message: DEAL_MESSAGES.percentageAbove100 });
    } else discount = Number(raw);
    return { ...input, discount };
  });
export type OfferProductInput = z.output<typeof OfferProductBody>;

export const OfferStampBody = z.object({ updatedAt: OfferStamp });

export const createAdminOfferProduct = defineEndpoint({
  method: 'POST',
  path: `${base}/offers/:offerId/products`,
  summary: 'Ajoute un produit au bon plan.',
  tags: ['admin'],
  params: OfferParams,
  body: OfferProductBody,
  responses: { 201: AdminOffer, ...writeRefusals },
});

export const updateAdminOfferProduct = defineEndpoint({
  method: 'PUT',
  path: `${base}/offers/:offerId/products/:productId`,
  summary: 'Enregistre un produit (le stock jamais sous les bons vendus et réservés).',
  tags: ['admin'],
  params: OfferProductParams,
  body: OfferProductBody,
  responses: { 200: AdminOffer, ...writeRefusals },
});

export const deleteAdminOfferProduct = defineEndpoint({
  method: 'DELETE',
  path: `${base}/offers/:offerId/products/:productId`,
  summary: 'Supprime un produit sans vente (409 sinon).',
  tags: ['admin'],
  params: OfferProductParams,
  body: OfferStampBody,
  responses: { 200: AdminOffer, ...writeRefusals },
});
