/** True when the value is a non-empty string made only of ASCII digits (route rule for contestGameID). */
export function isDigits(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\d+$/.test(value);
}

/**
 * A database id written as digits only: a positive safe integer, else null.
 * Used for orderID, performerID, entityID, offerID, surveyID and userID in URLs.
 */
export function parseNumericId(value: string | null | undefined): number | null {
  if (!isDigits(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A ticketingID in a URL is either numeric ('42') or a slug whose last dash-separated part is the
 * numeric id ('concert-de-jazz-42'); that number is the id. Anything else is null (the route answers 404).
 */
export function parseTicketingId(value: string | null | undefined): number | null {
  if (typeof value !== 'string') return null;
  const dash = value.lastIndexOf('-');
  if (dash === -1) return parseNumericId(value);
  // A slug needs something before its id: '-42' and 'concert--42' are not slugs.
  const slug = value.slice(0, dash);
  if (slug === '' || slug.endsWith('-')) return null;
  return parseNumericId(value.slice(dash + 1));
}
