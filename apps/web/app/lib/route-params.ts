import { isDigits, parseNumericId, parseOfferId, parseTicketingId } from '@guichet/domain';
import { data } from 'react-router';

/** Ends the request with a 404: the root ErrorBoundary shows the not-found page. */
export function notFound(request: Request): never {
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

/** orderID, performerID, entityID, surveyID, userID: digits only, else 404. */
export function requireNumericId(value: string | undefined, request: Request): number {
  return parseNumericId(value) ?? notFound(request);
}

/** ticketingID: numeric or a slug ending in '-{id}', else 404. */
export function requireTicketingId(value: string | undefined, request: Request): number {
  return parseTicketingId(value) ?? notFound(request);
}

/** offerID: numeric or a slug ending in '-{id}' (as a ticketingID), else 404. */
export function requireOfferId(value: string | undefined, request: Request): number {
  return parseOfferId(value) ?? notFound(request);
}

/** contestGameID: digits only, else 404. */
export function requireDigits(value: string | undefined, request: Request): string {
  return isDigits(value) ? value : notFound(request);
}
