import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { text } from '../text.js';
import { AuthTokens } from './fields.js';

export const SESSION_EXPIRED_MESSAGE = 'Votre session a expiré : veuillez vous reconnecter.';
/** The token was spent seconds ago by another request of the same browser: the session goes on there. */
export const REFRESH_RACED_MESSAGE = 'Cette session vient d’être renouvelée par une autre requête.';

const RefreshTokenBody = z.object({
  refreshToken: text({ max: 200, asTyped: true }),
});

export const refreshSession = defineEndpoint({
  method: 'POST',
  path: '/auth/refresh',
  summary:
    'Échange un jeton de rafraîchissement (à usage unique) contre une nouvelle paire ; un jeton déjà utilisé ferme toute la session.',
  tags: ['auth'],
  body: RefreshTokenBody,
  responses: {
    200: AuthTokens,
    400: ErrorAnswer,
    401: ErrorAnswer.describe(SESSION_EXPIRED_MESSAGE),
    409: ErrorAnswer.describe(`${REFRESH_RACED_MESSAGE} La session n’est pas révoquée.`),
  },
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/auth/logout',
  summary: 'Déconnexion : le jeton de rafraîchissement et sa session sont révoqués (204 même s’il est inconnu).',
  tags: ['auth'],
  body: RefreshTokenBody,
  responses: { 204: z.undefined().describe('Session fermée.'), 400: ErrorAnswer },
});
