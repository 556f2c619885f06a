/**
 * What the site map (/sitemap.xml) lists, with when each page's content last changed, in one call: the web
 * builds the paths, the API says which rows and their dates (docs/decisions/0029).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/** A site map holds at most 50 000 URLs: no list of the answer is longer. */
export const SITEMAP_MAX_URLS = 50_000;

const lastModified = z.iso
  .datetime()
  .describe('Dernière modification de la ligne (updated_at), sinon sa création : le lastmod du plan du site.');

export const SitemapEntries = z
  .object({
    ticketings: z
      .array(z.object({ id: z.number().int(), slug: z.string(), lastModified }))
      .describe(
        'Billetteries publiées, passées comprises (leurs pages restent), la dernière à commencer d’abord : au-delà de 50 000, les plus anciennes sont laissées.',
      ),
    organizers: z.array(z.object({ id: z.number().int(), lastModified })),
    performers: z.array(z.object({ id: z.number().int(), lastModified })),
    offers: z
      .array(z.object({ offerID: z.number().int(), slug: z.string(), lastModified }))
      .describe('Bons plans en cours, ceux qui finissent le plus tôt d’abord.'),
    articles: z
      .array(z.object({ slug: z.string(), lastModified }))
      .describe('Articles publiés, le plus récent d’abord ; lastModified ne précède jamais la publication.'),
  })
  .meta({ id: 'SitemapEntries', description: 'Les pages à indexer et la date de leur dernier changement.' });
export type SitemapEntries = z.infer<typeof SitemapEntries>;

export const getSitemapEntries = defineEndpoint({
  method: 'GET',
  path: '/sitemap',
  summary:
    'Pages à indexer (billetteries, organisateurs, artistes, bons plans, articles) et leur dernière modification.',
  tags: ['catalogue'],
  responses: { 200: SitemapEntries },
});
