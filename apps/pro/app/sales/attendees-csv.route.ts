import { exportAttendees, SalesTicketingParams } from '@guichet/contracts';
import { routeParams } from '../lib/server/route-params.server';
import type { Route } from './+types/attendees-csv.route';
import { streamCsv } from './csv-download.server';

/** « Exporter les participants (CSV) » of a ticketing: the API's attendees.csv, streamed through. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return streamCsv(request, context, exportAttendees, { params: routeParams(SalesTicketingParams, params) });
}
