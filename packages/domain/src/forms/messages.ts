/**
 * The spec's form messages (section 5), word for word — its own grammar included
 * (« La valeur saisi », « supérieur ou égale »): they are requirements, not typos to fix.
 */
export const FORM_MESSAGES = {
  required: 'Veuillez renseigner ce champ.',
  numeric: 'Veuillez saisir une valeur valide.',
  decimal: 'Veuillez saisir une valeur valide.',
  integer: 'Veuillez saisir un chiffre entier.',
  email: 'Veuillez saisir une adresse e-mail valide.',
  url: 'Veuillez saisir un lien valide.',
  checked: 'Veuillez cocher cette case.',
  sameAs: 'Les valeurs ne correspondent pas.',
  regex: "La valeur saisi n'est pas valide.",
  dateBefore: 'Veuillez choisir une date supérieure à la date minimum.',
  dateAfter: 'Veuillez choisir une date inférieure à la date maximum.',
  ipv4: 'Veuillez saisir une adresse IP valide.',
  minValue: 'Veuillez saisir une valeur supérieur ou égale à {n}.',
  maxValue: 'Veuillez saisir une valeur inférieur ou égale à {n}.',
  maxLength: 'Veuillez saisir un texte contenant moins de {n} caractères.',
  maxDecimals: 'Veuillez saisir un chiffre à {n} décimale(s) maximum.',
  phone: 'Veuillez saisir un numéro de téléphone à {n} chiffres.',
  multipleOf: 'Veuillez saisir un multiple de {n}.',
} as const;

export type RuleName = keyof typeof FORM_MESSAGES;

/** The spec's message for a rule that has none of its own — in English, as the spec writes it. */
export const FALLBACK_MESSAGE = 'This field is not valid.';

/** Replaces `{n}` with the rule's parameter; numbers take the French decimal comma (1,5). */
export function formatMessage(template: string, param?: number | string): string {
  if (param === undefined) return template;
  const shown = typeof param === 'number' ? String(param).replace('.', ',') : param;
  return template.replaceAll('{n}', shown);
}
