/** Catalogue page data shared by several routes (the ticketing page, its overlay on a listing, its embed). */
import { getTicketing, type TicketingDetail } from '@guichet/contracts';
import { apiFor } from '../lib/server/api.server';

/** A ticketing's page data, or the not-found page. */
export function loadTicketing(request: Request, ticketingID: number): Promise<TicketingDetail> {
  return apiFor(request).loadData(getTicketing, { params: { ticketingID } });
}
