import { rule } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId } from '../ids.js';
import { text, withMessage } from '../text.js';

/** The header carrying the public token of the web site (see docs/decisions/0008-view-counting.md). */
export const PUBLIC_TOKEN_HEADER = 'x-public-token';

/** The source recorded when a visitor did not come through a tagged link. */
export const DIRECT_SOURCE = 'DIRECT';

/**
 * The source of the pro site's live preview of an embed (its iframe's `?source=`): the organiser looking at their
 * own page, never a visit — answered like any view, counted in no statistics.
 */
export const PRO_PREVIEW_SOURCE = 'APERCU-PRO';

export const countView = defineEndpoint({
  method: 'POST',
  path: '/:product/:ticketingID/count/view',
  summary: 'Compte une vue de la page d’une billetterie, par jour et par source.',
  tags: ['catalogue'],
  params: z.object({
    product: text({ max: 40 }).describe('Toujours « ticketing ».'),
    ticketingID: pathId('L’identifiant de la billetterie'),
  }),
  headers: z.looseObject({
    [PUBLIC_TOKEN_HEADER]: z.string().optional().describe('Jeton public du site (PUBLIC_API_TOKEN).'),
  }),
  body: z.object({
    source: text({
      max: 64,
      asTyped: true,
      rules: [
        withMessage(
          rule.regex(/^[A-Za-z0-9_-]{1,64}$/),
          'La source est un mot de 1 à 64 lettres, chiffres, tirets ou soulignés (ex. DIRECT).',
        ),
      ],
    }).describe('La source de la visite (paramètre « source » de l’adresse) ou DIRECT.'),
  }),
  responses: { 204: z.undefined(), 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer },
});
