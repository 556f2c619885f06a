import { listAdminPartners } from '@guichet/contracts';
import { buttonClass } from '@guichet/ui/button';
import { FormSuccess } from '@guichet/ui/form-alert';
import { Pagination } from '@guichet/ui/pagination';
import { Table } from '@guichet/ui/table';
import { Form, Link } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import type { Route } from './+types/partners.route';
import { partnersPath } from './deal-fields';

export const meta: Route.MetaFunction = () => [{ title: 'Partenaires | Guichet Pro' }];

const NOTICES: Record<string, string> = { cree: 'Partenaire créé.', enregistre: 'Partenaire enregistré.' };

/** The deals' partners: searchable by name or city, paged by plain GET links (works without JavaScript). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const list = await proApiFor(request, context).loadData(listAdminPartners, {
    query: { ...(q ? { q } : {}), page },
  });
  return { list, q, notice: NOTICES[url.searchParams.get('avis') ?? ''] ?? null };
}

export default function Partners({ loaderData }: Route.ComponentProps) {
  const { list, q, notice } = loaderData;
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const hrefFor = (page: number) =>
    `${partnersPath()}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) }).toString()}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Partenaires</h1>
        <Link to={partnersPath('nouveau')} className={buttonClass('action')}>
          Nouveau partenaire
        </Link>
      </div>
      {notice ? <FormSuccess>{notice}</FormSuccess> : null}
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="partenaires-recherche" className="font-medium text-slate-900">
            Nom ou ville
          </label>
          <input
            id="partenaires-recherche"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Rechercher
        </button>
      </Form>
      <Table
        caption="Partenaires des bons plans"
        rows={list.items}
        rowKey={(row) => row.id}
        empty={q ? 'Aucun partenaire ne correspond.' : 'Aucun partenaire pour l’instant.'}
        columns={[
          {
            key: 'name',
            header: 'Nom',
            cell: (row) => (
              <Link to={partnersPath(row.id)} className="font-semibold underline">
                {row.name}
              </Link>
            ),
          },
          { key: 'city', header: 'Ville', cell: (row) => row.city || '—' },
          { key: 'contact', header: 'Contact', cell: (row) => row.contactName || row.contactEmail || '—' },
          { key: 'offers', header: 'Bons plans', cell: (row) => String(row.offerCount) },
        ]}
      />
      {pageCount > 1 ? (
        <Pagination page={list.page} pageCount={pageCount} hrefFor={hrefFor} label="Pages des partenaires" />
      ) : null}
    </div>
  );
}
