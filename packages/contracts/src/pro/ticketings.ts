/**
 * The pro site's ticketings and their products (issue 25, « Ticketings and their products »): list, read,
 * create (always a draft), edit, duplicate, change of state (draft → published ⇄ paused → cancelled), the
 * products (tickets) of each, the known venues and performers to pick from, and a preview link to the public
 * page of a draft. Every path is under /pro/organizers/:organizerId, whose guard checks the caller's role.
 *
 * Optimistic concurrency: every write names the ticketing's `version` it read, products' writes included
 * (a product belongs to its ticketing's form); a write naming an older version answers 409 EDIT_CONFLICT
 * with what the row holds now, and overwrites nothing.
 */
import {
  centsOfEuros,
  DISCOUNT_TYPES,
  FORM_MESSAGES,
  formatMessage,
  isAllowedHref,
  isPlainText,
  isSitePath,
  MAX_PRICE_EUROS,
  type RichTextOptions,
  richTextPlainText,
  rule,
  sanitizeRichText,
  TICKETING_CATEGORIES,
  TICKETING_SCHEDULES,
  TICKETING_STATUSES,
} from '@guichet/domain';
import { z } from 'zod';
import { TicketingDetail } from '../catalogue/get-ticketing.js';
import { CountrySlug, Visual } from '../catalogue/shared.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { IsoDate, PageNumber, queryCount, text, withMessage } from '../text.js';
import { OrganizerParams } from './session.js';

export const TICKETING_NOT_FOUND_MESSAGE = 'Billetterie introuvable.';
export const PRODUCT_NOT_FOUND_MESSAGE = 'Tarif introuvable.';
export const EDIT_CONFLICT_MESSAGE =
  'Cette billetterie a été modifiée entre-temps : vérifiez les champs signalés, puis enregistrez à nouveau.';
export const PRODUCT_SOLD_MESSAGE =
  'Ce tarif a déjà des ventes : il ne peut plus être supprimé. Fermez plutôt sa vente (date de fermeture).';
export const STOCK_BELOW_SOLD_MESSAGE =
  'Le stock ne peut pas être inférieur aux places déjà vendues ou en cours de réservation ({n}).';
export const PUBLISH_WITHOUT_PRODUCT_MESSAGE = 'Ajoutez au moins un tarif avant de publier la billetterie.';
export const STATUS_CHANGE_MESSAGES = {
  PUBLISHED: 'Seule une billetterie en brouillon ou en pause peut être publiée.',
  PAUSED: 'Seule une billetterie publiée peut être mise en pause.',
  CANCELLED: 'Seule une billetterie publiée ou en pause peut être annulée (un brouillon n’est jamais public).',
  DRAFT: 'Une billetterie publiée ne redevient pas un brouillon : mettez-la en pause.',
} as const;
export const RICH_TEXT_TOO_DEEP_MESSAGE = 'Ce texte est trop long ou trop imbriqué pour être enregistré.';
export const RICH_TEXT_LINK_MESSAGE =
  'Ce lien n’est pas autorisé : utilisez une adresse web (https://…), e-mail (mailto:) ou téléphone (tel:).';
export const PERIOD_DAYS_MESSAGE =
  'Une période dure au moins deux jours : pour un seul jour, choisissez une date et une heure.';
export const ENDS_BEFORE_START_MESSAGE = 'La fin doit venir après le début.';
export const VISUAL_NOT_FOUND_MESSAGE = 'Cette image n’est pas parmi celles de l’organisateur.';
export const PERFORMER_NOT_FOUND_MESSAGE = 'Artiste introuvable.';
export const DISCOUNT_ABOVE_PRICE_MESSAGE = 'La remise ne peut pas dépasser le prix.';
export const SALES_WINDOW_MESSAGE = 'La fermeture des ventes doit venir après leur ouverture.';

/** A ticketing of the organiser: /pro/organizers/:organizerId/ticketings/:ticketingId */
export const TicketingParams = OrganizerParams.extend({ ticketingId: pathId('Billetterie') });
/** A product of that ticketing: …/products/:productId */
export const ProductParams = TicketingParams.extend({ productId: pathId('Tarif') });

