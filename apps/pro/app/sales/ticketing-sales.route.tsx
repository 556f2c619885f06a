import { getTicketingDashboard, SalesTicketingParams } from '@guichet/contracts';
import { formatPrice, formatShortEventDate } from '@guichet/domain';
import { Table } from '@guichet/ui/table';
import { Link } from 'react-router';
import { ticketingSalesPath } from '../lib/pro-paths';
import { proApiFor } from '../lib/server/api.server';
import { routeParams } from '../lib/server/route-params.server';
import { useOrganizer } from '../organizer/organizer-layout.route';
import type { Route } from './+types/ticketing-sales.route';
import { salesCharts } from './sales-charts.server';
import { formatCount, SalesOverview } from './sales-overview';
import { TICKETING_STATUS_LABELS } from './ticketing-status';

/** One ticketing's sales: per product sold, held and remaining, revenue with VAT, views, conversion, charts. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const dashboard = await proApiFor(request, context).loadData(getTicketingDashboard, {
    params: routeParams(SalesTicketingParams, params),
  });
  return { dashboard, charts: salesCharts(dashboard) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Ventes — ${loaderData?.dashboard.ticketing.title ?? 'Billetterie'} | Guichet Pro` },
];

export default function TicketingSales({ loaderData }: Route.ComponentProps) {
  const { organizer } = useOrganizer();
  const { dashboard, charts } = loaderData;
  const { ticketing } = dashboard;
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Ventes — {ticketing.title}</h1>
        <p className="text-slate-700">
          {formatShortEventDate(ticketing.startsAt)} · {TICKETING_STATUS_LABELS[ticketing.status] ?? ticketing.status}
        </p>
        <p className="flex flex-wrap gap-3">
          <a
            href={ticketingSalesPath(organizer.id, ticketing.id, 'participants.csv')}
            className="btn btn-primary"
            download
          >
            Exporter les participants (CSV)
          </a>
          <Link to={ticketingSalesPath(organizer.id, ticketing.id, 'integration')} className="btn">
            Intégrer sur votre site
          </Link>
        </p>
      </div>
      <section aria-labelledby="par-tarif" className="space-y-3">
        <h2 id="par-tarif" className="text-xl font-bold text-slate-900">
          Par tarif
        </h2>
        <Table
          caption={`Ventes de chaque tarif de ${ticketing.title}`}
          rows={dashboard.products}
          rowKey={(row) => row.id}
          empty="Aucun tarif."
          columns={[
            {
              key: 'title',
              header: 'Tarif',
              cell: (row) => (
                <>
                  <span className="font-medium">{row.title}</span>
                  <span className="block text-slate-700">{formatPrice(row.price)}</span>
                </>
              ),
            },
            { key: 'sold', header: 'Vendus', align: 'right', cell: (row) => formatCount(row.sold) },
            { key: 'held', header: 'Retenus', align: 'right', cell: (row) => formatCount(row.held) },
            {
              key: 'remaining',
              header: 'Restants',
              align: 'right',
              cell: (row) => `${formatCount(row.remaining)} / ${formatCount(row.stock)}`,
            },
            { key: 'ttc', header: 'TTC', align: 'right', cell: (row) => formatPrice(row.revenueInclVat) },
          ]}
        />
      </section>
      <SalesOverview figures={dashboard} charts={charts} />
    </div>
  );
}
