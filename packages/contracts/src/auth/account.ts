import { PASSWORD_MAX_LENGTH } from '@guichet/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId } from '../ids.js';
import { text } from '../text.js';
import {
  AuthTokens,
  EmailField,
  FacturationAddress,
  FacturationAddressInput,
  NameField,
  NewPasswordField,
  PasswordField,
  PhoneField,
} from './fields.js';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Le mot de passe actuel est incorrect.';
export const CURRENT_PASSWORD_NEEDED_MESSAGE =
  'Veuillez saisir votre mot de passe actuel pour changer d’adresse e-mail.';
export const SAME_PASSWORD_MESSAGE = 'Le nouveau mot de passe doit être différent de l’actuel.';
export const NOT_YOUR_ACCOUNT_MESSAGE = 'Page interdite : ce compte n’est pas le vôtre.';

export const Account = z
  .object({
    id: z.number().int().positive(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    facturationAddress: FacturationAddress.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Account', description: 'Le compte complet, visible de son seul titulaire.' });
export type Account = z.infer<typeof Account>;

export const AccountParams = z.object({
  id: pathId('L’identifiant du compte').describe('Identifiant du compte (celui du jeton).'),
});

const ownerOnly = {
  401: ErrorAnswer.describe('Jeton absent, invalide ou expiré.'),
  403: ErrorAnswer.describe(NOT_YOUR_ACCOUNT_MESSAGE),
} as const;

export const getAccount = defineEndpoint({
  method: 'GET',
  path: '/account/:id',
  summary: 'Le compte complet de l’utilisateur connecté (Authorization: Bearer).',
  tags: ['auth'],
  params: AccountParams,
  responses: { 200: Account, 400: ErrorAnswer, ...ownerOnly },
});

export const AccountUpdate = z.object({
  firstname: NameField.optional(),
  lastname: NameField.optional(),
  email: EmailField.optional(),
  phone: PhoneField.optional(),
  facturationAddress: FacturationAddressInput.nullable().optional(),
  currentPassword: text({ max: PASSWORD_MAX_LENGTH, required: false, asTyped: true })
    .optional()
    .describe('Obligatoire seulement quand l’adresse e-mail change.'),
});
export type AccountUpdate = z.input<typeof AccountUpdate>;

export const updateAccount = defineEndpoint({
  method: 'PUT',
  path: '/account/:id',
  summary:
    'Modifie l’identité et l’adresse de facturation ; un champ absent reste inchangé, null efface le téléphone ou l’adresse.',
  tags: ['auth'],
  params: AccountParams,
  body: AccountUpdate,
  responses: {
    200: Account,
    400: ErrorAnswer,
    ...ownerOnly,
    409: ErrorAnswer,
    429: ErrorAnswer,
  },
});

export const PasswordChange = z.object({
  currentPassword: PasswordField,
  newPassword: NewPasswordField,
});
export type PasswordChange = z.input<typeof PasswordChange>;

export const changePassword = defineEndpoint({
  method: 'PUT',
  path: '/account/:id/password',
  summary:
    'Change le mot de passe : toutes les sessions sont fermées, une nouvelle paire de jetons est rendue à celle qui le change.',
  tags: ['auth'],
  params: AccountParams,
  body: PasswordChange,
  responses: {
    200: AuthTokens,
    400: ErrorAnswer.describe(WRONG_CURRENT_PASSWORD_MESSAGE),
    ...ownerOnly,
    429: ErrorAnswer,
  },
});
