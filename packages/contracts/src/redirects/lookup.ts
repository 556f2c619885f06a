import { rule } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { text, withMessage } from '../text.js';

export const RedirectAnswer = z.object({
  source: z.string(),
  /** A path within the site, or an absolute URL that leaves it. */
  target: z.string(),
  permanent: z.boolean(),
});
export type RedirectAnswer = z.infer<typeof RedirectAnswer>;

export const RedirectTable = z.object({ redirects: z.array(RedirectAnswer) });
export type RedirectTable = z.infer<typeof RedirectTable>;

/** The whole table, for a web server that keeps it in memory (one call every half-minute, none a page). */
export const listRedirects = defineEndpoint({
  method: 'GET',
  path: '/redirects/table',
  summary: 'Toutes les redirections enregistrées (la table que le site garde en mémoire).',
  tags: ['redirects'],
  responses: { 200: RedirectTable },
});

export const lookupRedirect = defineEndpoint({
  method: 'GET',
  path: '/redirects',
  summary: "Redirection enregistrée pour un chemin du site, s'il y en a une.",
  tags: ['redirects'],
  query: z.object({
    path: text({
      max: 2048,
      asTyped: true,
      rules: [withMessage(rule.regex(/^\//), 'Le chemin doit commencer par « / ».')],
    }).describe('Chemin demandé, sans la chaîne de requête.'),
  }),
  responses: { 200: RedirectAnswer, 400: ErrorAnswer, 404: ErrorAnswer },
});
