/**
 * The fields of the account forms, with the spec's French messages (section 5), so the API's 400 answers
 * and the web's forms say the same thing.
 */
import { FORM_MESSAGES, formatMessage } from '@guichet/domain';
import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';

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

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_DIGITS = 10;

export const PASSWORD_MESSAGES = {
  tooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  common: 'Ce mot de passe est trop courant : choisissez-en un plus difficile à deviner.',
} as const;

/** A string whose absence says "required" and whose wrong type says "invalid", instead of Zod's wording. */
const text = () =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? AUTH_FORM_MESSAGES.required : AUTH_FORM_MESSAGES.invalid,
  });

/** A required text, trimmed, of at most `max` characters. */
export const requiredText = (max: number) =>
  text().trim().min(1, AUTH_FORM_MESSAGES.required).max(max, AUTH_FORM_MESSAGES.maxLength(max));

/** An e-mail address, trimmed and lower-cased: accounts compare addresses without regard to case. */
export const EmailField = text()
  .trim()
  .toLowerCase()
  .min(1, AUTH_FORM_MESSAGES.required)
  .max(254, AUTH_FORM_MESSAGES.maxLength(254))
  .pipe(z.email({ error: AUTH_FORM_MESSAGES.email }))
  .describe('Adresse e-mail (la casse ne compte pas).');

/** A password as typed at login: anything not empty (older passwords may predate today's rules). */
export const PasswordField = text()
  .min(1, AUTH_FORM_MESSAGES.required)
  .max(PASSWORD_MAX_LENGTH, AUTH_FORM_MESSAGES.maxLength(PASSWORD_MAX_LENGTH));

/** A password being chosen: at least 8 characters and not among the most common ones. */
export const NewPasswordField = text()
  .min(1, { error: AUTH_FORM_MESSAGES.required, abort: true })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_FORM_MESSAGES.maxLength(PASSWORD_MAX_LENGTH))
  .refine((password) => !isCommonPassword(password), PASSWORD_MESSAGES.common)
  .describe(`Au moins ${PASSWORD_MIN_LENGTH} caractères, et pas un des mots de passe les plus courants.`);

/**
 * A phone number of 10 digits; spaces, dots and dashes between them are dropped. Empty or null means none.
 */
export const PhoneField = text()
  .trim()
  .transform((phone) => phone.replace(/[\s.-]/g, ''))
  .refine(
    (phone) => phone === '' || new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(phone),
    AUTH_FORM_MESSAGES.phone(PHONE_DIGITS),
  )
  .transform((phone) => (phone === '' ? null : phone))
  .nullable()
  .describe(`Numéro de téléphone à ${PHONE_DIGITS} chiffres ; vide ou null : aucun.`);

export const FacturationAddress = z
  .object({
    street: requiredText(200),
    postalCode: requiredText(10).regex(/^[0-9A-Za-z][0-9A-Za-z -]*$/, AUTH_FORM_MESSAGES.regex),
    city: requiredText(100),
    country: requiredText(100),
  })
  .meta({ id: 'FacturationAddress', description: 'Adresse de facturation.' });
export type FacturationAddress = z.infer<typeof FacturationAddress>;

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
