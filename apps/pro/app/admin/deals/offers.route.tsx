import { listAdminOffers } from '@guichet/contracts';
import { OFFER_STATUS_LABELS, OFFER_STATUSES, type OfferStatus } from '@guichet/domain';
import { buttonClass } from '@guichet/ui/button';
import { Pagination } from '@guichet/ui/pagination';
import { Table } from '@guichet/ui/table';
import { Link } from 'react-router';
import { proApiFor } from '../../lib/server/api.server';
import { AdminSearch, pageParam, searchParam } from '../admin-search';
import type { Route } from './+types/offers.route';
import { dealsPath } from './deal-fields';
import { OfferStatusBadge } from './offer-status';

export const meta: Route.MetaFunction = () => [{ title: 'Bons plans | Guichet Pro' }];

const isStatus = (value: string | null): value is OfferStatus => OFFER_STATUSES.some((status) => status === value);
const DAY = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'UTC' });

/**
 * The deals: a search by title, partner or city and a status filter in the address (a GET form: bookmarkable,
 * no JavaScript needed), paged by plain links.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = searchParam(url);
  const asked = url.searchParams.get('etat');
  const status = isStatus(asked) ? asked : undefined;
  const page = pageParam(url);
  const list = await proApiFor(request, context).loadData(listAdminOffers, {
    query: { ...(q ? { q } : {}), ...(status ? { status } : {}), page },
  });
  return { list, q, status: status ?? '' };
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { list, q, status } = loaderData;
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const hrefFor = (page: number) =>
    `${dealsPath()}?${new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { etat: status } : {}), page: String(page) }).toString()}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Bons plans</h1>
        <Link to={dealsPath('nouveau')} className={buttonClass('action')}>
          Nouveau bon plan
        </Link>
      </div>
      <AdminSearch
        id="bons-plans-recherche"
        label="Titre, partenaire ou ville"
        value={q}
        filters={
          <div>
            <label htmlFor="bons-plans-etat" className="font-medium text-slate-900">
              État
            </label>
            <select id="bons-plans-etat" name="etat" defaultValue={status} className="field-input">
              <option value="">Tous</option>
              {OFFER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {OFFER_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        }
      />
      <Table
        caption="Bons plans, le plus récent d’abord"
        rows={list.items}
        rowKey={(row) => row.id}
        empty={q || status ? 'Aucun bon plan ne correspond.' : 'Aucun bon plan pour l’instant.'}
        columns={[
          {
            key: 'title',
            header: 'Titre',
            cell: (row) => (
              <Link to={dealsPath(row.id)} className="font-semibold underline">
                {row.title}
              </Link>
            ),
          },
          { key: 'partner', header: 'Partenaire', cell: (row) => row.partner },
          { key: 'where', header: 'Catégorie · ville', cell: (row) => `${row.category} · ${row.city}` },
          {
            key: 'until',
            header: 'Valable jusqu’au',
            cell: (row) => DAY.format(new Date(`${row.validUntil}T00:00:00Z`)),
          },
          { key: 'products', header: 'Produits', cell: (row) => String(row.productCount) },
          { key: 'status', header: 'État', cell: (row) => <OfferStatusBadge status={row.status} /> },
        ]}
      />
      {pageCount > 1 ? (
        <Pagination page={list.page} pageCount={pageCount} hrefFor={hrefFor} label="Pages des bons plans" />
      ) : null}
    </div>
  );
}
