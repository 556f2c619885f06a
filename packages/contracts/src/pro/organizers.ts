/**
 * The pro site's organisers: opening one (« Ouvrir une billetterie »: an account and its organiser at once, or
 * one more organiser for someone already on the pro site), confirming the address, the organiser's profile and
 * the platform administrators' list (docs/decisions/0060). Every field's rule comes from the domain
 * (packages/domain/src/forms/organizer-fields.ts), so the pro site's forms refuse what the API refuses, in the
 * same words.
 */
import { ibanCharacters, ORGANIZER_FIELDS, siretDigits } from '@guichet/domain';
import { z } from 'zod';
import { AuthTokens, EmailField, phoneDigits } from '../auth/fields.js';
import { NewUser } from '../auth/register.js';
import { defineEndpoint } from '../endpoint.js';
import { ErrorAnswer } from '../errors.js';
import { RowId } from '../ids.js';
import { fieldText, PageNumber, pageSizeOf, text } from '../text.js';
import { OrganizerParams, OrganizerRole, ROLE_FORBIDDEN_MESSAGE } from './session.js';

export const PRO_EMAIL_TAKEN_MESSAGE =
  'Un compte existe déjà avec cette adresse e-mail : connectez-vous à l’espace pro pour y ouvrir votre billetterie.';
export const SIGNUP_MAIL_SENT_MESSAGE =
  'Votre billetterie est ouverte : confirmez votre adresse e-mail avec le lien que nous venons de vous envoyer.';
export const CONFIRMATION_RESENT_MESSAGE =
  'Si un compte attend une confirmation à cette adresse, un nouveau lien vient de lui être envoyé.';
export const CONFIRMATION_LINK_INVALID_MESSAGE =
  'Ce lien de confirmation est invalide ou a expiré : demandez-en un nouveau depuis la page de connexion.';
export const LEGAL_DETAILS_FORBIDDEN_MESSAGE =
  'Seul un propriétaire de l’organisateur peut modifier ses informations légales et son IBAN.';

/** How long the confirmation link of a sign-up works, in seconds (48 hours). */
export const EMAIL_CONFIRMATION_TTL_SECONDS = 48 * 3600;

/** A phone number of 10 digits, separators dropped (the organiser's is required, unlike a buyer's). */
const ContactPhoneField = fieldText(ORGANIZER_FIELDS.contactPhone).overwrite(phoneDigits);

/** The public profile: what buyers see on the organiser's page. */
const publicProfile = {
  name: fieldText(ORGANIZER_FIELDS.displayName).describe('Nom affiché aux acheteurs.'),
  city: fieldText(ORGANIZER_FIELDS.city),
  website: fieldText(ORGANIZER_FIELDS.website)
    .transform((website) => (website === '' ? null : website))
    .nullable()
    .describe('Site web (http ou https) ; vide ou null : aucun.'),
};

/** The legal identity, contact and payout account: the owners' business only. */
const legalDetails = {
  legalName: fieldText(ORGANIZER_FIELDS.legalName).describe('Raison sociale.'),
  siret: fieldText(ORGANIZER_FIELDS.siret)
    .overwrite(siretDigits)
    .describe('SIRET : 14 chiffres (espaces acceptés), vérifié par sa clé.'),
  street: fieldText(ORGANIZER_FIELDS.street),
  postalCode: fieldText(ORGANIZER_FIELDS.postalCode),
  country: fieldText(ORGANIZER_FIELDS.country),
  contactEmail: EmailField,
  contactPhone: ContactPhoneField,
  iban: fieldText(ORGANIZER_FIELDS.iban)
    .overwrite(ibanCharacters)
    .describe('IBAN d’un pays SEPA (espaces et minuscules acceptés), vérifié par sa clé ; jamais renvoyé en entier.'),
};

/** The keys of the legal details: what a MANAGER may not change (403). */
export const LEGAL_DETAIL_KEYS = Object.keys(legalDetails) as (keyof typeof legalDetails)[];

/** An organiser as a sign-up form sends it. */
export const NewOrganizer = z.object({ ...publicProfile, website: publicProfile.website.optional(), ...legalDetails });
export type NewOrganizer = z.input<typeof NewOrganizer>;
/** An organiser as the API reads it once checked (SIRET in digits, IBAN in capitals, no spaces). */
export type NewOrganizerData = z.output<typeof NewOrganizer>;

/** A change to an organiser: the fields sent are changed, the others stay. */
export const OrganizerChanges = z
  .object({ ...publicProfile, ...legalDetails })
  .partial()
  .describe(
    'Les champs envoyés sont modifiés, les autres restent. Informations légales et IBAN : propriétaires seuls.',
  );
export type OrganizerChanges = z.input<typeof OrganizerChanges>;
export type OrganizerChangesData = z.output<typeof OrganizerChanges>;

