/**
 * The account forms' rules, shared by each page (validation as you type) and its action (the same rules on
 * the server). Each field's rules are its one declaration in the domain (ACCOUNT_FIELDS), from which the
 * API's Zod schemas are built too: a value refused here is refused by the API, with the same message.
 * Only what the API never sees is added here: the confirmations and the terms' box.
 */
import { ACCOUNT_FIELDS, rule } from '@guichet/domain';

/** A password being chosen (registration, change, reset). */
export const newPasswordRules = ACCOUNT_FIELDS.newPassword.rules;

/** The example number keeps together (no-break spaces). */
export const PHONE_HINT = 'Facultatif. 10 chiffres, par exemple 06\u00a012\u00a034\u00a056\u00a078.';

export const loginRules = {
  email: ACCOUNT_FIELDS.email.rules,
  password: ACCOUNT_FIELDS.password.rules,
};

export const registerRules = {
  firstname: ACCOUNT_FIELDS.name.rules,
  lastname: ACCOUNT_FIELDS.name.rules,
  email: ACCOUNT_FIELDS.email.rules,
  phone: ACCOUNT_FIELDS.phone.rules,
  password: newPasswordRules,
  passwordConfirmation: [rule.required(), rule.sameAs('password')],
  acceptTerms: [rule.checked()],
};

export const identityRules = {
  firstname: ACCOUNT_FIELDS.name.rules,
  lastname: ACCOUNT_FIELDS.name.rules,
  phone: ACCOUNT_FIELDS.phone.rules,
};

export const addressRules = {
  street: ACCOUNT_FIELDS.street.rules,
  postalCode: ACCOUNT_FIELDS.postalCode.rules,
  city: ACCOUNT_FIELDS.city.rules,
  country: ACCOUNT_FIELDS.country.rules,
};

export const passwordChangeRules = {
  currentPassword: ACCOUNT_FIELDS.password.rules,
  newPassword: newPasswordRules,
  newPasswordConfirmation: [rule.required(), rule.sameAs('newPassword')],
};

export const forgotPasswordRules = {
  email: ACCOUNT_FIELDS.email.rules,
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

/** The billing country choices; a country typed elsewhere stays selectable rather than silently replaced. */
export function billingCountryOptions(current: string): { value: string; label: string }[] {
  const countries: readonly string[] = (BILLING_COUNTRIES as readonly string[]).includes(current)
    ? BILLING_COUNTRIES
    : [...BILLING_COUNTRIES, current];
  return countries.map((name) => ({ value: name, label: name }));
}
