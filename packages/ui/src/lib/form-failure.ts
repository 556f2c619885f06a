/**
 * What a form makes of an API refusal, decided on data only — the failure's `code` and its `issues` —
 * never on the wording of a message, which the API may change at any time.
 */
import type { ErrorAnswer, ErrorCode } from '@guichet/contracts';
import type { FormErrors } from './form-validation';

/** Said above a form when the API cannot be reached: what was typed stays in the form. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'Le service est momentanément indisponible. Réessayez dans quelques instants.';

/** An API that cannot answer, as actions see it: a failure like any other, with its French message. */
export type Unavailable = { status: 503; body: ErrorAnswer & { code: 'SERVICE_UNAVAILABLE' } };

export type FormFailure = {
  /** Messages shown under their fields, by form field name. */
  errors: FormErrors;
  /** The form-level message (an alert above the fields), or null when every message found its field. */
  alert: string | null;
};

/**
 * A refused call as a form shows it. Each issue goes to the form field named by the last key of its path
 * (`["user", "password"]` → `password`, `["facturationAddress", "postalCode"]` → `postalCode`) when the form
 * has such a field; a failure whose code belongs to one field (`EMAIL_TAKEN` → `email`) goes there; anything
 * else is said once above the form.
 */
export function formFailure(
  failure: ErrorAnswer,
  fields: readonly string[],
  fieldOfCode: Partial<Readonly<Record<ErrorCode, string>>> = {},
): FormFailure {
  const errors: FormErrors = {};
  const unplaced: string[] = [];
  const codeField = fieldOfCode[failure.code];
  if (codeField) {
    errors[codeField] = failure.message;
    return { errors, alert: null };
  }
  for (const issue of failure.issues ?? []) {
    const key = [...issue.path].reverse().find((part): part is string => typeof part === 'string');
    if (key && fields.includes(key)) errors[key] ??= issue.message;
    else unplaced.push(issue.message);
  }
  if (Object.keys(errors).length === 0) return { errors, alert: failure.message };
  return { errors, alert: unplaced.length > 0 ? unplaced.join(' ') : null };
}
