import { rule } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { PageNumber, pageSizeOf, text, withMessage } from '../text.js';
import { SearchText, Visual } from './shared.js';

export const PERFORMERS_PAGE_SIZE = { default: 24, max: 60 } as const;

export const PerformerCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  genre: z.string(),
  initial: z.string().describe('Lettre de l’index alphabétique (initiale sans accent, en majuscule).'),
  visual: Visual.nullable(),
  upcomingCount: z.number().int().describe('Billetteries publiées à venir ou en cours.'),
});
export type PerformerCard = z.infer<typeof PerformerCard>;

export const PerformersPage = z.object({
  items: z.array(PerformerCard),
  total: z.number().int().describe('Nombre d’artistes répondant à la recherche.'),
  page: z.number().int(),
  pageSize: z.number().int(),
  initials: z.array(z.string()).describe('Lettres ayant au moins un artiste (index alphabétique).'),
});
export type PerformersPage = z.infer<typeof PerformersPage>;

export const listPerformers = defineEndpoint({
  method: 'GET',
  path: '/performers',
  summary: 'Artistes par ordre alphabétique, avec recherche par nom et index par lettre.',
  tags: ['catalogue'],
  query: z.object({
    q: SearchText.optional().describe('Texte cherché dans le nom, sans tenir compte des accents ni des majuscules.'),
    initial: text({
      max: 1,
      rules: [withMessage(rule.regex(/^[A-Za-z]$/), 'L’initiale est une lettre de A à Z.')],
    })
      .optional()
      .describe('Une lettre de A à Z.'),
    page: PageNumber,
    pageSize: pageSizeOf(PERFORMERS_PAGE_SIZE, 'Artistes'),
  }),
  responses: { 200: PerformersPage, 400: ErrorAnswer },
});
