import { PlaceholderPage } from '../../components/placeholder-page';
import { pageMeta } from '../../lib/meta';
import { requireTicketingId } from '../../lib/route-params';
import type { Route } from './+types/ticketing';

export function loader({ params, request }: Route.LoaderArgs) {
  return { ticketingID: requireTicketingId(params.ticketingID, request) };
}

export default function EmbedTicketing() {
  return <PlaceholderPage title="Billetterie" />;
}

// The embedded copy points search engines to the page on this site.
export const meta: Route.MetaFunction = ({ params, ...args }) =>
  pageMeta({ title: 'Billetterie', path: `/billetterie/${params.ticketingID}` }, args);