/** The version the form read: every write names it. */
export const Version = z
  .number({ error: FORM_MESSAGES.integer })
  .int(FORM_MESSAGES.integer)
  .min(0, formatMessage(FORM_MESSAGES.minValue, 0))
  .max(2_147_483_647)
  .describe('La version de la billetterie lue par le formulaire (optimistic concurrency).');

/** An hour of the day as an `<input type="time">` sends it: 20:30. */
export const TimeOfDay = text({
  max: 5,
  rules: [withMessage(rule.regex(/^([01]\d|2[0-3]):[0-5]\d$/), 'Saisissez une heure au format HH:MM (ex. 20:30).')],
}).describe('Heure de Paris, HH:MM.');

/** A date and hour in Paris time, as a pro form sends them. */
export const ParisDateTime = z
  .object({ date: IsoDate, time: TimeOfDay })
  .describe('Date et heure, heure de Paris (changements d’heure compris).');
export type ParisDateTime = z.infer<typeof ParisDateTime>;

/**
 * When it takes place: a performance at a date and hour (its end: an hour of its own, the next day when
 * earlier than the start — a concert ending after midnight —, else two hours after the start), or a period
 * « horaire libre » from one day to another (00:00 the first day to 23:59 the last, Paris time).
 */
export const TicketingWhen = z.discriminatedUnion('schedule', [
  z.object({ schedule: z.literal('DATED'), date: IsoDate, time: TimeOfDay, endTime: TimeOfDay.nullish() }),
  z.object({ schedule: z.literal('PERIOD'), firstDay: IsoDate, lastDay: IsoDate }),
]);
export type TicketingWhen = z.infer<typeof TicketingWhen>;

/** Where: a known place picked from `listVenues`, or one typed. */
export const VenueInput = z.object({
  name: text({ max: 120 }),
  address: text({ max: 200 }),
  postalCode: text({ max: 12 }),
  city: text({ max: 80 }),
  country: CountrySlug,
});
export type VenueInput = z.infer<typeof VenueInput>;

/** Depth of a clean document: doc › block › inline › marks › mark › attrs › href, with room to spare. */
const RICH_TEXT_MAX_DEPTH = 12;
/** Values in a document (objects, arrays, scalars): a long description holds a few thousand. */
const RICH_TEXT_MAX_VALUES = 20_000;
/** Characters of text: a few pages. */
const RICH_TEXT_MAX_CHARACTERS = 20_000;

/** Depth and number of values of a JSON value, walked without recursion (a 10,000-deep document stays cheap). */
function jsonShape(input: unknown): { depth: number; values: number } {
  const stack: { value: unknown; depth: number }[] = [{ value: input, depth: 1 }];
  let depth = 0;
  let values = 0;
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number };
    values += 1;
    depth = Math.max(depth, item.depth);
    if (depth > RICH_TEXT_MAX_DEPTH || values > RICH_TEXT_MAX_VALUES) break;
    if (typeof item.value === 'object' && item.value !== null) {
      for (const child of Object.values(item.value)) stack.push({ value: child, depth: item.depth + 1 });
    }
  }
  return { depth, values };
}

/** Every link of a JSON value (marks of type link, at any place), as sent. */
function hrefsOf(input: unknown): unknown[] {
  const found: unknown[] = [];
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    if (record.type === 'link' && typeof record.attrs === 'object' && record.attrs !== null) {
      found.push((record.attrs as Record<string, unknown>).href);
    }
    stack.push(...Object.values(record));
  }
  return found;
}

/**
 * A description from the rich-text editor (Tiptap JSON), never stored as sent: a document deeper than the
 * schema allows or too large is refused (400), as is a link to a refused scheme (javascript:, data:…: the
 * editor never makes one, so it is refused rather than silently unlinked); what the editor may carry from a
 * paste — unknown nodes, marks or attributes, heading levels beyond 4 — is cleaned by the domain's sanitiser
 * (sanitizeRichText), and the text itself must be plain (no control character, which PostgreSQL refuses).
 * `options.sitePaths` (Le Mag) also accepts links to the site's own paths ('/billetterie/x-12').
 */
