import { type FacetCount, OFFER_SORTS, offersHome, searchOffers } from '@guichet/contracts';
import { CSE_QUERY_KEYS, withCseQuery } from '@guichet/domain';
import { AppLink } from '@guichet/ui/app-link';
import { Breadcrumb } from '@guichet/ui/breadcrumb';
import { Button, buttonClass } from '@guichet/ui/button';
import { useHydrated } from '@guichet/ui/hooks/use-hydrated';
import { Filter, SearchX } from '@guichet/ui/icons';
import { Pagination } from '@guichet/ui/pagination';
import { Form, redirect, useNavigation, useSearchParams, useSubmit } from 'react-router';
import { pageMeta } from '../lib/meta';
import { notFound } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { SearchCombobox } from '../search/search-combobox';
import { CseQueryInputs } from '../shell/cse-inputs';
import type { Route } from './+types/offer-search.route';
import { CategoryLinks } from './category-links';
import { FacetList } from './facet-list';
import { OfferGrid } from './offer-card';
import {
  centsToEuros,
  DEALS_SEARCH_PATH,
  EMPTY_OFFER_SEARCH,
  hasFilters,
  type OfferSearch,
  offerCountLabel,
  offerSearchHref,
  offerSearchQuery,
  parseOfferSearch,
  refineHref,
  SORT_LABELS,
} from './offer-search';

const FORM_ID = 'bons-plans-filtres';

/**
 * The deals search: text, filters, sort and page live in the URL (see offers/offer-search.ts). Text the API
 * refuses (control characters) is the 400 page. Without any result, the categories are fetched too (best
 * effort) for the no-result state.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = parseOfferSearch(url.searchParams);
  if (!search) notFound(request);
  // A submitted filter form spells its empty fields and the default sort (minPrice=&sort=relevance): the
  // page answers at the search's own URL, the one its links use, keeping the CSE journey.
  const own = withCseQuery(offerSearchHref(search), url.searchParams);
  if (`${url.pathname}${url.search}` !== own) throw redirect(own);
  const api = apiFor(request);
  const results = await api.loadData(searchOffers, { query: offerSearchQuery(search) });
  const pageCount = Math.max(1, Math.ceil(results.total / results.pageSize));
  if (search.page > pageCount) notFound(request);
  let categories: FacetCount[] = [];
  if (results.total === 0) {
    const home = await api.send(offersHome, {});
    if (home.status === 200) categories = home.body.categories;
  }
  return { search, results, pageCount, categories };
}

/** « Bons plans : « spa » », « Bons plans – Bien-être (page 2) ». */
function titleOf(search: OfferSearch): string {
  const base = search.q
    ? `Bons plans : « ${search.q} »`
    : search.category
      ? `Bons plans – ${search.category}`
      : 'Rechercher un bon plan';
  return search.page > 1 ? `${base} (page ${search.page})` : base;
}

