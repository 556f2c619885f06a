/**
 * The fields of the account forms (registration, login, identity, billing address, passwords), each declared
 * once. The web's forms run these rules as you type and in their actions (apps/web/app/lib/account-form-rules.ts),
 * and the API's Zod schemas are built from them (packages/contracts/src/auth/fields.ts): a value refused on
 * one side is refused on every side, with the same French message.
 */
import { POSTAL_CODE_DIGITS } from '../constants.js';
import { isCommonPassword } from './common-passwords.js';
import { type Rule, rule } from './rules.js';
import { type TextField, textField } from './text.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_DIGITS = 10;
/** A phone number as typed, separators included (06 12 34 56 78 has 14 characters). */
export const PHONE_MAX_LENGTH = 30;

export const PASSWORD_MESSAGES = {
  tooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  common: 'Ce mot de passe est trop courant : choisissez-en un plus difficile à deviner.',
} as const;

/** At least 8 characters, counted as typed (spaces are part of a password). */
const passwordLength: Rule = {
  name: 'minLength',
  param: PASSWORD_MIN_LENGTH,
  message: PASSWORD_MESSAGES.tooShort,
  test: (value) => typeof value === 'string' && [...value].length >= PASSWORD_MIN_LENGTH,
};

/** Not one of the most used passwords. */
const uncommonPassword: Rule = {
  name: 'uncommonPassword',
  message: PASSWORD_MESSAGES.common,
  test: (value) => typeof value !== 'string' || !isCommonPassword(value),
};

/**
 * Postal codes of every billing country the forms offer (France, Monaco, Germany, Spain, Italy: 5 digits;
 * Belgium, Switzerland, Luxembourg: 4), as the input mask (MASKS.postalCode) lets them be typed.
 */
export const POSTAL_CODE_PATTERN = new RegExp(`^\\d{${POSTAL_CODE_DIGITS.min},${POSTAL_CODE_DIGITS.max}}$`);

export const ACCOUNT_FIELDS = {
  /** First or last name. */
  name: textField({ max: 100 }),
  email: textField({ max: 254, rules: [rule.email()] }),
  /** Optional; spaces, dots and dashes between the digits are allowed (and dropped by the API). */
  phone: textField({ max: PHONE_MAX_LENGTH, required: false, rules: [rule.phone(PHONE_DIGITS)] }),
  /** A password as typed at login or to confirm a change: any (older passwords may predate today's rules). */
  password: textField({ max: PASSWORD_MAX_LENGTH, asTyped: true }),
  /** A password being chosen: at least 8 characters and not among the most common ones. */
  newPassword: textField({ max: PASSWORD_MAX_LENGTH, asTyped: true, rules: [passwordLength, uncommonPassword] }),
  street: textField({ max: 200 }),
  postalCode: textField({ max: POSTAL_CODE_DIGITS.max, rules: [rule.regex(POSTAL_CODE_PATTERN)] }),
  city: textField({ max: 100 }),
  country: textField({ max: 100 }),
} as const satisfies Record<string, TextField>;
