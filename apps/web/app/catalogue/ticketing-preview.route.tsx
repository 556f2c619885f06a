import { getTicketingPreview, type TicketingDetail } from '@guichet/contracts';
import { renderRichText } from '@guichet/domain';
import { CalendarClock } from '@guichet/ui/icons';
import { pageMeta } from '../lib/meta';
import { apiFor } from '../lib/server/api.server';
import type { Route } from './+types/ticketing-preview.route';
import { TicketingDetails } from './ticketing-details';

/**
 * The organiser's preview of a ticketing (/apercu/billetterie/{token}, a short-lived link signed by the API for
 * the pro site): its public page as a buyer will see it, draft included, with nothing to buy. Never indexed,
 * never kept by a cache (not a shared route of shell/page-cache.ts, and `no-store`); an expired or altered link
 * is the not-found page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const preview = await apiFor(request).loadData(getTicketingPreview, { params: { token: params.token } });
  // Shown as it will be once published: a draft's page is the published page, with the preview's banner.
  const ticketing: TicketingDetail = { ...preview, status: preview.status === 'DRAFT' ? 'PUBLISHED' : preview.status };
  return { ticketing, descriptionHtml: renderRichText(ticketing.description) };
}

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function TicketingPreview({ loaderData }: Route.ComponentProps) {
  const { ticketing, descriptionHtml } = loaderData;
  return (
    <div className="container-page space-y-6 py-8 sm:py-12">
      <p
        role="status"
        className="flex items-start gap-3 rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-slate-900"
      >
        <CalendarClock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>
          <strong className="block text-lg">Aperçu — cette billetterie n'est pas encore en vente</strong>
          Cette page montre la billetterie telle que les acheteurs la verront : rien ne peut y être acheté.
        </span>
      </p>
      <TicketingDetails ticketing={ticketing} variant="page" descriptionHtml={descriptionHtml} preview />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  pageMeta(
    { title: loaderData ? `Aperçu : ${loaderData.ticketing.title}` : 'Aperçu', robots: 'noindex', canonical: false },
    { location, matches },
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