export const richTextInput = (options: RichTextOptions = {}) =>
  z
    .unknown()
    .superRefine((value, context) => {
      const shape = jsonShape(value);
      if (shape.depth > RICH_TEXT_MAX_DEPTH || shape.values > RICH_TEXT_MAX_VALUES) {
        context.addIssue({ code: 'custom', message: RICH_TEXT_TOO_DEEP_MESSAGE, params: { rule: 'richTextShape' } });
        return;
      }
      if (hrefsOf(value).some((href) => !isAllowedHref(href) && !(options.sitePaths === true && isSitePath(href)))) {
        context.addIssue({ code: 'custom', message: RICH_TEXT_LINK_MESSAGE, params: { rule: 'richTextLink' } });
        return;
      }
      const clean = sanitizeRichText(value, options);
      const words = richTextPlainText(clean);
      const hrefs = hrefsOf(clean).map(String);
      if (![words, ...hrefs].every((part) => isPlainText(part, { multiline: true }))) {
        context.addIssue({ code: 'custom', message: FORM_MESSAGES.regex, params: { rule: 'multilineText' } });
      } else if ([...words].length > RICH_TEXT_MAX_CHARACTERS) {
        context.addIssue({
          code: 'custom',
          message: formatMessage(FORM_MESSAGES.maxLength, RICH_TEXT_MAX_CHARACTERS),
          params: { rule: 'maxLength' },
        });
      }
    })
    .transform((value) => sanitizeRichText(value, options))
    .describe('Document Tiptap (JSON) : nettoyé selon le schéma du site ; trop profond ou lien interdit : refusé.');

/** A ticketing's rich text: links to the allowed schemes only (a site path is refused). */
export const RichTextInput = richTextInput();

/** A visual of the ticketing: an upload of this organiser (by id), or one it already shows (by its url). */
export const VisualInput = z.union([
  z.object({ uploadId: RowId, alt: text({ max: 200, required: false }) }),
  z.object({ url: text({ max: 500 }), alt: text({ max: 200, required: false }) }),
]);
export type VisualInput = z.infer<typeof VisualInput>;

/** Euros as typed (« 12,50 », « 12.5 »), answered in cents. */
export const EurosText = text({
  max: 12,
  rules: [rule.decimal(), rule.maxDecimals(2), rule.minValue(0), rule.maxValue(MAX_PRICE_EUROS)],
})
  .transform((value) => centsOfEuros(value) ?? 0)
  .describe(`Montant en euros tel que saisi (12,50), de 0 à ${MAX_PRICE_EUROS} € ; enregistré en centimes.`);

const Count = (label: string, min: number, max: number) =>
  z
    .number({ error: FORM_MESSAGES.integer })
    .int(FORM_MESSAGES.integer)
    .min(min, formatMessage(FORM_MESSAGES.minValue, min))
    .max(max, formatMessage(FORM_MESSAGES.maxValue, max))
    .describe(label);

const TicketingFields = z.object({
  title: text({ max: 120 }),
  category: z.enum(TICKETING_CATEGORIES, { error: 'Choisissez une catégorie de la liste.' }),
  when: TicketingWhen,
  venue: VenueInput,
  summary: text({ max: 300 }),
  description: RichTextInput,
  visuals: z.array(VisualInput).max(10, formatMessage(FORM_MESSAGES.maxValue, 10)).default([]),
  performerIds: z.array(RowId).max(30, formatMessage(FORM_MESSAGES.maxValue, 30)).default([]),
  /** When its tickets go on sale (Paris time); null: as soon as it is published. */
  salesStartAt: ParisDateTime.nullish(),
});

/** A period lasts two days at least: a single day « horaire libre » would read as a performance at midnight. */
function periodOfTwoDays(input: { when: TicketingWhen }, context: z.RefinementCtx) {
  if (input.when.schedule === 'PERIOD' && input.when.lastDay <= input.when.firstDay) {
    context.addIssue({ code: 'custom', path: ['when', 'lastDay'], message: PERIOD_DAYS_MESSAGE });
  }
}

export const CreateTicketingBody = TicketingFields.superRefine(periodOfTwoDays);
export type TicketingInput = z.output<typeof CreateTicketingBody>;
export const UpdateTicketingBody = TicketingFields.extend({ version: Version }).superRefine(periodOfTwoDays);

