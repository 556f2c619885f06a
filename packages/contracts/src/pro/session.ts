/**
 * The pro site's session (organisers and their teams): its own login, refresh and logout, with tokens signed by
 * another key than the public site's, so that neither site's session opens the other (docs/decisions/0060).
 * `GET /pro/me` says who is logged in and for which organisers they work.
 */
import { ORGANIZER_ROLES } from '@guichet/domain';
import { z } from 'zod';
import { AuthTokens } from '../auth/fields.js';
import { LOGIN_FAILED_MESSAGE, LoginCredentials } from '../auth/login.js';
import { REFRESH_RACED_MESSAGE, SESSION_EXPIRED_MESSAGE } from '../auth/session.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { text } from '../text.js';

export const EMAIL_NOT_CONFIRMED_MESSAGE =
  'Confirmez d’abord votre adresse e-mail : cliquez sur le lien que nous vous avons envoyé.';
/** Someone who is not a member of the organiser an address names: as if it did not exist. */
export const ORGANIZER_NOT_FOUND_MESSAGE = 'Organisateur introuvable.';
export const ROLE_FORBIDDEN_MESSAGE = 'Votre rôle dans cet organisateur ne permet pas cette action.';

export const OrganizerRole = z.enum(ORGANIZER_ROLES).describe('Rôle : OWNER, MANAGER ou SCANNER.');

/** The path of every endpoint acting for one organiser: /pro/organizers/:organizerId/… */
export const OrganizerParams = z.object({ organizerId: pathId('Organisateur') });

const ProRefreshBody = z.object({ refreshToken: text({ max: 200, asTyped: true }) });

export const proLogin = defineEndpoint({
  method: 'POST',
  path: '/pro/session',
  summary: 'Connexion à l’espace pro : jetons d’une session pro (sans effet sur le site public).',
  tags: ['pro'],
  body: LoginCredentials,
  responses: {
    200: AuthTokens,
    400: ErrorAnswer,
    401: ErrorAnswer.describe(LOGIN_FAILED_MESSAGE),
    403: ErrorAnswer.describe(EMAIL_NOT_CONFIRMED_MESSAGE),
  },
});

export const proRefreshSession = defineEndpoint({
  method: 'POST',
  path: '/pro/session/refresh',
  summary: 'Renouvelle une session pro (jeton à usage unique ; celui du site public n’y vaut rien).',
  tags: ['pro'],
  body: ProRefreshBody,
  responses: {
    200: AuthTokens,
    400: ErrorAnswer,
    401: ErrorAnswer.describe(SESSION_EXPIRED_MESSAGE),
    409: ErrorAnswer.describe(REFRESH_RACED_MESSAGE),
  },
});

export const proLogout = defineEndpoint({
  method: 'POST',
  path: '/pro/session/logout',
  summary: 'Déconnexion de l’espace pro (204 même si le jeton est inconnu).',
  tags: ['pro'],
  body: ProRefreshBody,
  responses: { 204: z.undefined().describe('Session fermée.'), 400: ErrorAnswer },
});

export const ProMembership = z
  .object({ id: RowId, slug: z.string(), name: z.string(), role: OrganizerRole })
  .meta({ id: 'ProMembership', description: 'Un organisateur pour lequel la personne travaille, et son rôle.' });
export type ProMembership = z.infer<typeof ProMembership>;

export const ProMe = z
  .object({
    user: z.object({
      id: RowId,
      firstname: z.string(),
      lastname: z.string(),
      email: z.string(),
      platformAdmin: z.boolean().describe('Administrateur de la plateforme (back-office éditorial).'),
    }),
    organizers: z.array(ProMembership),
  })
  .meta({ id: 'ProMe', description: 'La personne connectée à l’espace pro et ses organisateurs.' });
export type ProMe = z.infer<typeof ProMe>;

export const getProMe = defineEndpoint({
  method: 'GET',
  path: '/pro/me',
  summary: 'Qui est connecté à l’espace pro, et pour quels organisateurs (avec son rôle dans chacun).',
  tags: ['pro'],
  responses: { 200: ProMe },
});