export default function BonsPlansSearch({ loaderData }: Route.ComponentProps) {
  const { search, results, pageCount, categories } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location.pathname === DEALS_SEARCH_PATH;
  const filtered = hasFilters(search);
  const [searchParams] = useSearchParams();
  // What the search box keeps when a new text is searched: the filters and the sort (not the page), and the
  // CSE journey.
  const kept = Object.fromEntries([
    ...new URL(refineHref({ ...search, q: null }, {}), 'http://localhost').searchParams.entries(),
    ...CSE_QUERY_KEYS.flatMap((key) => {
      const value = searchParams.get(key);
      return value ? [[key, value] as const] : [];
    }),
  ]);

  return (
    <div className="container-page space-y-8 py-8 sm:py-12">
      <Breadcrumb crumbs={[{ label: 'Bons plans', to: '/bons-plans' }, { label: 'Recherche' }]} />
      <div className="space-y-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {search.q
            ? `Bons plans pour « ${search.q} »`
            : search.category
              ? `Bons plans – ${search.category}`
              : 'Rechercher un bon plan'}
        </h1>
        <div className="max-w-2xl">
          {/* Keyed by the text so that a new URL (back button, a suggestion followed) shows its own. */}
          <SearchCombobox
            key={search.q ?? ''}
            id="bons-plans-recherche"
            action={DEALS_SEARCH_PATH}
            suggestionsUrl="/bons-plans/suggestions"
            label="Rechercher un bon plan"
            defaultValue={search.q ?? ''}
            placeholder="Un spa, un restaurant, un spectacle…"
            hidden={kept}
          />
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[16rem_1fr] lg:items-start">
        <aside aria-labelledby="bons-plans-affiner" className="space-y-6">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="bons-plans-affiner" className="text-xl font-bold text-slate-900">
              Affiner
            </h2>
            {/* On a phone the filters come first: a shortcut to the results. */}
            <a href="#bons-plans-resultats" className="font-semibold lg:hidden">
              Voir les résultats
            </a>
          </div>
          <FacetList
            id="bons-plans-facette-categorie"
            title="Catégories"
            facets={results.facets.categories}
            chosen={search.category}
            allLabel="Toutes les catégories"
            hrefFor={(category) => refineHref(search, { category })}
          />
          <FacetList
            id="bons-plans-facette-ville"
            title="Villes"
            facets={results.facets.cities}
            chosen={search.city}
            allLabel="Toutes les villes"
            hrefFor={(city) => refineHref(search, { city })}
          />
          <FilterForm search={search} searching={searching} sortShown={results.total > 0} />
          {filtered ? (
            <AppLink
              to={offerSearchHref({ ...EMPTY_OFFER_SEARCH, q: search.q, sort: search.sort })}
              className={buttonClass('tertiary')}
            >
              Effacer les filtres
            </AppLink>
          ) : null}
        </aside>

        <section
          aria-labelledby="bons-plans-resultats"
          className="min-w-0 space-y-6"
          aria-busy={searching || undefined}
        >
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div className="space-y-1">
              <h2
                id="bons-plans-resultats"
                tabIndex={-1}
                className="scroll-mt-4 text-2xl font-bold tracking-tight text-slate-900"
              >
                {offerCountLabel(results.total, results.totalCapped)}
              </h2>
              {results.correctedQuery && results.total > 0 ? (
                <p className="text-slate-700">
                  <strong className="text-slate-900">Résultats pour « {results.correctedQuery} »</strong>
                  {search.q ? <> : aucun bon plan ne contient exactement « {search.q} ».</> : null}
                </p>
              ) : null}
            </div>
            {results.total > 0 ? <SortSelect search={search} /> : null}
          </div>

          {results.total === 0 ? (
            <NoResult search={search} suggestions={results.suggestions} categories={categories} />
          ) : (
            <OfferGrid offers={results.items} leadsPage />
          )}

          <Pagination
            page={search.page}
            pageCount={pageCount}
            hrefFor={(page) => offerSearchHref({ ...search, page })}
            label="Pages des résultats"
          />
        </section>
      </div>
    </div>
  );
}

/**
 * The filters as a plain GET form (it works without JavaScript); with it, the checkbox submits the form as
 * soon as it changes (prices wait for « Appliquer »: typing must not reload the page). The text and the facets chosen travel in hidden fields.
 */
function FilterForm({
  search,
  searching,
  sortShown,
}: {
  search: OfferSearch;
  searching: boolean;
  /** The sort select (outside the form) is on the page; otherwise the sort travels in a hidden field. */
  sortShown: boolean;
}) {
  const submit = useSubmit();
  // Keyed by the URL's choices so that the back button shows the values of the page it returns to.
  const key = offerSearchHref({ ...search, page: 1 });
  return (
    <Form
      key={key}
      id={FORM_ID}
      method="get"
      action={DEALS_SEARCH_PATH}
      preventScrollReset
      aria-labelledby="bons-plans-filtres-titre"
      className="space-y-4 rounded-2xl bg-slate-50 p-4"
      onChange={(event) => {
        const target: EventTarget = event.target;
        if (target instanceof HTMLInputElement && target.type === 'checkbox') {
          submit(event.currentTarget, { preventScrollReset: true });
        }
      }}
    >
      <h3 id="bons-plans-filtres-titre" className="text-lg font-bold text-slate-900">
        Prix et remise
      </h3>
      <CseQueryInputs />
      {search.q ? <input type="hidden" name="q" value={search.q} /> : null}
      {search.category ? <input type="hidden" name="category" value={search.category} /> : null}
      {search.city ? <input type="hidden" name="city" value={search.city} /> : null}
      {search.sort && !sortShown ? <input type="hidden" name="sort" value={search.sort} /> : null}
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">Prix remisé, en euros</legend>
        <div className="grid grid-cols-2 gap-3">
          <PriceInput id="bons-plans-prix-min" name="minPrice" label="Minimum" cents={search.minPrice} />
          <PriceInput id="bons-plans-prix-max" name="maxPrice" label="Maximum" cents={search.maxPrice} />
        </div>
      </fieldset>
      <div className="flex items-center gap-3">
        <input
          id="bons-plans-remise"
          name="discounted"
          type="checkbox"
          value="true"
          defaultChecked={search.discounted}
          className="size-5 accent-brand-700"
        />
        <label htmlFor="bons-plans-remise" className="text-slate-900">
          Seulement les offres remisées
        </label>
      </div>
      <Button type="submit" loading={searching} icon={<Filter className="size-5" aria-hidden="true" />}>
        Appliquer
      </Button>
    </Form>
  );
}

