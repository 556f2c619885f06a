import { FALLBACK_MESSAGE } from './messages.js';
import { type FieldRules, type FormValues, isEmptyValue, type Rule } from './rules.js';

/** The message a failing rule shows. */
export function messageOf(failed: Rule): string {
  return failed.message && failed.message.trim() !== '' ? failed.message : FALLBACK_MESSAGE;
}

function passes(check: Rule, value: unknown, allValues: FormValues): boolean {
  if (!check.validatesEmpty && isEmptyValue(value)) return true;
  try {
    // A field sent several times (checkbox groups, multiple selects): every value must pass.
    if (Array.isArray(value) && !check.validatesEmpty) {
      return value.every((item) => isEmptyValue(item) || check.test(item, allValues));
    }
    return check.test(value, allValues);
  } catch {
    // A rule that throws (a custom rule's bug, a hostile value) refuses the value rather than the page.
    return false;
  }
}

/** The first rule the value breaks, or null when it keeps them all. */
export function brokenRule(value: unknown, rules: readonly Rule[], allValues: FormValues = {}): Rule | null {
  return rules.find((check) => !passes(check, value, allValues)) ?? null;
}

/** The message of the first rule the value breaks, or null when it keeps them all. */
export function validateField(value: unknown, rules: readonly Rule[], allValues: FormValues = {}): string | null {
  const broken = brokenRule(value, rules, allValues);
  return broken ? messageOf(broken) : null;
}

export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/** Every field's first broken rule, by field name; an empty object when the form is valid. */
export function validateForm<Rules extends FieldRules>(
  values: FormValues,
  fieldRules: Rules,
): FieldErrors<Extract<keyof Rules, string>> {
  const errors: FieldErrors<Extract<keyof Rules, string>> = {};
  for (const [field, rules] of Object.entries(fieldRules)) {
    const message = validateField(values[field], rules, values);
    if (message !== null) errors[field as Extract<keyof Rules, string>] = message;
  }
  return errors;
}

/** A field is required when one of its rules refuses an empty value (required, checked). */
export function isRequiredByRules(rules: readonly Rule[]): boolean {
  return rules.some((check) => check.validatesEmpty === true);
}
