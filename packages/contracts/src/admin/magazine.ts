/**
 * The back office's Le Mag (issue 27): articles written by platform administrators — title, slug, summary,
 * author, category, body in the kit's rich text (internal links stored as site paths), the ticketings and
 * deals shown as cards, SEO title and description, DRAFT/PUBLISHED and the publication date (a future one
 * is scheduled). Every path is under /pro/admin: 404 to anyone but an administrator (docs/decisions/0067,
 * 0070).
 */
import {
  ARTICLE_CATEGORIES,
  ARTICLE_LIMITS,
  ARTICLE_RICH_TEXT,
  ARTICLE_SLUG_PATTERN,
  EDITORIAL_STATUSES,
  formatMessage,
  HEADING_LEVELS,
  rule,
} from '@guichet/domain';
import { z } from 'zod';
import { RichTextDocument, Visual } from '../catalogue/shared.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { ParisDateTime, richTextInput } from '../pro/ticketings.js';
import { PageNumber, pageSizeOf, text, withMessage } from '../text.js';

export const ADMIN_ARTICLES_PAGE_SIZE = { default: 20, max: 100 } as const;
export const ARTICLE_NOT_FOUND_MESSAGE = 'Article introuvable.';
export const ARTICLE_SLUG_TAKEN_MESSAGE = 'Un autre article a déjà cette adresse : choisissez-en une autre.';
export const ARTICLE_SLUG_MESSAGE =
  'L’adresse ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets.';
export const ARTICLE_HEADING_MESSAGE = `Les titres du texte vont du niveau 1 au niveau ${HEADING_LEVELS.length}.`;
export const ARTICLE_LINKED_NOT_FOUND_MESSAGE = 'Une billetterie ou un bon plan choisi n’existe pas.';
export const ARTICLE_CATEGORY_MESSAGE = 'Choisissez une catégorie de la liste.';

const ArticleParams = z.object({ articleId: pathId('Article') });

/** Every heading level found in a JSON value, as sent (before the sanitiser brings 5 and 6 back to 4). */
function headingLevelsOf(input: unknown): unknown[] {
  const found: unknown[] = [];
  const stack: unknown[] = [input];
  let seen = 0;
  while (stack.length > 0 && seen < 50_000) {
    seen += 1;
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    if (record.type === 'heading' && typeof record.attrs === 'object' && record.attrs !== null) {
      found.push((record.attrs as Record<string, unknown>).level);
    }
    stack.push(...Object.values(record));
  }
  return found;
}

/**
 * An article's body: the kit's bounded rich text, links to the site's own paths kept, and a heading beyond
 * the spec's levels (1–4) refused rather than silently lowered — the editor never makes one.
 */
export const ArticleBodyInput = z
  .unknown()
  .superRefine((value, context) => {
    const levels = headingLevelsOf(value);
    if (levels.some((level) => !(HEADING_LEVELS as readonly unknown[]).includes(Number(level)))) {
      context.addIssue({ code: 'custom', message: ARTICLE_HEADING_MESSAGE, params: { rule: 'headingLevel' } });
    }
  })
  .pipe(richTextInput(ARTICLE_RICH_TEXT));

const linkedIds = (label: string) =>
  z
    .array(RowId)
    .max(ARTICLE_LIMITS.linked, formatMessage('{n} au plus.', ARTICLE_LIMITS.linked))
    .default([])
    .describe(`${label} montrés en cartes sous l’article, dans cet ordre (${ARTICLE_LIMITS.linked} au plus).`);

export const ArticleInput = z.object({
  title: text({ max: ARTICLE_LIMITS.title }),
  slug: text({
    max: ARTICLE_LIMITS.slug,
    required: false,
    rules: [withMessage(rule.regex(ARTICLE_SLUG_PATTERN), ARTICLE_SLUG_MESSAGE)],
  })
    .optional()
    .describe('L’adresse (/magazine/{slug}) ; vide : tirée du titre, rendue unique.'),
  summary: text({ max: ARTICLE_LIMITS.summary }),
  author: text({ max: ARTICLE_LIMITS.author }),
  category: z.enum(ARTICLE_CATEGORIES, { error: ARTICLE_CATEGORY_MESSAGE }),
  body: ArticleBodyInput,
  seoTitle: text({ max: ARTICLE_LIMITS.seoTitle, required: false }).optional().default(''),
  seoDescription: text({ max: ARTICLE_LIMITS.seoDescription, required: false }).optional().default(''),
  ticketingIds: linkedIds('Billetteries'),
  offerIds: linkedIds('Bons plans'),
  status: z.enum(EDITORIAL_STATUSES).default('DRAFT'),
  publishedAt: ParisDateTime.nullish().describe(
    'Date et heure de publication (heure de Paris) ; future : programmée ; absente : maintenant à la publication.',
  ),
});
export type ArticleInput = z.input<typeof ArticleInput>;

