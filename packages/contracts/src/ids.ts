/**
 * Database ids, written once: `RowId` is what an id is (an integer from 1 to MAX_ROW_ID, the largest
 * PostgreSQL `integer`), `pathId` an id in a path and `queryId` one in a query string or a form field.
 */
import { FORM_MESSAGES, formatMessage, MAX_ROW_ID, parseRowId, rule } from '@guichet/domain';
import { z } from 'zod';
import { text, withMessage } from './text.js';

/** A row's id: an integer from 1 to MAX_ROW_ID, refused in French otherwise. */
export const RowId = z
  .number({ error: FORM_MESSAGES.integer })
  .int(FORM_MESSAGES.integer)
  .min(1, formatMessage(FORM_MESSAGES.minValue, 1))
  .max(MAX_ROW_ID, formatMessage(FORM_MESSAGES.maxValue, MAX_ROW_ID));
export type RowId = z.infer<typeof RowId>;

/** What an id in a path that no row can have (0, or beyond PostgreSQL's integer) reads as: serial ids start at 1. */
export const NO_ROW_ID = 0;

/** Digits only, else a 400 naming the id. The typed client may pass a number (coerced to its digits). */
const digits = (label: string) =>
  z.coerce
    .string()
    .pipe(
      text({ max: 100, asTyped: true, rules: [withMessage(rule.regex(/^\d+$/), `${label} doit être un nombre.`)] }),
    );

/**
 * A database id in a path: digits only, else a 400 naming the id. Digits that no row can have (0, or beyond
 * PostgreSQL's integer) are still an id, of nothing: they read as NO_ROW_ID, the lookup finds no row and the
 * route answers 404 like for any unknown id — never a 400, nor the database's « integer out of range »
 * (docs/decisions/0049). Fastify's router bounds a segment to 100.
 */
export const pathId = (label: string) =>
  digits(label)
    .transform((value) => parseRowId(value) ?? NO_ROW_ID)
    .describe(`${label}, en chiffres.`);

/** A database id in a query string or a form field: digits naming a possible row, else a 400. */
export const queryId = (label: string) => digits(label).transform(Number).pipe(RowId).describe(label);
