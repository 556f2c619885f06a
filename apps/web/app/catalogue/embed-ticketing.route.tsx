import { ticketingPath } from '@guichet/domain';
import { pageMeta } from '../lib/meta';
import { requireTicketingId } from '../lib/route-params';
import type { Route } from './+types/embed-ticketing.route';
import { loadTicketing } from './catalogue.server';
import { TicketingDetails } from './ticketing-details';
import { useTicketingView } from './use-ticketing-view';

export async function loader({ params, request }: Route.LoaderArgs) {
  const ticketingID = requireTicketingId(params.ticketingID, request);
  return { ticketing: await loadTicketing(request, ticketingID) };
}

/** A ticketing in another site's iframe: its prices, and « Réserver sur Guichet » opening the site in a new tab. */
export default function EmbedTicketing({ loaderData }: Route.ComponentProps) {
  useTicketingView(loaderData.ticketing.id);
  return <TicketingDetails ticketing={loaderData.ticketing} variant="embed" descriptionHtml={null} />;
}

// The embedded copy points search engines to the page on this site.
export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  pageMeta(
    loaderData
      ? { title: loaderData.ticketing.title, path: ticketingPath(loaderData.ticketing) }
      : { title: 'Billetterie' },
    { location, matches },
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
