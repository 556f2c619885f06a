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
