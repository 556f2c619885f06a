/**
 * The organiser's identity, each field declared once (issue 25, « Ouvrir une billetterie »): the pro site's
 * forms run these rules as you type and in their actions, the API's Zod schemas are built from them, so a
 * SIRET or an IBAN refused on one side is refused on every side with the same French message. The contact
 * e-mail, phone and address are the account's own rules (account-fields.ts), not copies.
 */
import { ACCOUNT_FIELDS, PHONE_DIGITS, PHONE_MAX_LENGTH } from './account-fields.js';
import { hasLuhnKey, mod97 } from './check-digits.js';
import { type Rule, rule } from './rules.js';
import { type TextField, textField } from './text.js';

export const ORGANIZER_FIELD_MESSAGES = {
  siretLength: 'Le numéro SIRET doit comporter 14 chiffres.',
  siret: 'Ce numéro SIRET n’est pas valide.',
  ibanForm: 'Un IBAN commence par les 2 lettres de son pays et 2 chiffres (FR76…), suivis de lettres et de chiffres.',
  ibanCountry: 'Cet IBAN n’est pas d’un pays de la zone SEPA : les virements ne peuvent pas y être faits.',
  ibanLength: 'Cet IBAN n’a pas le nombre de caractères prévu pour son pays : vérifiez qu’il est complet.',
  iban: 'Cet IBAN n’est pas valide.',
} as const;

// ——— SIRET and SIREN ———

export const SIRET_DIGITS = 14;
export const SIREN_DIGITS = 9;
/**
 * La Poste's SIREN. Its establishments outnumber what a Luhn key can number under one SIREN, so INSEE gives
 * their SIRETs another key: the sum of the 14 digits is a multiple of 5 (the head office, 356 000 000 00048,
 * keeps a Luhn key).
 */
export const LA_POSTE_SIREN = '356000000';

/** The characters of a SIRET or SIREN once the spaces typed or pasted between its groups are dropped. */
export function siretDigits(value: string): string {
  return value.replace(/\s+/g, '');
}

function digitSum(digits: string): number {
  let sum = 0;
  for (const digit of digits) sum += Number(digit);
  return sum;
}

/** 14 digits (spaces between them accepted) ending with their Luhn key, or La Poste's own key. */
export function isSiret(value: string): boolean {
  const digits = siretDigits(value);
  if (!/^\d{14}$/.test(digits)) return false;
  return hasLuhnKey(digits) || (digits.startsWith(LA_POSTE_SIREN) && digitSum(digits) % 5 === 0);
}

/** 9 digits (spaces accepted) ending with their Luhn key. */
export function isSiren(value: string): boolean {
  const digits = siretDigits(value);
  return /^\d{9}$/.test(digits) && hasLuhnKey(digits);
}

/** The SIREN of a SIRET (its first 9 digits: the company; the last 5 number the establishment), or null. */
export function sirenOf(siret: string): string | null {
  const digits = siretDigits(siret);
  return /^\d{14}$/.test(digits) ? digits.slice(0, SIREN_DIGITS) : null;
}

/** A SIRET as INSEE prints it: 356 000 000 00048. */
export function formatSiret(siret: string): string {
  const digits = siretDigits(siret);
  return /^\d{14}$/.test(digits) ? digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4') : siret;
}

const siretLengthRule: Rule = {
  name: 'siretLength',
  param: SIRET_DIGITS,
  message: ORGANIZER_FIELD_MESSAGES.siretLength,
  test: (value) => typeof value === 'string' && /^\d{14}$/.test(siretDigits(value)),
};

const siretRule: Rule = {
  name: 'siret',
  message: ORGANIZER_FIELD_MESSAGES.siret,
  test: (value) => typeof value === 'string' && isSiret(value),
};

// ——— IBAN (ISO 13616) ———

/**
 * The length of an IBAN, by country, for every country of the SEPA scheme (the EU, the EEA, the United
 * Kingdom, Switzerland, Monaco, San Marino, Andorra, the Vatican, and since 2025 Albania, Moldova, Montenegro
 * and North Macedonia), from SWIFT's IBAN registry. The French overseas departments use FR; Jersey, Guernsey
 * and the Isle of Man use GB; Åland uses FI. Payouts are SEPA transfers: an IBAN of any other country cannot
 * be paid.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AL: 28,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/**
 * Country code, 2 check digits, then letters and digits: checked on the ASCII characters as typed, before
 * upper-casing (« ß » upper-cases to « SS », and no IBAN holds it).
 */
