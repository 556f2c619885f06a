import { isDigits, parseOfferId, parseRowId, parseTicketingId } from '@guichet/domain';
import { data, isRouteErrorResponse } from 'react-router';

const NOT_FOUND_PREFIX = 'Page Not Found: ';

/**
 * Ends the request with a 404: the error page's French « Page non trouvée », nothing more. `request` names
 * the page that is not found (kept for the callers; the English message is the contest's alone, below).
 */
export function notFound(_request: Request): never {
  throw data(null, { status: 404 });
}

/**
 * The 404 of a contestGameID that is not digits: the spec asks for « Page Not Found » and the path there
 * (section 5), and there only (issue 22: every other 404 stays French).
 */
function contestNotFound(request: Request): never {
  throw data(`${NOT_FOUND_PREFIX}${new URL(request.url).pathname}`, { status: 404 });
}

/** The « Page Not Found: /path » of a contest's 404, for the error page to show; null otherwise. */
export function notFoundText(error: unknown): string | null {
  return isRouteErrorResponse(error) &&
    error.status === 404 &&
    typeof error.data === 'string' &&
    error.data.startsWith(NOT_FOUND_PREFIX)
    ? error.data
    : null;
}

/** orderID, performerID, entityID, surveyID, userID: digits only, else 404. */
export function requireNumericId(value: string | undefined, request: Request): number {
  return parseRowId(value) ?? notFound(request);
}

/** ticketingID: numeric or a slug ending in '-{id}', else 404. */
export function requireTicketingId(value: string | undefined, request: Request): number {
  return parseTicketingId(value) ?? notFound(request);
}

/** offerID: numeric or a slug ending in '-{id}' (as a ticketingID), else 404. */
export function requireOfferId(value: string | undefined, request: Request): number {
  return parseOfferId(value) ?? notFound(request);
}

/** contestGameID: digits only, else 404 « Page Not Found » and the path. */
export function requireDigits(value: string | undefined, request: Request): string {
  return isDigits(value) ? value : contestNotFound(request);
}
