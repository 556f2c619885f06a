import { COUNTRY_NAMES, listingPath, monthName, parisParts, renderRichText, ticketingSlugId } from '@guichet/domain';
import { Breadcrumb, type Crumb } from '@guichet/ui/breadcrumb';
import { redirect } from 'react-router';
import { headMeta, pageMeta } from '../lib/meta';
import { requireTicketingId } from '../lib/route-params';
import type { Route } from './+types/ticketing.route';
import { loadTicketing } from './catalogue.server';
import { TicketingDetails } from './ticketing-details';
import { ticketingHead } from './ticketing-head.server';
import { useTicketingView } from './use-ticketing-view';

/**
 * A ticketing's page. Its URL is `/billetterie/{slug}-{id}`: any other spelling of the same id (a bare
 * number, an old or mistyped slug) is permanently redirected there, with its query (?source=…).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const ticketingID = requireTicketingId(params.ticketingID, request);
  const ticketing = await loadTicketing(request, ticketingID);
  const canonical = ticketingSlugId(ticketing);
  if (params.ticketingID !== canonical) {
    throw redirect(`/billetterie/${canonical}${new URL(request.url).search}`, 301);
  }
  // The description's HTML and the head are made here: the browser loads neither renderer nor builder.
  const { year, month } = parisParts(ticketing.startsAt);
  // The trail is data, as the head: the browser needs neither the month names nor the listing's paths for it.
  const crumbs: Crumb[] = [
    { label: 'Billetteries', to: listingPath({ country: null }) },
    { label: COUNTRY_NAMES[ticketing.country], to: listingPath({ country: ticketing.country }) },
    { label: `${monthName(month)} ${year}`, to: listingPath({ country: ticketing.country, year, month }) },
    { label: ticketing.title },
  ];
  return { ticketing, descriptionHtml: renderRichText(ticketing.description), head: ticketingHead(ticketing), crumbs };
}

export default function Billetterie({ loaderData }: Route.ComponentProps) {
  const { ticketing, descriptionHtml, crumbs } = loaderData;
  useTicketingView(ticketing.id);
  return (
    <div className="container-page space-y-6 py-8 sm:py-12">
      <Breadcrumb crumbs={crumbs} />
      <TicketingDetails ticketing={ticketing} variant="page" descriptionHtml={descriptionHtml} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  loaderData
    ? headMeta(loaderData.head, { location, matches })
    : pageMeta({ title: 'Billetterie' }, { location, matches });

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