const IBAN_FORM = /^[A-Za-z]{2}\d{2}[A-Za-z0-9]{1,30}$/;

/** An IBAN in its electronic form: without the spaces of its printed groups, in capitals. */
export function ibanCharacters(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export type IbanProblem = 'form' | 'country' | 'length' | 'key';
/** The order of the checks: the form, then the country, its length, and last the key. */
const IBAN_CHECKS: readonly IbanProblem[] = ['form', 'country', 'length', 'key'];

/** What is first wrong with an IBAN (spaces and case free), in the order of IBAN_CHECKS; null when valid. */
export function ibanProblem(value: string): IbanProblem | null {
  const typed = value.replace(/\s+/g, '');
  if (!IBAN_FORM.test(typed)) return 'form';
  const iban = typed.toUpperCase();
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return 'country';
  if (iban.length !== length) return 'length';
  // ISO 13616: check digits 02 to 98; moved behind the account number, the whole reads 1 modulo 97.
  const checkDigits = Number(iban.slice(2, 4));
  if (checkDigits < 2 || checkDigits > 98 || mod97(iban.slice(4) + iban.slice(0, 4)) !== 1) return 'key';
  return null;
}

/** An IBAN of a SEPA country, of its country's length, with the right check digits (spaces and case free). */
export function isIban(value: string): boolean {
  return ibanProblem(value) === null;
}

const groupsOfFour = (characters: string) => characters.replace(/(.{4})(?=.)/gu, '$1 ');

/** An IBAN as printed on a bank statement: FR76 3000 6000 0112 3456 7890 189. */
export function formatIban(value: string): string {
  return groupsOfFour(ibanCharacters(value));
}

const MASK = '•';

/**
 * An IBAN once saved, as the pro site shows it: the country and check digits, then only its last 4
 * characters (FR76 •••• •••• •••• •••• •••0 189). Anything that is no valid IBAN is masked whole.
 */
export function maskIban(value: string): string {
  const iban = ibanCharacters(value);
  const shown = isIban(value) ? 4 : 0;
  const hidden = [...iban].map((character, index) =>
    index < shown || index >= iban.length - shown ? character : MASK,
  );
  return groupsOfFour(hidden.join(''));
}

/** The rule refusing an IBAN whose first problem is `problem` or one checked before it. */
function ibanRule(name: string, problem: IbanProblem, message: string): Rule {
  const rank = IBAN_CHECKS.indexOf(problem);
  return {
    name,
    message,
    test: (value) => {
      if (typeof value !== 'string') return false;
      const found = ibanProblem(value);
      return found === null || IBAN_CHECKS.indexOf(found) > rank;
    },
  };
}

// ——— The fields ———

export const ORGANIZER_FIELDS = {
  /** The name buyers see on the ticketing pages (« Le Rocher de Palmer »). */
  displayName: textField({ max: 100 }),
  /** The company's or association's registered name, as on its invoices (SIRENE's denominations reach 120). */
  legalName: textField({ max: 120 }),
  /** 14 digits, as typed with or without the spaces of 356 000 000 00048. */
  siret: textField({ max: 30, rules: [siretLengthRule, siretRule] }),
  /** Where payouts go: spaces of the printed groups and lower case accepted. */
  iban: textField({
    max: 50,
    rules: [
      ibanRule('ibanForm', 'form', ORGANIZER_FIELD_MESSAGES.ibanForm),
      ibanRule('ibanCountry', 'country', ORGANIZER_FIELD_MESSAGES.ibanCountry),
      ibanRule('ibanLength', 'length', ORGANIZER_FIELD_MESSAGES.ibanLength),
      ibanRule('iban', 'key', ORGANIZER_FIELD_MESSAGES.iban),
    ],
  }),
  contactEmail: ACCOUNT_FIELDS.email,
  /** Unlike a buyer's, the organiser's phone is required: the platform must be able to reach an event. */
  contactPhone: textField({ max: PHONE_MAX_LENGTH, rules: [rule.phone(PHONE_DIGITS)] }),
  /** The organiser's own site, on its public page: optional, http(s) only. */
  website: textField({ max: 200, required: false, rules: [rule.url()] }),
  street: ACCOUNT_FIELDS.street,
  postalCode: ACCOUNT_FIELDS.postalCode,
  city: ACCOUNT_FIELDS.city,
  country: ACCOUNT_FIELDS.country,
} as const satisfies Record<string, TextField>;
