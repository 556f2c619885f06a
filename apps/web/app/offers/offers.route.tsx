import { offersHome } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import { pageMeta } from '../lib/meta';
import { apiFor } from '../lib/server/api.server';
import { SearchCombobox } from '../search/search-combobox';
import type { Route } from './+types/offers.route';
import { CategoryLinks } from './category-links';
import { DEALS_SEARCH_PATH, EMPTY_OFFER_SEARCH, offerCountLabel, refineHref } from './offer-search';
import { OfferStrip } from './offer-strip';

/** The deals home: one call gives the featured deals, those ending soon and the categories with their counts. */
export async function loader({ request }: Route.LoaderArgs) {
  return apiFor(request).loadData(offersHome, {});
}

export default function BonsPlans({ loaderData }: Route.ComponentProps) {
  const { featured, endingSoon, categories, total } = loaderData;
  return (
    <>
      <section aria-labelledby="bons-plans-titre" className="bg-gradient-to-b from-rose-50 to-white">
        <div className="container-page space-y-6 py-12 sm:py-16">
          <div className="space-y-3">
            <p className="text-sm font-semibold uppercase tracking-wider text-rose-800">Bons plans</p>
            <h1
              id="bons-plans-titre"
              className="max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
            >
              Vos sorties à prix réduit
            </h1>
            <p className="max-w-2xl text-lg text-slate-700">
              Restaurants, spas, loisirs et spectacles : {offerCountLabel(total).toLowerCase()} à saisir auprès de nos
              partenaires, avant épuisement.
            </p>
          </div>
          <div className="max-w-2xl">
            <SearchCombobox
              id="bons-plans-recherche"
              action={DEALS_SEARCH_PATH}
              suggestionsUrl="/bons-plans/suggestions"
              label="Rechercher un bon plan"
              placeholder="Un spa, un restaurant, un spectacle…"
            />
          </div>
        </div>
      </section>

      {categories.length > 0 ? (
        <section aria-labelledby="bons-plans-categories" className="container-page pt-10">
          <h2 id="bons-plans-categories" className="text-2xl font-bold tracking-tight text-slate-900">
            Les catégories
          </h2>
          <div className="mt-5">
            <CategoryLinks categories={categories} />
          </div>
        </section>
      ) : null}

      <OfferStrip id="bons-plans-a-la-une" title="À la une" offers={featured} />
      <OfferStrip
        id="bons-plans-bientot-termines"
        title="Bientôt terminés"
        offers={endingSoon}
        more={{ to: refineHref(EMPTY_OFFER_SEARCH, { sort: 'ending' }), label: 'Tous les bons plans qui se terminent' }}
      />

      {total === 0 ? (
        <p className="container-page py-12 text-lg text-slate-700">
          Aucun bon plan n’est en cours pour le moment : revenez bientôt.
        </p>
      ) : (
        <div className="container-page py-12">
          <AppLink to={DEALS_SEARCH_PATH} className="btn btn-primary">
            Voir tous les bons plans
          </AppLink>
        </div>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: 'Bons plans',
      description: 'Des réductions sur vos sorties, loisirs et spectacles, à saisir avant épuisement.',
    },
    args,
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
