import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { text } from '../text.js';
import { EmailField, NewPasswordField } from './fields.js';

export const FORGOT_PASSWORD_MESSAGE = 'Si un compte existe pour cette adresse, un e-mail vient de vous être envoyé.';
export const INVALID_RESET_TOKEN_MESSAGE = 'Ce lien de réinitialisation est invalide ou a expiré.';

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/password/forgot',
  summary:
    'Demande un lien de réinitialisation (valable 1 heure) ; la réponse est la même que l’adresse ait un compte ou non.',
  tags: ['auth'],
  body: z.object({ email: EmailField }),
  responses: { 202: z.object({ message: z.literal(FORGOT_PASSWORD_MESSAGE) }), 400: ErrorAnswer },
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/password/reset',
  summary: 'Choisit un nouveau mot de passe avec le jeton du lien reçu ; ferme toutes les sessions du compte.',
  tags: ['auth'],
  body: z.object({
    token: text({ max: 200, asTyped: true }),
    password: NewPasswordField,
  }),
  responses: {
    204: z.undefined().describe('Mot de passe changé.'),
    400: ErrorAnswer.describe(`${INVALID_RESET_TOKEN_MESSAGE} (ou mot de passe refusé)`),
  },
});
