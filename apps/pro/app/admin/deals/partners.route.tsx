import { listAdminPartners } from '@guichet/contracts';
import { buttonClass } from '@guichet/ui/button';
import { FormSuccess } from '@guichet/ui/form-alert';
import { Pagination } from '@guichet/ui/pagination';
import { Table } from '@guichet/ui/table';
import { Link } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { AdminSearch, pageParam, searchParam } from '../admin-search';
import type { Route } from './+types/partners.route';
import { partnersPath } from './deal-fields';

export const meta: Route.MetaFunction = () => [{ title: 'Partenaires | Guichet Pro' }];

const NOTICES: Record<string, string> = { cree: 'Partenaire créé.', enregistre: 'Partenaire enregistré.' };

/** The deals' partners: searchable by name or city, paged by plain GET links (works without JavaScript). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = searchParam(url);
  const page = pageParam(url);
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
      <AdminSearch id="partenaires-recherche" label="Nom ou ville" value={q} />
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
