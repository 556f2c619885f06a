import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { AuthTokens, EmailField, PasswordField } from './fields.js';

/** The one answer to a failed login, whether the address is unknown or the password wrong. */
export const LOGIN_FAILED_MESSAGE = 'Adresse e-mail ou mot de passe incorrect.';
export const LOGIN_THROTTLED_MESSAGE = 'Trop de tentatives de connexion. Réessayez dans quelques minutes.';

export const LoginCredentials = z.object({ email: EmailField, password: PasswordField });
export type LoginCredentials = z.input<typeof LoginCredentials>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/login',
  summary: "Connexion par adresse e-mail et mot de passe : jetons d'accès et de rafraîchissement.",
  tags: ['auth'],
  body: LoginCredentials,
  responses: {
    200: AuthTokens,
    400: ErrorAnswer,
    401: ErrorAnswer.describe(LOGIN_FAILED_MESSAGE),
    429: ErrorAnswer.describe(
      'Trop d’échecs : 10 par minute depuis une adresse, 100 par heure sur un compte. En-tête Retry-After.',
    ),
  },
});