export const AdminArticleSummary = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    category: z.string(),
    author: z.string(),
    status: z.enum(EDITORIAL_STATUSES),
    publishedAt: z.string(),
    scheduled: z.boolean().describe('Publié mais daté dans le futur : invisible jusque-là.'),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminArticleSummary', description: 'Un article du Mag dans la liste du back-office.' });
export type AdminArticleSummary = z.infer<typeof AdminArticleSummary>;

/** A ticketing or deal of the catalogue, as the back office names it to pick it. */
export const CatalogueChoice = z.object({
  id: z.number().int(),
  title: z.string(),
  detail: z.string().describe('Ce qui le distingue : date et ville, ou partenaire.'),
});
export type CatalogueChoice = z.infer<typeof CatalogueChoice>;

export const AdminArticle = AdminArticleSummary.extend({
  summary: z.string(),
  body: RichTextDocument.describe('Le texte ; les liens internes en adresses absolues du site, comme l’éditeur.'),
  seoTitle: z.string(),
  seoDescription: z.string(),
  visual: Visual.nullable().describe('L’image de couverture.'),
  publishedAtParis: z.object({ date: z.string(), time: z.string() }),
  ticketings: z.array(CatalogueChoice),
  offers: z.array(CatalogueChoice),
}).meta({ id: 'AdminArticle', description: 'Un article du Mag, tel que le back-office le modifie.' });
export type AdminArticle = z.infer<typeof AdminArticle>;

const base = '/pro/admin/magazine/articles';

export const listAdminArticles = defineEndpoint({
  method: 'GET',
  path: base,
  summary: 'Les articles du Mag, du plus récent au plus ancien, brouillons et programmés compris (administrateurs).',
  tags: ['admin'],
  query: z.object({
    q: text({ max: 100, required: false }).optional().describe('Un mot du titre, de l’auteur ou de l’adresse.'),
    status: z.enum(EDITORIAL_STATUSES).optional(),
    page: PageNumber,
    pageSize: pageSizeOf(ADMIN_ARTICLES_PAGE_SIZE, 'Articles'),
  }),
  responses: {
    200: z.object({
      items: z.array(AdminArticleSummary),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
    400: ErrorAnswer,
    404: ErrorAnswer,
  },
});

export const getAdminArticle = defineEndpoint({
  method: 'GET',
  path: `${base}/:articleId`,
  summary: 'Un article du Mag, pour le modifier.',
  tags: ['admin'],
  params: ArticleParams,
  responses: { 200: AdminArticle, 400: ErrorAnswer, 404: ErrorAnswer },
});

export const createAdminArticle = defineEndpoint({
  method: 'POST',
  path: base,
  summary: 'Crée un article (brouillon, publié ou programmé).',
  tags: ['admin'],
  body: ArticleInput,
  responses: { 201: AdminArticle, 400: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer },
});

export const updateAdminArticle = defineEndpoint({
  method: 'PUT',
  path: `${base}/:articleId`,
  summary: 'Modifie un article ; le changement d’adresse d’un article publié ajoute une redirection.',
  tags: ['admin'],
  params: ArticleParams,
  body: ArticleInput,
  responses: { 200: AdminArticle, 400: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer },
});

export const setAdminArticleStatus = defineEndpoint({
  method: 'POST',
  path: `${base}/:articleId/status`,
  summary: 'Publie (maintenant, ou à sa date si elle est future) ou dépublie un article.',
  tags: ['admin'],
  params: ArticleParams,
  body: z.object({ status: z.enum(EDITORIAL_STATUSES) }),
  responses: { 200: AdminArticle, 400: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer },
});

export const setAdminArticleCover = defineEndpoint({
  method: 'POST',
  path: `${base}/:articleId/cover`,
  summary:
    'Remplace l’image de couverture (multipart/form-data : file, alt) : JPEG, PNG ou WebP vérifié par son contenu, 10 Mo au plus.',
  tags: ['admin'],
  params: ArticleParams,
  responses: {
    200: AdminArticle,
    400: ErrorAnswer,
    404: ErrorAnswer,
    413: ErrorAnswer,
    415: ErrorAnswer,
    503: ErrorAnswer,
  },
});

export const removeAdminArticleCover = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:articleId/cover`,
  summary: 'Retire l’image de couverture.',
  tags: ['admin'],
  params: ArticleParams,
  responses: { 200: AdminArticle, 400: ErrorAnswer, 404: ErrorAnswer },
});

export const deleteAdminArticle = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:articleId`,
  summary: 'Supprime un article (et ses cartes).',
  tags: ['admin'],
  params: ArticleParams,
  responses: { 200: z.object({ deleted: z.literal(true) }), 400: ErrorAnswer, 404: ErrorAnswer },
});

export const searchArticleCatalogue = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/magazine/catalogue',
  summary: 'Les billetteries et bons plans dont le titre contient un mot, pour les choisir en cartes.',
  tags: ['admin'],
  query: z.object({ q: text({ max: 100, required: false }).optional() }),
  responses: {
    200: z.object({ ticketings: z.array(CatalogueChoice), offers: z.array(CatalogueChoice) }),
    400: ErrorAnswer,
    404: ErrorAnswer,
  },
});