const ProductFields = z.object({
  title: text({ max: 80 }),
  description: text({ max: 300, required: false }).nullish(),
  price: EurosText,
  discountType: z.enum(DISCOUNT_TYPES).nullish(),
  /** FIXED: euros as typed; PERCENTAGE: a whole percent. Empty or absent without a discount type. */
  discount: text({ max: 12, required: false }).nullish(),
  stock: Count('Places à vendre en tout.', 0, 1_000_000),
  quota: Count('Nombre maximum par commande.', 1, 100),
  salesStartAt: ParisDateTime.nullish(),
  salesEndAt: ParisDateTime.nullish(),
});

/** The discount as stored (cents or percent), never taking the price below 0: the rule of product_discount_range_check. */
function withDiscount<T extends z.output<typeof ProductFields>>(input: T, context: z.RefinementCtx<T>) {
  const { discountType = null, discount: typed } = input;
  const raw = (typed ?? '').trim();
  let discount = 0;
  if (discountType === 'FIXED') {
    const cents = raw === '' ? 0 : centsOfEuros(raw);
    if (cents === null) {
      context.addIssue({ code: 'custom', path: ['discount'], message: FORM_MESSAGES.decimal });
    } else if (cents > input.price) {
      context.addIssue({ code: 'custom', path: ['discount'], message: DISCOUNT_ABOVE_PRICE_MESSAGE });
    } else discount = cents;
  } else if (discountType === 'PERCENTAGE') {
    if (!/^\d{1,3}$/.test(raw) || Number(raw) > 100) {
      context.addIssue({ code: 'custom', path: ['discount'], message: formatMessage(FORM_MESSAGES.maxValue, 100) });
    } else discount = Number(raw);
  }
  return { ...input, description: input.description || null, discountType, discount };
}

export const CreateProductBody = ProductFields.extend({ version: Version }).transform(withDiscount);
export type ProductInput = z.output<typeof CreateProductBody>;
export const UpdateProductBody = CreateProductBody;
export const VersionBody = z.object({ version: Version });
export const ReorderProductsBody = z.object({
  version: Version,
  productIds: z
    .array(RowId)
    .min(1, FORM_MESSAGES.required)
    .max(50, formatMessage(FORM_MESSAGES.maxValue, 50))
    .describe('Les tarifs de la billetterie, tous, dans leur nouvel ordre.'),
});
export const StatusBody = z.object({
  version: Version,
  status: z.enum(TICKETING_STATUSES).describe('Le nouvel état : PUBLISHED, PAUSED ou CANCELLED.'),
});

export const ProProduct = z
  .object({
    id: RowId,
    title: z.string(),
    description: z.string().nullable(),
    price: z.number().int().describe('Centimes, TTC.'),
    discountType: z.enum(DISCOUNT_TYPES).nullable(),
    discount: z.number().int().describe('Centimes (FIXED) ou pourcentage (PERCENTAGE).'),
    discountedPrice: z.number().int(),
    stock: z.number().int(),
    sold: z.number().int(),
    reserved: z.number().int().describe('Places en cours de réservation (paniers en paiement).'),
    remaining: z.number().int(),
    quota: z.number().int().describe('Maximum par commande.'),
    salesStartAt: z.iso.datetime().nullable(),
    salesEndAt: z.iso.datetime().nullable(),
    position: z.number().int(),
    vatRate: z
      .number()
      .int()
      .describe(
        'TVA en points de base, calculée, jamais choisie : celle des entrées du pays et de la catégorie de la billetterie (décision 0048).',
      ),
  })
  .meta({ id: 'ProProduct', description: 'Un tarif, vu par son organisateur.' });
export type ProProduct = z.infer<typeof ProProduct>;

export const ProVenue = z
  .object({ name: z.string(), address: z.string(), postalCode: z.string(), city: z.string(), country: CountrySlug })
  .meta({ id: 'ProVenue', description: 'Un lieu : nom, adresse, code postal, ville, pays.' });
export type ProVenue = z.infer<typeof ProVenue>;

