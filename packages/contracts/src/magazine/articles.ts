/** Le Mag: the list of published articles (newest first, by category) and one article with its linked cards. */
import { z } from 'zod';
import { Category, RichTextDocument, TicketingSummary, Visual } from '../catalogue/shared.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { OfferCard } from '../offers/shared.js';
import { PageNumber, pageSizeOf, text } from '../text.js';

export const ARTICLES_PAGE_SIZE = { default: 12, max: 60 } as const;

/** The most cards of each kind an article shows under its body. */
export const ARTICLE_LINKED_LIMIT = 12;

const readingMinutes = z
  .number()
  .int()
  .min(1)
  .describe('Temps de lecture en minutes : les mots du texte à 220 mots par minute, arrondi, au moins 1.');

export const ArticleCard = z
  .object({
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    category: z.string(),
    author: z.string(),
    publishedAt: z.iso.datetime(),
    visual: Visual.nullable(),
    readingMinutes,
  })
  .meta({ id: 'ArticleCard', description: 'Article du Mag résumé, pour la liste.' });
export type ArticleCard = z.infer<typeof ArticleCard>;

export const ArticleCategoryCount = z.object({
  name: z.string(),
  count: z.number().int().describe('Articles publiés de cette catégorie.'),
});
export type ArticleCategoryCount = z.infer<typeof ArticleCategoryCount>;

export const ArticlesPage = z.object({
  items: z.array(ArticleCard),
  total: z.number().int().describe('Articles publiés de la catégorie choisie (de toutes sans catégorie).'),
  page: z.number().int(),
  pageSize: z.number().int(),
  categories: z
    .array(ArticleCategoryCount)
    .describe('Toutes les catégories ayant un article publié, par ordre alphabétique, quel que soit le filtre.'),
});
export type ArticlesPage = z.infer<typeof ArticlesPage>;

export const listArticles = defineEndpoint({
  method: 'GET',
  path: '/articles',
  summary: 'Les articles publiés du Mag, du plus récent au plus ancien, par catégorie.',
  tags: ['magazine'],
  query: z.object({
    category: Category.optional().describe('Catégorie, telle qu’affichée (ex. Festivals).'),
    page: PageNumber,
    pageSize: pageSizeOf(ARTICLES_PAGE_SIZE, 'Articles'),
  }),
  responses: { 200: ArticlesPage, 400: ErrorAnswer },
});

export const ArticleDetail = ArticleCard.extend({
  body: RichTextDocument.describe('Le texte ; les liens vers les pages du site sont des chemins (/billetterie/…).'),
  seo: z
    .object({ title: z.string(), description: z.string() })
    .describe('Titre et description pour les moteurs de recherche ; vides : le titre et le résumé.'),
  linked: z
    .object({
      ticketings: z
        .array(TicketingSummary)
        .describe(
          'Billetteries publiées et pas encore terminées : celles choisies par la rédaction, puis celles vers lesquelles le texte pointe.',
        ),
      offers: z
        .array(OfferCard)
        .describe(
          'Bons plans encore en vente : ceux choisis par la rédaction, puis ceux vers lesquels le texte pointe.',
        ),
    })
    .describe(`Les cartes sous l’article (${ARTICLE_LINKED_LIMIT} de chaque au plus).`),
});
export type ArticleDetail = z.infer<typeof ArticleDetail>;

export const getArticle = defineEndpoint({
  method: 'GET',
  path: '/articles/:slug',
  summary: 'Un article publié du Mag : texte, temps de lecture, billetteries et bons plans cités.',
  tags: ['magazine'],
  // 100 characters: the router's own limit on a path parameter (longer is a 414 before any schema).
  params: z.object({ slug: text({ max: 100 }).describe('L’identifiant de l’article dans son adresse.') }),
  responses: { 200: ArticleDetail, 400: ErrorAnswer, 404: ErrorAnswer },
});
