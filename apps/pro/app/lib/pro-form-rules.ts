/**
 * The pro site's form rules, shared by each page (validation as you type) and its action (the same rules on
 * the server). Every field's rules are its one declaration in the domain (ACCOUNT_FIELDS, ORGANIZER_FIELDS),
 * from which the API's Zod schemas (contracts' proSignup, updateProOrganizer…) are built: a SIRET or an IBAN
 * refused here is refused by the API with the same French message. Only what the API never sees is added
 * here: the password's confirmation.
 */
import { ACCOUNT_FIELDS, ORGANIZER_FIELDS, rule } from '@guichet/domain';

/** The public profile: what owners and managers change. */
export const publicProfileRules = {
  name: ORGANIZER_FIELDS.displayName.rules,
  city: ORGANIZER_FIELDS.city.rules,
  website: ORGANIZER_FIELDS.website.rules,
};

/** The legal identity, contact and payout account: the owners' business only (the IBAN apart). */
export const legalDetailRules = {
  legalName: ORGANIZER_FIELDS.legalName.rules,
  siret: ORGANIZER_FIELDS.siret.rules,
  street: ORGANIZER_FIELDS.street.rules,
  postalCode: ORGANIZER_FIELDS.postalCode.rules,
  country: ORGANIZER_FIELDS.country.rules,
  contactEmail: ORGANIZER_FIELDS.contactEmail.rules,
  contactPhone: ORGANIZER_FIELDS.contactPhone.rules,
};

/** A new organiser (the sign-up's organisation, or one more organiser for someone signed in). */
export const newOrganizerRules = {
  ...publicProfileRules,
  ...legalDetailRules,
  iban: ORGANIZER_FIELDS.iban.rules,
};

/** The person opening the account. */
export const personRules = {
  firstname: ACCOUNT_FIELDS.name.rules,
  lastname: ACCOUNT_FIELDS.name.rules,
  email: ACCOUNT_FIELDS.email.rules,
  password: ACCOUNT_FIELDS.newPassword.rules,
  passwordConfirmation: [rule.required(), rule.sameAs('password')],
  acceptTerms: [rule.checked()],
};

/** « Ouvrir une billetterie »: the account and its organiser at once. */
export const signupRules = { ...personRules, ...newOrganizerRules };

export const loginRules = { email: ACCOUNT_FIELDS.email.rules, password: ACCOUNT_FIELDS.password.rules };

export const emailRules = { email: ACCOUNT_FIELDS.email.rules };

/** Fields never sent back to the page after a refusal. */
export const SECRET_FIELDS = ['password', 'passwordConfirmation'];

/** A new organiser's body for the API, from a form checked with newOrganizerRules. */
export function newOrganizerBody(values: Record<keyof typeof newOrganizerRules, string>) {
  const { name, city, website, legalName, siret, street, postalCode, country, contactEmail, contactPhone, iban } =
    values;
  return {
    name,
    city,
    website: website.trim() === '' ? undefined : website,
    legalName,
    siret,
    street,
    postalCode,
    country,
    contactEmail,
    contactPhone,
    iban,
  };
}

/** The spec's hints, with no-break spaces so that an example keeps together. */
export const HINTS = {
  siret: '14 chiffres, par exemple 356\u00a0000\u00a0000\u00a000048.',
  iban: 'Le compte qui recevra vos ventes, par exemple FR76\u00a03000\u00a06000\u00a00112…',
  contactPhone: '10 chiffres, par exemple 05\u00a056\u00a012\u00a034\u00a056.',
  website: 'Facultatif. Commence par https://',
} as const;

/** The IBAN on the profile: left empty, the saved one stays (it is never shown whole, so never sent back). */
export const newIbanRules = ORGANIZER_FIELDS.iban.rules.filter((fieldRule) => fieldRule.name !== 'required');

/** The profile as an owner changes it: everything, the IBAN only when a new one is typed. */
export const ownerProfileRules = { ...publicProfileRules, ...legalDetailRules, iban: newIbanRules };

/** An invitation to the team: an address and one of the roles. */
export const invitationRules = {
  email: ACCOUNT_FIELDS.email.rules,
  role: [rule.required()],
};
