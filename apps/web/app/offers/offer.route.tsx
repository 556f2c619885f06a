import { getOffer } from '@guichet/contracts';
import { offerSlugId } from '@guichet/domain';
import { Breadcrumb } from '@guichet/ui/breadcrumb';
import { redirect } from 'react-router';
import { pageMeta } from '../lib/meta';
import { requireOfferId } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import type { Route } from './+types/offer.route';
import { OfferDetails } from './offer-details';
import { offerMeta } from './offer-meta';
import { EMPTY_OFFER_SEARCH, refineHref } from './offer-search';

/**
 * A deal's page. Its URL is `/bons-plans/offer/{slug}-{offerID}`: any other spelling of the same id (a bare
 * number, an old or mistyped slug) is permanently redirected there, with its query. Unknown → 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const offerID = requireOfferId(params.offerID, request);
  const offer = await apiFor(request).loadData(getOffer, { params: { offerID } });
  const canonical = offerSlugId(offer);
  if (params.offerID !== canonical) {
    throw redirect(`/bons-plans/offer/${canonical}${new URL(request.url).search}`, 301);
  }
  return { offer };
}

export default function Offer({ loaderData }: Route.ComponentProps) {
  const { offer } = loaderData;
  return (
    <div className="container-page space-y-6 py-8 sm:py-12">
      <Breadcrumb
        crumbs={[
          { label: 'Bons plans', to: '/bons-plans' },
          { label: offer.category, to: refineHref(EMPTY_OFFER_SEARCH, { category: offer.category }) },
          { label: offer.title },
        ]}
      />
      <OfferDetails offer={offer} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  loaderData
    ? offerMeta(loaderData.offer, { location, matches })
    : pageMeta(
        { title: 'Bon plan', description: 'Le détail de ce bon plan, ses conditions et ses tarifs.' },
        { location, matches },
      );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
