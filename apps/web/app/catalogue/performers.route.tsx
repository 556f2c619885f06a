import { listPerformers, PERFORMERS_PAGE_SIZE } from '@guichet/contracts';
import { AppLink } from '@guichet/ui/app-link';
import { Button } from '@guichet/ui/button';
import { Search } from '@guichet/ui/icons';
import { Pagination } from '@guichet/ui/pagination';
import { Form } from 'react-router';
import { pageMeta } from '../lib/meta';
import { notFound } from '../lib/route-params';
import { apiFor } from '../lib/server/api.server';
import { CseQueryInputs } from '../shell/cse-inputs';
import type { Route } from './+types/performers.route';
import { PerformerTile } from './performer-tile';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** The search (?q=), the letter of the index (?initiale=) and the page (?page=) live in the URL. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const search = query.get('q')?.trim().slice(0, 100) || null;
  const rawInitial = query.get('initiale');
  const initial = rawInitial && /^[A-Za-z]$/.test(rawInitial) ? rawInitial.toUpperCase() : null;
  if (rawInitial !== null && initial === null) notFound(request);
  const rawPage = query.get('page');
  const page = rawPage === null ? 1 : /^\d{1,5}$/.test(rawPage) ? Number(rawPage) : 0;
  if (page < 1) notFound(request);

  const answer = await apiFor(request).loadData(listPerformers, {
    query: {
      q: search ?? undefined,
      initial: initial ?? undefined,
      page,
      pageSize: PERFORMERS_PAGE_SIZE.default,
    },
  });
  const pageCount = Math.max(1, Math.ceil(answer.total / answer.pageSize));
  if (page > pageCount) notFound(request);
  return { ...answer, search, initial, pageCount };
}

/** The query of a page of the index, keeping what the visitor chose. */
function queryOf({ search, initial, page }: { search: string | null; initial: string | null; page?: number }) {
  const query = new URLSearchParams();
  if (search) query.set('q', search);
  if (initial) query.set('initiale', initial);
  if (page && page > 1) query.set('page', String(page));
  const encoded = query.toString();
  return encoded ? `/artistes?${encoded}` : '/artistes';
}

function titleOf({ search, initial, page }: { search: string | null; initial: string | null; page: number }) {
  const base = search ? `Artistes : recherche « ${search} »` : initial ? `Artistes – lettre ${initial}` : 'Artistes';
  return page > 1 ? `${base} (page ${page})` : base;
}

export default function Artistes({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, initials, search, initial } = loaderData;
  const available = new Set(initials);

  return (
    <div className="container-page space-y-8 py-8 sm:py-12">
      <div className="space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Artistes</h1>
        <p className="max-w-3xl text-lg text-slate-700">
          Chanteurs, groupes, compagnies et humoristes : retrouvez leurs prochaines dates près de chez vous.
        </p>
      </div>

      <Form method="get" action="/artistes" role="search" className="flex flex-wrap items-end gap-3">
        <CseQueryInputs />
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-md">
          <label htmlFor="artistes-recherche" className="font-semibold text-slate-900">
            Rechercher un artiste
          </label>
          <input
            key={search ?? ''}
            id="artistes-recherche"
            type="search"
            name="q"
            defaultValue={search ?? ''}
            maxLength={100}
            autoComplete="off"
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900"
          />
        </div>
        <Button type="submit" icon={<Search className="size-5" aria-hidden="true" />}>
          Rechercher
        </Button>
      </Form>

      <nav aria-label="Index alphabétique des artistes">
        <ul className="flex flex-wrap gap-1">
          <li>
            <AppLink
              to="/artistes"
              aria-current={!initial && !search ? 'page' : undefined}
              className={letterClass(!initial && !search)}
            >
              Tous
            </AppLink>
          </li>
          {LETTERS.map((letter) => (
            <li key={letter}>
              {available.has(letter) ? (
                <AppLink
                  to={queryOf({ search: null, initial: letter })}
                  aria-current={initial === letter ? 'page' : undefined}
                  className={letterClass(initial === letter)}
                >
                  {letter}
                </AppLink>
              ) : (
                <span
                  className="inline-flex size-11 items-center justify-center rounded-lg text-slate-500"
                  title={`Aucun artiste en ${letter}`}
                >
                  {letter}
                  <span className="sr-only"> (aucun artiste)</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="artistes-resultats" className="space-y-6">
        <h2 id="artistes-resultats" className="text-2xl font-bold tracking-tight text-slate-900">
          {total === 0 ? 'Aucun artiste' : total > 1 ? `${total} artistes` : '1 artiste'}
          {search ? ` pour « ${search} »` : initial ? ` en ${initial}` : ''}
        </h2>
        {items.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-6 text-slate-700">
            Aucun artiste ne correspond à votre recherche. Vérifiez l'orthographe ou parcourez l'index alphabétique.
          </p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {items.map((performer) => (
              <li key={performer.id}>
                <PerformerTile performer={performer} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={(target) => queryOf({ search, initial, page: target })}
          label="Pages des artistes"
        />
      </section>
    </div>
  );
}

function letterClass(current: boolean): string {
  return `inline-flex size-11 items-center justify-center rounded-lg font-semibold no-underline ${
    current ? 'bg-brand-800 text-white' : 'text-brand-800 hover:bg-brand-50'
  }`;
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  pageMeta(
    {
      title: loaderData ? titleOf(loaderData) : 'Artistes',
      description: 'Les artistes en tournée et leurs prochaines dates de concerts et de spectacles.',
      // A letter and a page of the index are pages of their own; search results are not worth indexing.
      path: loaderData ? queryOf({ search: null, initial: loaderData.initial, page: loaderData.page }) : '/artistes',
      ...(loaderData?.search ? { robots: 'noindex, follow' } : {}),
    },
    { location, matches },
  );

export { RouteErrorBoundary as ErrorBoundary } from '../shell/route-error-boundary';
