/**
 * The account fields as the API reads them, built from their one declaration in the domain
 * (packages/domain/src/forms/account-fields.ts): the web's forms run the same rules, so the API's 400
 * answers and the forms say the same thing, in the spec's French (section 5).
 */
import { ACCOUNT_FIELDS, FORM_MESSAGES, formatMessage, PASSWORD_MIN_LENGTH, PHONE_DIGITS } from '@guichet/domain';
import { z } from 'zod';
import { fieldText } from '../text.js';

/** The spec's form messages (packages/domain) used by the account forms, with their `{n}` filled in. */
export const AUTH_FORM_MESSAGES = {
  required: FORM_MESSAGES.required,
  invalid: FORM_MESSAGES.numeric,
  email: FORM_MESSAGES.email,
  checked: FORM_MESSAGES.checked,
  regex: FORM_MESSAGES.regex,
  maxLength: (n: number) => formatMessage(FORM_MESSAGES.maxLength, n),
  phone: (n: number) => formatMessage(FORM_MESSAGES.phone, n),
} as const;

/** A first or last name. */
export const NameField = fieldText(ACCOUNT_FIELDS.name);

/** An e-mail address, trimmed and lower-cased: accounts compare addresses without regard to case. */
export const EmailField = fieldText(ACCOUNT_FIELDS.email)
  .overwrite((email) => email.toLowerCase())
  .describe('Adresse e-mail (la casse ne compte pas).');

/** A password as typed at login: anything not empty (older passwords may predate today's rules). */
export const PasswordField = fieldText(ACCOUNT_FIELDS.password);

/** A password being chosen: at least 8 characters and not among the most common ones. */
export const NewPasswordField = fieldText(ACCOUNT_FIELDS.newPassword).describe(
  `Au moins ${PASSWORD_MIN_LENGTH} caractères, et pas un des mots de passe les plus courants.`,
);

/** A phone number as stored: the spaces, dots and dashes typed between its digits dropped. */
export const phoneDigits = (phone: string) => phone.replace(/[\s.-]/g, '');

/**
 * A phone number of 10 digits; spaces, dots and dashes between them are dropped. Empty or null means none.
 */
export const PhoneField = fieldText(ACCOUNT_FIELDS.phone)
  .transform((phone) => (phone === '' ? null : phoneDigits(phone)))
  .nullable()
  .describe(`Numéro de téléphone à ${PHONE_DIGITS} chiffres ; vide ou null : aucun.`);

/** A billing address as the API answers it (stored values, whatever rules were in force then). */
export const FacturationAddress = z
  .object({ street: z.string(), postalCode: z.string(), city: z.string(), country: z.string() })
  .meta({ id: 'FacturationAddress', description: 'Adresse de facturation.' });
export type FacturationAddress = z.infer<typeof FacturationAddress>;

/**
 * A billing address as a form sends it: the postal code of 4 or 5 digits of the billing countries. No
 * OpenAPI id of its own: the document generator refuses a named schema whose input and output differ.
 */
export const FacturationAddressInput = z
  .object({
    street: fieldText(ACCOUNT_FIELDS.street),
    postalCode: fieldText(ACCOUNT_FIELDS.postalCode),
    city: fieldText(ACCOUNT_FIELDS.city),
    country: fieldText(ACCOUNT_FIELDS.country),
  })
  .describe('Adresse de facturation saisie.');
export type FacturationAddressInput = z.input<typeof FacturationAddressInput>;

export const AuthTokens = z
  .object({
    accessToken: z.string().describe('JWT HS256 valable 15 minutes : sub, id, firstname, iat, exp.'),
    refreshToken: z.string().describe('Jeton opaque à usage unique, valable 90 jours : POST /auth/refresh.'),
  })
  .meta({ id: 'AuthTokens', description: "Jetons d'une session." });
export type AuthTokens = z.infer<typeof AuthTokens>;

/** The claims of an access token, for whoever decodes it (the web server reads id and firstname). */
export const AccessTokenClaims = z.object({
  sub: z.string(),
  id: z.number().int().positive(),
  firstname: z.string(),
  iat: z.number(),
  exp: z.number(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;

/** Access token lifetime, in seconds (15 minutes). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh token lifetime, in seconds (90 days, as the spec's refresh cookie). */
export const REFRESH_TOKEN_TTL_SECONDS = 90 * 24 * 3600;
/** Password reset link lifetime, in seconds (1 hour). */
export const PASSWORD_RESET_TTL_SECONDS = 3600;
