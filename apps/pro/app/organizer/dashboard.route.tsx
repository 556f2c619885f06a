import { getOrganizerDashboard, OrganizerParams } from '@guichet/contracts';
import { formatPrice, formatShortEventDate } from '@guichet/domain';
import { Table } from '@guichet/ui/table';
import { Link } from 'react-router';
import { ticketingSalesPath } from '../lib/pro-paths';
import { proApiFor } from '../lib/server/api.server';
import { routeParams } from '../lib/server/route-params.server';
import { salesCharts } from '../sales/sales-charts.server';
import { formatCount, SalesOverview } from '../sales/sales-overview';
import { TICKETING_STATUS_LABELS } from '../sales/ticketing-status';
import type { Route } from './+types/dashboard.route';
import { FirstSteps } from './first-steps';
import { useOrganizer } from './organizer-layout.route';

/** The organiser's sales: key figures, VAT per rate, the two charts, and a row per ticketing. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const dashboard = await proApiFor(request, context).loadData(getOrganizerDashboard, {
    params: routeParams(OrganizerParams, params),
  });
  return { dashboard, charts: salesCharts(dashboard) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Tableau de bord | Guichet Pro' }];

export default function OrganizerDashboard({ loaderData }: Route.ComponentProps) {
  const { organizer } = useOrganizer();
  const { dashboard, charts } = loaderData;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight">Tableau de bord — {organizer.name}</h1>
      {dashboard.ticketings.length === 0 ? (
        <FirstSteps organizerId={organizer.id} />
      ) : (
        <>
          <SalesOverview figures={dashboard} charts={charts} />
          <section aria-labelledby="par-billetterie" className="space-y-3">
            <h2 id="par-billetterie" className="text-xl font-bold text-slate-900">
              Par billetterie
            </h2>
            <Table
              caption="Ventes de chaque billetterie"
              rows={dashboard.ticketings}
              rowKey={(row) => row.id}
              columns={[
                {
                  key: 'title',
                  header: 'Billetterie',
                  cell: (row) => (
                    <>
                      <Link to={ticketingSalesPath(organizer.id, row.id, 'ventes')} className="font-medium">
                        {row.title}
                      </Link>
                      <span className="block text-slate-700">
                        {formatShortEventDate(row.startsAt)} · {TICKETING_STATUS_LABELS[row.status] ?? row.status}
                      </span>
                    </>
                  ),
                },
                { key: 'sold', header: 'Vendus', align: 'right', cell: (row) => formatCount(row.sold) },
                {
                  key: 'remaining',
                  header: 'Restants',
                  align: 'right',
                  className: 'hidden sm:table-cell',
                  cell: (row) => `${formatCount(row.remaining)} / ${formatCount(row.stock)}`,
                },
                { key: 'ttc', header: 'TTC', align: 'right', cell: (row) => formatPrice(row.revenueInclVat) },
              ]}
            />
          </section>
        </>
      )}
    </div>
  );
}
