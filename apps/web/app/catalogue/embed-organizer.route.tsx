import { getOrganizer, type TicketingSummary } from '@guichet/contracts';
import { ticketingPath } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { ExternalLink } from '@guichet/ui/icons';
import { useNow } from '../lib/hooks/use-now';
import { pageMeta } from '../lib/meta';
import { requireNumericId } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { VisualImage } from '../ui/visual-image';
import type { Route } from './+types/embed-organizer.route';
import { CardEventDate, cardPriceLabel } from './ticketing-card';

export async function loader({ params, request }: Route.LoaderArgs) {
  const entityID = requireNumericId(params.entityID, request);
  const organizer = await apiFor(request).loadData(getOrganizer, { params: { entityID } });
  return { organizer };
}

/**
 * An organizer's upcoming events, made to sit in an iframe on the organizer's own site: compact, and every
 * link opens the full site in a new tab (buying happens there, never inside another site's frame).
 */
export default function EmbedOrganizer({ loaderData }: Route.ComponentProps) {
  const { organizer } = loaderData;
  return (
    <div className="space-y-4">
      <header className="flex items-center gap-3">
        <VisualImage visual={organizer.logo} className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover" eager />
        <div>
          <h1 className="text-xl font-bold text-slate-900">{organizer.name}</h1>
          <p className="text-sm text-slate-700">Prochains événements</p>
        </div>
      </header>
      {organizer.upcoming.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-slate-700">Aucun événement à venir pour le moment.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {organizer.upcoming.map((ticketing) => (
            <li key={ticketing.id}>
              <EmbedRow ticketing={ticketing} />
            </li>
          ))}
        </ul>
      )}
      <p className="text-right text-sm text-slate-700">
        <AppLink to="/" target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium">
          Billetterie Guichet
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only"> (nouvel onglet)</span>
        </AppLink>
      </p>
    </div>
  );
}

/** One event as a compact row (frames are often narrow); the whole row opens its page in a new tab. */
function EmbedRow({ ticketing }: { ticketing: TicketingSummary }) {
  const now = useNow();
  return (
    <article className="relative flex items-center gap-3 p-3 hover:bg-slate-50 focus-within:bg-slate-50">
      <VisualImage
        visual={ticketing.thumbnail}
        className="aspect-[3/2] w-20 shrink-0 rounded-lg bg-slate-100 object-cover sm:w-28"
      />
      <div className="min-w-0 flex-1">
        <h2 className="font-bold leading-snug text-slate-900">
          <AppLink
            to={ticketingPath(ticketing)}
            target="_blank"
            rel="noopener"
            className="text-slate-900 no-underline after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {ticketing.title}
            <span className="sr-only"> (nouvel onglet)</span>
          </AppLink>
        </h2>
        <p className="text-sm text-slate-700">
          <CardEventDate ticketing={ticketing} now={now} />
        </p>
        <p className="text-sm text-slate-700">
          {ticketing.venue} · {ticketing.city}
        </p>
      </div>
      <p className="shrink-0 text-sm font-semibold text-slate-900">{cardPriceLabel(ticketing, now)}</p>
    </article>
  );
}

// The embedded copy points search engines to the page on this site.
export const meta: Route.MetaFunction = ({ loaderData, params, location, matches }) =>
  pageMeta(
    {
      title: loaderData ? `${loaderData.organizer.name} : prochains événements` : 'Organisateur',
      path: `/organizer/${params.entityID}`,
    },
    { location, matches },
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
