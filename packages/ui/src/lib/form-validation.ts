/**
 * The form kit's glue between the domain's rules (packages/domain/src/forms) and forms: the same rules run
 * in the browser (as you type, on blur, on submit) and in route actions (Conform's parseWithZod), so both
 * show the same French messages. Runs on both sides.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { type FieldRules, type FormValues, type Rule, validateField } from '@guichet/domain';
import { z } from 'zod';

/** A submitted form's raw values by field name: one string, or several for a field sent more than once. */
export type SubmittedValues = Record<string, string | string[]>;

/** A field's value as submitted: the last one when it was sent more than once (a hidden default, then the box). */
export const submittedValue = (values: SubmittedValues, name: string): string => {
  const value = values[name];
  return (Array.isArray(value) ? value.at(-1) : value) ?? '';
};

/** Every value a field was sent with, in order ([] when not sent). */
export const submittedValues = (values: SubmittedValues, name: string): string[] => {
  const value = values[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

/** The first message of each invalid field. */
export type FormErrors = Record<string, string>;

/** What an action sends back to re-render a refused form: its messages, and what was typed. */
export type FormReply = { errors: FormErrors; values: SubmittedValues };

/** A valid submission's values: each field of the rules as a string ('' when not sent; 'on' for a ticked box). */
export type FormOutput<Rules extends FieldRules> = { [Field in Extract<keyof Rules, string>]: string };

/**
 * The values of a FormData (files are left out: no rule reads them). Linear in the number of fields: a field
 * sent again is pushed onto its list, never copied (a repeated field copied each time made one post of
 * 20,000 fields cost seconds).
 */
export function valuesFromFormData(formData: FormData): SubmittedValues {
  const values: SubmittedValues = {};
  for (const [key, value] of formData) {
    if (typeof value !== 'string') continue;
    const existing = values[key];
    if (existing === undefined) values[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else values[key] = [existing, value];
  }
  return values;
}

/** The values a <form> would submit now (disabled controls and unticked boxes are not sent). */
export function formValues(form: HTMLFormElement): SubmittedValues {
  return valuesFromFormData(new FormData(form));
}

/**
 * One field's rules as a Zod schema: a refinement carrying the rule's French message. Rules comparing
 * fields (sameAs) need the form's values: use formSchema for them.
 */
export function fieldSchema(rules: readonly Rule[]) {
  return z.unknown().superRefine((value, context) => {
    const message = validateField(value, rules);
    if (message !== null) context.addIssue({ code: 'custom', message });
  });
}

/** A form's rules as a Zod schema for Conform's parseWithZod: every field's first message, at its path. */
export function formSchema<Rules extends FieldRules>(fieldRules: Rules) {
  // Every field optional at the Zod level: an absent field (an unticked box) is the rules' business.
  const shape = Object.fromEntries(Object.keys(fieldRules).map((field) => [field, z.unknown().optional()]));
  return z.looseObject(shape).superRefine((values, context) => {
    for (const [field, rules] of Object.entries(fieldRules)) {
      const message = validateField(values[field], rules, values as FormValues);
      if (message !== null) context.addIssue({ code: 'custom', message, path: [field] });
    }
  });
}

export type FormResult<Rules extends FieldRules> =
  | { ok: true; values: FormOutput<Rules>; reply: null }
  | { ok: false; values: null; reply: FormReply };

export type ParseFormOptions = {
  /** Fields never sent back to the page (passwords): a refused form shows them empty. */
  omitValues?: readonly string[];
};

function lastString(value: unknown): string {
  if (Array.isArray(value)) return lastString(value[value.length - 1]);
  return typeof value === 'string' ? value : '';
}

/**
 * Validates submitted form data with the rules, through Conform's parseWithZod (intents included).
 * Refused: `reply` holds the messages and the typed values, for the page to show again (without JavaScript,
 * that is how the messages reach the person). Accepted: `values` holds each field as a string.
 */
export function parseForm<Rules extends FieldRules>(
  formData: FormData,
  fieldRules: Rules,
  options: ParseFormOptions = {},
): FormResult<Rules> {
  const submission = parseWithZod(formData, { schema: formSchema(fieldRules), disableAutoCoercion: true });
  if (submission.status === 'success') {
    const values = Object.fromEntries(
      Object.keys(fieldRules).map((field) => [field, lastString(submission.payload[field])]),
    ) as FormOutput<Rules>;
    return { ok: true, values, reply: null };
  }
  const errors: FormErrors = {};
  for (const [field, messages] of Object.entries(submission.error ?? {})) {
    const first = messages?.[0];
    if (first) errors[field] = first;
  }
  const values = valuesFromFormData(formData);
  for (const field of options.omitValues ?? []) delete values[field];
  return { ok: false, values: null, reply: { errors, values } };
}
