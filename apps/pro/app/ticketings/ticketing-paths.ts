import { organizerPath } from '../lib/pro-paths';

/** A path of a ticketing's pages: /organisateurs/:organizerId/billetteries/:ticketingId/… */
export const ticketingPath = (organizerId: number | string, ticketingId: number | string, section = '') =>
  organizerPath(Number(organizerId), `billetteries/${ticketingId}${section ? `/${section}` : ''}`);
