import { PlaceholderPage } from '../components/placeholder-page';
import { pageMeta } from '../lib/meta';
import { requireTicketingId } from '../lib/route-params';
import type { Route } from './+types/billetterie';

export function loader({ params, request }: Route.LoaderArgs) {
  return { ticketingID: requireTicketingId(params.ticketingID, request) };
}

export default function Billetterie() {
  return <PlaceholderPage title="Billetterie" />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: 'Billetterie', description: 'Dates, lieux, tarifs et réservation des billets.' }, args);
