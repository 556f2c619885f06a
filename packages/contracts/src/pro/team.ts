/**
 * An organiser's team (the pro site): its members with their role, the invitations sent by e-mail and not yet
 * accepted, and accepting one. Only owners manage the team; an organiser always keeps at least one owner
 * (docs/decisions/0060).
 */
import { z } from 'zod';
import { AUTH_FORM_MESSAGES, AuthTokens, EmailField, NameField, NewPasswordField, PhoneField } from '../auth/fields.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { pathId, RowId } from '../ids.js';
import { text } from '../text.js';
import { OrganizerParams, OrganizerRole, ProMembership, ROLE_FORBIDDEN_MESSAGE } from './session.js';

export const LAST_OWNER_MESSAGE =
  'Un organisateur garde toujours au moins un propriétaire : nommez-en un autre avant ce changement.';
export const ALREADY_MEMBER_MESSAGE = 'Cette personne fait déjà partie de l’équipe.';
export const MEMBER_NOT_FOUND_MESSAGE = 'Membre introuvable.';
export const INVITATION_NOT_FOUND_MESSAGE = 'Invitation introuvable.';
export const INVITATION_LINK_INVALID_MESSAGE =
  'Ce lien d’invitation est invalide, a déjà servi ou a expiré : demandez une nouvelle invitation.';
export const INVITATION_FOR_ANOTHER_ADDRESS_MESSAGE =
  'Cette invitation a été envoyée à une autre adresse e-mail : connectez-vous avec le compte de cette adresse.';
export const INVITATION_NEEDS_ACCOUNT_MESSAGE =
  'Connectez-vous à l’espace pro, ou créez votre compte, pour accepter cette invitation.';
export const INVITATION_EMAIL_TAKEN_MESSAGE =
  'Un compte existe déjà avec cette adresse e-mail : connectez-vous à l’espace pro pour accepter l’invitation.';

/** How long an invitation link works, in seconds (7 days). */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

export const TeamMember = z
  .object({
    id: RowId.describe('L’identifiant du membre (celui de son compte).'),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    role: OrganizerRole,
    since: z.string(),
  })
  .meta({ id: 'TeamMember', description: 'Un membre de l’équipe d’un organisateur.' });
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z
  .object({ id: RowId, email: z.string(), role: OrganizerRole, expiresAt: z.string(), createdAt: z.string() })
  .meta({ id: 'TeamInvitation', description: 'Une invitation envoyée et pas encore acceptée.' });
export type TeamInvitation = z.infer<typeof TeamInvitation>;

export const MemberParams = OrganizerParams.extend({ memberId: pathId('Membre') });
export const InvitationParams = OrganizerParams.extend({ invitationId: pathId('Invitation') });

const OWNERS_ONLY = {
  403: ErrorAnswer.describe(ROLE_FORBIDDEN_MESSAGE),
  404: ErrorAnswer,
} as const;

export const getTeam = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId/team',
  summary: 'L’équipe : les membres avec leur rôle et les invitations en attente (propriétaires).',
  tags: ['pro'],
  params: OrganizerParams,
  responses: { 200: z.object({ members: z.array(TeamMember), invitations: z.array(TeamInvitation) }), ...OWNERS_ONLY },
});

export const inviteTeamMember = defineEndpoint({
  method: 'POST',
  path: '/pro/organizers/:organizerId/team/invitations',
  summary:
    'Invite une personne par e-mail avec un rôle (lien valable 7 jours) ; une invitation en attente à la même adresse est remplacée.',
  tags: ['pro'],
  params: OrganizerParams,
  body: z.object({ email: EmailField, role: OrganizerRole }),
  responses: {
    201: TeamInvitation,
    400: ErrorAnswer,
    ...OWNERS_ONLY,
    409: ErrorAnswer.describe(ALREADY_MEMBER_MESSAGE),
  },
});

export const cancelTeamInvitation = defineEndpoint({
  method: 'DELETE',
  path: '/pro/organizers/:organizerId/team/invitations/:invitationId',
  summary: 'Annule une invitation pas encore acceptée : son lien ne sert plus.',
  tags: ['pro'],
  params: InvitationParams,
  responses: { 204: z.undefined().describe('Invitation annulée.'), ...OWNERS_ONLY },
});

export const changeTeamMemberRole = defineEndpoint({
  method: 'PATCH',
  path: '/pro/organizers/:organizerId/team/members/:memberId',
  summary: 'Change le rôle d’un membre (jamais le dernier propriétaire : 409).',
  tags: ['pro'],
  params: MemberParams,
  body: z.object({ role: OrganizerRole }),
  responses: { 200: TeamMember, 400: ErrorAnswer, ...OWNERS_ONLY, 409: ErrorAnswer.describe(LAST_OWNER_MESSAGE) },
});

export const removeTeamMember = defineEndpoint({
  method: 'DELETE',
  path: '/pro/organizers/:organizerId/team/members/:memberId',
  summary: 'Retire un membre de l’équipe (jamais le dernier propriétaire : 409).',
  tags: ['pro'],
  params: MemberParams,
  responses: {
    204: z.undefined().describe('Membre retiré.'),
    ...OWNERS_ONLY,
    409: ErrorAnswer.describe(LAST_OWNER_MESSAGE),
  },
});

/** The account of someone accepting an invitation without one: its address is the invitation's, confirmed by it. */
export const InvitedAccount = z.object({
  firstname: NameField,
  lastname: NameField,
  password: NewPasswordField,
  phone: PhoneField.optional(),
  acceptTerms: z.literal(true, { error: AUTH_FORM_MESSAGES.checked }).describe('Acceptation des conditions générales.'),
});

export const acceptTeamInvitation = defineEndpoint({
  method: 'POST',
  path: '/pro/invitations/accept',
  summary:
    'Accepte une invitation : connecté à l’espace pro avec l’adresse invitée (Bearer), ou avec `account` pour créer le compte (une session pro est alors ouverte).',
  tags: ['pro'],
  body: z.object({
    token: text({ max: 200, asTyped: true }).describe('Le jeton du lien d’invitation.'),
    account: InvitedAccount.optional(),
  }),
  responses: {
    200: z.object({
      organizer: ProMembership,
      tokens: AuthTokens.nullable().describe('La session pro du compte créé ; null pour qui était connecté.'),
    }),
    400: ErrorAnswer.describe(INVITATION_LINK_INVALID_MESSAGE),
    401: ErrorAnswer.describe(INVITATION_NEEDS_ACCOUNT_MESSAGE),
    403: ErrorAnswer.describe(INVITATION_FOR_ANOTHER_ADDRESS_MESSAGE),
    409: ErrorAnswer.describe(INVITATION_EMAIL_TAKEN_MESSAGE),
  },
});
