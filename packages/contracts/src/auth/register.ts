import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { AUTH_FORM_MESSAGES, AuthTokens, EmailField, NameField, NewPasswordField, PhoneField } from './fields.js';

export const EMAIL_TAKEN_MESSAGE = 'Un compte existe déjà avec cette adresse e-mail.';

export const NewUser = z.object({
  firstname: NameField,
  lastname: NameField,
  email: EmailField,
  password: NewPasswordField,
  phone: PhoneField.optional(),
  acceptTerms: z.literal(true, { error: AUTH_FORM_MESSAGES.checked }).describe('Acceptation des conditions générales.'),
});
export type NewUser = z.input<typeof NewUser>;

export const registerAccount = defineEndpoint({
  method: 'POST',
  path: '/account',
  summary: 'Création d’un compte (query form=user) : le compte est connecté aussitôt.',
  tags: ['auth'],
  query: z.object({
    form: z.literal('user', { error: 'Seul le formulaire « user » est accepté.' }),
  }),
  body: z.object({ user: NewUser }),
  responses: {
    201: AuthTokens,
    400: ErrorAnswer,
    409: ErrorAnswer.describe(EMAIL_TAKEN_MESSAGE),
  },
});