/** A price filter, typed in euros (the URL keeps euros; the API gets cents). */
function PriceInput({ id, name, label, cents }: { id: string; name: string; label: string; cents: number | null }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        defaultValue={cents === null ? '' : centsToEuros(cents)}
        className="min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900"
      />
    </div>
  );
}

/**
 * The sort, beside the results but part of the filter form (`form` attribute): without JavaScript its own
 * button submits it; with it, choosing is enough.
 */
function SortSelect({ search }: { search: OfferSearch }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor="bons-plans-tri" className="text-sm font-semibold text-slate-900">
          Trier par
        </label>
        <select
          key={search.sort ?? ''}
          id="bons-plans-tri"
          name="sort"
          form={FORM_ID}
          defaultValue={search.sort ?? 'relevance'}
          onChange={(event) => {
            if (event.currentTarget.form) submit(event.currentTarget.form, { preventScrollReset: true });
          }}
          className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900"
        >
          {OFFER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button type="submit" form={FORM_ID} className={buttonClass('secondary')}>
          Trier
        </button>
      )}
    </div>
  );
}

function NoResult({
  search,
  suggestions,
  categories,
}: {
  search: OfferSearch;
  suggestions: readonly string[];
  categories: readonly FacetCount[];
}) {
  return (
    <div className="space-y-5 rounded-2xl bg-slate-50 p-6">
      <p className="flex items-start gap-3 text-lg text-slate-800">
        <SearchX className="mt-1 size-5 shrink-0 text-slate-700" aria-hidden="true" />
        <span>
          {search.q ? (
            <>Aucun bon plan ne correspond à « {search.q} »</>
          ) : (
            'Aucun bon plan ne correspond à ces critères'
          )}
          {hasFilters(search) ? ' avec ces filtres' : ''}. Vérifiez l’orthographe, ou essayez un autre mot.
        </span>
      </p>
      {suggestions.length > 0 ? (
        <p className="text-slate-900">
          Vouliez-vous dire{' '}
          {suggestions.map((suggestion, index) => (
            <span key={suggestion}>
              {index > 0 ? (index === suggestions.length - 1 ? ' ou ' : ', ') : null}
              <AppLink to={refineHref(search, { q: suggestion })} className="font-semibold">
                {suggestion}
              </AppLink>
            </span>
          ))}{' '}
          ?
        </p>
      ) : null}
      {categories.length > 0 ? (
        <div className="space-y-2">
          <h3 className="font-semibold text-slate-900">Parcourez les catégories</h3>
          <CategoryLinks categories={categories} />
        </div>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const search = loaderData?.search;
  // A category (and its pages) is a page worth indexing; a typed search or a filtered view is not.
  const indexable = search ? !search.q && !search.city && !hasFilters({ ...search, category: null }) : true;
  return pageMeta(
    {
      title: search ? titleOf(search) : 'Rechercher un bon plan',
      description: 'Trouvez le bon plan qui vous correspond : par envie, par ville, par prix ou par remise.',
      path: search
        ? offerSearchHref({
            ...EMPTY_OFFER_SEARCH,
            category: indexable ? search.category : null,
            page: indexable ? search.page : 1,
          })
        : DEALS_SEARCH_PATH,
      ...(indexable ? {} : { robots: 'noindex, follow' }),
    },
    { location, matches },
  );
};

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
