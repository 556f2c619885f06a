import { listProOrders, OrganizerParams, ProOrdersQuery } from '@guichet/contracts';
import { formatPrice, formatShortEventDate } from '@guichet/domain';
import { Table } from '@guichet/ui/table';
import { Form, Link } from 'react-router';
import { ordersPath } from '../lib/pro-paths';
import { proApiFor } from '../lib/server/api.server';
import { routeParams } from '../lib/server/route-params.server';
import { useOrganizer } from '../organizer/organizer-layout.route';
import type { Route } from './+types/orders.route';
import { formatCount } from './sales-overview';

/**
 * The organiser's paid orders, newest first: a search (reference, name or e-mail) and keyset paging — the
 * « Commandes suivantes » link carries the API's cursor, so every page is a plain GET that works without JS.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The same schema as the API: a search too long or a cursor tampered with is cut or refused there, not here.
  const query = ProOrdersQuery.safeParse({
    q: url.searchParams.get('q') || undefined,
    cursor: url.searchParams.get('apres') || undefined,
  });
  const q = query.success ? query.data.q : undefined;
  const page = await proApiFor(request, context).loadData(listProOrders, {
    params: routeParams(OrganizerParams, params),
    query: query.success ? { q, cursor: query.data.cursor } : {},
  });
  return { page, q: q ?? '', first: !url.searchParams.get('apres') };
}

export const meta: Route.MetaFunction = () => [{ title: 'Commandes | Guichet Pro' }];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { organizer } = useOrganizer();
  const { page, q, first } = loaderData;
  const next = page.nextCursor
    ? `?${new URLSearchParams({ ...(q ? { q } : {}), apres: page.nextCursor }).toString()}`
    : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Commandes</h1>
        <a href={ordersPath(organizer.id, 'export.csv')} className="btn btn-primary" download>
          Exporter les commandes (CSV)
        </a>
      </div>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="recherche-commandes" className="font-medium text-slate-900">
            Rechercher une commande
          </label>
          <input
            id="recherche-commandes"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            aria-describedby="recherche-commandes-aide"
            className="field-input"
          />
          <p id="recherche-commandes-aide" className="mt-1 text-sm text-slate-700">
            Référence, nom ou e-mail de l’acheteur.
          </p>
        </div>
        <button type="submit" className="btn btn-primary mb-7">
          Rechercher
        </button>
      </Form>
      <Table
        caption={q ? `Commandes trouvées pour « ${q} »` : 'Commandes payées, la plus récente d’abord'}
        rows={page.items}
        rowKey={(row) => row.id}
        empty={q ? `Aucune commande ne correspond à « ${q} ».` : 'Aucune commande pour l’instant.'}
        columns={[
          {
            key: 'reference',
            header: 'Commande',
            cell: (row) => (
              <>
                <Link to={ordersPath(organizer.id, String(row.id))} className="font-medium">
                  {row.reference}
                </Link>
                <span className="block text-slate-700">{formatShortEventDate(row.paidAt)}</span>
              </>
            ),
          },
          {
            key: 'buyer',
            header: 'Acheteur',
            cell: (row) => (
              <>
                {row.buyer.firstname} {row.buyer.lastname}
                <span className="block break-all text-slate-700">{row.buyer.email}</span>
              </>
            ),
          },
          {
            key: 'tickets',
            header: 'Billets',
            align: 'right',
            className: 'hidden sm:table-cell',
            cell: (row) => formatCount(row.tickets),
          },
          { key: 'amount', header: 'TTC', align: 'right', cell: (row) => formatPrice(row.amount) },
        ]}
      />
      <nav aria-label="Pages des commandes" className="flex flex-wrap gap-4">
        {first ? null : <Link to={q ? `?${new URLSearchParams({ q }).toString()}` : '.'}>Premières commandes</Link>}
        {next ? <Link to={next}>Commandes suivantes</Link> : null}
      </nav>
    </div>
  );
}
