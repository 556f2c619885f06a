import { searchSite } from '@guichet/contracts';
import { CSE_QUERY_KEYS, isCseMode, ticketingPath } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { buttonClass } from '@guichet/ui/button';
import { ArrowRight } from '@guichet/ui/icons';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PerformerTile } from '../catalogue/performer-tile';
import { TicketingGrid } from '../catalogue/ticketing-card';
import { pageMeta } from '../lib/meta';
import { apiFor } from '../lib/server/api.server';
import { OfferGrid } from '../offers/offer-card';
import type { Route } from './+types/search.route';
import { SearchCombobox } from './search-combobox';
import { fullListPath, resultCountLabel, SITE_SEARCH_GROUP_LABELS } from './site-search';

/**
 * /recherche?q=: one search over the whole site (events, artists, deals), one call to the API. Without a
 * text, the form alone; a text the API refuses (a control character) is the 400 page. Preview only (the
 * root loader answers 404 with PREVIEW_FEATURES=false, as for the deals and the artists it leads to).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  if (q === '') return { q, results: null };
  const results = await apiFor(request).loadData(searchSite, { query: { q } });
  return { q, results };
}

/** A works-council visitor stays in CSE mode through the form: its `type` and `cseID` travel in it. */
function cseValues(query: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  if (!isCseMode(query)) return values;
  for (const key of CSE_QUERY_KEYS) {
    const value = query.get(key);
    if (value) values[key] = value;
  }
  return values;
}

type Results = NonNullable<Route.ComponentProps['loaderData']['results']>;

export default function Recherche({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData;
  const [searchParams] = useSearchParams();
  const cse = cseValues(searchParams);
  const groups = results ? [results.ticketings, results.performers, results.offers] : [];
  const total = groups.reduce((sum, group) => sum + group.total, 0);
  const totalCapped = groups.some((group) => group.totalCapped);

  return (
    <div className="container-page space-y-10 py-8 sm:py-12">
      <div className="space-y-5">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {q ? `Recherche « ${q} »` : 'Rechercher sur Guichet'}
        </h1>
        <div className="max-w-2xl">
          <SearchCombobox
            key={q}
            id="recherche"
            action="/recherche"
            label="Événements, artistes et bons plans"
            placeholder="Spectacle, artiste, ville, bon plan…"
            defaultValue={q}
            suggestionsUrl="/recherche/suggestions"
            hidden={cse}
          />
        </div>
        {results?.correctedQuery ? (
          <p className="rounded-xl bg-brand-50 p-4 text-slate-900">
            Rien ne correspondait exactement à « {q} ». Résultats pour «{' '}
            <strong className="font-semibold">{results.correctedQuery}</strong> ».
          </p>
        ) : null}
        {results && total > 0 ? <p className="text-lg text-slate-700">{resultCountLabel(total, totalCapped)}</p> : null}
      </div>

      {results === null ? (
        <p className="max-w-3xl text-lg text-slate-700">
          Cherchez un spectacle, un concert, un artiste, une ville ou un bon plan : un seul champ pour tout Guichet.
        </p>
      ) : total === 0 ? (
        <NoResult q={q} />
      ) : (
        <ResultSections q={results.correctedQuery ?? q} results={results} />
      )}
    </div>
  );
}

function ResultSections({ q, results }: { q: string; results: Results }) {
  return (
    <>
      {results.ticketings.total > 0 ? (
        <ResultSection
          id="recherche-evenements"
          title={SITE_SEARCH_GROUP_LABELS.ticketings}
          count={results.ticketings}
          more={{ to: fullListPath('ticketings', q), label: 'Parcourir toutes les billetteries' }}
        >
          <TicketingGrid ticketings={results.ticketings.items} linkFor={ticketingPath} headingLevel={3} leadsPage />
        </ResultSection>
      ) : null}
      {results.performers.total > 0 ? (
        <ResultSection
          id="recherche-artistes"
          title={SITE_SEARCH_GROUP_LABELS.performers}
          count={results.performers}
          more={{ to: fullListPath('performers', q), label: 'Voir tous les artistes trouvés' }}
        >
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {results.performers.items.map((performer) => (
              <li key={performer.id}>
                <PerformerTile performer={performer} />
              </li>
            ))}
          </ul>
        </ResultSection>
      ) : null}
      {results.offers.total > 0 ? (
        <ResultSection
          id="recherche-bons-plans"
          title={SITE_SEARCH_GROUP_LABELS.offers}
          count={results.offers}
          more={{ to: fullListPath('offers', q), label: 'Voir tous les bons plans trouvés' }}
        >
          <OfferGrid offers={results.offers.items} />
        </ResultSection>
      ) : null}
    </>
  );
}

function ResultSection({
  id,
  title,
  count,
  more,
  children,
}: {
  id: string;
  title: string;
  count: { total: number; totalCapped: boolean };
  more: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
          {title}{' '}
          <span className="text-lg font-semibold text-slate-700">
            ({resultCountLabel(count.total, count.totalCapped)})
          </span>
        </h2>
        <AppLink to={more.to} className={buttonClass('tertiary', '-mx-4')}>
          {more.label}
          <ArrowRight className="size-5" aria-hidden="true" />
        </AppLink>
      </div>
      {children}
    </section>
  );
}

function NoResult({ q }: { q: string }) {
  return (
    <section aria-labelledby="recherche-aucun" className="space-y-4 rounded-xl bg-slate-50 p-6">
      <h2 id="recherche-aucun" className="text-xl font-bold text-slate-900">
        Aucun résultat pour « {q} »
      </h2>
      <p className="text-slate-700">
        Vérifiez l’orthographe, essayez un autre mot (un artiste, une ville, un genre) ou parcourez le site :
      </p>
      <ul className="flex flex-wrap gap-3">
        <li>
          <AppLink to="/billetteries" className={buttonClass('secondary')}>
            Les billetteries
          </AppLink>
        </li>
        <li>
          <AppLink to="/artistes" className={buttonClass('secondary')}>
            Les artistes
          </AppLink>
        </li>
        <li>
          <AppLink to="/bons-plans" className={buttonClass('secondary')}>
            Les bons plans
          </AppLink>
        </li>
      </ul>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  pageMeta(
    {
      title: loaderData?.q ? `Recherche « ${loaderData.q} »` : 'Recherche',
      description: 'Une seule recherche pour tout Guichet : événements, artistes et bons plans.',
      path: '/recherche',
      // Search results are not pages worth indexing; their links are.
      robots: 'noindex, follow',
    },
    { location, matches },
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