export const ProOrganizer = z
  .object({
    id: RowId,
    slug: z.string().describe('Adresse de sa page publique : /organisateurs/{slug}.'),
    name: z.string(),
    city: z.string(),
    website: z.string().nullable(),
    legalName: z.string().nullable(),
    siret: z.string().nullable(),
    street: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    maskedIban: z.string().nullable().describe('L’IBAN masqué (FR76 •••• … •••0 189) : jamais en entier.'),
    role: OrganizerRole.describe('Le rôle de la personne connectée dans cet organisateur.'),
    createdAt: z.string(),
  })
  .meta({ id: 'ProOrganizer', description: 'Un organisateur vu de l’espace pro (IBAN masqué).' });
export type ProOrganizer = z.infer<typeof ProOrganizer>;

export const proSignup = defineEndpoint({
  method: 'POST',
  path: '/pro/signup',
  summary:
    '« Ouvrir une billetterie » : crée le compte et son organisateur (la personne en est propriétaire), puis envoie le lien de confirmation (48 h).',
  tags: ['pro'],
  body: z.object({ user: NewUser, organizer: NewOrganizer }),
  responses: {
    202: z.object({ message: z.literal(SIGNUP_MAIL_SENT_MESSAGE), email: z.string() }),
    400: ErrorAnswer,
    409: ErrorAnswer.describe(PRO_EMAIL_TAKEN_MESSAGE),
  },
});

const LinkToken = text({ max: 200, asTyped: true }).describe('Le jeton du lien reçu par e-mail.');

export const confirmProEmail = defineEndpoint({
  method: 'POST',
  path: '/pro/signup/confirm',
  summary: 'Confirme l’adresse avec le jeton du lien (une fois, 48 h) et ouvre une session pro.',
  tags: ['pro'],
  body: z.object({ token: LinkToken }),
  responses: { 200: AuthTokens, 400: ErrorAnswer.describe(CONFIRMATION_LINK_INVALID_MESSAGE) },
});

export const resendProConfirmation = defineEndpoint({
  method: 'POST',
  path: '/pro/signup/resend',
  summary: 'Renvoie un lien de confirmation ; la réponse est la même que l’adresse ait un compte ou non.',
  tags: ['pro'],
  body: z.object({ email: EmailField }),
  responses: { 202: z.object({ message: z.literal(CONFIRMATION_RESENT_MESSAGE) }), 400: ErrorAnswer },
});

export const createProOrganizer = defineEndpoint({
  method: 'POST',
  path: '/pro/organizers',
  summary: 'Un organisateur de plus pour la personne connectée à l’espace pro, qui en devient propriétaire.',
  tags: ['pro'],
  body: NewOrganizer,
  responses: { 201: ProOrganizer, 400: ErrorAnswer },
});

export const getProOrganizer = defineEndpoint({
  method: 'GET',
  path: '/pro/organizers/:organizerId',
  summary: 'Le profil d’un organisateur : public, légal, contact, IBAN masqué (propriétaires et gestionnaires).',
  tags: ['pro'],
  params: OrganizerParams,
  responses: { 200: ProOrganizer, 403: ErrorAnswer.describe(ROLE_FORBIDDEN_MESSAGE), 404: ErrorAnswer },
});

export const updateProOrganizer = defineEndpoint({
  method: 'PATCH',
  path: '/pro/organizers/:organizerId',
  summary:
    'Modifie le profil : un propriétaire tout, un gestionnaire le profil public seul (403 sur le légal et l’IBAN).',
  tags: ['pro'],
  params: OrganizerParams,
  body: OrganizerChanges,
  responses: {
    200: ProOrganizer,
    400: ErrorAnswer,
    403: ErrorAnswer.describe(LEGAL_DETAILS_FORBIDDEN_MESSAGE),
    404: ErrorAnswer,
  },
});

export const ADMIN_ORGANIZERS_PAGE_SIZE = { default: 50, max: 200 } as const;

export const AdminOrganizer = z
  .object({
    id: RowId,
    slug: z.string(),
    name: z.string(),
    city: z.string(),
    legalName: z.string().nullable(),
    ownerEmail: z
      .string()
      .nullable()
      .describe('L’adresse du premier propriétaire ; null : aucun (organisateurs de démo).'),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminOrganizer', description: 'Un organisateur dans la liste du back-office.' });
export type AdminOrganizer = z.infer<typeof AdminOrganizer>;

export const listAdminOrganizers = defineEndpoint({
  method: 'GET',
  path: '/pro/admin/organizers',
  summary:
    'Tous les organisateurs, par nom, avec l’adresse de leur propriétaire (administrateurs de la plateforme ; 404 pour les autres).',
  tags: ['pro'],
  query: z.object({
    page: PageNumber,
    pageSize: pageSizeOf(ADMIN_ORGANIZERS_PAGE_SIZE, 'Organisateurs'),
  }),
  responses: {
    200: z.object({
      organizers: z.array(AdminOrganizer),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
    400: ErrorAnswer,
    404: ErrorAnswer,
  },
});
