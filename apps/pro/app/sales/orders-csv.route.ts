import { exportProOrders, OrganizerParams } from '@guichet/contracts';
import { routeParams } from '../lib/server/route-params.server';
import type { Route } from './+types/orders-csv.route';
import { streamCsv } from './csv-download.server';

/** « Exporter les commandes (CSV) »: the API's orders.csv, streamed through. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return streamCsv(request, context, exportProOrders, { params: routeParams(OrganizerParams, params) });
}
