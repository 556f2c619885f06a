/**
 * The one text schema of the API: every free-text field, query and path parameter goes through it, so a
 * control character (NUL first: PostgreSQL refuses it in any text), a lone surrogate or an endless string is
 * refused at the door with a French message instead of failing in the database. Its checks are the domain's
 * form rules (packages/domain/src/forms/text.ts): the web's forms refuse the same values with the same words.
 */
import {
  brokenRule,
  CALENDAR_YEARS,
  FORM_MESSAGES,
  formatMessage,
  messageOf,
  normaliseText,
  type Rule,
  type TextField,
  type TextFieldOptions,
  textField,
} from '@guichet/domain';
import { z } from 'zod';

/** Not a string at all: « required » when absent, « invalid » for another type (a number, an object). */
const stringError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? FORM_MESSAGES.required : FORM_MESSAGES.numeric;

/**
 * A declared text field as a Zod schema: its rules decide (the first broken one gives the message, as in the
 * browser), then the value is trimmed and NFC-normalised unless the field keeps it as typed.
 */
export function fieldText(field: TextField) {
  // The OpenAPI document cannot read the rules: it is told the bounds (JSON Schema counts code points too).
  const maxLength = field.rules.find((check) => check.name === 'maxLength')?.param;
  const required = field.rules.some((check) => check.name === 'required');
  return z
    .string({ error: stringError })
    .superRefine((value, context) => {
      const broken = brokenRule(value, field.rules);
      // The rule's name travels with the issue, so a caller can tell « required » from « maxLength ».
      if (broken)
        context.addIssue({ code: 'custom', message: messageOf(broken), input: value, params: { rule: broken.name } });
    })
    .overwrite((value) => normaliseText(field, value))
    .meta({ ...(typeof maxLength === 'number' ? { maxLength } : {}), ...(required ? { minLength: 1 } : {}) });
}

/**
 * A text of at most `max` characters: required unless said otherwise, single-line unless `multiline`,
 * trimmed and NFC unless `asTyped`, with the field's own `rules` (domain `Rule`s) after the character check.
 */
export function text(options: TextFieldOptions) {
  return fieldText(textField(options));
}

/** A domain rule whose message names what is wrong, rather than the spec's generic one. */
export function withMessage(check: Rule, message: string): Rule {
  return { ...check, message };
}

/** A calendar date (YYYY-MM-DD, read in Europe/Paris time) within the site's years (CALENDAR_YEARS). */
export const IsoDate = z.iso
  .date({ error: FORM_MESSAGES.numeric })
  .refine((date) => Number(date.slice(0, 4)) >= CALENDAR_YEARS.first, FORM_MESSAGES.dateBefore)
  .refine((date) => Number(date.slice(0, 4)) <= CALENDAR_YEARS.last, FORM_MESSAGES.dateAfter)
  .describe(`Date AAAA-MM-JJ, entre ${CALENDAR_YEARS.first} et ${CALENDAR_YEARS.last}.`);

/** A year of the site's calendar, in a query string. */
export const CalendarYear = z.coerce
  .number({ error: FORM_MESSAGES.integer })
  .int(FORM_MESSAGES.integer)
  .min(CALENDAR_YEARS.first, formatMessage(FORM_MESSAGES.minValue, CALENDAR_YEARS.first))
  .max(CALENDAR_YEARS.last, formatMessage(FORM_MESSAGES.maxValue, CALENDAR_YEARS.last));

/** A whole number in a query string, from `min` to `max`, with the form kit's messages; `fallback` when absent. */
export const queryCount = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: FORM_MESSAGES.integer })
    .int(FORM_MESSAGES.integer)
    .min(min, formatMessage(FORM_MESSAGES.minValue, min))
    .max(max, formatMessage(FORM_MESSAGES.maxValue, max))
    .default(fallback);

/** The page asked for in a query string (`page`), 1 when absent. */
export const PageNumber = queryCount(1, 10_000, 1).describe('Numéro de page, 1 à 10 000.');

/** How many rows a page holds (`pageSize`, `limit`): the list's default when absent, never more than its max. */
export const pageSizeOf = (sizes: { default: number; max: number }, rows: string) =>
  queryCount(1, sizes.max, sizes.default).describe(`${rows} par page, 1 à ${sizes.max}.`);

/**
 * An instant in UTC (2026-11-22T10:00:00.000000Z, to the microsecond) within the site's years. A date that
 * JavaScript reads leniently (February 30th becomes March 2nd) but PostgreSQL refuses is refused here.
 */
export const BoundedInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/, FORM_MESSAGES.regex)
  .refine((instant) => {
    const year = Number(instant.slice(0, 4));
    if (year < CALENDAR_YEARS.first || year > CALENDAR_YEARS.last) return false;
    const read = new Date(instant);
    return !Number.isNaN(read.getTime()) && read.toISOString().slice(0, 19) === instant.slice(0, 19);
  }, FORM_MESSAGES.regex);