export const ProTicketing = z
  .object({
    id: RowId,
    slug: z.string(),
    title: z.string(),
    category: z.string(),
    schedule: z.enum(TICKETING_SCHEDULES),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    venue: ProVenue,
    summary: z.string(),
    description: z.looseObject({ type: z.literal('doc'), content: z.array(z.unknown()).optional() }),
    visuals: z.array(Visual),
    performers: z.array(z.object({ id: RowId, name: z.string() })),
    salesStartAt: z.iso.datetime().nullable(),
    status: z.enum(TICKETING_STATUSES),
    version: z.number().int(),
    publishedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime().nullable(),
    /** Its address on the public site (/billetterie/{slug}-{id}); answered 404 there while a draft. */
    publicPath: z.string(),
    products: z.array(ProProduct),
  })
  .meta({ id: 'ProTicketing', description: 'Une billetterie et ses tarifs, vus par son organisateur.' });
export type ProTicketing = z.infer<typeof ProTicketing>;

export const ProTicketingSummary = z
  .object({
    id: RowId,
    title: z.string(),
    status: z.enum(TICKETING_STATUSES),
    schedule: z.enum(TICKETING_SCHEDULES),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    venue: z.string(),
    city: z.string(),
    thumbnail: Visual.nullable(),
    version: z.number().int(),
    sold: z.number().int().describe('Places vendues, tous tarifs.'),
    stock: z.number().int().describe('Places à vendre en tout, tous tarifs.'),
  })
  .meta({ id: 'ProTicketingSummary', description: 'Une billetterie dans la liste de l’organisateur.' });

