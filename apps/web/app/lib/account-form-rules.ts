/**
 * The account forms' rules, shared by each page (validation as you type) and its action (the same rules on
 * the server). Password rules repeat the API's (contracts/auth/fields.ts) with its messages, so a refusal
 * reads the same wherever it comes from.
 */
import { isCommonPassword, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, PHONE_DIGITS } from '@guichet/contracts';
import { defineRule, rule } from '@guichet/domain';

/** At least 8 characters, counted as the API counts them (not trimmed: spaces are part of a password). */
const passwordLength = defineRule({
  name: 'minLength',
  param: PASSWORD_MIN_LENGTH,
  message: PASSWORD_MESSAGES.tooShort,
  test: (value) => typeof value === 'string' && value.length >= PASSWORD_MIN_LENGTH,
});

/** Not one of the most used passwords. */
const uncommonPassword = defineRule({
  name: 'uncommonPassword',
  message: PASSWORD_MESSAGES.common,
  test: (value) => typeof value !== 'string' || !isCommonPassword(value),
});

/** A password being chosen (registration, change, reset). */
export const newPasswordRules = [rule.required(), passwordLength, uncommonPassword, rule.maxLength(128)];

export const PASSWORD_HINT = `Au moins ${PASSWORD_MIN_LENGTH} caractères.`;

/** The example number keeps together (no-break spaces). */
export const PHONE_HINT = 'Facultatif. 10 chiffres, par exemple 06\u00a012\u00a034\u00a056\u00a078.';

export const loginRules = {
  email: [rule.required(), rule.email()],
  password: [rule.required()],
};

export const registerRules = {
  firstname: [rule.required(), rule.maxLength(100)],
  lastname: [rule.required(), rule.maxLength(100)],
  email: [rule.required(), rule.email(), rule.maxLength(254)],
  phone: [rule.phone(PHONE_DIGITS)],
  password: newPasswordRules,
  passwordConfirmation: [rule.required(), rule.sameAs('password')],
  acceptTerms: [rule.checked()],
};

export const identityRules = {
  firstname: [rule.required(), rule.maxLength(100)],
  lastname: [rule.required(), rule.maxLength(100)],
  phone: [rule.phone(PHONE_DIGITS)],
};

/** Postal codes of the countries offered: 5 digits (France, Monaco…) or 4 (Belgium, Switzerland, Luxembourg). */
export const POSTAL_CODE_PATTERN = /^\d{4,5}$/;

export const addressRules = {
  street: [rule.required(), rule.maxLength(200)],
  postalCode: [rule.required(), rule.regex(POSTAL_CODE_PATTERN)],
  city: [rule.required(), rule.maxLength(100)],
  country: [rule.required()],
};

export const passwordChangeRules = {
  currentPassword: [rule.required()],
  newPassword: newPasswordRules,
  newPasswordConfirmation: [rule.required(), rule.sameAs('newPassword')],
};

export const forgotPasswordRules = {
  email: [rule.required(), rule.email()],
};

export const resetPasswordRules = {
  password: newPasswordRules,
  passwordConfirmation: [rule.required(), rule.sameAs('password')],
};

/** Billing countries, France first (the default). Stored as their French name, as the demo account's. */
export const BILLING_COUNTRIES = [
  'France',
  'Belgique',
  'Suisse',
  'Luxembourg',
  'Monaco',
  'Allemagne',
  'Espagne',
  'Italie',
] as const;

export const DEFAULT_BILLING_COUNTRY = 'France';
