import { getProOrder, SalesOrderParams } from '@guichet/contracts';
import { formatPrice, formatShortEventDate, formatVatRate, type VatRate } from '@guichet/domain';
import { Link } from 'react-router';
import { ordersPath, ticketingSalesPath } from '../lib/pro-paths';
import { proApiFor } from '../lib/server/api.server';
import { routeParams } from '../lib/server/route-params.server';
import { useOrganizer } from '../organizer/organizer-layout.route';
import type { Route } from './+types/order.route';

/** One order as this organiser sees it: the buyer, its own lines (never another organiser's) and their tickets. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return {
    order: await proApiFor(request, context).loadData(getProOrder, { params: routeParams(SalesOrderParams, params) }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Commande ${loaderData?.order.reference ?? ''} | Guichet Pro` },
];

const STATUS_LABELS: Readonly<Record<string, string>> = { PAID: 'Payée', REFUNDED: 'Remboursée' };

export default function Order({ loaderData }: Route.ComponentProps) {
  const { organizer } = useOrganizer();
  const { order } = loaderData;
  return (
    <div className="space-y-6">
      <p>
        <Link to={ordersPath(organizer.id)}>← Toutes les commandes</Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Commande {order.reference}</h1>
      <dl className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-700">Acheteur</dt>
          <dd>
            {order.buyer.firstname} {order.buyer.lastname}
            <span className="block break-all">{order.buyer.email}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">Payée le</dt>
          <dd>
            {formatShortEventDate(order.paidAt)} · {STATUS_LABELS[order.status] ?? order.status}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">Montant TTC (vos lignes)</dt>
          <dd className="font-semibold">{formatPrice(order.amount)}</dd>
        </div>
      </dl>
      {order.lines.map((line) => (
        <section
          key={line.id}
          aria-labelledby={`ligne-${line.id}`}
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
        >
          <h2 id={`ligne-${line.id}`} className="text-lg font-semibold">
            {line.quantity} × {line.title}
          </h2>
          <p className="text-slate-700">
            <Link to={ticketingSalesPath(organizer.id, line.ticketing.id, 'ventes')} className="underline">
              {line.ticketing.title}
            </Link>{' '}
            · {formatPrice(line.unitPrice)} l’unité · {formatPrice(line.lineTotal)} TTC dont TVA{' '}
            {formatVatRate(line.vatRate as VatRate)}
          </p>
          {line.tickets.length > 0 ? (
            <ul className="divide-y divide-slate-200">
              {line.tickets.map((ticket) => (
                <li key={ticket.code} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>{ticket.holderName}</span>
                  <span className="font-mono text-sm">{ticket.code}</span>
                  <span className="text-sm text-slate-700">
                    {ticket.scannedAt ? `Contrôlé le ${formatShortEventDate(ticket.scannedAt)}` : 'Non contrôlé'}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}