export const ProTicketingPage = z.object({
  items: z.array(ProTicketingSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});

/** A write refused because the ticketing changed since the form read it: what differs, and the row now. */
export const EditConflictAnswer = ErrorAnswer.extend({
  current: ProTicketing.describe('La billetterie telle qu’enregistrée maintenant, avec sa version.'),
}).meta({
  id: 'EditConflictAnswer',
  description:
    'Conflit d’édition (EDIT_CONFLICT) : `issues` nomme chaque champ dont la valeur enregistrée diffère de celle envoyée, avec cette valeur ; `current` est la billetterie à jour.',
});
export type EditConflictAnswer = z.infer<typeof EditConflictAnswer>;

export const ListProTicketingsQuery = z.object({
  q: text({ max: 100, required: false }).optional().describe('Recherche dans le titre.'),
  status: z.enum(TICKETING_STATUSES).optional(),
  page: PageNumber,
  limit: queryCount(1, 100, 20).describe('Billetteries par page, 1 à 100.'),
});

const SearchQuery = z.object({ q: text({ max: 100, required: false }).optional() });

/** A write's refusals: its fields (400), a scanner's write (403), another organiser's id (404), a stale version (409). */
const WriteConflict = EditConflictAnswer.or(ErrorAnswer);
export const writeRefusals = { 400: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: WriteConflict } as const;
const base = '/pro/organizers/:organizerId/ticketings';

export const listProTicketings = defineEndpoint({
  method: 'GET',
  path: base,
  summary: 'Les billetteries de l’organisateur (recherche par titre, filtre par état, par pages).',
  tags: ['pro'],
  params: OrganizerParams,
  query: ListProTicketingsQuery,
  responses: { 200: ProTicketingPage, 400: ErrorAnswer, 404: ErrorAnswer },
});

export const getProTicketing = defineEndpoint({
  method: 'GET',
  path: `${base}/:ticketingId`,
  summary: 'Une billetterie de l’organisateur et ses tarifs (vendus, réservés, stock).',
  tags: ['pro'],
  params: TicketingParams,
  responses: { 200: ProTicketing, 400: ErrorAnswer, 404: ErrorAnswer },
});

export const createProTicketing = defineEndpoint({
  method: 'POST',
  path: base,
  summary: 'Crée une billetterie, en brouillon.',
  tags: ['pro'],
  params: OrganizerParams,
  body: CreateTicketingBody,
  responses: { 201: ProTicketing, 400: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer },
});

export const updateProTicketing = defineEndpoint({
  method: 'PUT',
  path: `${base}/:ticketingId`,
  summary: 'Enregistre une billetterie (409 EDIT_CONFLICT si elle a changé depuis la version lue).',
  tags: ['pro'],
  params: TicketingParams,
  body: UpdateTicketingBody,
  responses: { 200: ProTicketing, ...writeRefusals },
});

export const duplicateProTicketing = defineEndpoint({
  method: 'POST',
  path: `${base}/:ticketingId/duplicate`,
  summary: 'Copie une billetterie en brouillon (« (copie) »), ses tarifs sans ventes.',
  tags: ['pro'],
  params: TicketingParams,
  responses: { 201: ProTicketing, 400: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer },
});

export const setProTicketingStatus = defineEndpoint({
  method: 'POST',
  path: `${base}/:ticketingId/status`,
  summary: 'Publie, met en pause, relance ou annule une billetterie.',
  tags: ['pro'],
  params: TicketingParams,
  body: StatusBody,
  responses: { 200: ProTicketing, ...writeRefusals },
});

export const createProProduct = defineEndpoint({
  method: 'POST',
  path: `${base}/:ticketingId/products`,
  summary: 'Ajoute un tarif à la billetterie.',
  tags: ['pro'],
  params: TicketingParams,
  body: CreateProductBody,
  responses: { 201: ProTicketing, ...writeRefusals },
});

export const updateProProduct = defineEndpoint({
  method: 'PUT',
  path: `${base}/:ticketingId/products/:productId`,
  summary: 'Enregistre un tarif (le stock jamais sous les places vendues et réservées).',
  tags: ['pro'],
  params: ProductParams,
  body: UpdateProductBody,
  responses: { 200: ProTicketing, ...writeRefusals },
});

export const deleteProProduct = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:ticketingId/products/:productId`,
  summary: 'Supprime un tarif sans vente (409 sinon : fermez sa vente).',
  tags: ['pro'],
  params: ProductParams,
  body: VersionBody,
  responses: { 200: ProTicketing, ...writeRefusals },
});

export const reorderProProducts = defineEndpoint({
  method: 'PUT',
  path: `${base}/:ticketingId/products`,
  summary: 'Range les tarifs de la billetterie dans l’ordre donné.',
  tags: ['pro'],
  params: TicketingParams,
  body: ReorderProductsBody,
  responses: { 200: ProTicketing, ...writeRefusals },
});

export const PreviewLink = z.object({
  url: z.string().describe('Adresse de l’aperçu sur le site public, valable peu de temps.'),
  expiresAt: z.iso.datetime(),
});

export const createTicketingPreviewLink = defineEndpoint({
  method: 'POST',
  path: `${base}/:ticketingId/preview-link`,
  summary: 'Un lien signé, de courte durée, vers l’aperçu public de la billetterie (même en brouillon).',
  tags: ['pro'],
  params: TicketingParams,
  responses: { 200: PreviewLink, 400: ErrorAnswer, 404: ErrorAnswer },
});

export const listProVenues = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/venues',
  summary: 'Les lieux déjà connus (publics ou de l’organisateur), à choisir plutôt qu’à saisir.',
  tags: ['pro'],
  params: OrganizerParams,
  query: SearchQuery,
  responses: { 200: z.object({ items: z.array(ProVenue) }), 400: ErrorAnswer, 404: ErrorAnswer },
});

export const searchProPerformers = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/performers',
  summary: 'Les artistes à associer à une billetterie, par nom.',
  tags: ['pro'],
  params: OrganizerParams,
  query: SearchQuery,
  responses: {
    200: z.object({ items: z.array(z.object({ id: RowId, name: z.string(), genre: z.string() })) }),
    400: ErrorAnswer,
    404: ErrorAnswer,
  },
});

/** A preview link's token: `{ticketingId}.{expires, seconds}.{signature}`. */
const PreviewToken = text({
  max: 100,
  asTyped: true,
  rules: [withMessage(rule.regex(/^\d{1,10}\.\d{1,12}\.[A-Za-z0-9_-]{10,40}$/), 'Lien d’aperçu invalide.')],
});

/** The public page of a ticketing in any state, as a buyer will see it once published. */
export const PreviewTicketingDetail = TicketingDetail.extend({
  status: z.enum(TICKETING_STATUSES).describe('L’état réel : DRAFT compris.'),
});
export type PreviewTicketingDetail = z.infer<typeof PreviewTicketingDetail>;

export const getTicketingPreview = defineEndpoint({
  method: 'GET',
  path: '/ticketings/preview/:token',
  summary: 'L’aperçu d’une billetterie (brouillon compris), par un lien signé de l’espace pro.',
  tags: ['catalogue'],
  params: z.object({ token: PreviewToken }),
  responses: { 200: PreviewTicketingDetail, 400: ErrorAnswer, 404: ErrorAnswer },
});
