/** True when the value is a non-empty string made only of ASCII digits (route rule for contestGameID). */
export function isDigits(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\d+$/.test(value);
}

/** The largest PostgreSQL `integer`: ids above it cannot exist. Serial ids start at 1. */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether a value can be a row's id: an integer from 1 to MAX_ROW_ID (the `RowId` schema of the contracts). */
export function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ROW_ID;
}

/**
 * A database id written as digits only: a row id (1 to MAX_ROW_ID), else null.
 * Used for orderID, performerID, entityID, offerID, surveyID and userID in URLs.
 */
export function parseRowId(value: string | null | undefined): number | null {
  if (!isDigits(value)) return null;
  const id = Number(value);
  return isRowId(id) ? id : null;
}

/**
 * A ticketingID in a URL is either numeric ('42') or a slug whose last dash-separated part is the
 * numeric id ('concert-de-jazz-42'); that number is the id. Anything else is null (the route answers 404).
 */
export function parseTicketingId(value: string | null | undefined): number | null {
  if (typeof value !== 'string') return null;
  const dash = value.lastIndexOf('-');
  if (dash === -1) return parseRowId(value);
  // A slug needs something before its id: '-42' and 'concert--42' are not slugs.
  const slug = value.slice(0, dash);
  if (slug === '' || slug.endsWith('-')) return null;
  return parseRowId(value.slice(dash + 1));
}
