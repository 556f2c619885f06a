import { listAdminRedirects, REDIRECT_KIND_LABELS, tryAdminRedirectPath } from '@guichet/contracts';
import { buttonClass } from '@guichet/ui/button';
import { FormAlert, FormSuccess } from '@guichet/ui/form-alert';
import { Pagination } from '@guichet/ui/pagination';
import { Table } from '@guichet/ui/table';
import { Link } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { AdminSearch, pageParam, searchParam } from '../admin-search';
import type { Route } from './+types/list.route';
import { redirectsPath } from './redirect-form';

/** The notices a save leaves (?avis=…), said once on the list. */
const NOTICES: Record<string, string> = {
  ajoutee: 'Redirection ajoutée : le site la suit dans la seconde.',
  enregistree: 'Redirection enregistrée : le site la suit dans la seconde.',
  supprimee: 'Redirection supprimée.',
};

/**
 * The redirect table: searchable by a part of a path, paged by plain GET links; and « Tester un chemin », a GET
 * form saying what the public site would do for a path (works without JavaScript).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = searchParam(url);
  const path = searchParam(url, 'chemin', 2000);
  const api = proApiFor(request, context);
  const [list, trial] = await Promise.all([
    api.loadData(listAdminRedirects, { query: { ...(q ? { q } : {}), page: pageParam(url) } }),
    path ? api.send(tryAdminRedirectPath, { query: { path } }) : null,
  ]);
  return {
    list,
    q,
    path,
    trial: trial?.status === 200 ? trial.body : null,
    trialError: trial && trial.status !== 200 ? trial.body.message : null,
    notice: NOTICES[url.searchParams.get('avis') ?? ''] ?? null,
  };
}

export const meta: Route.MetaFunction = () => [{ title: 'Redirections | Guichet Pro' }];

export default function RedirectList({ loaderData }: Route.ComponentProps) {
  const { list, q, path, trial, trialError, notice } = loaderData;
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const hrefFor = (page: number) =>
    `${redirectsPath()}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) }).toString()}`;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Redirections</h1>
        <Link to={redirectsPath('/nouvelle')} className={buttonClass('primary')}>
          Ajouter une redirection
        </Link>
      </div>
      {notice ? <FormSuccess>{notice}</FormSuccess> : null}
      <p className="text-slate-700">
        Le site cherche chaque chemin demandé dans cette table : une redirection vers une adresse complète quitte le
        site, un chemin du site y mène directement.
      </p>

      <section aria-labelledby="tester-titre" className="space-y-3 rounded-xl border border-slate-300 p-4">
        <h2 id="tester-titre" className="text-lg font-semibold">
          Tester un chemin
        </h2>
        <AdminSearch
          id="redirection-chemin"
          label="Chemin"
          name="chemin"
          value={path}
          button="Tester"
          maxLength={2000}
          search={false}
        >
          {q ? <input type="hidden" name="q" value={q} /> : null}
        </AdminSearch>
        {trialError ? <FormAlert>{trialError}</FormAlert> : null}
        {trial ? (
          <div role="status" className="space-y-2">
            {trial.steps.length === 0 ? (
              <p>
                Aucune redirection pour <strong>{trial.path}</strong> : la page elle-même répond.
              </p>
            ) : (
              <>
                <ol className="list-decimal space-y-1 pl-5">
                  {trial.steps.map((step) => (
                    <li key={step.id}>
                      <Link to={redirectsPath(`/${step.id}`)}>{step.source}</Link> → {step.target} (
                      {REDIRECT_KIND_LABELS[step.kind]})
                    </li>
                  ))}
                </ol>
                <p>
                  {trial.loops ? (
                    <strong>Boucle : ces redirections reviennent à un chemin déjà passé.</strong>
                  ) : (
                    <>
                      Le visiteur arrive sur <strong>{trial.endsAt}</strong>.
                    </>
                  )}
                </p>
              </>
            )}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="table-titre" className="space-y-4">
        <h2 id="table-titre" className="text-lg font-semibold">
          La table
        </h2>
        <AdminSearch id="redirection-recherche" label="Rechercher un chemin" value={q} />
        <Table
          caption="Redirections, par chemin"
          rows={list.redirects}
          rowKey={(row) => row.id}
          empty={q ? 'Aucune redirection ne correspond.' : 'Aucune redirection pour l’instant.'}
          columns={[
            {
              key: 'source',
              header: 'Chemin',
              cell: (row) => <Link to={redirectsPath(`/${row.id}`)}>{row.source}</Link>,
            },
            { key: 'target', header: 'Destination', cell: (row) => <span className="break-all">{row.target}</span> },
            { key: 'kind', header: 'Type', cell: (row) => REDIRECT_KIND_LABELS[row.kind] },
          ]}
        />
        {pageCount > 1 ? (
          <Pagination page={list.page} pageCount={pageCount} hrefFor={hrefFor} label="Pages des redirections" />
        ) : null}
      </section>
    </div>
  );
}
